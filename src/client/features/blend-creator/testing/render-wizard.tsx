import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router'
import { ToastOutlet } from '#client/components/ui/toast.tsx'
import { BlendCreatorPage } from '#client/features/blend-creator/components/blend-creator-page.tsx'
import { INGREDIENTS_QUERY_KEY, OILS_QUERY_KEY } from '#client/lib/catalog.ts'
import { CATALOG_LIST } from '#tests/support/oil-fixtures.ts'

/** The blend creator at `path` in a memory router, with the test catalog, a journal stand-in and toasts. */
export function renderWizard(path = '/blend') {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        queryFn: async ({ queryKey }) => {
          throw new Error(`No fake for ${String(queryKey[0])}`)
        },
      },
    },
  })
  // The catalog as the app has it once fetched (never stale here, so never fetched).
  queryClient.setQueryData(OILS_QUERY_KEY, CATALOG_LIST)
  // No ingredients of the maker's own (decision 068).
  queryClient.setQueryData(INGREDIENTS_QUERY_KEY, { items: [] })
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/blend" element={<BlendCreatorPage />} />
          <Route path="/journal" element={<h1>Journal</h1>} />
        </Routes>
        <CurrentUrl />
        <BrowserButtons />
        <ToastOutlet />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

export const wizardHeading = (name: string) => screen.findByRole('heading', { level: 1, name })

/** The router's current URL, so a test can see where the page went. */
function CurrentUrl() {
  const { pathname, search } = useLocation()
  return <output aria-label="Current URL">{pathname + search}</output>
}
export const currentUrl = () => screen.getByRole('status', { name: 'Current URL' }).textContent

/** The browser's own Back and Forward, outside the page: 'Browser Back', 'Browser Forward'. */
function BrowserButtons() {
  const navigate = useNavigate()
  return (
    <>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser Back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        Browser Forward
      </button>
    </>
  )
}
