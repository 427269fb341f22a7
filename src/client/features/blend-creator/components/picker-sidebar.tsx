import { X } from 'lucide-react'
import { useRef } from 'react'
import type { PickerFilters } from '#shared/domain/oil-picker.ts'
import type { Effect, ScentFamily } from '#shared/domain/vocabulary.ts'
import { Button } from '#client/components/ui/button.tsx'
import { SearchInput } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { ShelfFilterCheckbox } from '#client/components/shelf-filter-checkbox.tsx'
import { cn } from '#client/lib/cn.ts'
import { useMessages } from '#client/lib/i18n.ts'

/** The picker's filters (docs/product.md §2 step 2 (c)): search, compatible family, and the effect checkbox. */
export function PickerSidebar({
  filters,
  onChange,
  familyOptions,
  startEffect,
  shelfFilter,
  className,
}: {
  filters: PickerFilters
  onChange: (filters: PickerFilters) => void
  familyOptions: ScentFamily[]
  /** The effect of the 'Show only {effect} oils' checkbox, or null when it is not offered. */
  startEffect: Effect | null
  /** The "On my shelf" checkbox; null hides it (signed out, or nothing on the shelf). */
  shelfFilter: { checked: boolean; onChange: (checked: boolean) => void } | null
  /** Replaces the card look (inside the phone's Filters sheet the sheet is the card). */
  className?: string
}) {
  const searchRef = useRef<HTMLInputElement>(null)
  const t = useMessages()
  return (
    <aside
      aria-label={t('creator.sidebar.label')}
      className={cn('flex flex-col gap-5', className ?? 'rounded-card border border-border bg-card p-5 shadow-card')}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor="picker-search">{t('creator.sidebar.search')}</Label>
        <SearchInput
          ref={searchRef}
          id="picker-search"
          placeholder={t('creator.sidebar.searchPlaceholder')}
          value={filters.search}
          onChange={(e) => onChange({ ...filters, search: e.target.value })}
        />
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={filters.search === ''}
          onClick={() => {
            onChange({ ...filters, search: '' })
            searchRef.current?.focus()
          }}
        >
          <X aria-hidden="true" />
          {t('creator.sidebar.clearSearch')}
        </Button>
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor="picker-family">{t('creator.sidebar.family')}</Label>
        <Select
          id="picker-family"
          className="w-full"
          value={filters.family ?? ''}
          onChange={(event) => onChange({ ...filters, family: familyOptions.find((family) => family === event.target.value) ?? null })}
        >
          <option value="">{t('creator.sidebar.allFamilies')}</option>
          {familyOptions.map((family) => (
            <option key={family} value={family}>
              {family}
            </option>
          ))}
        </Select>
      </div>

      {startEffect ? (
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            checked={filters.onlyStartEffect}
            onChange={(e) => onChange({ ...filters, onlyStartEffect: e.target.checked })}
          />
          <span className="font-medium text-foreground">{t('creator.sidebar.onlyEffect', { effect: startEffect })}</span>
        </label>
      ) : null}

      {shelfFilter ? <ShelfFilterCheckbox {...shelfFilter} /> : null}
    </aside>
  )
}
