import { i18n } from '@lingui/core'

/**
 * The readable part of an API failure: apiRequest throws an ApiError whose message is the error
 * shape's (src/client/lib/api-client.ts), which a person can act on.
 */
export function errorReason(error: unknown): string {
  return error instanceof Error ? error.message : i18n._('journal.error.unknown')
}
