import { Button } from '#client/components/ui/button.tsx'
import { SearchInput } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { ShelfFilterCheckbox } from '#client/components/shelf-filter-checkbox.tsx'
import type { GlossaryFilters } from '#client/features/glossary/lib/glossary-filter.ts'
import { useMessages } from '#client/lib/i18n.ts'
import { useVocabulary } from '#client/lib/vocabulary-words.ts'

interface Options {
  scentFamilies: readonly string[]
  noteTypes: readonly string[]
  effects: readonly string[]
}

/** Search by name, botanical or INCI name, three dropdowns, "On my shelf" when the user has a shelf, and Clear All. */
export function GlossaryFilterBar({
  filters,
  options,
  onChange,
  onClear,
  shelfFilter,
}: {
  filters: GlossaryFilters
  options: Options
  onChange: (patch: Partial<GlossaryFilters>) => void
  onClear: () => void
  /** The "On my shelf" checkbox; null hides it (signed out, or nothing on the shelf). */
  shelfFilter: { checked: boolean; onChange: (checked: boolean) => void } | null
}) {
  const t = useMessages()
  const words = useVocabulary()
  return (
    <div className="grid gap-4 rounded-card border border-border bg-card p-4 shadow-card sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end">
      <div className="flex flex-col gap-2 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="glossary-search">{t('glossary.filters.search')}</Label>
        <SearchInput
          id="glossary-search"
          placeholder={t('glossary.filters.searchPlaceholder')}
          value={filters.search}
          onChange={(event) => onChange({ search: event.target.value })}
        />
      </div>
      <Filter
        id="glossary-family"
        label={t('glossary.filters.family')}
        allLabel={t('glossary.filters.familyAll')}
        labelOf={words.family}
        value={filters.scentFamily}
        options={options.scentFamilies}
        onChange={(value) => onChange({ scentFamily: value as GlossaryFilters['scentFamily'] })}
      />
      <Filter
        id="glossary-note"
        label={t('glossary.filters.note')}
        allLabel={t('glossary.filters.noteAll')}
        labelOf={(note) => t(`glossary.note.${note}`)}
        value={filters.noteType}
        options={options.noteTypes}
        onChange={(value) => onChange({ noteType: value as GlossaryFilters['noteType'] })}
      />
      <Filter
        id="glossary-effect"
        label={t('glossary.filters.effect')}
        allLabel={t('glossary.filters.effectAll')}
        labelOf={words.effect}
        value={filters.effect}
        options={options.effects}
        onChange={(value) => onChange({ effect: value as GlossaryFilters['effect'] })}
      />
      <Button variant="outline" onClick={onClear}>
        {t('glossary.filters.clear')}
      </Button>
      {shelfFilter ? <ShelfFilterCheckbox className="sm:col-span-2 lg:col-span-5" {...shelfFilter} /> : null}
    </div>
  )
}

/** A labelled filter: one of the options, or every one with its "All ..." option (null). */
function Filter({
  id,
  label,
  allLabel,
  value,
  options,
  labelOf,
  onChange,
}: {
  id: string
  label: string
  allLabel: string
  /** An option's name as shown (its value stays the vocabulary's). */
  labelOf: (option: string) => string
  value: string | null
  options: readonly string[]
  onChange: (value: string | null) => void
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        className="w-full"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </Select>
    </div>
  )
}
