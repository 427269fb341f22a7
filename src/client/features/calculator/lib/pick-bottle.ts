import type { Bottle } from '#shared/api/shelf.ts'
import { scannedCode } from '#client/lib/qr/code-url.ts'

/** A bottle in the From list, in plain words: its lot, supplier, best-before and what is left, and its number. */
export function bottleOptionLabel(bottle: Bottle): string {
  const parts = [bottle.lotCode ? `Lot ${bottle.lotCode}` : 'No lot code']
  if (bottle.supplier) parts.push(`from ${bottle.supplier}`)
  if (bottle.bestBefore) parts.push(`best before ${bottle.bestBefore}`)
  parts.push(`${Math.round(bottle.remainingMl * 100) / 100} mL left`)
  return `${parts.join(', ')} (Bottle no. ${bottle.id})`
}

/**
 * What a scanned or typed code picks for one oil: one of its bottles offered, or what the scanner
 * says instead (and keeps looking).
 */
export function pickFromCode(
  code: string,
  origin: string,
  oilName: string,
  bottles: readonly Bottle[],
): { bottleId: number } | { says: string } {
  const read = scannedCode(code, origin)
  if (!read.found) {
    return read.reason === 'other-server'
      ? { says: `That code is for Accord at ${read.host}, not here.` }
      : { says: 'That code names no Accord bottle.' }
  }
  if (read.kind !== 'bottle') return { says: `That is a batch's code, not a bottle's.` }
  if (!bottles.some((b) => b.id === read.id)) {
    return { says: `Bottle no. ${read.id} is not one of your bottles of ${oilName} with oil left.` }
  }
  return { bottleId: read.id }
}
