import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { fakeFetch, json } from '#client/testing/fake-fetch.ts'
import { ResetPasswordPage } from '#client/features/auth/components/reset-password-page.tsx'

function renderAt(search: string, routes: Parameters<typeof fakeFetch>[0] = {}) {
  const api = fakeFetch(routes)
  render(
    <MemoryRouter initialEntries={[`/reset-password${search}`]}>
      <ResetPasswordPage />
    </MemoryRouter>,
  )
  return api
}

async function choose(password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText('New password'), password)
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm)
  await userEvent.click(screen.getByRole('button', { name: 'Update Password' }))
}

describe('/reset-password', () => {
  beforeEach(() => resetAuthClient())
  afterEach(() => vi.unstubAllGlobals())

  it('says the link no longer works when the identity service found it invalid', () => {
    renderAt('?error=INVALID_TOKEN')
    expect(screen.getByRole('heading', { level: 1, name: 'This reset link no longer works' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.')
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/?signIn=forgot-password')
  })

  it('says so too without a token', () => {
    renderAt('')
    expect(screen.getByRole('heading', { level: 1, name: 'This reset link no longer works' })).toBeInTheDocument()
  })

  it('wants at least 6 characters, typed twice alike', async () => {
    const api = renderAt('?token=abc')
    await choose('short')
    expect(screen.getByRole('alert')).toHaveTextContent('Password should be at least 6 characters long.')
    await userEvent.clear(screen.getByLabelText('New password'))
    await userEvent.clear(screen.getByLabelText('Confirm new password'))
    await choose('petals', 'petal')
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.')
    expect(api.calls).toHaveLength(0)
  })

  it("sets the password, then says 'Password updated' with a way to sign in", async () => {
    const api = renderAt('?token=abc', { 'POST /api/auth/reset-password': json({ status: true }) })
    await choose('new-petals')
    expect(await screen.findByRole('heading', { level: 1, name: 'Password updated' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/?signIn=sign-in')
    expect(api.callsTo('POST /api/auth/reset-password')[0]!.body).toEqual({ token: 'abc', newPassword: 'new-petals' })
  })

  it('turns a refused token into the invalid-link view', async () => {
    renderAt('?token=used', {
      'POST /api/auth/reset-password': json(
        { error: { code: 'INVALID_RESET_TOKEN', message: 'This reset link is invalid or has expired. Please request a new one.' } },
        400,
      ),
    })
    await choose('new-petals')
    expect(await screen.findByRole('heading', { level: 1, name: 'This reset link no longer works' })).toBeInTheDocument()
  })
})
