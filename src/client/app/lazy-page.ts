import { lazy, type ComponentType } from 'react'

/**
 * A page as a chunk of its own (React's `lazy`) whose words are a catalog section (decision 097):
 * when its module exports `wordsReady`, the page renders only once the shown language's words are
 * in, so nothing shows an id or a flash of English.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a page takes no props by default
export function lazyPage<Module extends object, Props = {}>(load: () => Promise<Module>, pick: (module: Module) => ComponentType<Props>) {
  return lazy(async () => {
    const module = await load()
    if ('wordsReady' in module) await module.wordsReady
    return { default: pick(module) }
  })
}
