// Build step (decision 012): renders the public pages of PRERENDERED_PAGES to HTML with the
// prerender bundle `vite build --ssr` made, and writes dist/pages/<name>.html from the built
// index.html, with the page's own title, description and Open Graph tags. The server answers
// those paths with these files; the browser hydrates them.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

process.env.NODE_ENV = 'production'
const root = path.resolve(import.meta.dirname, '..')
const bundleDir = path.join(root, 'dist/prerender')
const outDir = path.join(root, 'dist/pages')
const template = fs.readFileSync(path.join(root, 'dist/client/index.html'), 'utf8')
const { ENTRY_META_NAME, PAINTED_APP_PAGE, PRERENDERED_PAGES, PUBLIC_PAGE_META, escapeHtml, renderPage } = await import(path.join(bundleDir, 'prerender.js'))

/** Replaced by the server with its PUBLIC_URL when it loads the page (src/server/http/client.ts). */
const ORIGIN = '%ACCORD_ORIGIN%'


function head(page) {
  const { title, description } = PUBLIC_PAGE_META[page.name]
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
    `<meta property="og:image:alt" content="Accord: create beautiful essential oil blends with confidence, beside an example blend of Bergamot, Lavender and Atlas Cedarwood" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join('\n    ')
}

function replaceOnce(text, pattern, replacement) {
  if (!pattern.test(text)) throw new Error(`prerender: the built index.html has no match for ${pattern}`)
  return text.replace(pattern, () => replacement)
}

// The stylesheet goes inline: the page paints from its first response, with no render-blocking
// request for the CSS (the CSP allows inline styles; it forbids inline scripts).
function inlineStylesheet(html) {
  const link = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/
  const match = link.exec(html)
  if (!match) throw new Error('prerender: the built index.html links no stylesheet')
  const css = fs.readFileSync(path.join(root, 'dist/client', match[1]), 'utf8')
  return html.replace(link, () => `<style>${css.replaceAll('</style', '<\\/style')}</style>`)
}

// The page is readable before any JavaScript runs, so the app's code starts loading after the
// first paint: a small boot script (a file: the CSP forbids inline scripts) waits for that paint,
// then preloads the entry's imports and imports the entry, which hydrates the page. On a slow
// connection the HTML is not competing with ~100 kB of JavaScript for the first paint.
const BOOT_SOURCE = `// Made by scripts/prerender.mjs: loads the app once the prerendered page has painted.
const [entry, ...imports] = (document.querySelector('meta[name="${ENTRY_META_NAME}"]')?.content ?? '').split(' ').filter(Boolean)
if (entry) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      // Short tasks on a slow phone: the preloads a few at a time, then the entry in a task of its own.
      const next = () => {
        for (const href of imports.splice(0, 4)) {
          const link = document.createElement('link')
          link.rel = 'modulepreload'
          link.href = href
          document.head.append(link)
        }
        setTimeout(imports.length > 0 ? next : () => void import(entry), 0)
      }
      next()
    }, 0),
  )
}
`
const bootFile = `assets/boot-${crypto.createHash('sha256').update(BOOT_SOURCE).digest('hex').slice(0, 10)}.js`

function bootAfterPaint(html) {
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/
  const match = entry.exec(html)
  if (!match) throw new Error('prerender: the built index.html has no module entry script')
  const preload = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g
  const imports = [...html.matchAll(preload)].map((m) => m[1])
  return html
    .replace(preload, '')
    .replace(
      entry,
      () =>
        `<meta name="${ENTRY_META_NAME}" content="${[match[1], ...imports].join(' ')}" />\n    <script type="module" src="/${bootFile}"></script>`,
    )
}

fs.rmSync(outDir, { recursive: true, force: true })
fs.mkdirSync(outDir, { recursive: true })
for (const page of PRERENDERED_PAGES) {
  let markup = await renderPage(page)
  // Every lazy part resolved in the first pass; a second pass renders them in place, so the
  // markup has no fallback waiting for a script (the CSP forbids inline scripts).
  if (/<script|<template/.test(markup)) markup = await renderPage(page)
  if (/<script|<template/.test(markup)) throw new Error(`prerender: ${page.path} still has out-of-order parts`)
  // React puts the page's <title> first; the head gets its own copy.
  markup = markup.replace(/^<title>[^<]*<\/title>/, '')
  let html = replaceOnce(template, /<title>[^<]*<\/title>\s*<meta\s+name="description"\s+content="[^"]*"\s*\/>/, head(page))
  html = bootAfterPaint(inlineStylesheet(html))
  html = replaceOnce(html, /<div id="root"><\/div>/, `<div id="root" data-prerendered="${page.name}">${markup}</div>`)
  fs.writeFileSync(path.join(outDir, `${page.name}.html`), html)
  console.log(`prerendered ${page.path} → dist/pages/${page.name}.html (${(Buffer.byteLength(html) / 1024).toFixed(1)} kB)`)
}
fs.writeFileSync(path.join(root, 'dist/client', bootFile), BOOT_SOURCE)
// The same for a signed-in page whose top the server paints (decisions 034 and 035): the server
// adds the page's own chunks to the entry list (ENTRY_META_NAME) and its skeleton to #root.
fs.writeFileSync(path.join(outDir, `${PAINTED_APP_PAGE}.html`), bootAfterPaint(inlineStylesheet(template)))
console.log(`wrote dist/pages/${PAINTED_APP_PAGE}.html, the template of the signed-in pages the server paints`)
fs.rmSync(bundleDir, { recursive: true, force: true })
