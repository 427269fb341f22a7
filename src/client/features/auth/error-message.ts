import { ApiError } from '#client/lib/api-error.ts'

/** What to tell the user about a failed auth action: the ApiError's message, else `fallback`. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError ? err.message : fallback
}
