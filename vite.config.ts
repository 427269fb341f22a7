import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import { loadBookFacts } from './scripts/book-facts.ts'

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  define: {
    // The book's configured facts (decision 015), read at build time: config/book.json or
    // BOOK_FACTS_FILE, with BOOK_AUTHOR and BOOK_ASIN (from the environment or a .env file) over
    // them. An invalid value stops the build. src/shared/config/book.ts reads them as BOOK_FACTS.
    __ACCORD_BOOK_FACTS__: JSON.stringify(loadBookFacts({ env: { ...process.env, ...loadEnv(mode, process.cwd(), 'BOOK_') } })),
  },
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
