import { useDeferredValue, useMemo, useState } from 'react'
import { PageHeading } from '#client/components/page-heading.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { onShelfOnly } from '#shared/domain/oil-filter.ts'
import { useOils } from '#client/lib/catalog.ts'
import { useShelfOilIds } from '#client/lib/shelf-queries.ts'
import { GlossaryFilterBar } from '#client/features/glossary/components/glossary-filters.tsx'
import { GlossaryOilCard } from '#client/features/glossary/components/glossary-oil-card.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { useNameCollation, useOilName } from '#client/lib/oil-words.ts'
import { filterGlossary, filterOptions, NO_FILTERS, type GlossaryFilters } from '#client/features/glossary/lib/glossary-filter.ts'

export { wordsReady } from '#client/features/glossary/glossary-catalog.ts'

/** /glossary: the oil catalog, searchable and filterable (docs/product.md §2 "Glossary"). */
export function GlossaryPage() {
  const t = useMessages()
  const oils = useOils()
  const shelf = useShelfOilIds()
  const [filters, setFilters] = useState<GlossaryFilters>(NO_FILTERS)
  const [onlyShelf, setOnlyShelf] = useState(false)
  // The input stays responsive; the grid catches up on the next frame.
  const deferred = useDeferredValue(filters)
  const all = oils.data
  const narrowed = onlyShelf ? shelf : null
  // The names as shown: searched and sorted in the language shown (its names, its collation).
  const name = useOilName()
  const compare = useNameCollation()
  const shown = useMemo(
    () => filterGlossary(onShelfOnly(all ?? [], narrowed), deferred, { name, compare }),
    [all, narrowed, deferred, name, compare],
  )
  const options = useMemo(() => filterOptions(all ?? []), [all])

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={t('glossary.page.title')}>{t('glossary.page.lead')}</PageHeading>
      {oils.isPending ? (
        <Spinner label={t('glossary.page.loading')} />
      ) : oils.isError || !all ? (
        <p role="alert" className="text-muted-foreground">
          {t('glossary.page.error')}
        </p>
      ) : (
        <>
          <GlossaryFilterBar
            filters={filters}
            options={options}
            onChange={(patch) => setFilters((current) => ({ ...current, ...patch }))}
            onClear={() => {
              setFilters(NO_FILTERS)
              setOnlyShelf(false)
            }}
            shelfFilter={shelf ? { checked: onlyShelf, onChange: setOnlyShelf } : null}
          />
          <p role="status" className="text-sm text-muted-foreground">
            {t('glossary.page.showing', { shown: shown.length, total: all.length })}
          </p>
          {shown.length === 0 ? (
            <div className="rounded-card border border-dashed border-border p-10 text-center">
              <p className="font-medium text-foreground">{t('glossary.page.emptyTitle')}</p>
              <p className="text-sm text-muted-foreground">{t('glossary.page.emptyHint')}</p>
            </div>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((oil) => (
                <li key={oil.id} className="flex">
                  <GlossaryOilCard oil={oil} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  )
}
