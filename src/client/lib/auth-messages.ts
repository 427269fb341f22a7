/**
 * docs/product.md §8 messages of the auth forms that the server does not send (it has no notion of the
 * form being used). The server's own codes map to the messages in src/shared/api/auth.ts.
 * Kept free of imports: the entry bundle reads the Google ones (landing-params.ts), so only they
 * are separate constants; the rest of AUTH_MESSAGES stays out of the entry (lib/auth-client.ts).
 */
export const GOOGLE_FAILED_MESSAGE = 'Failed to sign in with Google'
export const GOOGLE_CANCELLED_MESSAGE = 'Google sign-in was cancelled.'
