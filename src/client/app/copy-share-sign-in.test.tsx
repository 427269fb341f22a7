import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Providers } from '#client/app/providers.tsx'
import { AppRoutes } from '#client/app/router.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { queryClient } from '#client/lib/query-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { stubPopoverDom } from '#client/testing/dom-stubs.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345'
const SHARED = {
  name: 'Cedar Evening',
  reference: '001a',
  layers: {
    top: [{ name: 'Bergamot', latinName: null, percentage: 30 }],
    middle: [{ name: 'Lavender', latinName: null, percentage: 50 }],
    base: [{ name: 'Atlas Cedarwood', latinName: null, percentage: 20 }],
  },
  effects: [],
  scentProfile: null,
  notes: null,
  sharedBy: null,
}

function renderAt(path: string) {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  )
}

describe('"Copy to my journal" from a share page, signed out', () => {
  beforeEach(() => {
    stubPopoverDom()
    resetAuthClient()
    queryClient.clear()
    setSignedOut()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    setSignedOut()
  })

  it('says what signing in is for, names the blend, and makes the copy once signed in', async () => {
    const api = fakeFetch({
      'GET /api/auth-config': json({ google: false, sessionCheckIntervalMs: 120_000 }),
      [`GET /api/shared/${TOKEN}`]: json(SHARED),
      'GET /api/auth/token': json({ token: fakeJwt('rhea') }),
      'GET /api/blends': json({ items: [], nextCursor: null, counts: { all: 0, tested: 0, untested: 0 } }),
      [`POST /api/shared/${TOKEN}/copy`]: json({ id: 9, name: 'Cedar Evening', reference: '001a' }, 201),
    })
    renderAt(`/journal?copyShare=${TOKEN}`)

    // Not just the marketing page: the sign-in opens at once, saying what it is for.
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to Accord' })
    expect(await within(dialog).findByText('Sign in or create an account to copy Cedar Evening')).toBeInTheDocument()
    // Switching to a new account keeps the reason.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create an account' }))
    expect(within(dialog).getByText('Sign in or create an account to copy Cedar Evening')).toBeInTheDocument()
    expect(api.callsTo(`POST /api/shared/${TOKEN}/copy`)).toHaveLength(0)

    // Closed, the bar above the page still says it and offers both ways in.
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const bar = screen.getAllByRole('status').find((el) => el.textContent === 'Sign in or create an account to copy Cedar Evening')
    expect(bar).toBeDefined()
    expect(screen.getByRole('button', { name: 'Sign in to copy' })).toBeInTheDocument()

    // Signed in (the address kept): the journal makes the copy.
    act(() => setSignedIn({ id: 'u2', email: 'rhea@example.com', displayName: 'Rhea Reader', photoURL: null }))
    await waitFor(() => expect(api.callsTo(`POST /api/shared/${TOKEN}/copy`)).toHaveLength(1))
  })

  it('asks for the sign-in even when the blend’s name cannot be read', async () => {
    fakeFetch({
      'GET /api/auth-config': json({ google: false, sessionCheckIntervalMs: 120_000 }),
      [`GET /api/shared/${TOKEN}`]: json({ error: { code: 'NOT_FOUND', message: 'No such link' } }, 404),
    })
    renderAt(`/journal?copyShare=${TOKEN}`)
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to Accord' })
    expect(within(dialog).getByText('Sign in or create an account to copy this blend')).toBeInTheDocument()
  })

  it('asks nothing on a plain visit to /journal', async () => {
    fakeFetch({ 'GET /api/auth-config': json({ google: false, sessionCheckIntervalMs: 120_000 }) })
    renderAt('/journal')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create beautiful essential oil blends with confidence' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByText(/to copy/)).toBeNull()
  })
})
