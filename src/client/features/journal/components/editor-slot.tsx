import { useState } from 'react'
import { ChevronDown, Plus, X } from 'lucide-react'
import type { EssentialOil } from '#shared/api/oils.ts'
import { type EditorSlots } from '#shared/domain/editor.ts'
import { MAX_OILS_PER_SLOT, slotTotal } from '#shared/domain/percentages.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { cn } from '#client/lib/cn.ts'
import { formatPercent } from '#shared/domain/units.ts'
import { AddOilPanel } from '#client/features/journal/components/add-oil-panel.tsx'
import { PercentageInput } from '#client/components/percentage-input.tsx'

/** One note of the editor: its oils with their percentages, remove buttons, and the add panel. */
export function EditorSlot({
  layer,
  slots,
  catalog,
  onAdd,
  onRemove,
  onPercentage,
}: {
  layer: NoteType
  slots: EditorSlots
  catalog: { oils: readonly EssentialOil[] | undefined; isError: boolean }
  onAdd: (oil: EssentialOil) => void
  onRemove: (oilId: number) => void
  onPercentage: (oilId: number, value: number) => void
}) {
  const [adding, setAdding] = useState(false)
  const oils = slots[layer]
  const key = layer.toLowerCase()
  const panelId = `add-${key}-panel`
  const full = oils.length >= MAX_OILS_PER_SLOT
  return (
    <Card role="group" aria-labelledby={`${key}-slot-title`} className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={`${key}-slot-title`} className="text-sm font-semibold tracking-wide text-primary uppercase">
          {`${layer} Note`}
        </h2>
        <span className="text-sm text-muted-foreground tabular-nums">{formatPercent(slotTotal(oils))}</span>
      </div>
      {oils.length === 0 ? (
        <p className="rounded-lg bg-muted/60 p-3 text-sm text-muted-foreground">{`No ${key} note oil yet. Add one below.`}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {oils.map((oil) => {
            const inputId = `${key}-oil-${oil.id}`
            return (
              <li key={oil.id} className="flex items-center gap-2">
                <label htmlFor={inputId} className="min-w-0 flex-1 truncate text-sm font-medium text-foreground">
                  {oil.name}
                </label>
                <div className="w-24 shrink-0">
                  <PercentageInput
                    id={inputId}
                    label={`${oil.name} percentage`}
                    value={oil.percentage}
                    onChange={(value) => onPercentage(oil.id, value)}
                  />
                </div>
                <span aria-hidden="true" className="text-sm text-muted-foreground">
                  %
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${oil.name}`}
                  onClick={() => onRemove(oil.id)}
                  className="text-muted-foreground hover:text-destructive"
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      <Button
        variant="outline"
        size="sm"
        aria-expanded={adding}
        aria-controls={adding ? panelId : undefined}
        disabled={full}
        onClick={() => setAdding((open) => !open)}
        className="self-start"
      >
        {adding ? <ChevronDown aria-hidden="true" /> : <Plus aria-hidden="true" />}
        {`Add ${key} note oil`}
      </Button>
      {full ? <p className="text-xs text-muted-foreground">{`A note holds at most ${MAX_OILS_PER_SLOT} oils.`}</p> : null}
      {adding && !full ? (
        catalog.oils ? (
          <AddOilPanel id={panelId} layer={layer} catalog={catalog.oils} slots={slots} onAdd={onAdd} />
        ) : (
          <p id={panelId} className={cn('text-sm', catalog.isError ? 'text-destructive' : 'text-muted-foreground')}>
            {catalog.isError ? 'The oil catalog could not be loaded just now.' : 'Loading oils...'}
          </p>
        )
      ) : null}
    </Card>
  )
}
