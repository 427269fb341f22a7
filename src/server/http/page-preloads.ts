import fs from 'node:fs'
import path from 'node:path'
import { APP_SHELL_MODULE, SIGNED_IN_PAGE_MODULES } from '#shared/config/signed-in-pages.ts'
import { pageSkeleton } from '#server/http/page-skeleton.ts'

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] }
type Manifest = Record<string, ManifestChunk>

/**
 * index.html for each signed-in page, with a modulepreload link for every script the page needs
 * beyond the entry (the signed-in shell, the page, their static imports). Without it the browser
 * learns of each only after the one before has run: entry, session check, shell, page. Empty when
 * the build has no Vite manifest (then every path gets index.html as it is).
 */
export function signedInPageHtml(clientDir: string): Map<string, string> {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json')
  const index = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8')
  const pages = new Map<string, string>()
  if (!fs.existsSync(manifestFile) || !index.includes('</head>')) return pages
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest
  const closure = (key: string, seen: Set<string>): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen
    seen.add(key)
    for (const dep of manifest[key].imports ?? []) closure(dep, seen)
    return seen
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  const loadedByEntry = entryKey ? closure(entryKey, new Set()) : new Set<string>()
  for (const [pathname, module] of Object.entries(SIGNED_IN_PAGE_MODULES)) {
    if (!manifest[module] || !manifest[APP_SHELL_MODULE]) continue
    const needed = closure(module, closure(APP_SHELL_MODULE, new Set()))
    const links = [...needed]
      .filter((key) => !loadedByEntry.has(key))
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js'))
      // crossorigin as on the entry's own links, so the preload is the fetch the import() reuses;
      // low priority, so the stylesheet and the entry come first and the page's skeleton paints sooner.
      .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`)
    pages.set(pathname, index.replace('</head>', `${links.join('\n    ')}\n  </head>`))
  }
  return pages
}

/**
 * The same pages with their skeleton (page-skeleton.ts) painted in #root, for a request whose
 * address has no query string (with one, the page's top may differ: a blend's details, a wizard
 * step). Only the pages that have a skeleton.
 */
export function skeletonPageHtml(pages: Map<string, string>): Map<string, string> {
  const painted = new Map<string, string>()
  for (const [pathname, html] of pages) {
    const skeleton = pageSkeleton(pathname)
    if (skeleton && html.includes(EMPTY_ROOT)) painted.set(pathname, html.replace(EMPTY_ROOT, `<div id="root">${skeleton}</div>`))
  }
  return painted
}

const EMPTY_ROOT = '<div id="root"></div>'
