import { render } from '@testing-library/react'
import { useEffect } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { DataProviders } from '#client/app/data-providers.tsx'
import { createQueryClient } from '#client/lib/query-client.ts'
import { JournalPage } from '#client/features/journal/components/journal-page.tsx'

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
