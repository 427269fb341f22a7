import { useId } from 'react'
import type { AccordUse } from '#shared/api/blends.ts'
import { accordTitle, type AccordWeigh } from '#shared/domain/accord-weighing.ts'
import { accordChoices } from '#client/features/calculator/lib/accord-stock.ts'
import { useMessages } from '#client/lib/i18n.ts'

/**
 * For a version with accords: how each is weighed (decision 074). "Weigh its oils" (the default)
 * lists its oils with the blend's; "Weigh Citrus Dawn 001b as one line" weighs it from a neat batch
 * of it already made. The safety checks read the flattened oils either way.
 */
export function AccordWeighingChoice({
  accords,
  weighs,
  onChange,
}: {
  accords: readonly AccordUse[]
  weighs: Readonly<Record<number, AccordWeigh>>
  onChange: (versionId: number, weigh: AccordWeigh) => void
}) {
  const t = useMessages()
  const id = useId()
  const choices = accordChoices(accords)
  if (choices.length === 0) return null
  return (
    <div className="flex flex-col gap-4" data-testid="accord-weighing">
      {choices.map((accord) => {
        const weigh = weighs[accord.versionId] ?? 'oils'
        const name = `${id}-${accord.versionId}`
        const title = accordTitle(accord)
        return (
          <fieldset key={accord.versionId} className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-foreground">{t('calculator.accord.legend', { accord: title })}</legend>
            {(
              [
                ['oils', t('calculator.accord.oils'), t('calculator.accord.oilsHint')],
                ['batch', t('calculator.accord.batch', { accord: title }), t('calculator.accord.batchHint')],
              ] as const
            ).map(([value, label, hint]) => (
              <label key={value} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name={name}
                  value={value}
                  checked={weigh === value}
                  onChange={() => onChange(accord.versionId, value)}
                  className="mt-1 size-4 accent-primary"
                />
                <span>
                  <span className="text-foreground">{label}</span>
                  <span className="block text-muted-foreground">{hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )
      })}
      <p className="text-xs text-muted-foreground">{t('calculator.accord.note')}</p>
    </div>
  )
}
