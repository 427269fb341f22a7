import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountInfo } from '#shared/api/account.ts'
import { ToastOutlet } from '#client/components/ui/toast.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { sessionStore, setSignedIn } from '#client/lib/session.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { AccountPage } from '#client/features/account/components/account-page.tsx'
import { activateLanguage } from '#client/lib/i18n.ts'

const REMINDERS_OFF = { email: false, push: false, timeZone: 'UTC', vapidPublicKey: null, pushDevices: 0 }
const ADA: AccountInfo = { name: 'Ada Alder', email: 'ada@example.com', signInMethods: ['password'], createdAt: '2026-01-05T10:00:00.000Z' }

function renderPage(account: AccountInfo, routes: Parameters<typeof fakeFetch>[0] = {}) {
  const api = fakeFetch({
    'GET /api/auth/token': json({ token: fakeJwt('ada') }),
    'GET /api/me/account': json(account),
    'GET /api/me/settings': json({ currency: 'EUR', language: null }),
    'GET /api/me/reminders': json(REMINDERS_OFF),
    'GET /api/me/label-settings': json({ batchCodePattern: '{YYMMDD}-{n}', responsibleName: null, responsibleAddress: null }),
    ...routes,
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/account']}>
        <Routes>
          <Route path="/account" element={<AccountPage />} />
          <Route path="/" element={<h1>Landing</h1>} />
        </Routes>
        <ToastOutlet />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return api
}

const section = async (name: string) => within(await screen.findByRole('region', { name }))

describe('/account', () => {
  beforeEach(() => {
    resetAuthClient()
    setSignedIn({ id: 'u1', email: ADA.email, displayName: ADA.name, photoURL: null })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('shows the name to edit, the e-mail and how the user signs in', async () => {
    renderPage({ ...ADA, signInMethods: ['password', 'google'] })
    const profile = await section('Profile')
    expect(profile.getByLabelText('Display name')).toHaveValue('Ada Alder')
    expect(profile.getByText('ada@example.com')).toBeInTheDocument()
    expect(profile.getByText('Password')).toBeInTheDocument()
    expect(profile.getByText('Google')).toBeInTheDocument()
    await section('Labels')
    await section('Reminders')
    // Connected apps is a chunk of its own, drawn once it has loaded.
    await section('Connected apps')
    // The sections from the most reversible to the destructive one.
    expect(
      screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby') && within(r).getAllByRole('heading')[0]!.textContent),
    ).toEqual([
      'Profile',
      'Change password',
      'Currency',
      'Labels',
      'Reminders',
      'Sign out everywhere',
      'Connected apps',
      'Your data',
      'Delete account',
    ])
  })

  it('saves a new name, says so, and the session shows it', async () => {
    const api = renderPage(ADA, { 'POST /api/auth/update-user': json({ status: true }) })
    const profile = await section('Profile')
    await userEvent.clear(profile.getByLabelText('Display name'))
    await userEvent.type(profile.getByLabelText('Display name'), 'Ada Lovelace')
    await userEvent.click(profile.getByRole('button', { name: 'Save name' }))
    expect(await profile.findByRole('status')).toHaveTextContent('Your name is saved.')
    expect(api.callsTo('POST /api/auth/update-user')[0]!.body).toEqual({ name: 'Ada Lovelace' })
    const state = sessionStore.getState()
    expect(state.status === 'signed-in' && state.user.displayName).toBe('Ada Lovelace')
  })

  it('refuses a blank or over-long name before sending, keeping what was typed', async () => {
    const api = renderPage(ADA)
    const profile = await section('Profile')
    const field = profile.getByLabelText('Display name')
    await userEvent.clear(field)
    await userEvent.click(profile.getByRole('button', { name: 'Save name' }))
    expect(await profile.findByRole('alert')).toHaveTextContent('Please enter a name.')
    await userEvent.type(field, 'x'.repeat(201))
    await userEvent.click(profile.getByRole('button', { name: 'Save name' }))
    expect(await profile.findByRole('alert')).toHaveTextContent('Name should be at most 200 characters long.')
    expect(field).toHaveValue('x'.repeat(201))
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(api.callsTo('POST /api/auth/update-user')).toHaveLength(0)
  })

  it('keeps what was typed and says why when the current password is wrong', async () => {
    renderPage(ADA, {
      'POST /api/auth/change-password': json({ error: { code: 'WRONG_PASSWORD', message: 'Your current password is not correct.' } }, 400),
    })
    const form = await section('Change password')
    await userEvent.type(form.getByLabelText('Current password'), 'not-it')
    await userEvent.type(form.getByLabelText('New password'), 'fresh-petals')
    await userEvent.type(form.getByLabelText('Confirm new password'), 'fresh-petals')
    await userEvent.click(form.getByRole('button', { name: 'Change password' }))
    expect(await form.findByRole('alert')).toHaveTextContent('Your current password is not correct.')
    expect(form.getByLabelText('Current password')).toHaveValue('not-it')
    expect(form.getByLabelText('New password')).toHaveValue('fresh-petals')
  })

  it('changes the password once per press and says other devices were signed out', async () => {
    let release: () => void = () => {}
    const api = renderPage(ADA, {
      'POST /api/auth/change-password': () => new Promise<Response>((resolve) => (release = () => resolve(json({ token: 't', user: {} })))),
    })
    const form = await section('Change password')
    await userEvent.type(form.getByLabelText('Current password'), 'old-petals')
    await userEvent.type(form.getByLabelText('New password'), 'fresh-petals')
    await userEvent.type(form.getByLabelText('Confirm new password'), 'fresh-petals')
    const button = form.getByRole('button', { name: 'Change password' })
    await userEvent.dblClick(button)
    release()
    expect(await form.findByRole('status')).toHaveTextContent('Every other device was signed out; this one stays signed in.')
    expect(api.callsTo('POST /api/auth/change-password')).toHaveLength(1)
    expect(api.callsTo('POST /api/auth/change-password')[0]!.body).toEqual({
      currentPassword: 'old-petals',
      newPassword: 'fresh-petals',
      revokeOtherSessions: true,
    })
    expect(form.getByLabelText('Current password')).toHaveValue('')
  })

  it('shows the currency of the oil shelf and saves a new one as it is chosen, with no second button', async () => {
    const { callsTo } = renderPage(ADA, { 'PUT /api/me/settings': json({ currency: 'USD', language: null }) })
    const currency = await section('Currency')
    const select = await currency.findByRole('combobox', { name: 'Currency' })
    expect(select).toHaveValue('EUR')
    expect(currency.queryByRole('button', { name: 'Save currency' })).toBeNull()
    expect(callsTo('PUT /api/me/settings')).toHaveLength(0)
    await userEvent.selectOptions(select, 'USD')
    await waitFor(() => expect(callsTo('PUT /api/me/settings')).toHaveLength(1))
    expect(callsTo('PUT /api/me/settings')[0]!.body).toEqual({ currency: 'USD' })
    expect(await screen.findByText('Prices are now in USD')).toBeInTheDocument()
  })

  it('keeps the chosen currency and says why when the server refuses it', async () => {
    renderPage(ADA, {
      'PUT /api/me/settings': json({ error: { code: 'VALIDATION_ERROR', message: 'That currency cannot be chosen just now' } }, 400),
    })
    const currency = await section('Currency')
    const select = await currency.findByRole('combobox', { name: 'Currency' })
    await userEvent.selectOptions(select, 'JPY')
    expect(await currency.findByRole('alert')).toHaveTextContent('That currency cannot be chosen just now')
    expect(select).toHaveValue('JPY')
    expect(select).toHaveAttribute('aria-invalid', 'true')
  })

  it('tells a Google-only account it has no password and offers a link to set one', async () => {
    const api = renderPage({ ...ADA, signInMethods: ['google'] }, { 'POST /api/auth/request-password-reset': json({ status: true }) })
    const password = await section('Password')
    expect(password.queryByLabelText('Current password')).toBeNull()
    await userEvent.click(password.getByRole('button', { name: 'Email me a link to set a password' }))
    expect(await password.findByRole('status')).toHaveTextContent('We sent a link to ada@example.com.')
    expect(api.callsTo('POST /api/auth/request-password-reset')[0]!.body).toEqual({ email: 'ada@example.com' })
  })

  it('enables deletion only once the e-mail is typed (in any case), then signs out and lands on /', async () => {
    const api = renderPage(ADA, { 'POST /api/me/delete': new Response(null, { status: 204 }) })
    const danger = await section('Delete account')
    const button = danger.getByRole('button', { name: 'Delete my account' })
    const field = danger.getByLabelText(/Type your email address/)
    expect(button).toBeDisabled()
    await userEvent.type(field, 'ada@example.co')
    expect(button).toBeDisabled()
    await userEvent.type(field, 'M ')
    expect(button).toBeEnabled()
    await userEvent.click(button)
    expect(await screen.findByRole('heading', { name: 'Landing' })).toBeInTheDocument()
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument()
    expect(api.callsTo('POST /api/me/delete')[0]!.body).toEqual({ confirmEmail: 'ada@example.coM' })
    expect(sessionStore.getState().status).toBe('signed-out')
  })

  it('keeps the typed address and stays signed in when the deletion is refused', async () => {
    renderPage(ADA, {
      'POST /api/me/delete': json(
        { error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' } },
        429,
      ),
    })
    const danger = await section('Delete account')
    await userEvent.type(danger.getByLabelText(/Type your email address/), 'ada@example.com')
    await userEvent.click(danger.getByRole('button', { name: 'Delete my account' }))
    expect(await danger.findByRole('alert')).toHaveTextContent('Too many attempts.')
    expect(danger.getByLabelText(/Type your email address/)).toHaveValue('ada@example.com')
    expect(sessionStore.getState().status).toBe('signed-in')
  })

  it("turns e-mail reminders on with this device's time zone, and asks for notifications only from its button", async () => {
    const requestPermission = vi.fn(async () => 'denied' as NotificationPermission)
    vi.stubGlobal(
      'Notification',
      Object.assign(function Notification() {}, { permission: 'default', requestPermission }),
    )
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    const api = renderPage(ADA, {
      'GET /api/me/reminders': json({ ...REMINDERS_OFF, vapidPublicKey: 'B'.repeat(87) }),
      'PUT /api/me/reminders': (call) => json({ ...REMINDERS_OFF, ...(call.body as object), vapidPublicKey: 'B'.repeat(87) }),
    })
    const reminders = await section('Reminders')
    const email = await reminders.findByRole('checkbox', { name: 'E-mail me when a blend is ready to test' })
    expect(email).not.toBeChecked()
    expect(reminders.getByText(/add Accord to your Home Screen first/)).toBeInTheDocument()
    await userEvent.click(email)
    expect(await reminders.findByRole('status')).toHaveTextContent('E-mail reminders are on.')
    expect(email).toBeChecked()
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ email: true, push: false, timeZone: zone })
    // Nothing asked the browser for permission on the way here.
    expect(requestPermission).not.toHaveBeenCalled()
  })

  it('says when notifications are not set up on the server', async () => {
    renderPage(ADA)
    const reminders = await section('Reminders')
    expect(await reminders.findByText(/Notifications are not set up on this Accord server/)).toBeInTheDocument()
  })

  it('shows every section and its checks in German', async () => {
    await activateLanguage('de')
    try {
      renderPage(ADA, { 'GET /api/me/connected-apps': json({ items: [] }) })
      expect(await screen.findByRole('heading', { name: 'Kontoeinstellungen' })).toBeInTheDocument()
      const profile = await section('Profil')
      expect(profile.getByLabelText('Anzeigename')).toHaveValue('Ada Alder')
      expect(profile.getByText('Passwort')).toBeInTheDocument()
      await section('Etiketten')
      await section('Erinnerungen')
      await section('Verbundene Apps')
      expect(await screen.findByText('Es sind keine Apps verbunden.')).toBeInTheDocument()
      const password = await section('Passwort ändern')
      await userEvent.click(password.getByRole('button', { name: 'Passwort ändern' }))
      expect(await password.findByRole('alert')).toHaveTextContent('Bitte geben Sie Ihr aktuelles Passwort ein.')
      expect(screen.getByRole('button', { name: 'Mein Konto löschen' })).toBeDisabled()
      expect(screen.getByText('Mischungen herunterladen (CSV)')).toBeInTheDocument()
      expect(document.body).not.toHaveTextContent(
        /Account settings|Display name|Change password|Please enter|Delete my account|Your data|Reminders|Connected apps|Download/,
      )
    } finally {
      await activateLanguage('en')
    }
  })
})
