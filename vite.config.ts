import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  build: isSsrBuild
    ? {
        // `vite build --ssr src/client/prerender.tsx`: the bundle scripts/prerender.mjs runs in Node
        // to prerender the public pages (decision 012), then deletes.
        outDir: 'dist/prerender',
        emptyOutDir: true,
        copyPublicDir: false,
      }
    : {
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
}))
