import { CONSENT_PATH } from '#shared/api/oauth-paths.ts'

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

/**
 * Where the identity service sends the browser after a Google sign-in started at `from`. From an
 * AI assistant's connection request (/oauth/consent, decision 046) the maker comes back to that
 * same request, signed query and all, to answer it; a failure reopens the sign-in dialog there.
 * From anywhere else: Home, with the welcome or the error marker.
 */
export function googleReturnAddresses(from: { pathname: string; search: string }) {
  if (from.pathname === CONSENT_PATH && from.search.length > 1) {
    const request = `${CONSENT_PATH}${from.search}`
    return { callbackURL: request, newUserCallbackURL: request, errorCallbackURL: `${request}&${GOOGLE_RETURN.errorMarker}=google` }
  }
  return {
    callbackURL: `/?${GOOGLE_RETURN.welcome}=back`,
    newUserCallbackURL: `/?${GOOGLE_RETURN.welcome}=new`,
    errorCallbackURL: `/?${GOOGLE_RETURN.errorMarker}=google`,
  }
}
