import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { lazy, Suspense } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppShell } from '#client/app/app-shell.tsx'
import { AppErrorBoundary } from '#client/app/error-boundary.tsx'
import { Providers } from '#client/app/providers.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { queryClient } from '#client/lib/query-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { stubPopoverDom } from '#client/testing/dom-stubs.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'

const loadPage = vi.hoisted(() => vi.fn())
vi.mock('#client/lib/load-page.ts', () => ({ loadPage }))

const RENDER_FAILURE = new Error('render failed')
function Boom(): never {
  throw RENDER_FAILURE
}

/** React reports every error a boundary catches with console.error: here that is expected, and checked. */
function expectReportedErrors() {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
  return {
    reported: (error: unknown) => spy.mock.calls.flat().includes(error),
    restore: () => spy.mockRestore(),
  }
}

let reports: ReturnType<typeof expectReportedErrors>
beforeEach(() => {
  loadPage.mockReset()
  reports = expectReportedErrors()
})
afterEach(() => reports.restore())

describe('the root error boundary', () => {
  it('shows a recoverable screen instead of a blank page when a component throws, and Reload reloads', async () => {
    render(
      <MemoryRouter initialEntries={['/somewhere?x=1']}>
        <AppErrorBoundary>
          <Boom />
        </AppErrorBoundary>
      </MemoryRouter>,
    )
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
    expect(alert).toHaveTextContent('Reload to try again.')
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }))
    expect(loadPage).toHaveBeenCalledWith(window.location.href)
    expect(reports.reported(RENDER_FAILURE)).toBe(true)
  })

  it('says the page could not be loaded when a lazy page’s import rejects (e.g. after a deploy)', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/journal-page-abc123.js')
    const Page = lazy(() => Promise.reject<{ default: () => null }>(failure))
    render(
      <MemoryRouter>
        <AppErrorBoundary>
          <Suspense fallback={<p>Loading</p>}>
            <Page />
          </Suspense>
        </AppErrorBoundary>
      </MemoryRouter>,
    )
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
    expect(alert).toHaveTextContent('Reload to try again.')
    expect(reports.reported(failure)).toBe(true)
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }))
    expect(loadPage).toHaveBeenCalledTimes(1)
  })
})

describe('inside the signed-in shell', () => {
  beforeEach(() => {
    stubPopoverDom()
    resetAuthClient()
    queryClient.clear()
    setSignedIn({ id: 'u1', email: 'ada@example.com', displayName: 'Ada Lovelace', photoURL: null })
    fakeFetch({
      'GET /api/auth-config': json({ google: false, sessionCheckIntervalMs: 120_000 }),
      'GET /api/auth/token': json({ token: fakeJwt('ada') }),
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    setSignedOut()
  })

  it('keeps the header, and the next page renders again after navigating away', async () => {
    const Journal = lazy(() => Promise.reject<{ default: () => null }>(new TypeError('Failed to fetch dynamically imported module')))
    render(
      <Providers>
        <MemoryRouter initialEntries={['/glossary']}>
          <AppShell>
            <Routes>
              <Route path="/glossary" element={<Boom />} />
              <Route path="/journal" element={<Journal />} />
              <Route path="/calculator" element={<h1>Calculator</h1>} />
            </Routes>
          </AppShell>
        </MemoryRouter>
      </Providers>,
    )
    const main = await screen.findByRole('main')
    expect(await within(main).findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Main' })

    await userEvent.click(within(nav).getByRole('link', { name: /Journal/ }))
    expect(await within(main).findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()

    await userEvent.click(within(nav).getByRole('link', { name: /Calculator/ }))
    expect(await within(main).findByRole('heading', { level: 1, name: 'Calculator' })).toBeInTheDocument()
    expect(within(main).queryByRole('alert')).not.toBeInTheDocument()
  })
})
