import { ArrowLeft, SearchX } from 'lucide-react'
import { useMemo, useState } from 'react'
import type { EssentialOil } from '#shared/api/oils.ts'
import {
  familyFilterOptions,
  NO_FILTERS,
  pickerOils,
  startEffectFilter,
  type PickerContext,
  type PickerFilters,
  type PickerSort,
} from '#shared/domain/oil-picker.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'
import { chosenOils, startEffects } from '#shared/domain/wizard.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { prefersReducedMotion } from '#client/lib/scroll-to-section.ts'
import { useBlendDraft } from '#client/features/blend-creator/stores/blend-draft.ts'
import { OilResultCard } from '#client/features/blend-creator/components/oil-result-card.tsx'
import { CompatibilityGuide, CompositionPanel } from '#client/features/blend-creator/components/picker-context-panels.tsx'
import { PickerSidebar } from '#client/features/blend-creator/components/picker-sidebar.tsx'
import { StepHeading } from '#client/features/blend-creator/components/step-heading.tsx'

const SORT_LABELS: Record<PickerSort, string> = {
  name: 'Sort by Name',
  'scent-family': 'Sort by Scent Family',
  effects: 'Sort by Effects',
}

const LAYER_LEAD: Record<NoteType, string> = {
  Top: 'Top notes are what you smell first: bright, light and quick to fade.',
  Middle: 'Middle notes are the heart of the blend: they appear as the top fades and give it body.',
  Base: 'Base notes are deep and slow: they anchor the blend and make it last.',
}

function countLine(count: number, layer: NoteType, filters: PickerFilters): string {
  const parts = [`Showing ${count} ${count === 1 ? 'oil' : 'oils'} for ${layer} Note`]
  if (filters.search.trim()) parts.push(`matching “${filters.search.trim()}”`)
  if (filters.family) parts.push(`in ${filters.family}`)
  return parts.join(' ')
}

/** Step 2 (c): choose the oil of one layer (docs/product.md §2). Remounted per layer, so filters start fresh. */
export function OilPicker({
  layer,
  oils,
}: {
  layer: NoteType
  oils: { data?: EssentialOil[]; isPending: boolean; isError: boolean; refetch: () => unknown }
}) {
  const composition = useBlendDraft((s) => s.composition)
  const startingPoint = useBlendDraft((s) => s.startingPoint)
  const setNoteOil = useBlendDraft((s) => s.setNoteOil)
  const pickLayer = useBlendDraft((s) => s.pickLayer)
  const goToStep = useBlendDraft((s) => s.goToStep)
  const [filters, setFilters] = useState<PickerFilters>(NO_FILTERS)
  const [sort, setSort] = useState<PickerSort>('name')

  const context: PickerContext = { layer, composition, startingPoint }
  const familyOptions = familyFilterOptions(context)
  const startEffect = startEffectFilter(context)
  const hasNotes = chosenOils(composition).length > 0
  const results = useMemo(
    () => (oils.data ? pickerOils(oils.data, { layer, composition, startingPoint }, filters, sort) : []),
    [oils.data, layer, composition, startingPoint, filters, sort],
  )

  const select = (oil: EssentialOil) => {
    setNoteOil(layer, oil)
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
  }

  return (
    <div className="flex flex-col gap-8">
      <StepHeading
        title={`Select Your ${layer} Note`}
        actions={
          hasNotes ? (
            <Button variant="outline" onClick={() => pickLayer(null)}>
              <ArrowLeft aria-hidden="true" />
              Back to Blend
            </Button>
          ) : (
            <Button variant="outline" onClick={() => goToStep(1)}>
              <ArrowLeft aria-hidden="true" />
              Back to Start
            </Button>
          )
        }
      >
        {LAYER_LEAD[layer]}
      </StepHeading>

      <div className="grid gap-4 md:grid-cols-2">
        <CompositionPanel context={context} />
        <CompatibilityGuide context={context} />
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
        <div className="lg:sticky lg:top-20">
          <PickerSidebar
            filters={filters}
            onChange={setFilters}
            familyOptions={familyOptions}
            startEffect={startEffect}
          />
        </div>

        <section aria-labelledby="results-title" className="flex min-w-0 flex-col gap-4">
          <h2 id="results-title" className="sr-only">{`${layer} note oils`}</h2>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p role="status" className="text-sm text-muted-foreground">
              {oils.data ? countLine(results.length, layer, filters) : null}
            </p>
            <div className="flex items-center gap-2">
              <Label htmlFor="picker-sort" className="sr-only">
                Sort oils
              </Label>
              <Select value={sort} onValueChange={(value) => setSort(value as PickerSort)}>
                <SelectTrigger id="picker-sort" className="w-full sm:w-56">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {Object.entries(SORT_LABELS).map(([value, label]) => (
                    <SelectItem key={value} value={value}>
                      {label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>

          {oils.isPending ? (
            <div className="flex items-center gap-3 rounded-card border border-border bg-card p-8 text-muted-foreground">
              <Spinner label="Loading oils" />
              <span>Loading oils...</span>
            </div>
          ) : oils.isError ? (
            <div className="flex flex-col items-start gap-3 rounded-card border border-border bg-card p-8">
              <p className="font-medium text-foreground">Failed to fetch oils</p>
              <Button variant="outline" onClick={() => oils.refetch()}>
                Try again
              </Button>
            </div>
          ) : results.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-input/60 bg-card/60 p-10 text-center">
              <SearchX aria-hidden="true" className="size-8 text-muted-foreground" />
              <p className="font-medium text-foreground">No oils found matching your criteria</p>
              <Button variant="outline" size="sm" onClick={() => setFilters(NO_FILTERS)}>
                Clear all filters
              </Button>
            </div>
          ) : (
            <ul aria-label={`${layer} note oils`} className="grid gap-4 xl:grid-cols-2">
              {results.map((oil) => (
                <li key={oil.id}>
                  <OilResultCard oil={oil} onSelect={select} preferEffects={startEffects(startingPoint)} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  )
}
