import { create } from 'zustand'
import type { JournalSort, JournalTab } from '#shared/domain/journal-list.ts'

/** How many cards the list shows at first and adds with each "Show more" (thousands stay smooth). */
export const JOURNAL_PAGE_SIZE = 50

interface JournalFilters {
  search: string
  sort: JournalSort
  tab: JournalTab
  /** How many cards are shown; back to one page whenever the search, sort or tab changes. */
  shown: number
  setSearch: (search: string) => void
  setSort: (sort: JournalSort) => void
  setTab: (tab: JournalTab) => void
  showMore: () => void
}

/** The list's search, sort and tab survive opening a blend and coming back. */
export const useJournalFilters = create<JournalFilters>()((set) => ({
  search: '',
  sort: 'reference',
  tab: 'all',
  shown: JOURNAL_PAGE_SIZE,
  setSearch: (search) => set({ search, shown: JOURNAL_PAGE_SIZE }),
  setSort: (sort) => set({ sort, shown: JOURNAL_PAGE_SIZE }),
  setTab: (tab) => set({ tab, shown: JOURNAL_PAGE_SIZE }),
  showMore: () => set((s) => ({ shown: s.shown + JOURNAL_PAGE_SIZE })),
}))
