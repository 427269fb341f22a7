import { useEffect } from 'react'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Providers } from '#client/app/providers.tsx'
import { AppRoutes } from '#client/app/router.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import { SETTINGS_QUERY_KEY } from '#client/lib/settings-query-key.ts'
import { queryClient } from '#client/lib/query-client.ts'
import { sessionStore, setSignedIn, setSignedOut, type SessionUser } from '#client/lib/session.ts'
import { stubPopoverDom } from '#client/testing/dom-stubs.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'

const loadPage = vi.hoisted(() => vi.fn())
vi.mock('#client/lib/load-page.ts', () => ({ loadPage }))

const probe: { location: ReturnType<typeof useLocation> | null } = { location: null }
function LocationProbe() {
  const current = useLocation()
  useEffect(() => {
    probe.location = current
  })
  return null
}

function renderAt(path: string) {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  )
}

const ada: SessionUser = { id: 'u1', email: 'ada@example.com', displayName: 'Ada Lovelace', photoURL: null }

function api(overrides: Parameters<typeof fakeFetch>[0] = {}) {
  return fakeFetch({
    'GET /api/auth-config': json({ google: false, sessionCheckIntervalMs: 120_000 }),
    'GET /api/auth/token': json({ token: fakeJwt('ada') }),
    'GET /api/blends': json({ items: [], nextCursor: null, counts: { all: 0, tested: 0, untested: 0 } }),
    'GET /api/me/summary': json({ blendCount: 0, testedCount: 0, recent: [] }),
    'POST /api/auth/sign-out': json({ success: true }),
    ...overrides,
  })
}

describe('the signed-in shell', () => {
  beforeEach(() => {
    stubPopoverDom()
    resetAuthClient()
    queryClient.clear()
    loadPage.mockReset()
    setSignedIn(ada)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    setSignedOut()
  })

  it('has a logo link home, New Blend and the six page links', async () => {
    api()
    renderAt('/')
    await screen.findByRole('heading', { level: 1 })
    expect(screen.getByRole('link', { name: 'Accord home' })).toHaveAttribute('href', '/')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/journal', '/glossary', '/guidelines', '/testing', '/calculator', '/shelf'])
  })

  it('New Blend resets the blend draft, then goes to /blend', async () => {
    api()
    const reset = vi.fn()
    window.addEventListener('resetBlendDraft', reset)
    renderAt('/journal')
    await userEvent.click(await screen.findByRole('button', { name: 'New Blend' }))
    expect(reset).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(probe.location?.pathname).toBe('/blend'))
    expect(probe.location?.state).toEqual({ resetBlendDraft: true })
    window.removeEventListener('resetBlendDraft', reset)
  })

  it('New Blend asks first about a named, unsaved draft, with the summary’s dialog', async () => {
    api()
    const reset = vi.fn()
    window.addEventListener('resetBlendDraft', reset)
    // A draft named and noted, its base not chosen yet, as the blend creator stores it.
    const draft = {
      currentStep: 2,
      startingPoint: { type: 'note-type', value: 'Top' },
      composition: { topNote: null, middleNote: null, baseNote: null, topPercentage: 30, middlePercentage: 50, basePercentage: 20 },
      blendName: 'Harbour Dusk',
      notes: 'Lemon was too sharp; try bergamot',
    }
    localStorage.setItem('accord-blend-draft', JSON.stringify({ state: draft, version: 1 }))
    try {
      renderAt('/journal')
      await userEvent.click(await screen.findByRole('button', { name: 'New Blend' }))
      const dialog = await screen.findByRole('dialog', { name: 'Discard this blend?' })
      expect(dialog).toHaveTextContent('“Harbour Dusk” is not saved. Starting a new blend discards its oils, proportions and notes.')
      expect(reset).not.toHaveBeenCalled()
      expect(probe.location?.pathname).toBe('/journal')

      await userEvent.click(within(dialog).getByRole('button', { name: 'Keep this blend' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      expect(reset).not.toHaveBeenCalled()
      expect(probe.location?.pathname).toBe('/journal')

      await userEvent.click(screen.getByRole('button', { name: 'New Blend' }))
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Discard this blend?' })).getByRole('button', { name: 'Discard and start over' }),
      )
      expect(reset).toHaveBeenCalledTimes(1)
      await waitFor(() => expect(probe.location?.pathname).toBe('/blend'))
    } finally {
      window.removeEventListener('resetBlendDraft', reset)
      localStorage.clear()
    }
  })

  it('New Blend does not ask about a draft with nothing typed and no oils', async () => {
    api()
    const reset = vi.fn()
    window.addEventListener('resetBlendDraft', reset)
    const draft = {
      currentStep: 2,
      startingPoint: { type: 'note-type', value: 'Top' },
      composition: { topNote: null, middleNote: null, baseNote: null, topPercentage: 30, middlePercentage: 50, basePercentage: 20 },
      blendName: '   ',
      notes: '',
    }
    localStorage.setItem('accord-blend-draft', JSON.stringify({ state: draft, version: 1 }))
    try {
      renderAt('/journal')
      await userEvent.click(await screen.findByRole('button', { name: 'New Blend' }))
      expect(reset).toHaveBeenCalledTimes(1)
      expect(screen.queryByRole('dialog')).toBeNull()
    } finally {
      window.removeEventListener('resetBlendDraft', reset)
      localStorage.clear()
    }
  })

  it('the journal link fires the journal reset', async () => {
    api()
    const reset = vi.fn()
    window.addEventListener('resetJournalState', reset)
    renderAt('/')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    await userEvent.click(within(nav).getByRole('link', { name: 'Journal' }))
    expect(reset).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(probe.location?.pathname).toBe('/journal'))
    window.removeEventListener('resetJournalState', reset)
  })

  it('offers the page links in a Menu for small screens', async () => {
    api()
    renderAt('/')
    await userEvent.click(await screen.findByRole('button', { name: 'Menu' }))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Journal', 'Glossary', 'Guidelines', 'Testing', 'Calculator', 'Shelf', 'Scan a code'])
    // The scanner at the bench opens on the shelf (docs/product.md "QR codes at the bench").
    expect(within(menu).getByRole('menuitem', { name: 'Scan a code' })).toHaveAttribute('href', '/shelf?scan=1')
  })

  it('the avatar menu names the user and signs out', async () => {
    const calls = api()
    renderAt('/journal')
    const trigger = await screen.findByRole('button', { name: 'Account menu' })
    expect(trigger).toHaveTextContent('A')
    await userEvent.click(trigger)
    const menu = await screen.findByRole('menu')
    expect(menu).toHaveTextContent('Ada Lovelace')
    expect(menu).toHaveTextContent('ada@example.com')
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }))
    await waitFor(() => expect(probe.location?.pathname).toBe('/'))
    expect(sessionStore.getState().status).toBe('signed-out')
    expect(calls.callsTo('POST /api/auth/sign-out')).toHaveLength(1)
  })

  it('the avatar menu offers System, Light and Dark, keeps the page in the accessibility tree, and stays open on a choice', async () => {
    api()
    renderAt('/journal')
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }))
    const menu = await screen.findByRole('menu')
    const theme = within(menu).getByRole('group', { name: 'Theme' })
    expect(
      within(theme)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['System', 'Light', 'Dark'])
    expect(within(theme).getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true')
    // Non-modal: nothing outside the menu is hidden from assistive technology.
    expect(document.querySelector('[aria-hidden="true"] a, [aria-hidden="true"] button')).toBeNull()
    await userEvent.click(within(theme).getByRole('menuitemradio', { name: 'Dark' }))
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark')
    expect(within(menu).getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true')
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'System' }))
    expect(document.documentElement).not.toHaveAttribute('data-theme')
  })

  it('the avatar menu’s Language list saves the choice with the account and shows it at once (decision 093)', async () => {
    const saved = { currency: null, language: 'de' }
    const calls = api({ 'PUT /api/me/settings': json(saved) })
    renderAt('/journal')
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }))
    const menu = await screen.findByRole('menu')
    const languages = within(menu).getByRole('group', { name: 'Language' })
    // Each language named in itself; the one shown is checked.
    expect(
      within(languages)
        .getAllByRole('menuitemradio')
        .map((item) => [item.textContent, item.getAttribute('lang'), item.getAttribute('aria-checked')]),
    ).toEqual([
      ['English', 'en', 'true'],
      ['Deutsch', 'de', 'false'],
      ['Français', 'fr', 'false'],
      ['Español', 'es', 'false'],
      ['Italiano', 'it', 'false'],
    ])
    await userEvent.click(within(languages).getByRole('menuitemradio', { name: 'Deutsch' }))
    // Shown at once, the menu kept open.
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Abmelden' })).toBeInTheDocument())
    expect(within(menu).getByRole('group', { name: 'Sprache' })).toBeInTheDocument()
    expect(within(menu).getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('aria-checked', 'true')
    expect(document.documentElement.lang).toBe('de')
    expect(calls.callsTo('PUT /api/me/settings').map((c) => c.body)).toEqual([{ language: 'de' }])
    await waitFor(() => expect(localStorage.getItem('accord-language')).toBe('de'))
    await activateLanguage('en')
    localStorage.clear()
  })

  it('speaks German in the whole shell once German is chosen: the header, its menus, the footer and the 404 page', async () => {
    api()
    await activateLanguage('de')
    try {
      renderAt('/no-such-page')
      expect(await screen.findByRole('heading', { level: 1, name: '404 Seite nicht gefunden' })).toBeInTheDocument()
      expect(screen.getByText('Unter dieser Adresse gibt es keine Seite.')).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/')
      const nav = screen.getByRole('navigation', { name: 'Hauptmenü' })
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Journal', 'Glossar', 'Anleitungen', 'Testen', 'Rechner', 'Regal'])
      expect(screen.getByRole('button', { name: /Neue Mischung/ })).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Zum Inhalt springen' })).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Accord-Startseite' })).toBeInTheDocument()
      await userEvent.click(screen.getByRole('button', { name: 'Menü' }))
      const menu = await screen.findByRole('menu')
      expect(menu).toHaveAttribute('aria-label', 'Hauptmenü')
      expect(within(menu).getByRole('menuitem', { name: 'Rechner' })).toHaveAttribute('href', '/calculator')
      expect(within(menu).getByRole('menuitem', { name: 'Code scannen' })).toBeInTheDocument()
      await userEvent.keyboard('{Escape}')
      expect(screen.getByRole('button', { name: 'Kontomenü' })).toBeInTheDocument()
      const footer = screen.getByRole('contentinfo')
      expect(footer).toHaveTextContent('Mischungen aus ätherischen Ölen entwerfen, festhalten und testen')
      expect(footer).toHaveTextContent('Alle Rechte vorbehalten.')
      expect(within(footer).getByRole('navigation', { name: 'Fußzeile' })).toHaveTextContent('Mischungsdesigner')
      expect(footer).toHaveTextContent('Demnächst')
      expect(footer).not.toHaveTextContent(/Share blends|Coming soon|All rights reserved/)
    } finally {
      await activateLanguage('en')
    }
  })

  it('shows the account’s language once its settings are read, over the device’s choice, and keeps it on the device', async () => {
    api()
    localStorage.setItem('accord-language', 'it')
    renderAt('/journal')
    await screen.findByRole('button', { name: 'Account menu' })
    act(() => queryClient.setQueryData(SETTINGS_QUERY_KEY, { currency: null, language: 'fr' }))
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'))
    expect(localStorage.getItem('accord-language')).toBe('fr')
    await activateLanguage('en')
    localStorage.clear()
  })

  it('the avatar menu goes back to the language it showed, and says so, when the account refuses the choice', async () => {
    api({ 'PUT /api/me/settings': json({ error: { code: 'INTERNAL', message: 'Down' } }, 500) })
    renderAt('/journal')
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }))
    const menu = await screen.findByRole('menu')
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Italiano' }))
    expect(await screen.findByText('The language could not be saved. Please try again.')).toBeInTheDocument()
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true')
    expect(document.documentElement.lang).toBe('en')
    expect(localStorage.getItem('accord-language')).toBeNull()
  })

  it("shows 'User' in the menu when there is no display name", async () => {
    api()
    setSignedIn({ ...ada, displayName: null })
    renderAt('/')
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }))
    expect(await screen.findByRole('menu')).toHaveTextContent('User')
  })

  it('has a footer with the community (sharing explained, the rest coming soon), the blend creator link and the current year', async () => {
    api()
    renderAt('/')
    const footer = await screen.findByRole('contentinfo')
    for (const item of ['Share blends', 'Forums', 'Newsletter']) expect(footer).toHaveTextContent(item)
    expect(within(footer).getAllByText('Coming soon')).toHaveLength(2)
    expect(within(footer).getByRole('link', { name: 'Share blends' })).toHaveAttribute('href', '/journal')
    expect(footer).toHaveTextContent('Open a blend in your journal and choose Share to make a read-only link.')
    expect(within(footer).getByRole('link', { name: 'Blend creator' })).toHaveAttribute('href', '/')
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Accord`)
  })
})

describe('home', () => {
  beforeEach(() => {
    stubPopoverDom()
    resetAuthClient()
    queryClient.clear()
    setSignedIn(ada)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    setSignedOut()
  })

  it('invites the first blend when there are none', async () => {
    api()
    renderAt('/')
    expect(await screen.findByRole('heading', { level: 1, name: "Welcome to Accord! Let's create your first blend" }))
    expect(screen.getByRole('heading', { name: 'Ready to Start Blending?' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Create Your First Blend' }))
    await waitFor(() => expect(probe.location?.pathname).toBe('/blend'))
  })

  it('counts the blends in the collection', async () => {
    api({ 'GET /api/me/summary': json({ blendCount: 3, testedCount: 0, recent: [] }) })
    renderAt('/')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back! You have 3 blend(s) in your collection' }),
    ).toBeInTheDocument()
    expect(screen.queryByText('Ready to Start Blending?')).not.toBeInTheDocument()
  })

  it('links six cards to their pages', async () => {
    api()
    renderAt('/')
    await screen.findByRole('heading', { level: 1, name: /Welcome/ })
    const main = screen.getByRole('main')
    const cards = [
      ['Create New Blend', '/blend'],
      ['Blend Journal', '/journal'],
      ['Project Calculator', '/calculator'],
      ['Oil Glossary', '/glossary'],
      ['Blending Guidelines', '/guidelines'],
      ['Testing Guide', '/testing'],
    ]
    for (const [name, href] of cards) {
      expect(within(main).getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href)
    }
  })
})

describe('the session banner', () => {
  beforeEach(() => {
    stubPopoverDom()
    resetAuthClient()
    queryClient.clear()
    loadPage.mockReset()
    setSignedIn(ada)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    setSignedOut()
  })

  const expiredSession = json({ error: { code: 'UNAUTHENTICATED', message: 'User not authenticated. Please sign in.' } }, 401)

  it('appears when the check on sign-in finds the session ended', async () => {
    api({ 'GET /api/auth/token': expiredSession })
    renderAt('/')
    expect(await screen.findByRole('heading', { name: 'Authentication Session Expired' })).toBeInTheDocument()
    expect(
      screen.getByText('Your login session has expired. Please refresh your authentication to save blends and access your data.'),
    ).toBeInTheDocument()
  })

  it('stays hidden while the session is fine', async () => {
    const calls = api()
    renderAt('/')
    await waitFor(() => expect(calls.callsTo('GET /api/auth/token').length).toBeGreaterThan(0))
    expect(screen.queryByText('Authentication Session Expired')).not.toBeInTheDocument()
  })

  /** GET /api/auth/get-session's answer while `userId`'s session holds. */
  const sessionOf = (userId: string) =>
    json({ session: { id: 's1', userId, expiresAt: '2099-01-01T00:00:00.000Z' }, user: { id: userId, name: 'Ada', email: ada.email } })

  it('checks again every sessionCheckIntervalMs, through the cookie, reusing one token until near its expiry', async () => {
    const calls = api({
      'GET /api/auth-config': json({ google: false, sessionCheckIntervalMs: 1000 }),
      'GET /api/auth/get-session': [sessionOf(ada.id), sessionOf(ada.id), json(null)],
    })
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderAt('/journal')
    await waitFor(() => expect(calls.callsTo('GET /api/auth/token').length).toBeGreaterThan(0))
    expect(screen.queryByText('Authentication Session Expired')).not.toBeInTheDocument()
    // Three intervals on the fake clock: the third check finds the session gone.
    for (let i = 0; i < 3; i++) await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(await screen.findByRole('heading', { name: 'Authentication Session Expired' })).toBeInTheDocument()
    expect(calls.callsTo('GET /api/auth/get-session')).toHaveLength(3)
    // The token of the first read served the whole time (it lives 15 minutes): a check asks for none (issue 34).
    expect(calls.callsTo('GET /api/auth/token')).toHaveLength(1)
  })

  it('counts a session check that finds another user signed in as the session ended', async () => {
    const calls = api({
      'GET /api/auth-config': json({ google: false, sessionCheckIntervalMs: 1000 }),
      'GET /api/auth/get-session': sessionOf('u2'),
    })
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderAt('/journal')
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(await screen.findByRole('heading', { name: 'Authentication Session Expired' })).toBeInTheDocument()
    expect(calls.callsTo('GET /api/auth/get-session')).toHaveLength(1)
  })

  it('keeps quiet when a check gets no answer (offline says nothing of the session)', async () => {
    const calls = api({
      'GET /api/auth-config': json({ google: false, sessionCheckIntervalMs: 1000 }),
      'GET /api/auth/get-session': () => Promise.reject(new TypeError('Failed to fetch')),
    })
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderAt('/journal')
    for (let i = 0; i < 2; i++) await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(calls.callsTo('GET /api/auth/get-session')).toHaveLength(2)
    expect(screen.queryByText('Authentication Session Expired')).not.toBeInTheDocument()
  })

  it('hides when Refresh Authentication gets a new token', async () => {
    api({ 'GET /api/auth/token': [expiredSession, json({ token: fakeJwt('ada') })] })
    renderAt('/journal')
    const refresh = await screen.findByRole('button', { name: 'Refresh Authentication' })
    await userEvent.click(refresh)
    await waitFor(() => expect(screen.queryByText('Authentication Session Expired')).not.toBeInTheDocument())
    expect(loadPage).not.toHaveBeenCalled()
  })

  it('signs out and loads / when the refresh fails', async () => {
    const calls = api({ 'GET /api/auth/token': [expiredSession, expiredSession, () => new Promise<Response>(() => {})] })
    renderAt('/journal')
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh Authentication' }))
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'))
    expect(calls.callsTo('POST /api/auth/sign-out')).toHaveLength(1)
  })

  it("reads 'Refreshing...' while it works", async () => {
    api({ 'GET /api/auth/token': [expiredSession, () => new Promise<Response>(() => {})] })
    renderAt('/journal')
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh Authentication' }))
    expect(await screen.findByRole('button', { name: 'Refreshing...' })).toBeDisabled()
  })
})
