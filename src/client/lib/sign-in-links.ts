/**
 * Links that open the landing page's sign-in dialog in a given view, e.g. from the reset-password
 * page ('/?signIn=sign-in', '/?signIn=forgot-password'). app/ reads them (signed-out-landing.tsx).
 */
export const SIGN_IN_PARAM = 'signIn'

export type SignInLinkView = 'sign-in' | 'sign-up' | 'forgot-password'

export const signInLink = (view: SignInLinkView) => `/?${SIGN_IN_PARAM}=${view}`

export function isSignInLinkView(value: string | null): value is SignInLinkView {
  return value === 'sign-in' || value === 'sign-up' || value === 'forgot-password'
}
