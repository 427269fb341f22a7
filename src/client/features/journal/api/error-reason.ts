/**
 * The readable part of an API failure. apiRequest throws '{status}: {body}', and the body is our
 * one error shape, `{ error: { code, message } }`: its message is what a person can act on.
 */
export function errorReason(error: unknown): string {
  if (!(error instanceof Error)) return 'Unknown error'
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message)
  if (!match) return error.message
  try {
    const body = JSON.parse(match[1]!) as { error?: { message?: unknown } }
    if (typeof body.error?.message === 'string') return body.error.message
  } catch {
    // not JSON: the status text or plain body is the reason
  }
  return match[1]!.trim() || error.message
}
