import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ToastOutlet } from '#client/components/ui/toast.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { sessionStore, setSignedOut } from '#client/lib/session.ts'
import { fakeFetch, json } from '#client/testing/fake-fetch.ts'
import { AuthCard, type AuthMode } from '#client/features/auth/components/auth-card.tsx'
import { KNOWN_PROBLEMS, problemText } from '#client/features/auth/auth-catalog.ts'
import { activateLanguage, currentLanguage } from '#client/lib/i18n.ts'
import { i18n } from '@lingui/core'

const loadPage = vi.hoisted(() => vi.fn())
vi.mock('#client/lib/load-page.ts', () => ({ loadPage }))

const newUser = { id: 'u9', name: 'Rose Otto', email: 'rose@example.com', image: null }
const config = (google = false) => json({ google, sessionCheckIntervalMs: 120_000 })
const failure = (status: number, code: string, message: string) => json({ error: { code, message } }, status)

function renderCard(mode: AuthMode, routes: Parameters<typeof fakeFetch>[0] = {}) {
  const api = fakeFetch({ 'GET /api/auth-config': config(), ...routes })
  render(
    <>
      <AuthCard initialMode={mode} />
      <ToastOutlet />
    </>,
  )
  return api
}

const field = (name: string) => screen.getByLabelText(name)

describe('AuthCard', () => {
  beforeEach(() => {
    resetAuthClient()
    setSignedOut()
    loadPage.mockReset()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('labels each field with the autocomplete the browser needs', () => {
    renderCard('sign-up')
    expect(field('Name')).toHaveAttribute('autocomplete', 'name')
    expect(field('Email')).toHaveAttribute('autocomplete', 'email')
    expect(field('Password')).toHaveAttribute('autocomplete', 'new-password')
  })

  it('switches between sign-up and sign-in, keeping the email', async () => {
    renderCard('sign-up')
    await userEvent.type(field('Email'), 'rose@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByRole('heading', { name: 'Sign in to Accord' })).toBeInTheDocument()
    expect(field('Email')).toHaveValue('rose@example.com')
    expect(field('Email')).toHaveFocus()
    expect(field('Password')).toHaveAttribute('autocomplete', 'current-password')
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }))
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument()
  })

  it('lets the keyboard go email, password, Sign In', async () => {
    renderCard('sign-in')
    field('Email').focus()
    await userEvent.tab()
    expect(field('Password')).toHaveFocus()
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toHaveFocus()
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveFocus()
  })

  it("asks for every field with 'Please fill in all fields' and marks the blank ones", async () => {
    const api = renderCard('sign-up')
    await userEvent.type(field('Email'), 'rose@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields')
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true')
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true')
    expect(field('Email')).not.toHaveAttribute('aria-invalid')
    expect(field('Name')).toHaveFocus()
    expect(api.callsTo('POST /api/auth/sign-up/email')).toHaveLength(0)
  })

  it('keeps what was typed when the form schema refuses it, and sends once it is fixed', async () => {
    const api = renderCard('sign-in', { 'POST /api/auth/sign-in/email': json({ token: 's', user: newUser }) })
    await userEvent.type(field('Email'), 'rose@example')
    await userEvent.type(field('Password'), 'petals')
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.')
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(field('Email')).toHaveFocus()
    expect(field('Email')).toHaveValue('rose@example')
    expect(field('Password')).toHaveValue('petals')
    expect(api.callsTo('POST /api/auth/sign-in/email')).toHaveLength(0)

    await userEvent.type(field('Email'), '.com ')
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/sign-in/email')[0]!.body).toEqual({ email: 'rose@example.com', password: 'petals' })
  })

  it('signs up, greets with a toast and reports the user to the session', async () => {
    const api = renderCard('sign-up', { 'POST /api/auth/sign-up/email': json({ token: 's', user: newUser }) })
    await userEvent.type(field('Name'), ' Rose Otto ')
    await userEvent.type(field('Email'), 'rose@example.com')
    await userEvent.type(field('Password'), 'petals')
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('Welcome to Accord!')).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/sign-up/email')[0]!.body).toEqual({
      name: 'Rose Otto',
      email: 'rose@example.com',
      password: 'petals',
    })
    expect(sessionStore.getState()).toEqual({
      status: 'signed-in',
      user: { id: 'u9', email: 'rose@example.com', displayName: 'Rose Otto', photoURL: null },
    })
  })

  it.each([
    [409, 'EMAIL_IN_USE', 'An account with this email already exists. Try signing in instead.'],
    [400, 'WEAK_PASSWORD', 'Password should be at least 6 characters long.'],
    [400, 'INVALID_EMAIL', 'Please enter a valid email address.'],
    [400, 'VALIDATION_ERROR', 'An error occurred'],
    [429, 'RATE_LIMITED', 'Slow down: 30 seconds'],
  ])('shows the message for a %i %s on sign-up and keeps what was typed', async (status, code, message) => {
    renderCard('sign-up', { 'POST /api/auth/sign-up/email': failure(status, code, code === 'RATE_LIMITED' ? message : 'x') })
    await userEvent.type(field('Name'), 'Rose')
    await userEvent.type(field('Email'), 'rose@example.com')
    await userEvent.type(field('Password'), 'petals')
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(field('Name')).toHaveValue('Rose')
    expect(field('Password')).toHaveValue('petals')
    expect(sessionStore.getState().status).toBe('signed-out')
  })

  it("says 'An error occurred' when the server cannot be reached", async () => {
    renderCard('sign-in', {
      'POST /api/auth/sign-in/email': () => Promise.reject(new TypeError('Failed to fetch')),
    })
    await userEvent.type(field('Email'), 'rose@example.com')
    await userEvent.type(field('Password'), 'petals')
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred')
  })

  it('refuses a wrong password with the spec message', async () => {
    renderCard('sign-in', {
      'POST /api/auth/sign-in/email': failure(401, 'INVALID_CREDENTIALS', 'Invalid email or password. Please try again.'),
    })
    await userEvent.type(field('Email'), 'rose@example.com')
    await userEvent.type(field('Password'), 'wrong!')
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password. Please try again.')
  })

  it('shows progress and cannot be sent twice', async () => {
    let answer: (res: Response) => void = () => {}
    const api = renderCard('sign-in', {
      'POST /api/auth/sign-in/email': () => new Promise<Response>((resolve) => (answer = resolve)),
    })
    await userEvent.type(field('Email'), 'rose@example.com')
    await userEvent.type(field('Password'), 'petals')
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    const busy = await screen.findByRole('button', { name: 'Signing in...' })
    expect(busy).toBeDisabled()
    await userEvent.type(field('Password'), '{Enter}')
    expect(api.callsTo('POST /api/auth/sign-in/email')).toHaveLength(1)
    answer(json({ redirect: false, token: 's', user: newUser }))
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument()
  })

  describe('forgot password', () => {
    async function openForgot(routes: Parameters<typeof fakeFetch>[0] = {}) {
      const api = renderCard('sign-in', routes)
      await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }))
      expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument()
      return api
    }

    it('asks for the email first', async () => {
      await openForgot()
      await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address')
    })

    it.each([
      [404, 'ACCOUNT_NOT_FOUND', 'No account found with this email address.'],
      [400, 'INVALID_EMAIL', 'Please enter a valid email address.'],
      [500, 'INTERNAL_ERROR', 'Failed to send reset email'],
    ])('reports a %i %s', async (status, code, message) => {
      await openForgot({ 'POST /api/auth/request-password-reset': failure(status, code, 'x') })
      await userEvent.type(field('Email'), 'rose@example.com')
      await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
      expect(await screen.findByRole('alert')).toHaveTextContent(message)
    })

    it("sends the link, says 'Reset email sent!' and leads back to sign in", async () => {
      const api = await openForgot({ 'POST /api/auth/request-password-reset': json({ status: true }) })
      await userEvent.type(field('Email'), 'rose@example.com')
      await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))
      expect(await screen.findByText('Reset email sent!')).toBeInTheDocument()
      expect(screen.getByRole('status')).toHaveTextContent('rose@example.com')
      expect(api.callsTo('POST /api/auth/request-password-reset')[0]!.body).toEqual({ email: 'rose@example.com' })
      await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }))
      expect(screen.getByRole('heading', { name: 'Sign in to Accord' })).toBeInTheDocument()
    })
  })

  describe('Google', () => {
    it('is offered only when the server has it', async () => {
      renderCard('sign-in', { 'GET /api/auth-config': config(true) })
      expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument()
    })

    it('is not offered otherwise', async () => {
      const api = renderCard('sign-in')
      await waitFor(() => expect(api.callsTo('GET /api/auth-config')).toHaveLength(1))
      expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument()
    })

    it("sends the browser to the provider, or says 'Failed to sign in with Google'", async () => {
      const api = renderCard('sign-in', {
        'GET /api/auth-config': config(true),
        'POST /api/auth/sign-in/social': [json({ url: 'https://accounts.example/authorize', redirect: true }), failure(500, 'X', 'x')],
      })
      await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }))
      await waitFor(() => expect(loadPage).toHaveBeenCalledWith('https://accounts.example/authorize'))
      expect(api.callsTo('POST /api/auth/sign-in/social')[0]!.body).toMatchObject({ provider: 'google' })
    })

    it('reports a start that fails', async () => {
      renderCard('sign-in', {
        'GET /api/auth-config': config(true),
        'POST /api/auth/sign-in/social': failure(404, 'PROVIDER_NOT_FOUND', 'Provider not found'),
      })
      await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }))
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign in with Google')
      expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled()
    })
  })

  describe('in the maker’s language (issue 37)', () => {
    afterEach(async () => {
      await activateLanguage('en')
    })

    it('says every message in English exactly as the spec and the identity service word it', () => {
      expect(currentLanguage()).toBe('en')
      for (const message of KNOWN_PROBLEMS) expect(problemText((id, values) => i18n._(id, values), message)).toBe(message)
    })

    it('shows the sign-up form, its checks and the server’s refusals in German', async () => {
      await activateLanguage('de')
      renderCard('sign-up', {
        'POST /api/auth/sign-up/email': failure(422, 'EMAIL_IN_USE', 'An account with this email already exists. Try signing in instead.'),
      })
      expect(screen.getByRole('heading', { name: 'Konto erstellen' })).toBeInTheDocument()
      expect(screen.getByText('Mindestens 6 Zeichen')).toBeInTheDocument()
      await userEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }))
      expect(await screen.findByRole('alert')).toHaveTextContent('Bitte füllen Sie alle Felder aus')
      await userEvent.type(field('Name'), 'Rose')
      await userEvent.type(field('E-Mail'), 'rose@example.com')
      await userEvent.type(field('Passwort'), 'petals')
      await userEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }))
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Mit dieser E-Mail-Adresse gibt es bereits ein Konto. Melden Sie sich stattdessen an.',
      )
      expect(document.body).not.toHaveTextContent(/Create|Password|Please|already/)
      await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }))
      expect(await screen.findByRole('button', { name: 'Passwort vergessen?' })).toBeInTheDocument()
      expect(screen.getByText('Neu bei Accord?')).toBeInTheDocument()
    })
  })
})
