import type { BlendDetail, BlendListItem } from '#shared/api/blend-list.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx'
import { PRODUCT_TYPES } from '#shared/domain/safety.ts'
import { isWeightUnit, UNIT_LABELS, WEIGHT_UNITS, type WeightUnit } from '#shared/domain/units.ts'
import { BlendCombobox } from '#client/features/calculator/components/blend-combobox.tsx'
import { versionLabel } from '#client/features/calculator/lib/blend-sources.ts'

export interface CalculatorState {
  /** The chosen blend, as the picker listed it. */
  blend: BlendListItem | null
  /** The chosen version's id; null means the blend's latest. */
  versionId: number | null
  weight: string
  unit: WeightUnit
  percentage: string
  productType: string
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
  loaded,
  versionId,
  onChange,
}: {
  state: CalculatorState
  loaded: LoadedBlend
  /** The version in use (the chosen one, or the latest). */
  versionId: number | null
  onChange: (patch: Partial<CalculatorState>) => void
}) {
  const productType = PRODUCT_TYPES.find((type) => type.id === state.productType)
  const versions = loaded.data?.versions ?? []
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor="calc-blend">Blend</Label>
        <BlendCombobox
          id="calc-blend"
          selected={state.blend}
          onSelect={(blend) => onChange({ blend, versionId: null })}
        />
      </div>

      {state.blend ? (
        <div className="flex flex-col gap-2 sm:col-span-2">
          <Label htmlFor="calc-version">Version</Label>
          {loaded.isError ? (
            <p role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
              This blend&apos;s versions could not be loaded just now.
              <Button variant="outline" size="sm" onClick={() => void loaded.refetch()}>
                Try again
              </Button>
            </p>
          ) : (
            <Select
              value={versionId === null ? '' : String(versionId)}
              onValueChange={(value) => onChange({ versionId: Number(value) })}
              disabled={loaded.isPending}
            >
              <SelectTrigger id="calc-version" aria-describedby="calc-version-hint">
                <SelectValue placeholder={loaded.isPending ? 'Loading versions...' : 'Choose a version'} />
              </SelectTrigger>
              <SelectContent>
                {versions.map((version, index) => (
                  <SelectItem key={version.id} value={String(version.id)}>
                    {versionLabel(version, index + 1)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
          <p id="calc-version-hint" className="text-sm text-muted-foreground">
            {loaded.isPending
              ? 'Loading its versions...'
              : versions.length === 1
                ? 'This blend has one version.'
                : `This blend has ${versions.length} versions; the latest is chosen first.`}
          </p>
        </div>
      ) : null}

      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor="calc-product">Product type</Label>
        <Select
          value={state.productType}
          onValueChange={(id) => {
            const type = PRODUCT_TYPES.find((candidate) => candidate.id === id)
            onChange({ productType: id, ...(type ? { percentage: String(type.defaultPercentage) } : {}) })
          }}
        >
          <SelectTrigger id="calc-product" aria-describedby="calc-product-hint">
            <SelectValue placeholder="Choose a product type (optional)" />
          </SelectTrigger>
          <SelectContent>
            {PRODUCT_TYPES.map((type) => (
              <SelectItem key={type.id} value={type.id}>
                {type.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id="calc-product-hint" className="text-sm text-muted-foreground">
          {productType
            ? `Typical rate ${productType.typicalRate}; filled in ${productType.defaultPercentage}%. ${productType.defaultNote ?? ''}`
            : 'Picks a typical percentage and turns on the skin-safety checks.'}
        </p>
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor="calc-weight">Total product weight</Label>
        <div className="flex gap-2">
          <div className="min-w-0 flex-1">
          <Input
            id="calc-weight"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            placeholder="e.g. 500"
            value={state.weight}
            onChange={(event) => onChange({ weight: event.target.value })}
          />
          </div>
          <div className="w-32 shrink-0">
          <Select value={state.unit} onValueChange={(unit) => isWeightUnit(unit) && onChange({ unit })}>
            <SelectTrigger aria-label="Unit">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {WEIGHT_UNITS.map((unit) => (
                <SelectItem key={unit} value={unit}>
                  {UNIT_LABELS[unit]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          </div>
        </div>
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor="calc-percentage">Essential oil percentage</Label>
        <div className="relative">
          <Input
            id="calc-percentage"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step="any"
            placeholder="e.g. 2"
            className="pr-8"
            value={state.percentage}
            onChange={(event) => onChange({ percentage: event.target.value })}
          />
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
            %
          </span>
        </div>
      </div>
    </div>
  )
}
