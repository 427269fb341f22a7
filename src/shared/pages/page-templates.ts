import { APP_ENTRY_META_NAME, ENTRY_META_NAME } from '#shared/config/prerendered-pages.ts'
import { APP_SHELL_MODULE, SIGNED_IN_PAGE_MODULES, type HomeHeadingWords } from '#shared/config/signed-in-pages.ts'
import { DEFAULT_LANGUAGE, type Language } from '#shared/i18n/languages.ts'

/**
 * The build's HTML templates (decisions 012, 034 and 035), made from the built index.html once,
 * at build time (scripts/prerender.mjs runs these from the prerender bundle): the server loads
 * them as they are and writes into them only what belongs to a request
 * (server/pages/request-page.ts). Pure string work, so the server's tests build their own.
 */

type ManifestChunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] }
export type ViteManifest = Record<string, ManifestChunk>

/** A signed-in page's two templates: with its top painted, and index.html naming its code. */
export type SignedInForm = 'painted' | 'preloaded'

/**
 * Where the build writes a signed-in page's template, under dist/pages: English's as before
 * (`journal.painted.html`), a painted top in another language with it named (`journal.painted.de.html`).
 */
export function signedInTemplateFile(pathname: string, form: SignedInForm, language: Language = DEFAULT_LANGUAGE): string {
  const slug = pathname === '/' ? 'home' : pathname.slice(1).replaceAll('/', '-')
  return `signed-in/${slug}.${form}${language === DEFAULT_LANGUAGE ? '' : `.${language}`}.html`
}

/** Where the build writes Home's heading's words in a language (HomeHeadingWords, from the catalog), under dist/pages. */
export function homeHeadingFile(language: Language): string {
  return `signed-in/home-heading.${language}.json`
}

/**
 * The code each signed-in page needs beyond the entry (the signed-in shell, the page, their static
 * imports), as built files, from the Vite manifest. Without them named up front the browser learns
 * of each only after the one before has run: entry, session check, shell, page.
 */
export function signedInPageModules(manifest: ViteManifest): Map<string, string[]> {
  const closure = (key: string, seen: Set<string>): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen
    seen.add(key)
    for (const dep of manifest[key].imports ?? []) closure(dep, seen)
    return seen
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  const loadedByEntry = entryKey ? closure(entryKey, new Set()) : new Set<string>()
  const modules = new Map<string, string[]>()
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

function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(html)) throw new Error(`page templates: the HTML has no ${what}`)
  return html.replace(pattern, () => replacement)
}

/**
 * The page with its stylesheet inline: it paints from its first response, with no render-blocking
 * request for the CSS (the CSP allows inline styles; it forbids inline scripts). `css` reads a
 * built file.
 */
export function withInlineStylesheet(html: string, css: (file: string) => string): string {
  const link = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/
  const file = link.exec(html)?.[1]
  if (!file) throw new Error('page templates: the HTML links no stylesheet')
  return html.replace(link, () => `<style>${css(file).replaceAll('</style', '<\\/style')}</style>`)
}

/**
 * The page with the app's code loaded after its first paint: the entry and its imports listed in
 * a meta element for the boot script (client/boot.ts, a file: the CSP forbids inline scripts),
 * which waits for the paint, preloads them and imports the entry. On a slow connection the HTML
 * is not competing with ~100 kB of JavaScript for the first paint.
 */
export function withCodeAfterPaint(html: string, bootFile: string, code?: string[]): string {
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/
  const entryFile = entry.exec(html)?.[1]
  if (!entryFile) throw new Error('page templates: the HTML has no module entry script')
  const preload = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g
  const imports = [...html.matchAll(preload)].map((m) => m[1]!)
  // Another entry in place of the app's (`code`: the file first, then its imports), e.g. the
  // public pages' islands script (decision 066), which imports the app's entry, named here, once
  // someone signs in.
  if (code)
    return html
      .replace(preload, '')
      .replace(entry, () => `<meta name="${APP_ENTRY_META_NAME}" content="${entryFile}" />\n    ${entryList(code, bootFile)}`)

  return html.replace(preload, '').replace(entry, () => entryList([entryFile, ...imports], bootFile))
}

function entryList(files: string[], bootFile: string): string {
  return `<meta name="${ENTRY_META_NAME}" content="${files.join(' ')}" />\n    <script type="module" src="/${bootFile}"></script>`
}

/** The page with this markup inside its empty #root, and these attributes on #root. */
export function withRoot(html: string, markup: string, attributes = ''): string {
  return replaceOnce(html, /<div id="root"><\/div>/, `<div id="root"${attributes}>${markup}</div>`, 'empty #root')
}

/**
 * Index.html naming a signed-in page's code as modulepreload links, so it downloads beside the
 * entry (crossorigin as on the entry's own links, so the preload is the fetch the import() reuses;
 * low priority, so the stylesheet and the entry come first).
 */
function withPreloads(index: string, files: string[]): string {
  const links = files.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`)
  return replaceOnce(index, /<\/head>/, `${links.join('\n    ')}\n  </head>`, '</head>')
}

/** The code-after-paint page with the page's own files added to its entry list, for the boot script to preload. */
function withPageCode(html: string, files: string[]): string {
  const list = new RegExp(`(<meta name="${ENTRY_META_NAME}" content=")([^"]*)(")`)
  if (!list.test(html)) throw new Error(`page templates: the HTML has no ${ENTRY_META_NAME} list`)
  return html.replace(
    list,
    (_m, open: string, entries: string, close: string) => `${open}${[entries, ...files.map((file) => `/${file}`)].join(' ')}${close}`,
  )
}

/**
 * Every signed-in page's templates in one language (decision 102), by file under dist/pages:
 * - `preloaded`: index.html with the page's code as modulepreload links (an address with a query,
 *   whose top may be another: a blend's details, a wizard step; or a page without a painted top);
 *   it has no words, so only English's call writes it;
 * - `painted`, for the pages with a painted top (`tops`, the markup for #root, drawn in `language`):
 *   `codeAfterPaint` (index.html with the stylesheet inline and the code loaded after the first
 *   paint) with the page's code in its list and the top in #root; the preloaded page with the top
 *   when the build has no such template;
 * - Home's heading's words in that language (`homeHeading`), which the server fills in per request.
 */
export function signedInPageTemplates(build: {
  index: string
  codeAfterPaint: string | null
  manifest: ViteManifest
  tops: Record<string, string>
  language?: Language
  homeHeading?: HomeHeadingWords
}): Map<string, string> {
  const language = build.language ?? DEFAULT_LANGUAGE
  const templates = new Map<string, string>()
  for (const [pathname, files] of signedInPageModules(build.manifest)) {
    const preloaded = withPreloads(build.index, files)
    if (language === DEFAULT_LANGUAGE) templates.set(signedInTemplateFile(pathname, 'preloaded'), preloaded)
    const top = build.tops[pathname]
    if (top === undefined) continue
    const base = build.codeAfterPaint === null ? preloaded : withPageCode(build.codeAfterPaint, files)
    templates.set(signedInTemplateFile(pathname, 'painted', language), withRoot(base, top))
  }
  if (build.homeHeading) templates.set(homeHeadingFile(language), `${JSON.stringify(build.homeHeading, null, 2)}\n`)
  return templates
}
