import { create } from 'zustand'
import type { JournalSort, JournalTab } from '#shared/domain/journal-list.ts'

/** Where the list was when a blend was opened: the way back returns there (journal-page.tsx). */
export interface ListPosition {
  blendId: number
  scrollY: number
}

interface JournalFilters {
  /** The search as typed; the list asks the server for it once typing pauses (blend-list.tsx). */
  search: string
  sort: JournalSort
  tab: JournalTab
  position: ListPosition | null
  setSearch: (search: string) => void
  setSort: (sort: JournalSort) => void
  setTab: (tab: JournalTab) => void
  setPosition: (position: ListPosition | null) => void
}

/**
 * The list's search, sort and tab, and its scroll position, survive opening a blend and coming
 * back; the pages already loaded stay in the query cache under the same search, sort and tab.
 */
export const useJournalFilters = create<JournalFilters>()((set) => ({
  search: '',
  sort: 'reference',
  tab: 'all',
  position: null,
  setSearch: (search) => set({ search }),
  setSort: (sort) => set({ sort }),
  setTab: (tab) => set({ tab }),
  setPosition: (position) => set({ position }),
}))

export const INITIAL_JOURNAL_FILTERS = { search: '', sort: 'reference', tab: 'all', position: null } as const
