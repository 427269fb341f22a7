import { useDeferredValue, useEffect, useState } from 'react'
import { NotebookPen, Plus } from 'lucide-react'
import { Tabs } from 'radix-ui'
import type { BlendCounts } from '#shared/api/blend-list.ts'
import { JOURNAL_TABS, type JournalTab } from '#shared/domain/journal-list.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { itemsOf, useBlendPages } from '#client/lib/blend-queries.ts'
import { cn } from '#client/lib/cn.ts'
import { useStartNewBlend } from '#client/lib/use-start-new-blend.ts'
import { useProgressiveList } from '#client/lib/use-progressive-list.ts'
import { useJournalFilters } from '#client/features/journal/stores/journal-filters.ts'
import { BlendCard, BlendSummaryCard } from '#client/features/journal/components/blend-card.tsx'
import { BlendListToolbar } from '#client/features/journal/components/blend-list-toolbar.tsx'
import { JournalHeading } from '#client/features/journal/components/journal-heading.tsx'
import { LoadError } from '#client/components/load-error.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import '#client/features/journal/journal-catalog.ts'

/** How many cards render at once on the journal's first appearance; the rest follow just after. */
const FIRST_CARDS = 6

/** How long typing must pause before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 250

interface BlendListProps {
  onOpen: (blendId: number) => void
  onNewVersion: (blendId: number) => void
}

/**
 * The journal list (docs/product.md §2, "Journal"): sort, search, the All/Tested/Untested tabs with
 * their counts, and the cards, a page of 50 at a time from the server (GET /api/blends), which
 * searches, sorts and filters. "Show more" adds the next page; the pages stay cached per search,
 * sort and tab, so coming back from a blend finds them.
 */
export function BlendList({ onOpen, onNewVersion }: BlendListProps) {
  const t = useMessages()
  const q = useListSearch()
  const sort = useJournalFilters((s) => s.sort)
  const tab = useJournalFilters((s) => s.tab)
  const setTab = useJournalFilters((s) => s.setTab)
  const setSearch = useJournalFilters((s) => s.setSearch)
  const pages = useBlendPages({ q, sort, status: tab })
  // A page of cards that arrives renders in the background, in short slices, so the phone answers
  // a tap meanwhile instead of running one long task (Total Blocking Time, docs/quality.md).
  const data = useDeferredValue(pages.data)
  const first = data?.pages[0]
  const counts = first?.counts

  return (
    <div className="flex flex-col gap-6">
      <JournalListHeading />
      {data === undefined && !pages.isError ? (
        <div className="flex items-center gap-3 py-10 text-muted-foreground">
          <Spinner label={t('journal.list.loadingLabel')} />
          <span>{t('journal.list.loading')}</span>
        </div>
      ) : pages.isError && !first ? (
        <LoadError message={t('journal.list.loadFailed')} error={pages.error} onRetry={() => void pages.refetch()} />
      ) : counts && counts.all === 0 && q === '' && !pages.isPlaceholderData ? (
        <EmptyJournal />
      ) : (
        <>
          <BlendListToolbar />
          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as JournalTab)} className="flex flex-col gap-4">
            <Tabs.List
              aria-label={t('journal.list.filterLabel')}
              className="inline-flex w-full rounded-lg bg-muted p-1 sm:w-auto sm:self-start"
            >
              {JOURNAL_TABS.map((value) => (
                <Tabs.Trigger
                  key={value}
                  value={value}
                  className={cn(
                    'inline-flex min-w-0 flex-1 cursor-pointer flex-wrap items-center justify-center gap-x-1.5 rounded-md px-2 py-2 text-center text-sm font-medium text-muted-foreground transition-colors sm:flex-none sm:flex-nowrap sm:px-4 sm:whitespace-nowrap',
                    'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                    'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
                  )}
                >
                  {t(`journal.list.tab.${value}`)}
                  {counts ? (
                    <>
                      {' '}
                      <TabCount count={counts[value]} />
                    </>
                  ) : null}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {JOURNAL_TABS.map((value) => (
              <Tabs.Content key={value} value={value} className="focus-visible:outline-none">
                {value === tab ? (
                  <BlendResults
                    pages={pages}
                    data={data}
                    tab={value}
                    search={q}
                    counts={counts}
                    onClearSearch={() => setSearch('')}
                    onOpen={onOpen}
                    onNewVersion={onNewVersion}
                  />
                ) : null}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </>
      )}
    </div>
  )
}

/**
 * The search the list asks the server for: what was typed, once typing pauses; clearing it shows
 * every blend at once. Only the search box re-renders as each key is typed, not the list and its
 * cards (each key is an interaction the phone must answer at once: INP, docs/quality.md).
 */
function useListSearch(): string {
  const [q, setQ] = useState(() => useJournalFilters.getState().search.trim())
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const unsubscribe = useJournalFilters.subscribe((state, previous) => {
      if (state.search === previous.search) return
      clearTimeout(timer)
      const next = state.search.trim()
      if (next === '') setQ('')
      else timer = setTimeout(() => setQ(next), SEARCH_DEBOUNCE_MS)
    })
    return () => {
      clearTimeout(timer)
      unsubscribe()
    }
  }, [])
  return q
}

/**
 * The list's heading and introduction; `painted`: as the server paints them (app/painted-pages.tsx,
 * drawn by the build in each language).
 */
export function JournalListHeading({ painted = false }: { painted?: boolean }) {
  const t = useMessages()
  return (
    <JournalHeading title={t('journal.list.title')} painted={painted}>
      <p>{t('journal.list.intro')}</p>
    </JournalHeading>
  )
}

function TabCount({ count }: { count: number }) {
  return <span className="rounded-full bg-background/70 px-1.5 text-xs text-muted-foreground tabular-nums">{count.toLocaleString()}</span>
}

function BlendResults({
  pages,
  data,
  tab,
  search,
  counts,
  onClearSearch,
  onOpen,
  onNewVersion,
}: BlendListProps & {
  pages: ReturnType<typeof useBlendPages>
  data: ReturnType<typeof useBlendPages>['data']
  tab: JournalTab
  search: string
  counts: BlendCounts | undefined
  onClearSearch: () => void
}) {
  const t = useMessages()
  const items = itemsOf(data)
  // The cards a phone shows first, then the rest of the page just after (use-progressive-list.ts).
  const cards = useProgressiveList('journal', items, FIRST_CARDS)
  const total = counts?.[tab] ?? items.length
  // A new search, sort or tab shows the previous results, dimmed, until its first page arrives.
  const stale = pages.isPlaceholderData

  return (
    <div className={cn('flex flex-col gap-4 transition-opacity', stale && 'opacity-70')} aria-busy={stale || pages.isFetchingNextPage}>
      <p role="status" className="text-sm text-muted-foreground">
        {total > items.length ? t('journal.list.showing', { shown: items.length, total }) : t('journal.list.count', { total })}
      </p>
      {items.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-card border border-dashed border-border p-6 text-muted-foreground">
          {search ? (
            <>
              <p>{t('journal.list.noMatch', { search })}</p>
              <Button variant="outline" size="sm" onClick={onClearSearch}>
                {t('journal.list.clearSearch')}
              </Button>
            </>
          ) : (
            <p>{tab === 'tested' ? t('journal.list.noTested') : t('journal.list.noUntested')}</p>
          )}
        </div>
      ) : (
        <ul className={cn('grid grid-cols-1 gap-4', tab === 'all' ? 'md:grid-cols-2' : 'sm:grid-cols-2 lg:grid-cols-3')}>
          {cards.map((blend) => (
            // Cards off screen are neither styled nor laid out until they come near it.
            <li key={blend.id} className="[contain-intrinsic-size:auto_16rem] [content-visibility:auto]">
              {tab === 'all' ? (
                <BlendCard blend={blend} onOpen={() => onOpen(blend.id)} onNewVersion={() => onNewVersion(blend.id)} />
              ) : (
                <BlendSummaryCard blend={blend} onOpen={() => onOpen(blend.id)} />
              )}
            </li>
          ))}
        </ul>
      )}
      {pages.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('journal.list.moreFailed')}
        </p>
      ) : null}
      {pages.hasNextPage && !stale ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage
              ? t('journal.list.loadingMore')
              : pages.isFetchNextPageError
                ? t('journal.list.tryAgain')
                : t('journal.list.showMore')}
          </Button>
        </div>
      ) : null}
    </div>
  )
}

/** docs/product.md §2: 'No blends yet' with Create New Blend (resets the draft and opens the creator at /blend). */
function EmptyJournal() {
  const t = useMessages()
  const startNewBlend = useStartNewBlend()
  return (
    <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-border bg-card px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        <NotebookPen aria-hidden="true" className="size-6" />
      </span>
      <div>
        <h2 className="font-display text-2xl font-semibold text-foreground">{t('journal.list.emptyTitle')}</h2>
        <p className="mt-2 max-w-md text-muted-foreground">{t('journal.list.emptyText')}</p>
      </div>
      <Button size="lg" onClick={startNewBlend}>
        <Plus aria-hidden="true" />
        {t('journal.list.createNew')}
      </Button>
    </div>
  )
}
