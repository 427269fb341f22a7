import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import path from 'node:path'
import { defineConfig, loadEnv, type Plugin } from 'vite'
import { appIcons } from './scripts/app-icons.ts'
import { loadBookFacts } from './scripts/book-facts.ts'
import { linguiCatalogs } from './scripts/lingui-catalogs.ts'
import { accordPwa, dataShapeHash, noServiceWorkerInPrerender } from './scripts/pwa.ts'

/**
 * pdf-lib (loaded on a press: the recipe card, the label sheet) gets its own copy of tslib's ES
 * module. Shared with the dialogs' scroll lock in the signed-in shell, tslib would otherwise be split
 * into a chunk of its own that every page then loads as one more file (tests/e2e/bundle-budget.spec.ts).
 */
function pdfLibOwnTslib(): Plugin {
  const own = path.join(import.meta.dirname, 'node_modules/tslib/tslib.es6.js')
  return {
    name: 'accord:pdf-lib-own-tslib',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === 'tslib' && importer?.includes(`${path.sep}@cantoo${path.sep}pdf-lib${path.sep}`) ? own : null,
  }
}

/**
 * Writes .vite/modules.json beside the manifest: each chunk's modules and their rendered size (before minification), so
 * the bench can say what the entry is made of (bench/bundles.ts, issue 34).
 */
function moduleSizes(): Plugin {
  return {
    name: 'accord:module-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, { module: string; bytes: number }[]> = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        chunks[output.fileName] = Object.entries(output.modules)
          .map(([id, info]) => ({ module: path.relative(import.meta.dirname, id).replaceAll(path.sep, '/'), bytes: info.renderedLength }))
          .filter((m) => m.bytes > 0)
          .sort((a, b) => b.bytes - a.bytes)
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(chunks) })
    },
  }
}

/**
 * What the client's code reads at build time, the same in every build of it (the app's, the
 * islands' in vite.islands.config.ts, the prerender bundle).
 */
export function clientDefine(mode: string): Record<string, string> {
  return {
    // The API contract's hash: data the client saved for offline use is kept per contract (decision 029).
    __ACCORD_DATA_SHAPE__: JSON.stringify(dataShapeHash(import.meta.dirname)),
    // The book's configured facts (decision 015), read at build time: config/book.json or
    // BOOK_FACTS_FILE, with BOOK_AUTHOR and BOOK_ASIN (from the environment or a .env file) over
    // them. An invalid value stops the build. src/shared/config/book.ts reads them as BOOK_FACTS.
    __ACCORD_BOOK_FACTS__: JSON.stringify(loadBookFacts({ env: { ...process.env, ...loadEnv(mode, process.cwd(), 'BOOK_') } })),
  }
}

/**
 * React Router's package names its development build under every condition (its exports have no
 * "production" one), so a bundler left to itself ships the development build, warnings and checks
 * included, in the app's entry. The client's production build takes the production build by name.
 */
function reactRouterProduction(mode: string, isSsrBuild: boolean | undefined) {
  if (mode !== 'production' || isSsrBuild) return []
  return [{ find: /^react-router$/, replacement: path.join(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs') }]
}

export default defineConfig(({ mode, isSsrBuild }) => ({
  // The install manifest, the icons and the service worker (decision 029) belong to the client build.
  plugins: [
    linguiCatalogs(),
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [noServiceWorkerInPrerender()] : [appIcons(import.meta.dirname), accordPwa(import.meta.dirname), moduleSizes()]),
    pdfLibOwnTslib(),
  ],
  define: clientDefine(mode),
  resolve: { alias: reactRouterProduction(mode, isSsrBuild) },
  // The device worker (src/client/lib/offline/device.worker.ts, decision 065) is a module worker:
  // its own chunk, with the modules it imports in it.
  worker: { format: 'es' as const },
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
        rolldownOptions: {
          // The app's entry alone: the prerendered public pages' islands script is built on its
          // own (vite.islands.config.ts, decision 066), so it splits none of the entry's modules
          // into chunks of their own.
          input: path.join(import.meta.dirname, 'index.html'),
          output: {
            // The schema library in a chunk of its own: left to itself the bundler merges it with
            // UI primitives the signed-in shell needs, and every page then parses 90 kB of zod
            // before it can respond (docs/quality.md, "What the shell loads").
            codeSplitting: {
              groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }],
            },
          },
        },
      },
  server: {
    proxy: {
      // ACCORD_API_URL points the dev proxy at another API server (e.g. a second checkout's).
      '/api': process.env.ACCORD_API_URL ?? 'http://127.0.0.1:3000',
    },
  },
}))
