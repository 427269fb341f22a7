import type { NoteType } from '#shared/domain/vocabulary.ts'

type Translate = (id: string, values?: Record<string, unknown>) => string

/** 'Top Note' (in a title or a heading). */
export const noteTitle = (t: Translate, layer: NoteType) => t(`creator.note.${layer}`)
/** 'top note' (inside a sentence). */
export const noteLower = (t: Translate, layer: NoteType) => t(`creator.noteLower.${layer}`)
/** 'Top' (the layer's name alone). */
export const layerWord = (t: Translate, layer: NoteType) => t(`creator.layer.${layer}`)

/** 'a, b and c' in the shown language. */
export function listAnd(t: Translate, items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : t('creator.list.and', { items: items.slice(0, -1).join(', '), last: items.at(-1) })
}

/** 'a, b or c' in the shown language. */
export function listOr(t: Translate, items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : t('creator.list.or', { items: items.slice(0, -1).join(', '), last: items.at(-1) })
}

/** 'in your base', 'in your top and base': where else an oil is in the blend. */
export function inYour(t: Translate, layers: readonly NoteType[]): string {
  return t('creator.result.inYour', {
    layers: listAnd(
      t,
      layers.map((layer) => t(`creator.layerLower.${layer}`)),
    ),
  })
}
