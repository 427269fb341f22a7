import type { VersionOil } from '#shared/api/blends.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'
import { slotTotal } from '#shared/domain/percentages.ts'
import { EYEBROW_CLASS } from '#client/features/journal/lib/field-classes.ts'
import { shownPercent } from '#client/lib/number-words.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useOilName } from '#client/lib/oil-words.ts'
import '#client/features/journal/journal-catalog.ts'

export type LayerLists = Record<NoteType, readonly VersionOil[]>

/** The oils of each note with their percentages: three columns on wide screens, stacked on phones. */
export function LayerOils({ layers }: { layers: LayerLists }) {
  const t = useMessages()
  const shownName = useOilName()
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3 print:break-inside-avoid">
      {(['Top', 'Middle', 'Base'] as const).map((layer) => (
        <div key={layer} className="flex flex-col gap-1.5 rounded-lg bg-muted/60 p-3 print:gap-0.5 print:py-0">
          <dt className="flex items-baseline justify-between gap-2">
            <span className={EYEBROW_CLASS}>{t(`journal.layer.${layer.toLowerCase()}Note`)}</span>
            {layers[layer].length > 1 ? (
              <span className="text-xs text-muted-foreground tabular-nums">{shownPercent(slotTotal(layers[layer]))}</span>
            ) : null}
          </dt>
          {layers[layer].length === 0 ? (
            <dd className="text-sm text-muted-foreground">{t('journal.card.noOils')}</dd>
          ) : (
            layers[layer].map((oil) => (
              <dd key={oil.id} className="flex items-baseline justify-between gap-2 text-sm">
                <span className="font-medium text-foreground">{shownName(oil.name)}</span>
                <span className="text-muted-foreground tabular-nums">{shownPercent(oil.percentage)}</span>
              </dd>
            ))
          )}
        </div>
      ))}
    </dl>
  )
}

/** A version's (or test entry's) oils as layer lists. */
export function layersOf(v: { topOils: VersionOil[]; middleOils: VersionOil[]; baseOils: VersionOil[] }): LayerLists {
  return { Top: v.topOils, Middle: v.middleOils, Base: v.baseOils }
}
