import { useDeferredValue, useMemo } from 'react'
import { NotebookPen, Plus } from 'lucide-react'
import { Tabs } from 'radix-ui'
import type { SavedBlend } from '#shared/api/blends.ts'
import { JOURNAL_TAB_LABELS, JOURNAL_TABS, journalList, type JournalTab } from '#shared/domain/journal-list.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { cn } from '#client/lib/cn.ts'
import { useStartNewBlend } from '#client/lib/use-start-new-blend.ts'
import { useJournalFilters } from '#client/features/journal/stores/journal-filters.ts'
import { plural } from '#client/features/journal/lib/format.ts'
import { BlendCard, BlendSummaryCard } from '#client/features/journal/components/blend-card.tsx'
import { BlendListToolbar } from '#client/features/journal/components/blend-list-toolbar.tsx'
import { JournalHeading } from '#client/features/journal/components/journal-heading.tsx'
import { LoadError } from '#client/features/journal/components/load-error.tsx'
import { useBlends } from '#client/lib/blends.ts'

interface BlendListProps {
  onOpen: (blendId: number) => void
  onNewVersion: (blendId: number) => void
}

/**
 * The journal list (SPEC.md §2): sort, search, the All/Tested/Untested tabs, and the cards, a
 * page of 50 at a time so thousands of blends stay quick. The search runs in the browser on a
 * deferred value, so typing never waits for the list.
 */
export function BlendList({ onOpen, onNewVersion }: BlendListProps) {
  const blends = useBlends()
  const tab = useJournalFilters((s) => s.tab)
  const setTab = useJournalFilters((s) => s.setTab)

  return (
    <div className="flex flex-col gap-6">
      <JournalHeading title="Blend Journal">
        <p>Every blend you have saved, its versions, and how each one tested.</p>
      </JournalHeading>
      {blends.isPending ? (
        <div className="flex items-center gap-3 py-10 text-muted-foreground">
          <Spinner label="Loading your blends" />
          <span>Loading your blends...</span>
        </div>
      ) : blends.isError ? (
        <LoadError message="Your blends could not be loaded just now." onRetry={() => void blends.refetch()} />
      ) : blends.data.length === 0 ? (
        <EmptyJournal />
      ) : (
        <>
          <BlendListToolbar />
          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as JournalTab)} className="flex flex-col gap-4">
            <Tabs.List aria-label="Filter by testing status" className="inline-flex w-full rounded-lg bg-muted p-1 sm:w-auto sm:self-start">
              {JOURNAL_TABS.map((value) => (
                <Tabs.Trigger
                  key={value}
                  value={value}
                  className={cn(
                    'flex-1 cursor-pointer rounded-md px-4 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors sm:flex-none',
                    'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                    'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
                  )}
                >
                  {JOURNAL_TAB_LABELS[value]}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {JOURNAL_TABS.map((value) => (
              <Tabs.Content key={value} value={value} className="focus-visible:outline-none">
                {value === tab ? <BlendResults blends={blends.data} tab={value} onOpen={onOpen} onNewVersion={onNewVersion} /> : null}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </>
      )}
    </div>
  )
}

function BlendResults({ blends, tab, onOpen, onNewVersion }: BlendListProps & { blends: SavedBlend[]; tab: JournalTab }) {
  const search = useJournalFilters((s) => s.search)
  const sort = useJournalFilters((s) => s.sort)
  const shown = useJournalFilters((s) => s.shown)
  const showMore = useJournalFilters((s) => s.showMore)
  const setSearch = useJournalFilters((s) => s.setSearch)
  const deferredSearch = useDeferredValue(search)
  const list = useMemo(() => journalList(blends, { search: deferredSearch, sort, tab }), [blends, deferredSearch, sort, tab])
  const visible = list.slice(0, shown)
  const stale = deferredSearch !== search

  return (
    <div className={cn('flex flex-col gap-4 transition-opacity', stale && 'opacity-70')}>
      <p role="status" className="text-sm text-muted-foreground">
        {list.length > visible.length
          ? `Showing ${visible.length.toLocaleString()} of ${plural(list.length, 'blend')}`
          : plural(list.length, 'blend')}
      </p>
      {list.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-card border border-dashed border-border p-6 text-muted-foreground">
          {deferredSearch.trim() ? (
            <>
              <p>{`No blends match "${deferredSearch.trim()}".`}</p>
              <Button variant="outline" size="sm" onClick={() => setSearch('')}>
                Clear search
              </Button>
            </>
          ) : (
            <p>
              {tab === 'tested'
                ? 'No tested blends yet. Open a blend and add a test entry once it has rested.'
                : 'Every blend has at least one test entry.'}
            </p>
          )}
        </div>
      ) : (
        <ul className={cn('grid grid-cols-1 gap-4', tab === 'all' ? 'md:grid-cols-2' : 'sm:grid-cols-2 lg:grid-cols-3')}>
          {visible.map((blend) => (
            <li key={blend.id}>
              {tab === 'all' ? (
                <BlendCard blend={blend} onOpen={() => onOpen(blend.id)} onNewVersion={() => onNewVersion(blend.id)} />
              ) : (
                <BlendSummaryCard blend={blend} onOpen={() => onOpen(blend.id)} />
              )}
            </li>
          ))}
        </ul>
      )}
      {list.length > visible.length ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={showMore}>
            Show more
          </Button>
        </div>
      ) : null}
    </div>
  )
}

/** SPEC.md §2: 'No blends yet' with Create New Blend (resets the draft and opens the creator at /blend). */
function EmptyJournal() {
  const startNewBlend = useStartNewBlend()
  return (
    <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-border bg-card px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        <NotebookPen aria-hidden="true" className="size-6" />
      </span>
      <div>
        <h2 className="font-display text-2xl font-semibold text-foreground">No blends yet</h2>
        <p className="mt-2 max-w-md text-muted-foreground">
          Blends you save from the blend creator appear here, ready to version and test.
        </p>
      </div>
      <Button size="lg" onClick={startNewBlend}>
        <Plus aria-hidden="true" />
        Create New Blend
      </Button>
    </div>
  )
}
