import { lazy, type ComponentType } from 'react'
import { sectionsReady } from '#client/lib/i18n.ts'

/**
 * A page as a chunk of its own (React's `lazy`) whose words are catalog sections (decision 097):
 * it renders only once the shown language's words of every section its code registered are in
 * (and its module's `wordsReady`, when it exports one), so nothing shows an id or a flash of English.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a page takes no props by default
export function lazyPage<Module extends object, Props = {}>(load: () => Promise<Module>, pick: (module: Module) => ComponentType<Props>) {
  return lazy(async () => {
    const module = await load()
    if ('wordsReady' in module) await module.wordsReady
    // The sections its parts registered on loading (the names of scent families, say).
    await sectionsReady()
    return { default: pick(module) }
  })
}
