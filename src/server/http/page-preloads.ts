import fs from 'node:fs'
import path from 'node:path'
import { ENTRY_META_NAME, PAINTED_APP_PAGE } from '#shared/config/prerendered-pages.ts'
import { APP_SHELL_MODULE, SIGNED_IN_PAGE_MODULES } from '#shared/config/signed-in-pages.ts'
import { pageSkeleton } from '#server/http/page-skeleton.ts'

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] }
type Manifest = Record<string, ManifestChunk>

/**
 * The code each signed-in page needs beyond the entry (the signed-in shell, the page, their static
 * imports), as built files, from the Vite manifest. Without it the browser learns of each only
 * after the one before has run: entry, session check, shell, page. Empty when the build has no
 * manifest.
 */
function signedInPageModules(clientDir: string): Map<string, string[]> {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json')
  const modules = new Map<string, string[]>()
  if (!fs.existsSync(manifestFile)) return modules
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
    const files = [...needed]
      .filter((key) => !loadedByEntry.has(key))
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js'))
    modules.set(pathname, files)
  }
  return modules
}

/**
 * Each signed-in page's HTML for a browser with a session, in two forms:
 * - `preloaded`: index.html naming the page's code as modulepreload links, so it downloads beside
 *   the entry (crossorigin as on the entry's own links, so the preload is the fetch the import()
 *   reuses; low priority, so the stylesheet and the entry come first);
 * - `paintable`: for a page whose top the server paints, the build's painted template (the
 *   stylesheet inline, the code loaded after the first paint, like the prerendered pages of
 *   decision 012) with the page's code added to its list; index.html with the links when the
 *   build has no template.
 */
export function signedInPageHtml(clientDir: string): { preloaded: Map<string, string>; paintable: Map<string, string> } {
  const index = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8')
  const templateFile = path.join(clientDir, '..', 'pages', `${PAINTED_APP_PAGE}.html`)
  const template = fs.existsSync(templateFile) ? fs.readFileSync(templateFile, 'utf8') : null
  const entryList = new RegExp(`(<meta name="${ENTRY_META_NAME}" content=")([^"]*)(")`)
  const preloaded = new Map<string, string>()
  const paintable = new Map<string, string>()
  if (!index.includes('</head>')) return { preloaded, paintable }
  for (const [pathname, files] of signedInPageModules(clientDir)) {
    const links = files.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`)
    const html = index.replace('</head>', () => `${links.join('\n    ')}\n  </head>`)
    preloaded.set(pathname, html)
    const painted = template && entryList.test(template) ? template.replace(entryList, (_m, open: string, list: string, close: string) => `${open}${[list, ...files.map((file) => `/${file}`)].join(' ')}${close}`) : html
    paintable.set(pathname, painted)
  }
  return { preloaded, paintable }
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
    const paintedHtml = skeleton && paintRoot(html, skeleton)
    if (paintedHtml) painted.set(pathname, paintedHtml)
  }
  return painted
}

/** The page with this markup inside its empty #root; null when the page has no empty #root. */
export function paintRoot(html: string, markup: string): string | null {
  return html.includes(EMPTY_ROOT) ? html.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`) : null
}

const EMPTY_ROOT = '<div id="root"></div>'
