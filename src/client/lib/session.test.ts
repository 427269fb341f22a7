import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetRememberedUser, loadSession, sessionStore, setSignedIn, setSignedOut, signInFromPage } from '#client/lib/session.ts'
import { fakeFetch, json } from '#client/testing/fake-fetch.ts'

const ada = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null }

describe('the session with no connection (decision 029)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    setSignedOut()
    localStorage.clear()
  })

  it('signs in the user last signed in on this device when the server cannot be reached', async () => {
    setSignedIn(ada)
    sessionStore.setState({ status: 'loading' }, true)
    fakeFetch({ 'GET /api/auth/get-session': () => Promise.reject(new TypeError('Failed to fetch')) })
    await loadSession()
    expect(sessionStore.getState()).toEqual({ status: 'signed-in', user: ada })
  })

  it('is signed out offline when nobody was signed in here', async () => {
    sessionStore.setState({ status: 'loading' }, true)
    fakeFetch({ 'GET /api/auth/get-session': () => Promise.reject(new TypeError('Failed to fetch')) })
    await loadSession()
    expect(sessionStore.getState()).toEqual({ status: 'signed-out' })
  })

  it('forgets the user when the server says the session is over', async () => {
    setSignedIn(ada)
    sessionStore.setState({ status: 'loading' }, true)
    fakeFetch({ 'GET /api/auth/get-session': json(null) })
    await loadSession()
    expect(sessionStore.getState()).toEqual({ status: 'signed-out' })
    expect(forgetRememberedUser()).toBe(false)
  })
})

describe('the user a signed-in page names (decision 035)', () => {
  afterEach(() => {
    setSignedOut()
    localStorage.clear()
  })

  it('signs that user in without asking the server', () => {
    const fetchSpy = vi.fn()
    vi.stubGlobal('fetch', fetchSpy)
    expect(signInFromPage({ id: 'u1', email: 'ada@example.com', name: 'Ada', image: null })).toBe(true)
    expect(sessionStore.getState()).toEqual({ status: 'signed-in', user: ada })
    expect(fetchSpy).not.toHaveBeenCalled()
    vi.unstubAllGlobals()
  })

  it('does nothing with a page that names nobody', () => {
    expect(signInFromPage(undefined)).toBe(false)
    expect(signInFromPage({ id: 1 })).toBe(false)
    expect(sessionStore.getState().status).toBe('signed-out')
  })
})
