import { render } from '@testing-library/react'
import { useEffect } from 'react'
import { afterEach, beforeEach, vi } from 'vitest'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { DataProviders } from '#client/app/data-providers.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { stubPopoverDom } from '#client/testing/dom-stubs.ts'
import { JournalPage } from '#client/features/journal/components/journal-page.tsx'
import { INITIAL_JOURNAL_FILTERS, useJournalFilters } from '#client/features/journal/stores/journal-filters.ts'

export const location: { current: ReturnType<typeof useLocation> | null } = { current: null }

function LocationProbe() {
  const current = useLocation()
  useEffect(() => {
    location.current = current
  })
  return null
}

/** The journal at `path` with a fresh cache, and /blend as a stand-in page. */
export function renderJournal(path = '/journal') {
  const queryClient = createQueryClient()
  const view = render(
    <DataProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/journal" element={<JournalPage />} />
          <Route path="/blend" element={<p>Blend creator</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </DataProviders>,
  )
  return { ...view, queryClient }
}

/**
 * The journal component tests' common state: a signed-in user with no token yet, default list
 * filters and popover-capable DOM before each test; real timers, no fetch stubs and no one signed
 * in after it. Call once at the top of a describe.
 */
export function setUpJournalTests(): void {
  beforeEach(() => {
    stubPopoverDom()
    resetAuthClient()
    useJournalFilters.setState(INITIAL_JOURNAL_FILTERS)
    setSignedIn({ id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.clearAllMocks()
    setSignedOut()
  })
}
