import { ArrowLeft, Eye, EyeOff, SearchX } from 'lucide-react'
import { lazy, Suspense, useMemo, useState } from 'react'
import type { EssentialOil } from '#shared/api/oils.ts'
import {
  allowedFamilies,
  familyFilterOptions,
  hiddenByFamilyRule,
  NO_FILTERS,
  pickerOils,
  startEffectFilter,
  type PickerContext,
  type PickerFilters,
  type PickerSort,
} from '#shared/domain/oil-picker.ts'
import type { Effect, NoteType } from '#shared/domain/vocabulary.ts'
import { onShelfOnly } from '#shared/domain/oil-filter.ts'
import { accordIn, chosenOils, layersUsing, startEffects, type Composition } from '#shared/domain/wizard.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useShelfOilIds } from '#client/lib/shelf-queries.ts'
import { useBlendDraft } from '#client/features/blend-creator/stores/blend-draft.ts'
import { useMediaQuery, WIDE_LAYOUT_QUERY } from '#client/features/blend-creator/hooks/use-media-query.ts'
import { useWizardNavigation } from '#client/features/blend-creator/hooks/use-wizard-place.ts'
import { DuplicateOilDialog, type DuplicateChoice } from '#client/features/blend-creator/components/duplicate-oil-dialog.tsx'
import { PickerFiltersSheet } from '#client/features/blend-creator/components/picker-filters-sheet.tsx'
import { OilResultCard } from '#client/features/blend-creator/components/oil-result-card.tsx'
import { CompatibilityGuide, CompositionPanel } from '#client/features/blend-creator/components/picker-context-panels.tsx'
import { PickerSidebar } from '#client/features/blend-creator/components/picker-sidebar.tsx'
import { StepHeading } from '#client/features/blend-creator/components/step-heading.tsx'
import { LoadError } from '#client/components/load-error.tsx'
import { useSession } from '#client/lib/session.ts'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useShownOilNames } from '#client/lib/oil-words.ts'
import { noteTitle } from '#client/features/blend-creator/lib/creator-words.ts'

type Translate = (id: string, values?: Record<string, unknown>) => string

// "My accords" loads on its own chunk, only when opened (the blend creator's bundle budget).
const AccordSource = lazy(() => import('#client/features/blend-creator/components/accord-source.tsx'))

type PickerSource = 'catalog' | 'accords'

/** Each sort's words in the catalogs. */
const SORT_LABELS: Record<PickerSort, string> = {
  name: 'creator.picker.sort.name',
  'scent-family': 'creator.picker.sort.scentFamily',
  effects: 'creator.picker.sort.effects',
}

/**
 * What the scent-family rule keeps out, and the way to see it (issue 31): the picker never hides
 * an oil without saying how many and offering them.
 */
export function FamilyRuleNotice({
  hidden,
  showingHidden,
  families,
  onToggle,
}: {
  /** How many oils the rule keeps out of the list as filtered now. */
  hidden: number
  showingHidden: boolean
  /** The families the rule allows; the notice names them. */
  families: readonly string[] | null
  onToggle: () => void
}) {
  const t = useMessages()
  if (showingHidden) {
    return (
      <div className="flex flex-col gap-2 rounded-lg border border-accent/30 bg-accent-soft px-4 py-3 text-sm text-foreground sm:flex-row sm:items-center sm:justify-between">
        <p>{t('creator.picker.showingAll')}</p>
        <Button variant="outline" size="sm" className="shrink-0 self-start sm:self-auto" onClick={onToggle}>
          <EyeOff aria-hidden="true" />
          {t('creator.picker.onlyCompatible')}
        </Button>
      </div>
    )
  }
  if (hidden === 0) return null
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border bg-muted/60 px-4 py-3 text-sm text-foreground sm:flex-row sm:items-center sm:justify-between">
      <p>
        {t('creator.picker.hidden', { count: hidden })}
        {families ? t('creator.picker.hiddenCompatible', { families: families.join(', ') }) : '.'}
      </p>
      <Button variant="outline" size="sm" className="shrink-0 self-start sm:self-auto" onClick={onToggle}>
        <Eye aria-hidden="true" />
        {t('creator.picker.showHidden', { count: hidden })}
      </Button>
    </div>
  )
}

function countLine(t: Translate, count: number, layer: NoteType, filters: PickerFilters): string {
  const parts = [t('creator.picker.count', { count, note: noteTitle(t, layer) })]
  if (filters.search.trim()) parts.push(t('creator.picker.countMatching', { search: filters.search.trim() }))
  if (filters.family) parts.push(t('creator.picker.countIn', { family: filters.family }))
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
  const { goTo, closePicker } = useWizardNavigation()
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY)
  const t = useMessages()
  const [filters, setFilters] = useState<PickerFilters>(NO_FILTERS)
  const [sort, setSort] = useState<PickerSort>('name')
  const shelf = useShelfOilIds()
  const [onlyShelf, setOnlyShelf] = useState(false)
  const narrowed = onlyShelf ? shelf : null
  const [duplicate, setDuplicate] = useState<DuplicateChoice | null>(null)

  // The maker asked to see the oils the scent-family rule hides.
  const [showingHidden, setShowingHidden] = useState(false)
  // Signed in, a layer can also hold one of the maker's saved blends (decision 077).
  const signedIn = useSession().status === 'signed-in'
  // A layer holding an accord reopens on "My accords", where it was chosen.
  const [source, setSource] = useState<PickerSource>(() => (accordIn(composition, layer) ? 'accords' : 'catalog'))
  const showingAccords = signedIn && source === 'accords'

  const context: PickerContext = { layer, composition, startingPoint }
  const hasNotes = chosenOils(composition).length > 0
  // Catalog oils named, searched and sorted in the maker's language (decision 104).
  const names = useShownOilNames()
  const { results, hidden } = useMemo(() => {
    if (!oils.data) return { results: [], hidden: 0 }
    const candidates = onShelfOnly(oils.data, narrowed)
    const ctx = { layer, composition, startingPoint }
    return {
      results: pickerOils(candidates, ctx, filters, sort, !showingHidden, names),
      hidden: hiddenByFamilyRule(candidates, ctx, filters, names),
    }
  }, [oils.data, narrowed, layer, composition, startingPoint, filters, sort, showingHidden, names])
  const allowed = allowedFamilies(context)
  const toggleHidden = () => {
    // Back to the rule: a family chosen meanwhile that the rule does not allow is let go.
    if (showingHidden && filters.family !== null && allowed !== null && !allowed.includes(filters.family))
      setFilters({ ...filters, family: null })
    setShowingHidden(!showingHidden)
  }

  const place = (oil: EssentialOil) => {
    setDuplicate(null)
    setNoteOil(layer, oil)
    // Closing the picker changes the wizard's view, and the page scrolls to its top and focuses its
    // heading for every such change (blend-creator-page.tsx): one scroll, not a smooth one racing it.
    closePicker()
  }
  // An oil already in another layer may go in this one too, once the maker confirms it.
  const select = (oil: EssentialOil) => {
    const layers = layersUsing(composition, oil.id, layer)
    if (layers.length > 0) setDuplicate({ oil, layers })
    else place(oil)
  }

  const sidebar = (className?: string) => (
    <PickerSidebar
      filters={filters}
      onChange={setFilters}
      familyOptions={familyFilterOptions(context, !showingHidden)}
      startEffect={startEffectFilter(context)}
      shelfFilter={shelf ? { checked: onlyShelf, onChange: setOnlyShelf } : null}
      className={className}
    />
  )

  return (
    <div className="flex flex-col gap-6 lg:gap-8">
      <StepHeading
        title={t('creator.picker.title', { note: noteTitle(t, layer) })}
        actions={
          hasNotes ? (
            <Button variant="outline" onClick={closePicker}>
              <ArrowLeft aria-hidden="true" />
              {t('creator.nav.backToBlend')}
            </Button>
          ) : (
            <Button variant="outline" onClick={() => goTo({ step: 1, layer: null })}>
              <ArrowLeft aria-hidden="true" />
              {t('creator.nav.backToStart')}
            </Button>
          )
        }
      >
        {t(`creator.picker.lead.${layer}`)}
      </StepHeading>

      {signedIn ? <SourceSwitch layer={layer} value={source} onChange={setSource} /> : null}

      {showingAccords ? (
        <Suspense
          fallback={
            <div className="flex items-center gap-3 rounded-card border border-border bg-card p-8 text-muted-foreground">
              <Spinner label={t('creator.picker.loadingBlends')} />
              <span>{t('creator.picker.loadingBlendsText')}</span>
            </div>
          }
        >
          <AccordSource layer={layer} />
        </Suspense>
      ) : null}

      {wide && !showingAccords ? (
        <div className="grid gap-4 md:grid-cols-2">
          <CompositionPanel context={context} />
          <CompatibilityGuide context={context} />
        </div>
      ) : null}

      {/* The catalog's filters and sort live in this component's state, so they are kept while "My accords" is shown. */}
      {showingAccords ? null : (
        <div className="grid items-start gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
          {wide ? <div className="lg:sticky lg:top-20">{sidebar()}</div> : null}

          <section aria-labelledby="results-title" className="flex min-w-0 flex-col gap-4">
            <h2 id="results-title" className="sr-only">
              {t('creator.picker.resultsTitle', { layer })}
            </h2>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex items-center gap-2 sm:order-2">
                {wide ? null : (
                  <PickerFiltersSheet filters={filters} resultCount={results.length}>
                    {sidebar('')}
                    <CompatibilityGuide context={context} />
                    <CompositionPanel context={context} />
                  </PickerFiltersSheet>
                )}
                <SortSelect value={sort} onChange={setSort} />
              </div>
              <p role="status" className="text-sm text-muted-foreground sm:order-1">
                {oils.data ? countLine(t, results.length, layer, filters) : null}
              </p>
            </div>
            {oils.data && (results.length > 0 || showingHidden) ? (
              <FamilyRuleNotice hidden={hidden} showingHidden={showingHidden} families={allowed} onToggle={toggleHidden} />
            ) : null}
            <PickerResults
              layer={layer}
              oils={oils}
              results={results}
              composition={composition}
              preferEffects={startEffects(startingPoint)}
              onSelect={select}
              onShelf={shelf}
              hidden={showingHidden ? 0 : hidden}
              onShowHidden={toggleHidden}
              onClearFilters={() => {
                setFilters(NO_FILTERS)
                setOnlyShelf(false)
              }}
            />
          </section>
        </div>
      )}

      <DuplicateOilDialog layer={layer} choice={duplicate} onCancel={() => setDuplicate(null)} onConfirm={place} />
    </div>
  )
}

/**
 * Where the layer's choice comes from: the catalog's oils or "My accords" (decision 077). Two toggle
 * buttons in a labelled group: Tab reaches each, Enter or Space chooses, the pressed one is announced.
 */
function SourceSwitch({ layer, value, onChange }: { layer: NoteType; value: PickerSource; onChange: (source: PickerSource) => void }) {
  const t = useMessages()
  const option = (source: PickerSource, label: string) => (
    <button
      type="button"
      aria-pressed={value === source}
      onClick={() => onChange(source)}
      className={cn(
        'min-h-10 flex-1 cursor-pointer rounded-md px-4 text-sm font-medium transition-colors sm:flex-none',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        value === source ? 'bg-card text-foreground shadow-card' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      {label}
    </button>
  )
  return (
    <div
      role="group"
      aria-label={t('creator.picker.sourceLabel', { note: noteTitle(t, layer) })}
      className="flex gap-1 self-start rounded-lg bg-muted p-1 max-sm:w-full"
    >
      {option('catalog', t('creator.picker.sourceCatalog'))}
      {option('accords', t('creator.picker.sourceAccords'))}
    </div>
  )
}

function SortSelect({ value, onChange }: { value: PickerSort; onChange: (sort: PickerSort) => void }) {
  const t = useMessages()
  return (
    <>
      <Label htmlFor="picker-sort" className="sr-only">
        {t('creator.picker.sortLabel')}
      </Label>
      <Select
        id="picker-sort"
        className="w-full min-w-0 sm:w-56"
        value={value}
        onChange={(event) => onChange(event.target.value as PickerSort)}
      >
        {Object.entries(SORT_LABELS).map(([sort, label]) => (
          <option key={sort} value={sort}>
            {t(label)}
          </option>
        ))}
      </Select>
    </>
  )
}

/** The list, or its loading, failure and empty states. */
function PickerResults({
  layer,
  oils,
  results,
  composition,
  preferEffects,
  onSelect,
  onShelf,
  hidden,
  onShowHidden,
  onClearFilters,
}: {
  layer: NoteType
  oils: { isPending: boolean; isError: boolean; refetch: () => unknown }
  results: EssentialOil[]
  composition: Composition
  preferEffects: readonly Effect[]
  onSelect: (oil: EssentialOil) => void
  /** The ids of the oils on the user's shelf (null: signed out or not loaded). */
  onShelf: ReadonlySet<number> | null
  /** How many oils the scent-family rule keeps out (the notice above offers them). */
  hidden: number
  onShowHidden: () => void
  onClearFilters: () => void
}) {
  const t = useMessages()
  if (oils.isPending) {
    return (
      <div className="flex items-center gap-3 rounded-card border border-border bg-card p-8 text-muted-foreground">
        <Spinner label={t('creator.picker.loadingOils')} />
        <span>{t('creator.picker.loadingOilsText')}</span>
      </div>
    )
  }
  if (oils.isError) {
    return <LoadError message={t('creator.picker.loadFailed')} onRetry={() => void oils.refetch()} />
  }
  if (results.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-input/60 bg-card/60 p-10 text-center">
        <SearchX aria-hidden="true" className="size-8 text-muted-foreground" />
        {hidden > 0 ? (
          <>
            <p className="font-medium text-foreground">{t('creator.picker.noCompatible')}</p>
            <p className="text-sm text-muted-foreground">{t('creator.picker.outsideMatch', { count: hidden })}</p>
            <div className="flex flex-wrap justify-center gap-2">
              <Button size="sm" onClick={onShowHidden}>
                <Eye aria-hidden="true" />
                {t('creator.picker.showHidden', { count: hidden })}
              </Button>
              <Button variant="outline" size="sm" onClick={onClearFilters}>
                {t('creator.picker.clearFilters')}
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="font-medium text-foreground">{t('creator.picker.noneFound')}</p>
            <Button variant="outline" size="sm" onClick={onClearFilters}>
              {t('creator.picker.clearFilters')}
            </Button>
          </>
        )}
      </div>
    )
  }
  return (
    <ul aria-label={t('creator.picker.resultsTitle', { layer })} className="grid gap-4 xl:grid-cols-2">
      {results.map((oil) => (
        <li key={oil.id}>
          <OilResultCard
            oil={oil}
            onSelect={onSelect}
            preferEffects={preferEffects}
            usedIn={layersUsing(composition, oil.id, layer)}
            onShelf={onShelf?.has(oil.id) ?? false}
          />
        </li>
      ))}
    </ul>
  )
}
