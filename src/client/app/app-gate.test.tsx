import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Providers } from '#client/app/providers.tsx'
import { AppRoutes } from '#client/app/router.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { queryClient } from '#client/lib/query-client.ts'
import { sessionStore, setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'

function renderAt(path: string) {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  )
}

const user = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null }

describe('AppGate', () => {
  beforeEach(() => {
    sessionStore.setState({ status: 'loading' }, true)
    resetAuthClient()
    queryClient.clear()
    fakeFetch({
      'GET /api/auth-config': json({ google: false, sessionCheckIntervalMs: 120_000 }),
      'GET /api/auth/token': json({ token: fakeJwt('ada') }),
      'GET /api/blends': json({ items: [], nextCursor: null, counts: { all: 0, tested: 0, untested: 0 } }),
      'GET /api/me/summary': json({ blendCount: 0, testedCount: 0, recent: [] }),
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    setSignedOut()
  })

  it('shows a labelled spinner while the session loads', () => {
    renderAt('/journal')
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session')
  })

  it('still serves the public pages while the session loads', async () => {
    renderAt('/book')
    expect(await screen.findByRole('heading', { name: 'Essential Oil Blending Guide' })).toBeInTheDocument()
  })

  it('serves /reset-password whatever the session', async () => {
    renderAt('/reset-password?error=INVALID_TOKEN')
    expect(await screen.findByRole('heading', { level: 1, name: 'This reset link no longer works' })).toBeInTheDocument()
  })

  it.each([
    ['/', "Welcome to Accord! Let's create your first blend"],
    ['/journal', 'Blend Journal'],
    ['/calculator', 'Project Calculator'],
    ['/no-such-page', '404 Page Not Found'],
  ])('shows the signed-in page at %s', async (path, title) => {
    setSignedIn(user)
    renderAt(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument()
  })

  it('links home from the 404 page', async () => {
    setSignedIn(user)
    renderAt('/somewhere/else')
    await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/')
  })
})
