// Build step (decisions 012, 034, 035): writes the page templates the server loads as they are,
// into dist/pages, with the prerender bundle `vite build --ssr` made (src/client/prerender.tsx):
// - <name>.html, the public pages of PRERENDERED_PAGES rendered to HTML, with the page's own title,
//   description and Open Graph tags, in every language and the pseudo-locale (<name>.<lang>.html);
//   the islands script gives them their behaviour;
// - signed-in/<page>.painted.html and signed-in/<page>.preloaded.html, each signed-in page with its
//   top painted by the app's own components, and as index.html naming its code
//   (src/shared/pages/page-templates.ts); the painted ones in every language too
//   (signed-in/<page>.painted.<lang>.html), with Home's heading's words (signed-in/home-heading.<lang>.json).
// All but the preloaded pages have the stylesheet inline and load their code after the first
// paint, with the boot script (src/client/boot.ts, bundled on its own by vite.islands.config.ts): the public
// pages the islands script (src/client/islands.ts, decision 066, built on its own by
// vite.islands.config.ts), the others the app's entry.
import fs from 'node:fs'
import path from 'node:path'

process.env.NODE_ENV = 'production'
const root = path.resolve(import.meta.dirname, '..')
const clientDir = path.join(root, 'dist/client')
const bundleDir = path.join(root, 'dist/prerender')
const outDir = path.join(root, 'dist/pages')
const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8')
const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'))
const bundle = await import(path.join(bundleDir, 'prerender.js'))
const {
  LANGUAGES,
  PSEUDO_LOCALE,
  PRERENDERED_IN_EVERY_LANGUAGE,
  PRERENDERED_PAGES,
  prerenderedFile,
  publicPageMeta,
  escapeHtml,
  renderPage,
  paintedTops,
  signedInPageTemplates,
  withCodeAfterPaint,
  withInlineStylesheet,
  withRoot,
  withManifestLink,
} = bundle

/** Replaced by the server with its PUBLIC_URL when it loads the page (src/server/pages/client.ts). */
const ORIGIN = '%ACCORD_ORIGIN%'

function head(page) {
  const { title, description, imageAlt } = publicPageMeta(page.name)
  const url = `${ORIGIN}${page.path}`
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Accord" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${ORIGIN}/social-card.jpg" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="${escapeHtml(imageAlt)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join('\n    ')
}

function replaceOnce(text, pattern, replacement) {
  if (!pattern.test(text)) throw new Error(`prerender: the built index.html has no match for ${pattern}`)
  return text.replace(pattern, () => replacement)
}

function write(file, html) {
  fs.mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true })
  fs.writeFileSync(path.join(outDir, file), html)
  console.log(`wrote dist/pages/${file} (${(Buffer.byteLength(html) / 1024).toFixed(1)} kB)`)
}

// The boot script, built with the islands (vite.islands.config.ts) so that the service worker
// generated at the end of that build precaches it.
const bootFile = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/boot-script.json'), 'utf8')).file
if (!fs.existsSync(path.join(clientDir, bootFile))) throw new Error(`prerender: the boot script ${bootFile} was not built`)

const codeAfterPaint = withCodeAfterPaint(
  withInlineStylesheet(template, (file) => fs.readFileSync(path.join(clientDir, file), 'utf8')),
  bootFile,
)

// The public pages load the islands script in place of the app's entry (decision 066), from its
// own build (vite.islands.config.ts): the file, then everything it imports, for the boot script to
// preload; the page names the app's entry too, which the islands import once someone signs in.
const ISLANDS = 'src/client/islands.ts'
const islandsManifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/islands-manifest.json'), 'utf8'))
if (!islandsManifest[ISLANDS]) throw new Error(`prerender: the islands build's manifest has no ${ISLANDS}`)
const islandsCode = [ISLANDS]
for (const key of islandsCode) for (const dep of islandsManifest[key].imports ?? []) if (!islandsCode.includes(dep)) islandsCode.push(dep)
const publicPage = withCodeAfterPaint(
  withInlineStylesheet(template, (file) => fs.readFileSync(path.join(clientDir, file), 'utf8')),
  bootFile,
  islandsCode.map((key) => `/${islandsManifest[key].file}`),
)

fs.rmSync(outDir, { recursive: true, force: true })
for (const page of PRERENDERED_PAGES) {
  // The public pages in every language, each with its <html lang> (decisions 093 and 097), and in
  // the pseudo-locale for the layout tests (<name>.en-XA.html, decision 101), which the server sends
  // only to a request whose cookie asks for it.
  const languages = PRERENDERED_IN_EVERY_LANGUAGE.includes(page.name) ? [...LANGUAGES, PSEUDO_LOCALE] : ['en']
  for (const language of languages) {
    let markup = await renderPage(page, language)
    // Every lazy part resolved in the first pass; a second pass renders them in place, so the
    // markup has no fallback waiting for a script (the CSP forbids inline scripts).
    if (/<script|<template/.test(markup)) markup = await renderPage(page, language)
    if (/<script|<template/.test(markup)) throw new Error(`prerender: ${page.path} still has out-of-order parts`)
    // React puts the page's <title> first; the head gets its own copy.
    markup = markup.replace(/^<title>[^<]*<\/title>/, '')
    let html = replaceOnce(publicPage, /<title>[^<]*<\/title>\s*<meta\s+name="description"\s+content="[^"]*"\s*\/>/, head(page))
    html = replaceOnce(html, /<html lang="en">/, `<html lang="${language}">`)
    // The install manifest in the page's language (decision 102); the pseudo-locale's is English's.
    html = withManifestLink(html, language === PSEUDO_LOCALE ? 'en' : language)
    write(prerenderedFile(page.name, language), withRoot(html, markup, ` data-prerendered="${page.name}"`))
  }
}
// The signed-in pages' painted tops in every language, and Home's heading's words (decision 102):
// each language made the active one before its tops are drawn.
for (const language of LANGUAGES) {
  const { tops, homeHeading } = await paintedTops(language)
  for (const [file, html] of signedInPageTemplates({ index: template, codeAfterPaint, manifest, tops, language, homeHeading }))
    write(file, html)
}
fs.rmSync(bundleDir, { recursive: true, force: true })
