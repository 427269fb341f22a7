import { AuthError } from '#client/lib/auth-client.ts'

/** What to tell the user about a failed auth action: the AuthError's message, else `fallback`. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof AuthError ? err.message : fallback
}
