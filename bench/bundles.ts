// Per-route JavaScript (gzip) from the Vite manifest, computed as the bundle budget test does.
import fs from 'node:fs'
import { dynamicKey, entryKey, filesOf, ISLANDS_KEY, readManifest, staticClosure, totalGzip } from '../tests/support/bundle-sizes.ts'

/** Each route and the lazy page module it renders; the same table as tests/e2e/bundle-budget.spec.ts. */
const ROUTES: Record<string, string> = {
  '/ (signed out: landing)': 'features/landing/components/landing-page.tsx',
  '/ (signed in: home)': 'features/home/components/home-page.tsx',
  '/blend': 'features/blend-creator/components/blend-creator-page.tsx',
  '/journal': 'features/journal/components/journal-page.tsx',
  '/glossary': 'features/glossary/components/glossary-page.tsx',
  '/guidelines': 'features/guides/components/guidelines-page.tsx',
  '/testing': 'features/guides/components/testing-guide-page.tsx',
  '/calculator': 'features/calculator/components/calculator-page.tsx',
  '/book': 'features/book/components/book-page.tsx',
  '/review-book': 'features/review-book/components/review-book-page.tsx',
  '/redeem': 'features/redeem/components/redeem-page.tsx',
  '404': 'app/not-found-page.tsx',
}

export type BundleSize = { route: string; gzipBytes: number; pageGzipBytes: number }
export type EntryModule = { module: string; file: string; bytes: number }
export type BundleSizes = {
  entryGzipBytes: number
  /** The public pages' islands script with its imports (decision 066), and the account parts it loads when idle. */
  islandsGzipBytes: number
  accountPartsGzipBytes: number
  /** The largest modules of the app's entry (bytes as rendered into their chunk, before minification), from the build's module list. */
  entryModules: EntryModule[]
  routes: BundleSize[]
}

/** What the app's entry is made of: the largest modules of its files (.vite/modules.json, written by vite.config.ts). */
function entryModules(files: string[], count = 15): EntryModule[] {
  const list = 'dist/client/.vite/modules.json'
  if (!fs.existsSync(list)) return []
  const chunks = JSON.parse(fs.readFileSync(list, 'utf8')) as Record<string, { module: string; bytes: number }[]>
  return files
    .flatMap((file) => (chunks[file] ?? []).map((m) => ({ ...m, file })))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count)
}

/** The entry's JavaScript, and per route the entry plus the page's own chunks (what opening it loads). */
export function bundleSizes(): BundleSizes {
  const manifest = readManifest()
  const entry = staticClosure(manifest, entryKey(manifest))
  const entryGzipBytes = totalGzip(filesOf(manifest, entry))
  const routes = Object.entries(ROUTES).map(([route, src]) => {
    const page = staticClosure(manifest, dynamicKey(manifest, src))
    const gzipBytes = totalGzip(filesOf(manifest, new Set([...entry, ...page])))
    return { route, gzipBytes, pageGzipBytes: gzipBytes - entryGzipBytes }
  })
  // The islands script is built on its own (vite.islands.config.ts, decision 066), with its own manifest.
  const islandsBuild = readManifest('islands')
  const islands = staticClosure(islandsBuild, ISLANDS_KEY)
  const accountParts = staticClosure(islandsBuild, dynamicKey(islandsBuild, 'app/public-islands.tsx'))
  return {
    entryGzipBytes,
    islandsGzipBytes: totalGzip(filesOf(islandsBuild, islands)),
    accountPartsGzipBytes: totalGzip(filesOf(islandsBuild, accountParts)),
    entryModules: entryModules(filesOf(manifest, entry)),
    routes,
  }
}
