/**
 * The pages a bottle and a batch open in Accord (issue 36): what their QR codes hold (as a full URL
 * on the server's origin), what the trace look-ups link to, and what the scanner opens.
 */
export const bottlePagePath = (id: number) => `/shelf/bottles/${id}`
export const batchPagePath = (id: number) => `/batches/${id}`

/** The bottle or batch a path (or a URL on any origin) names; null for anything else. */
export function benchPageOf(pathOrUrl: string): { kind: 'bottle' | 'batch'; id: number } | null {
  let path = pathOrUrl.trim()
  try {
    path = new URL(path, 'https://accord.invalid').pathname
  } catch {
    return null
  }
  const match = /^\/(shelf\/bottles|batches)\/([1-9][0-9]{0,15})\/?$/.exec(path)
  if (!match) return null
  const id = Number(match[2])
  if (!Number.isSafeInteger(id)) return null
  return { kind: match[1] === 'batches' ? 'batch' : 'bottle', id }
}
