/**
 * docs/product.md §8 messages of the auth forms that the server does not send (it has no notion of the
 * form being used). The server's own codes map to the messages in src/shared/api/auth.ts.
 * Kept free of imports: the entry bundle reads one of them.
 */
export const AUTH_MESSAGES = {
  fillAllFields: 'Please fill in all fields',
  enterEmail: 'Please enter your email address',
  generic: 'An error occurred',
  resetFailed: 'Failed to send reset email',
  googleFailed: 'Failed to sign in with Google',
  googleCancelled: 'Google sign-in was cancelled.',
} as const
