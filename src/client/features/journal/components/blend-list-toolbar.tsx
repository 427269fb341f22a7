import { JOURNAL_SORTS, type JournalSort } from '#shared/domain/journal-list.ts'
import { SearchInput } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { useJournalFilters } from '#client/features/journal/stores/journal-filters.ts'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/** The list's search box (name or any oil) and sort ('Reference Number', 'Name (A-Z)'). */
export function BlendListToolbar() {
  const t = useMessages()
  const search = useJournalFilters((s) => s.search)
  const sort = useJournalFilters((s) => s.sort)
  const setSearch = useJournalFilters((s) => s.setSearch)
  const setSort = useJournalFilters((s) => s.setSort)
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1.5">
        <Label htmlFor="journal-search">{t('journal.list.searchLabel')}</Label>
        <SearchInput
          id="journal-search"
          placeholder={t('journal.list.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5 sm:w-56">
        <Label htmlFor="journal-sort">{t('journal.list.sortLabel')}</Label>
        <Select id="journal-sort" className="w-full" value={sort} onChange={(event) => setSort(event.target.value as JournalSort)}>
          {JOURNAL_SORTS.map((value) => (
            <option key={value} value={value}>
              {t(`journal.list.sort.${value}`)}
            </option>
          ))}
        </Select>
      </div>
    </div>
  )
}
