import { isRateBasis, RATE_BASES, RATE_BASIS_LABELS, type RateBasis } from '#shared/domain/calculator.ts'

/**
 * 'Measure the essential oil as': a share of the product, or, as soap makers dose, of the weight of
 * the soap's oils in % or oz per lb (docs/product.md "Calculator numbers"). Radios, so the arrow
 * keys move between them.
 */
export function RateBasisChoice({ basis, onChange }: { basis: RateBasis; onChange: (basis: RateBasis) => void }) {
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2" aria-describedby="calc-basis-hint">
      <legend className="mb-1 text-sm font-medium text-foreground">Measure the essential oil as</legend>
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
            {RATE_BASIS_LABELS[choice]}
          </label>
        ))}
      </div>
      <p id="calc-basis-hint" className="text-sm text-muted-foreground">
        {basis === 'product'
          ? "For soap, dose by the weight of the soap's oils instead."
          : "Enter the weight of the soap's oils (before lye and water) and the rate; the essential oil is worked out from them."}
      </p>
    </fieldset>
  )
}
