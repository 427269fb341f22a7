import { useDeferredValue, useMemo, useState } from 'react'
import { PageHeading } from '#client/components/page-heading.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { onShelfOnly } from '#shared/domain/oil-filter.ts'
import { useOils } from '#client/lib/catalog.ts'
import { useShelfOilIds } from '#client/lib/shelf-queries.ts'
import { GlossaryFilterBar } from '#client/features/glossary/components/glossary-filters.tsx'
import { GlossaryOilCard } from '#client/features/glossary/components/glossary-oil-card.tsx'
import { filterGlossary, filterOptions, NO_FILTERS, type GlossaryFilters } from '#client/features/glossary/lib/glossary-filter.ts'

/** /glossary: the oil catalog, searchable and filterable (docs/product.md §2 "Glossary"). */
export function GlossaryPage() {
  const oils = useOils()
  const shelf = useShelfOilIds()
  const [filters, setFilters] = useState<GlossaryFilters>(NO_FILTERS)
  const [onlyShelf, setOnlyShelf] = useState(false)
  // The input stays responsive; the grid catches up on the next frame.
  const deferred = useDeferredValue(filters)
  const all = oils.data
  const narrowed = onlyShelf ? shelf : null
  const shown = useMemo(() => filterGlossary(onShelfOnly(all ?? [], narrowed), deferred), [all, narrowed, deferred])
  const options = useMemo(() => filterOptions(all ?? []), [all])

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Oil Glossary">
        Every oil in the catalog: where it sits in a blend, what it smells like, what it pairs with, and any published safety limits.
      </PageHeading>
      {oils.isPending ? (
        <Spinner label="Loading oils" />
      ) : oils.isError || !all ? (
        <p role="alert" className="text-muted-foreground">
          The oils could not be loaded just now. Please try again.
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
            Showing {shown.length} of {all.length} essential oils
          </p>
          {shown.length === 0 ? (
            <div className="rounded-card border border-dashed border-border p-10 text-center">
              <p className="font-medium text-foreground">No oils found</p>
              <p className="text-sm text-muted-foreground">Try another search, or Clear All to see every oil.</p>
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
