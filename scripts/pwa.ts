import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import { manifestPath } from '../src/shared/config/install-manifest.ts'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../src/shared/i18n/languages.ts'
import { PSEUDO_CATALOG_ASSETS } from './lingui-catalogs.ts'

/** The install manifest's colours: the logo's green, and the page's warm background. */
export const THEME_COLOR = '#1f4d3a'
export const BACKGROUND_COLOR = '#faf7f2'

/**
 * The public oil catalog's precache revision: it is seeded from code at every start (decision 017),
 * so it changes only with a deploy of the seed or of its answer's shape.
 */
function catalogRevision(root: string): string {
  const hash = createHash('sha256')
  for (const file of ['src/server/db/seed/oils-data.ts', 'src/shared/api/oils.ts']) hash.update(fs.readFileSync(path.join(root, file)))
  return hash.digest('hex').slice(0, 16)
}

/** A hash of the API contract (src/shared/api): the client's saved data is kept per contract. */
export function dataShapeHash(root: string): string {
  const dir = path.join(root, 'src/shared/api')
  const hash = createHash('sha256')
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort()) {
    hash.update(file).update(fs.readFileSync(path.join(dir, file)))
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * The install manifest in a language (decision 102): its name and description from the catalogs'
 * `install` section (src/client/locales/<lang>/install.json), the rest the same in every language
 * ("Accord" is the app's name everywhere). English's is word for word what it always was.
 */
export function installManifest(root: string, language: Language): Partial<ManifestOptions> {
  const words = JSON.parse(fs.readFileSync(path.join(root, `src/client/locales/${language}/install.json`), 'utf8')) as Record<
    string,
    string
  >
  return {
    id: '/',
    name: words['install.name']!,
    short_name: 'Accord',
    description: words['install.description']!,
    ...(language === DEFAULT_LANGUAGE ? {} : { lang: language }),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  }
}

/**
 * The manifests of the languages other than English (manifest.<lang>.webmanifest), emitted into
 * the client build, where the service worker precaches them with English's.
 */
export function translatedManifests(root: string): Plugin {
  return {
    name: 'accord-translated-manifests',
    apply: 'build',
    generateBundle() {
      if (this.environment.config.build.ssr) return
      for (const language of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE))
        this.emitFile({
          type: 'asset',
          fileName: manifestPath(language).slice(1),
          source: `${JSON.stringify(installManifest(root, language))}\n`,
        })
    },
  }
}

/**
 * The web app manifest and the service worker (decision 029), built by vite-plugin-pwa (Workbox's
 * generateSW). The worker precaches the client build (entry, shell, every route chunk, icons; and
 * the islands script, its chunks and the boot script, as vite.islands.config.ts generates it again
 * after its build) and the oil catalog. Pages are never served from a cache while the network answers: a navigation
 * goes to the server, and only when it cannot be reached does the precached app shell
 * (index.html) answer, so the prerendered public pages are never stale after a deploy. User data
 * is not in the worker's caches: the app keeps it per user in IndexedDB (src/client/lib/offline).
 * An update waits until the user accepts the "New version available" toast (registerType prompt).
 */
export function accordPwa(root: string) {
  const pwa = VitePWA({
    registerType: 'prompt',
    // Registered from a module of the signed-in shell (app/pwa-register.ts), never an inline script.
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: installManifest(root, DEFAULT_LANGUAGE),
    includeManifestIcons: false,
    workbox: {
      // The QR scanner's decoder (.wasm, decision 082) too: it scans offline in the installed app.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,wasm}'],
      // Not the layout tests' pseudo-locale (decision 101): no device of a maker ever loads it.
      globIgnores: ['**/node_modules/**/*', PSEUDO_CATALOG_ASSETS],
      // Reminders' push and notification-tap handlers (decision 038): a small file of our own.
      importScripts: ['/sw-push.js'],
      // The PDF library's chunk is large; offline export still works once it is precached.
      maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      // The oil catalog is public reference data (docs/product.md "Ownership"), the same for everyone.
      additionalManifestEntries: [{ url: '/api/essential-oils', revision: catalogRevision(root) }],
      // No navigation route of Workbox's own: the one below asks the network first.
      navigateFallback: null,
      // Nor its directory index: by default the precache answers a navigation to `/` with the
      // precached index.html before the route below runs, so the landing page (prerendered, or a
      // signed-in page painted by the server) was the app shell from the cache whenever the worker
      // controlled the page.
      directoryIndex: null,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: false,
      runtimeCaching: [
        {
          // A page: the server's answer (fresh HTML, the prerendered public pages included); the
          // precached app shell only when the server cannot be reached. API paths are left alone.
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/s/'),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: 'index.html' } },
        },
      ],
    },
  })
  return [...pwa, translatedManifests(root)]
}

/**
 * The prerender bundle (decision 012) runs in Node, where no service worker registers: the shell's
 * lazy `virtual:pwa-register` import resolves to a registration that does nothing.
 */
export function noServiceWorkerInPrerender(): Plugin {
  const id = 'virtual:pwa-register'
  return {
    name: 'accord-no-service-worker-in-prerender',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? 'export function registerSW() { return async () => {} }' : undefined),
  }
}
