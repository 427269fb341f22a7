import { isRateBasis, RATE_BASES, type RateBasis } from '#shared/domain/calculator.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { basisLabel } from '#client/features/calculator/lib/words.ts'

/**
 * 'Measure the essential oil as': a share of the product, or, as soap makers dose, of the weight of
 * the soap's oils in % or oz per lb (docs/product.md "Calculator numbers"). Radios, so the arrow
 * keys move between them.
 */
export function RateBasisChoice({ basis, onChange }: { basis: RateBasis; onChange: (basis: RateBasis) => void }) {
  const t = useMessages()
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2" aria-describedby="calc-basis-hint">
      <legend className="mb-1 text-sm font-medium text-foreground">{t('calculator.basis.legend')}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {RATE_BASES.map((choice) => (
          <label key={choice} className="inline-flex min-h-6 cursor-pointer items-center gap-2 text-sm text-foreground">
            <input
              type="radio"
              name="calc-basis"
              value={choice}
              checked={basis === choice}
              className="size-4 accent-primary"
              onChange={(event) => isRateBasis(event.target.value) && onChange(event.target.value)}
            />
            {basisLabel(t, choice)}
          </label>
        ))}
      </div>
      <p id="calc-basis-hint" className="text-sm text-muted-foreground">
        {basis === 'product' ? t('calculator.basis.hintProduct') : t('calculator.basis.hintSoap')}
      </p>
    </fieldset>
  )
}
