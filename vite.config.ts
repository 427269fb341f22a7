import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Read by the bundle budget test (tests/e2e/bundle-budget.spec.ts).
    manifest: true,
  },
  server: {
    proxy: {
      // ACCORD_API_URL points the dev proxy at another API server (e.g. a second checkout's).
      '/api': process.env.ACCORD_API_URL ?? 'http://127.0.0.1:3000',
    },
  },
})
