import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { LandingPage } from '#client/features/landing/components/landing-page.tsx'
import { sessionStore, setSignedIn, setSignedOut } from '#client/lib/session.ts'

const form = (
  <form aria-label="Sign up">
    <input type="password" aria-label="Password" />
  </form>
)
const landing = (
  <MemoryRouter>
    <LandingPage signupForm={form} />
  </MemoryRouter>
)

describe('a prerendered landing page', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('has no sign-up form in its HTML, and hydrates to one with its root marked', async () => {
    const html = renderToString(landing)
    expect(html).not.toContain('type="password"')
    expect(html).toContain('Join the Accord beta')
    // The HTML is made at build time: it carries no year that could be stale by the time it is read.
    expect(html).toContain('© Accord. All rights reserved.')

    const root = document.createElement('div')
    root.id = 'root'
    root.dataset.prerendered = 'landing'
    root.innerHTML = html
    document.body.append(root)
    const serverHeading = root.querySelector('h1')
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    await act(async () => {
      hydrateRoot(root, landing, {
        onRecoverableError: (error) => {
          throw error
        },
      })
    })
    expect(root.querySelector('input[type="password"]')).not.toBeNull()
    expect(root.querySelector('h1')).toBe(serverHeading)
    expect(root.dataset.hydrated).toBe('true')
    expect(root.querySelector('footer')).toHaveTextContent(`© ${new Date().getFullYear()} Accord. All rights reserved.`)
  })

  it('shows the form at once when the page is rendered in the browser', () => {
    const { container } = render(landing)
    expect(container.querySelector('input[type="password"]')).not.toBeNull()
    // Not a prerendered root: nothing to mark.
    expect(document.getElementById('root')).toBeNull()
  })
})

describe('setSignedOut', () => {
  it('leaves the state alone when already signed out, so a hydrating page gets no update', () => {
    setSignedOut()
    const before = sessionStore.getState()
    setSignedOut()
    expect(sessionStore.getState()).toBe(before)
    setSignedIn({ id: 'u1', email: 'a@b.c', displayName: null, photoURL: null })
    setSignedOut()
    expect(sessionStore.getState()).toEqual({ status: 'signed-out' })
  })
})
