import { batchPagePath, benchPageOf, bottlePagePath } from '#shared/domain/bench-paths.ts'

/**
 * What a bottle's and a batch's QR code hold (docs/product.md "QR codes at the bench"): the full
 * address of its page on this server, so any phone's camera opens it, and Accord's scanner reads
 * it back. Nothing else is in the code: no name, no lot, nothing private.
 */
export const bottleCodeUrl = (origin: string, id: number): string => new URL(bottlePagePath(id), origin).href
export const batchCodeUrl = (origin: string, id: number): string => new URL(batchPagePath(id), origin).href

export type ScannedCode =
  | { found: true; kind: 'bottle' | 'batch'; id: number; path: string }
  | { found: false; reason: 'not-accord' | 'other-server'; host?: string }

/**
 * What a code the scanner read names on this server: a bottle's or a batch's page, or why it is
 * not one. A full address on another server is not opened here (its numbers are that server's
 * bottles, not this one's); a bare path ("/shelf/bottles/12") is taken as this server's.
 */
export function scannedCode(text: string, origin: string): ScannedCode {
  const trimmed = text.trim()
  let url: URL
  try {
    url = new URL(trimmed, origin)
  } catch {
    return { found: false, reason: 'not-accord' }
  }
  const page = benchPageOf(url.pathname)
  if (!page || (url.protocol !== 'http:' && url.protocol !== 'https:')) return { found: false, reason: 'not-accord' }
  if (url.origin !== new URL(origin).origin) return { found: false, reason: 'other-server', host: url.host }
  return { found: true, ...page, path: page.kind === 'bottle' ? bottlePagePath(page.id) : batchPagePath(page.id) }
}

/**
 * The number the maker types when the camera cannot be used: the bottle's or batch's number as
 * its printed code shows it under the square ("Bottle no. 12"). Whole numbers from 1 only.
 */
export function typedCode(kind: 'bottle' | 'batch', typed: string): string | null {
  const digits = typed.trim().replace(/^no\.?\s*/i, '')
  if (!/^[1-9][0-9]{0,15}$/.test(digits) || !Number.isSafeInteger(Number(digits))) return null
  const id = Number(digits)
  return kind === 'bottle' ? bottlePagePath(id) : batchPagePath(id)
}
