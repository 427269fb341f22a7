// The boot script of the pages painted before the app's code runs (decisions 012, 034, 035): the
// prerendered public pages and the signed-in pages with a painted top. The build bundles it on its
// own (scripts/prerender.mjs) as /assets/boot-<hash>.js, a file because the CSP forbids inline
// scripts. It waits for the first paint, then preloads the entry's imports (and the page's code)
// a few at a time and imports the entry: the app's, which replaces a painted page, or on a
// prerendered public page the islands script (src/client/islands.ts, decision 066).
import { keepEarlyClicks } from '#client/lib/islands.ts'
import { ENTRY_META_NAME } from '#shared/config/prerendered-pages.ts'

/** How many preload links one task adds: short tasks on a slow phone. */
const PRELOADS_PER_TASK = 4

const list = document.querySelector<HTMLMetaElement>(`meta[name="${ENTRY_META_NAME}"]`)?.content ?? ''
const [entry, ...imports] = list.split(' ').filter(Boolean)

function preloadThenImport(entryFile: string): void {
  for (const href of imports.splice(0, PRELOADS_PER_TASK)) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    document.head.append(link)
  }
  // The entry in a task of its own, once every preload is named.
  setTimeout(() => (imports.length > 0 ? preloadThenImport(entryFile) : void import(/* @vite-ignore */ entryFile)), 0)
}

// A public page's controls do nothing until its islands script runs: a press meanwhile is kept for it.
keepEarlyClicks()

if (entry) requestAnimationFrame(() => setTimeout(() => preloadThenImport(entry), 0))
