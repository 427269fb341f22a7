import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'
import { pseudo } from '../src/client/locales/catalogs.ts'

/** The suffix that asks for a catalog compiled (src/client/lib/i18n.ts imports `…/messages.json?lingui`, a section `…/landing.json?lingui`). */
export const COMPILED_CATALOG_QUERY = '?lingui'

/** A catalog's ICU messages compiled to Lingui's data form, so no ICU parser ships (decisions 088, 093). */
export function compileCatalog(messages: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessage(message)]))
}

/**
 * The pseudo-locale's catalog (decision 101): every English catalog, the app's and each section's,
 * made strange and longer by `pseudo` and compiled, as one lazy chunk only the layout tests load.
 */
export const PSEUDO_CATALOG_MODULE = 'virtual:accord-pseudo-catalog'
/** Its chunk in the client build, which the service worker does not precache (scripts/pwa.ts). */
export const PSEUDO_CATALOG_ASSETS = '**/_virtual_accord-pseudo-catalog-*.js'
const RESOLVED_PSEUDO_CATALOG = `\0${PSEUDO_CATALOG_MODULE}`
const ENGLISH_CATALOGS = fileURLToPath(new URL('../src/client/locales/en/', import.meta.url))

/** Every English message of every catalog file, made pseudo (its ids as they are). */
export function pseudoCatalog(englishDir: string = ENGLISH_CATALOGS): { messages: Record<string, string>; files: string[] } {
  const files = fs
    .readdirSync(englishDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => path.join(englishDir, file))
  const messages: Record<string, string> = {}
  for (const file of files)
    for (const [id, message] of Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>))
      messages[id] = pseudo(message)
  return { messages, files }
}

/**
 * Each `src/client/locales/<lang>/<catalog>.json?lingui` import becomes a module of the catalog
 * compiled at build time (decision 093): the catalogs stay the JSON files the parity test reads.
 * `messages.json` is the app's own; a section (`landing.json`) loads with the screens that use it.
 */
export function linguiCatalogs(): Plugin {
  return {
    name: 'accord:lingui-catalogs',
    enforce: 'pre',
    resolveId(id) {
      return id === PSEUDO_CATALOG_MODULE ? RESOLVED_PSEUDO_CATALOG : null
    },
    load(id) {
      if (id === RESOLVED_PSEUDO_CATALOG) {
        const { messages, files } = pseudoCatalog()
        for (const file of files) this.addWatchFile(file)
        return { code: `export default ${JSON.stringify(compileCatalog(messages))}`, map: null }
      }
      if (!/\/locales\/\w+\/[\w-]+\.json\?lingui$/.test(id)) return null
      const file = id.slice(0, -COMPILED_CATALOG_QUERY.length)
      this.addWatchFile(file)
      const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>
      return { code: `export default ${JSON.stringify(compileCatalog(messages))}`, map: null }
    },
  }
}
