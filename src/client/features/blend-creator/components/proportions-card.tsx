import { AlertCircle, RotateCcw } from 'lucide-react'
import { NOTE_TYPES, type NoteType } from '#shared/domain/vocabulary.ts'
import { shownPercent } from '#client/lib/number-words.ts'
import {
  compositionTotal,
  DEFAULT_PERCENTAGES,
  hasDefaultPercentages,
  isCompositionTotalValid,
  layerName,
  percentageOf,
  type Composition,
} from '#shared/domain/wizard.ts'
import { PercentageInput } from '#client/components/percentage-input.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { cn } from '#client/lib/cn.ts'
import { useBlendDraft } from '#client/features/blend-creator/stores/blend-draft.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useShownOilName } from '#client/lib/oil-words.ts'
import { noteTitle } from '#client/features/blend-creator/lib/creator-words.ts'

// The journal's composition bar's colours (styles.css --color-layer-*): neighbours differ by 3:1.
const BAR_CLASSES: Record<NoteType, string> = {
  Top: 'bg-layer-top',
  Middle: 'bg-layer-middle',
  Base: 'bg-layer-base',
}

const DEFAULTS_LABEL = NOTE_TYPES.map((layer) => DEFAULT_PERCENTAGES[layer]).join('/')

/**
 * The summary's proportions (docs/product.md "Percentages"): each layer's share with the journal
 * editor's field, the total, and the same 100 ± 0.1 rule; the 30/50/20 defaults one press away.
 */
export function ProportionsCard({ composition }: { composition: Composition }) {
  const setPercentage = useBlendDraft((s) => s.setPercentage)
  const resetPercentages = useBlendDraft((s) => s.resetPercentages)
  const total = compositionTotal(composition)
  const valid = isCompositionTotalValid(composition)
  const t = useMessages()
  const shownName = useShownOilName()

  return (
    <Card role="group" aria-labelledby="proportions-title" className="flex flex-col gap-5 p-5 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 id="proportions-title" className="text-lg font-semibold text-foreground">
            {t('creator.proportions.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('creator.proportions.lead', { defaults: DEFAULTS_LABEL })}</p>
        </div>
        <Button variant="outline" size="sm" className="self-start" disabled={hasDefaultPercentages(composition)} onClick={resetPercentages}>
          <RotateCcw aria-hidden="true" />
          {t('creator.proportions.reset', { defaults: DEFAULTS_LABEL })}
        </Button>
      </div>

      <ul className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        {NOTE_TYPES.map((layer) => {
          const id = `${layer.toLowerCase()}-percentage`
          return (
            <li key={layer} className="flex items-center gap-3 rounded-lg bg-muted/60 px-3 py-2.5 sm:px-4 sm:py-3">
              <label htmlFor={id} className="flex min-w-0 flex-1 flex-col">
                <span className="text-xs font-semibold tracking-wide text-primary uppercase">{noteTitle(t, layer)}</span>
                <span className="truncate text-sm font-medium text-foreground">{layerName(composition, layer, shownName)}</span>
              </label>
              {/* The field's width is its wrapper's: the Input's own w-full would beat a width
                  class given beside it (cn joins classes, it does not merge them), and the field
                  then took the whole row, crushing the oil's name to "Be..." on a phone. */}
              <div className="flex w-28 shrink-0 items-center gap-1.5">
                <PercentageInput
                  id={id}
                  label={t('creator.proportions.fieldLabel', { layer })}
                  value={percentageOf(composition, layer)}
                  invalid={!valid}
                  onChange={(value) => setPercentage(layer, value)}
                  className="h-10 bg-card text-base"
                />
                <span aria-hidden="true" className="text-sm text-muted-foreground">
                  %
                </span>
              </div>
            </li>
          )
        })}
      </ul>

      <div className="flex flex-col gap-2">
        {/* Each layer's share of the bar; a total over 100 is drawn to scale rather than overflowing. */}
        <div className="flex h-3 gap-1" aria-hidden="true">
          {NOTE_TYPES.map((layer) => (
            <div
              key={layer}
              className={cn('rounded-full transition-[width] duration-200 motion-reduce:transition-none', BAR_CLASSES[layer])}
              style={{ width: `${(percentageOf(composition, layer) / Math.max(total, 100)) * 100}%` }}
            />
          ))}
        </div>
        <p role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="text-sm text-muted-foreground">{t('creator.proportions.total')}</span>
          <span className={cn('font-display text-xl font-semibold tabular-nums', valid ? 'text-foreground' : 'text-destructive')}>
            {shownPercent(total)}
          </span>
          {valid ? null : (
            <span className="inline-flex items-center gap-1 text-sm font-medium text-destructive">
              <AlertCircle aria-hidden="true" className="size-4" />
              {t('creator.proportions.shouldTotal')}
            </span>
          )}
        </p>
      </div>
    </Card>
  )
}
