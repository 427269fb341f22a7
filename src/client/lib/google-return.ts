/**
 * The query parameters the identity service sends the browser back to / with after a Google
 * sign-in (lib/auth-client.ts sets them when it starts the flow).
 */
export const GOOGLE_RETURN = {
  /** Marks a failed Google sign-in; better-auth adds `error` and perhaps `error_description`. */
  errorMarker: 'signInError',
  /** Marks a completed Google sign-in: `back` for an existing account, `new` for a new one. */
  welcome: 'welcome',
} as const
