import { useSyncExternalStore } from 'react'
import { createStore } from 'zustand/vanilla'
import { readAs, send } from '#client/lib/http.ts'

/**
 * What the app knows about the visitor's sign-in state (docs/product.md §4 "App gate" and "Auth state"):
 * loading at start, then a user or none, updated on every sign-in state change.
 *
 * This module is in the entry bundle, so it stays small: no zod, no auth actions. The actions
 * (sign in, sign up, tokens...) live in lib/auth-client.ts, which is loaded with the auth card or
 * the signed-in shell and reports back here.
 */
export type SessionState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: SessionUser }

/** docs/product.md §3 "User": the identity service's `name` is the display name, its `image` the photo. */
export interface SessionUser {
  id: string
  email: string
  displayName: string | null
  photoURL: string | null
}

export const sessionStore = createStore<SessionState>(() => ({ status: 'loading' }))

/**
 * The state now, on the server and in the browser alike: a prerendered page (app/prerender.tsx)
 * sets the state before React renders, and hydration must see that state, not the store's
 * initial 'loading' (zustand's useStore hands React the initial state as the server snapshot).
 */
export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState)
}

/** The signed-in user right now, or null (also while the session loads). */
export function currentUser(): SessionUser | null {
  const state = sessionStore.getState()
  return state.status === 'signed-in' ? state.user : null
}

export function setSignedIn(user: SessionUser): void {
  sessionStore.setState({ status: 'signed-in', user }, true)
  rememberUser(user)
}

/**
 * Who was last signed in on this device (decision 029): with no connection the session cannot be
 * asked for, and the journal saved on the device is that user's. Forgotten on sign-out.
 */
const REMEMBERED_USER_KEY = 'accord.signed-in-user'

function rememberUser(user: SessionUser): void {
  try {
    localStorage.setItem(REMEMBERED_USER_KEY, JSON.stringify(user))
  } catch {
    // Storage refused (private mode, full): offline reading is simply not offered.
  }
}

function rememberedUser(): SessionUser | null {
  try {
    const saved = JSON.parse(localStorage.getItem(REMEMBERED_USER_KEY) ?? 'null') as unknown
    return isUserShape(saved) ? (saved as SessionUser) : null
  } catch {
    return null
  }
}

/** Forgets the device's signed-in user; returns whether one was remembered. */
export function forgetRememberedUser(): boolean {
  const had = rememberedUser() !== null
  try {
    localStorage.removeItem(REMEMBERED_USER_KEY)
  } catch {
    // nothing was stored
  }
  return had
}

export function setSignedOut(): void {
  // No new state when nothing changed: a prerendered landing page starts signed out, and an update
  // while it hydrates would make React throw its HTML away and render it again.
  if (sessionStore.getState().status === 'signed-out') return
  sessionStore.setState({ status: 'signed-out' }, true)
}

/** Maps the user of a better-auth answer (sign-in, sign-up, get-session) to our SessionUser. */
export function toSessionUser(user: { id: string; email: string; name?: string | null; image?: string | null }): SessionUser {
  return {
    id: user.id,
    email: user.email,
    displayName: user.name?.trim() ? user.name : null,
    photoURL: user.image ? user.image : null,
  }
}

/** A better-auth user as an answer or the page carries it: an id and an e-mail at least. */
export function isUserShape(value: unknown): value is { id: string; email: string; name?: string | null; image?: string | null } {
  const user = value as { id?: unknown; email?: unknown } | null
  return typeof user?.id === 'string' && typeof user.email === 'string'
}

/**
 * Signs in the user the server named in the page's HTML (decision 035): it checked the session
 * when it sent the page, so the app need not ask again. False when the page names nobody.
 */
export function signInFromPage(user: unknown): boolean {
  if (!isUserShape(user)) return false
  setSignedIn(toSessionUser(user))
  return true
}

/**
 * Asks the server who is signed in (the HttpOnly session cookie decides) and settles the state.
 * With no answer at all (offline), the user last signed in on this device is signed in, to read
 * what was saved here (decision 029); without one, a failed request counts as signed out: the
 * landing page is more useful than an endless spinner.
 */
export async function loadSession(): Promise<void> {
  let res: Response
  try {
    res = await send('/api/auth/get-session')
  } catch {
    const user = rememberedUser()
    if (user) sessionStore.setState({ status: 'signed-in', user }, true)
    else setSignedOut()
    return
  }
  try {
    const body = res.ok ? await readAs(res, 'Session') : null
    if (body && isUserShape(body.user)) return setSignedIn(toSessionUser(body.user))
  } catch {
    // an unreadable answer: nobody is signed in
  }
  // The session ended elsewhere: offline, nobody is signed in on this device any more. What the
  // user saved here is deleted when they sign out, or when someone else signs in (lib/offline/sync.ts).
  if (res.ok) forgetRememberedUser()
  setSignedOut()
}
