import { GOOGLE_CANCELLED_MESSAGE, GOOGLE_FAILED_MESSAGE } from '#client/lib/auth-messages.ts'
import { GOOGLE_RETURN } from '#client/lib/google-return.ts'
import { isSignInLinkView, SIGN_IN_PARAM, type SignInLinkView } from '#client/lib/sign-in-links.ts'

/** What the landing page's address asks for: the sign-in dialog in some view, perhaps with an error. */
export interface LandingRequest {
  view: SignInLinkView
  error: string | null
}

/** The parameters read by readLandingRequest, removed from the address once handled. */
export const LANDING_PARAMS = [SIGN_IN_PARAM, GOOGLE_RETURN.errorMarker, 'error', 'error_description'] as const

/**
 * Reads `?signIn=<view>` (links from the reset-password page) and a failed Google sign-in: the
 * identity service sends the browser back with `?error=<code>` (and our `signInError=google`
 * marker when it had our error callback). The error text shown is ours, never the address's.
 */
export function readLandingRequest(search: string): LandingRequest | null {
  const params = new URLSearchParams(search)
  const error = params.get('error')
  if (error || params.get(GOOGLE_RETURN.errorMarker)) {
    return { view: 'sign-in', error: error === 'access_denied' ? GOOGLE_CANCELLED_MESSAGE : GOOGLE_FAILED_MESSAGE }
  }
  const view = params.get(SIGN_IN_PARAM)
  return isSignInLinkView(view) ? { view, error: null } : null
}
