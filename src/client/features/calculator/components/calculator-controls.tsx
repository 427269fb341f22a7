import type { BlendDetail, BlendListItem } from '#shared/api/blend-list.ts'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { PRODUCT_TYPES } from '#shared/domain/safety.ts'
import { AudienceChoice } from '#client/features/calculator/components/audience-choice.tsx'
import type { AudienceId } from '#shared/domain/audience-ids.ts'
import { AMOUNT_FIELDS, type RateBasis } from '#shared/domain/calculator.ts'
import { RateBasisChoice } from '#client/features/calculator/components/rate-basis-choice.tsx'
import { formatNumber, isWeightUnit, WEIGHT_UNITS, type WeightUnit } from '#shared/domain/units.ts'
import { BlendCombobox } from '#client/features/calculator/components/blend-combobox.tsx'
import { LoadError } from '#client/components/load-error.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { amountFields, productTypeLabel, productTypeNote, rateText, unitLabel } from '#client/features/calculator/lib/words.ts'

export interface CalculatorState {
  /** The chosen blend, as the picker listed it. */
  blend: BlendListItem | null
  /** The chosen version's id; null means the blend's latest. */
  versionId: number | null
  weight: string
  unit: WeightUnit
  percentage: string
  productType: string
  /** Who the product is for (docs/product.md "Dilution by who will use it"); adults by default. */
  audience: AudienceId
  /** What the percentage is of: the product, or the soap's oils (in % or oz per lb). */
  basis: RateBasis
}

/** The chosen blend's versions as loaded (GET /api/blends/{id}, only once a blend is chosen). */
export interface LoadedBlend {
  data: BlendDetail | undefined
  isPending: boolean
  isError: boolean
  refetch: () => unknown
}

/** The calculator's inputs: blend (searchable) and its version, product type, weight with unit, oil percentage. */
export function CalculatorControls({
  state,
  problems,
  loaded,
  versionId,
  onChange,
}: {
  state: CalculatorState
  /** What is wrong with the typed weight and percentage, said next to each. */
  problems: { weight: string | null; percentage: string | null }
  loaded: LoadedBlend
  /** The version in use (the chosen one, or the latest). */
  versionId: number | null
  onChange: (patch: Partial<CalculatorState>) => void
}) {
  const productType = PRODUCT_TYPES.find((type) => type.id === state.productType)
  const versions = loaded.data?.versions ?? []
  const t = useMessages()
  const fields = { ...AMOUNT_FIELDS[state.basis], ...amountFields(t, state.basis) }
  const ofProduct = state.basis === 'product'
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor="calc-blend">{t('calculator.controls.blend')}</Label>
        <BlendCombobox id="calc-blend" selected={state.blend} onSelect={(blend) => onChange({ blend, versionId: null })} />
      </div>

      {state.blend ? (
        <div className="flex flex-col gap-2 sm:col-span-2">
          <Label htmlFor="calc-version">{t('calculator.controls.version')}</Label>
          {loaded.isError ? (
            <LoadError inline message={t('calculator.controls.versionsFailed')} onRetry={() => void loaded.refetch()} />
          ) : (
            <Select
              id="calc-version"
              aria-describedby="calc-version-hint"
              className="w-full"
              placeholder={loaded.isPending ? t('calculator.controls.loadingVersions') : t('calculator.controls.chooseVersion')}
              value={versionId === null ? '' : String(versionId)}
              onChange={(event) => onChange({ versionId: Number(event.target.value) })}
              disabled={loaded.isPending}
            >
              {versions.map((version, index) => (
                <option key={version.id} value={String(version.id)}>
                  {t('calculator.controls.versionOption', { position: index + 1, reference: version.referenceNumber })}
                </option>
              ))}
            </Select>
          )}
          <p id="calc-version-hint" className="text-sm text-muted-foreground">
            {loaded.isPending
              ? t('calculator.controls.loadingItsVersions')
              : t('calculator.controls.versionCount', { count: versions.length })}
          </p>
        </div>
      ) : null}

      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor="calc-product">{t('calculator.controls.productType')}</Label>
        <Select
          id="calc-product"
          aria-describedby="calc-product-hint"
          className="w-full"
          placeholder={t('calculator.controls.chooseProductType')}
          value={state.productType}
          onChange={(event) => {
            const id = event.target.value
            const type = PRODUCT_TYPES.find((candidate) => candidate.id === id)
            // A typical rate is a share of the product: it fills in the field only when that is what the field holds.
            onChange({ productType: id, ...(type && ofProduct ? { percentage: typedText(type.defaultPercentage) } : {}) })
          }}
        >
          {PRODUCT_TYPES.map((type) => (
            <option key={type.id} value={type.id}>
              {productTypeLabel(t, type)}
            </option>
          ))}
        </Select>
        <p id="calc-product-hint" className="text-sm text-muted-foreground">
          {productType
            ? ofProduct
              ? `${t('calculator.controls.typicalRateFilled', {
                  rate: rateText(t, productType.typicalRate),
                  percent: typedText(productType.defaultPercentage),
                })} ${productTypeNote(t, productType)}`
              : t('calculator.controls.typicalRateOfProduct', { rate: rateText(t, productType.typicalRate) })
            : t('calculator.controls.productTypeHint')}
        </p>
      </div>

      <AudienceChoice audience={state.audience} use={productType?.use} onChange={(audience) => onChange({ audience })} />

      <RateBasisChoice basis={state.basis} onChange={(basis) => onChange({ basis })} />

      <div className="flex flex-col gap-2">
        <Label htmlFor="calc-weight">{fields.weight}</Label>
        <div className="flex gap-2">
          <div className="min-w-0 flex-1">
            <AmountInput
              id="calc-weight"
              placeholder={t('calculator.controls.example500')}
              value={state.weight}
              problem={problems.weight}
              onChange={(weight) => onChange({ weight })}
            />
          </div>
          <div className="w-32 shrink-0">
            <Select
              aria-label={t('calculator.controls.unit')}
              className="w-full"
              value={state.unit}
              onChange={(event) => isWeightUnit(event.target.value) && onChange({ unit: event.target.value })}
            >
              {WEIGHT_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unitLabel(t, unit)}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <FieldProblem id="calc-weight" problem={problems.weight} />
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor="calc-percentage">{fields.rate}</Label>
        <div className="relative">
          <AmountInput
            id="calc-percentage"
            placeholder={t(state.basis === 'oils-oz-per-lb' ? 'calculator.controls.example05' : 'calculator.controls.example2')}
            className={fields.suffix === '%' ? 'pr-8' : 'pr-14'}
            value={state.percentage}
            problem={problems.percentage}
            onChange={(percentage) => onChange({ percentage })}
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
          >
            {fields.suffix}
          </span>
        </div>
        <FieldProblem id="calc-percentage" problem={problems.percentage} />
      </div>
    </div>
  )
}

/** A number as the user would type it in their locale: 0,5 in German. */
const typedText = (value: number) => formatNumber(value, String(value).split('.')[1]?.length ?? 0)

/**
 * A number typed as text with the phone's decimal keypad: a number input would drop or misread a
 * comma in some browsers and locales, so the page reads it (parseDecimal) in the browser's locale.
 */
function AmountInput({
  id,
  value,
  problem,
  onChange,
  placeholder,
  className,
}: {
  id: string
  value: string
  problem: string | null
  onChange: (value: string) => void
  placeholder: string
  className?: string
}) {
  return (
    <Input
      id={id}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      className={className}
      value={value}
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem ? `${id}-problem` : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}

function FieldProblem({ id, problem }: { id: string; problem: string | null }) {
  return problem ? (
    <p id={`${id}-problem`} className="text-sm text-destructive">
      {problem}
    </p>
  ) : null
}
