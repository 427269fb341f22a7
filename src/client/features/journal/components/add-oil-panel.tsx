import { useState } from 'react'
import { Plus } from 'lucide-react'
import type { EssentialOil } from '#shared/api/oils.ts'
import { addCandidates, type CandidateMode, type EditorSlots } from '#shared/domain/editor.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'
import { FamilyBadge, YoursBadge } from '#client/components/ui/badge.tsx'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useOilName } from '#client/lib/oil-words.ts'
import '#client/features/journal/journal-catalog.ts'

const MODES: { value: CandidateMode; label: string }[] = [
  { value: 'all', label: 'journal.addOil.all' },
  { value: 'compatible', label: 'journal.addOil.compatible' },
]

/**
 * The oils that can join a note (docs/product.md §4): that note type, not yet in the blend. Compatible
 * keeps those sharing a scent family or a blendsWith mention with the blend, or all when none do.
 */
export function AddOilPanel({
  id,
  layer,
  catalog,
  slots,
  onAdd,
}: {
  id: string
  layer: NoteType
  catalog: readonly EssentialOil[]
  slots: EditorSlots
  onAdd: (oil: EssentialOil) => void
}) {
  const t = useMessages()
  const shownName = useOilName()
  const [mode, setMode] = useState<CandidateMode>('all')
  const { oils, fallback } = addCandidates(catalog, slots, layer, mode)
  const note = layer.toLowerCase()
  return (
    <div
      id={id}
      role="region"
      aria-label={t(`journal.addOil.region.${note}`)}
      className="flex flex-col gap-3 rounded-lg border border-border bg-background p-3"
    >
      <div role="group" aria-label={t('journal.addOil.modes')} className="inline-flex self-start rounded-lg bg-muted p-1">
        {MODES.map((m) => (
          <button
            key={m.value}
            type="button"
            aria-pressed={mode === m.value}
            onClick={() => setMode(m.value)}
            className={cn(
              'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors',
              'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
              'aria-pressed:bg-card aria-pressed:text-foreground aria-pressed:shadow-sm',
            )}
          >
            {t(m.label)}
          </button>
        ))}
      </div>
      {fallback ? <p className="text-xs text-muted-foreground">{t(`journal.addOil.fallback.${note}`)}</p> : null}
      {oils.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t(`journal.addOil.none.${note}`)}</p>
      ) : (
        <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto pr-1">
          {oils.map((oil) => (
            <li key={oil.id}>
              <button
                type="button"
                aria-label={t('journal.addOil.add', { name: oil.yours ? oil.name : shownName(oil.name) })}
                onClick={() => onAdd(oil)}
                className={cn(
                  'flex w-full cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-foreground',
                  'hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                )}
              >
                <Plus aria-hidden="true" className="size-4 shrink-0 text-primary" />
                <span className="min-w-0 flex-1 truncate">{oil.yours ? oil.name : shownName(oil.name)}</span>
                {oil.yours ? <YoursBadge /> : null}
                <FamilyBadge family={oil.scentFamily} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
