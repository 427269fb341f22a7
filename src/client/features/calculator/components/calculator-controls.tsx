import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import { PRODUCT_TYPES } from '#shared/domain/safety.ts'
import { isWeightUnit, UNIT_LABELS, WEIGHT_UNITS, type WeightUnit } from '#shared/domain/units.ts'
import type { SourceGroup } from '#client/features/calculator/lib/blend-sources.ts'

export interface CalculatorState {
  source: string
  weight: string
  unit: WeightUnit
  percentage: string
  productType: string
}

/** The calculator's inputs: blend or version, product type, weight with unit, oil percentage. */
export function CalculatorControls({
  state,
  groups,
  onChange,
}: {
  state: CalculatorState
  groups: readonly SourceGroup[]
  onChange: (patch: Partial<CalculatorState>) => void
}) {
  const productType = PRODUCT_TYPES.find((type) => type.id === state.productType)
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor="calc-blend">Blend or version</Label>
        <Select value={state.source} onValueChange={(source) => onChange({ source })}>
          <SelectTrigger id="calc-blend">
            <SelectValue placeholder="Choose a saved blend" />
          </SelectTrigger>
          <SelectContent>
            {groups.map((group) => (
              <SelectGroup key={group.key}>
                <SelectLabel>{group.group}</SelectLabel>
                {group.sources.map((source) => (
                  <SelectItem key={source.value} value={source.value}>
                    {source.label}
                  </SelectItem>
                ))}
              </SelectGroup>
            ))}
          </SelectContent>
        </Select>
      </div>

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
