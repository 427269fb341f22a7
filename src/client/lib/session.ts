import { useSyncExternalStore } from 'react'
import { createStore } from 'zustand/vanilla'

/**
 * What the app knows about the visitor's sign-in state (docs/product.md §4 "App gate" and "Auth state"):
 * loading at start, then a user or none, updated on every sign-in state change.
 *
 * This module is in the entry bundle, so it stays small: no zod, no auth actions. The actions
 * (sign in, sign up, tokens...) live in lib/auth-client.ts, which is loaded with the auth card or
 * the signed-in shell and reports back here.
 */
export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: SessionUser }

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
}

export function setSignedOut(): void {
  // No new state when nothing changed: a prerendered landing page starts signed out, and an update
  // while it hydrates would make React throw its HTML away and render it again.
  if (sessionStore.getState().status === 'signed-out') return
  sessionStore.setState({ status: 'signed-out' }, true)
}

/** Maps the user of a better-auth answer (sign-in, sign-up, get-session) to our SessionUser. */
export function toSessionUser(user: {
  id: string
  email: string
  name?: string | null
  image?: string | null
}): SessionUser {
  return {
    id: user.id,
    email: user.email,
    displayName: user.name?.trim() ? user.name : null,
    photoURL: user.image ? user.image : null,
  }
}

function isUserShape(value: unknown): value is { id: string; email: string; name?: string | null; image?: string | null } {
  const user = value as { id?: unknown; email?: unknown } | null
  return typeof user?.id === 'string' && typeof user.email === 'string'
}

/**
 * Asks the server who is signed in (the HttpOnly session cookie decides) and settles the state.
 * A failed request counts as signed out: the landing page is more useful than an endless spinner.
 */
export async function loadSession(): Promise<void> {
  try {
    const res = await fetch('/api/auth/get-session', { credentials: 'include', headers: { accept: 'application/json' } })
    const body = res.ok ? ((await res.json()) as { user?: unknown } | null) : null
    if (body && isUserShape(body.user)) setSignedIn(toSessionUser(body.user))
    else setSignedOut()
  } catch {
    setSignedOut()
  }
}
