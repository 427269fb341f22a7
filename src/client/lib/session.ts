/** What the app knows about the visitor's sign-in state (SPEC.md §4 "App gate"). */
export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: SessionUser }

export interface SessionUser {
  id: string
  email: string
  displayName: string | null
  photoUrl: string | null
}

/**
 * The visitor's session. Accounts have not shipped yet, so every visitor is signed out; the auth
 * client will answer here with the same shape (loading first, then signed in or out).
 */
export function useSession(): SessionState {
  return { status: 'signed-out' }
}
