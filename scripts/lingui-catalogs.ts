import fs from 'node:fs'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'

/** The suffix that asks for a catalog compiled (src/client/lib/i18n.ts imports `…/messages.json?lingui`, a section `…/landing.json?lingui`). */
export const COMPILED_CATALOG_QUERY = '?lingui'

/** A catalog's ICU messages compiled to Lingui's data form, so no ICU parser ships (decisions 088, 093). */
export function compileCatalog(messages: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessage(message)]))
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
    load(id) {
      if (!/\/locales\/\w+\/[\w-]+\.json\?lingui$/.test(id)) return null
      const file = id.slice(0, -COMPILED_CATALOG_QUERY.length)
      this.addWatchFile(file)
      const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>
      return { code: `export default ${JSON.stringify(compileCatalog(messages))}`, map: null }
    },
  }
}
