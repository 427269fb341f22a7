import type { Bottle, FromBottle } from '#shared/api/shelf.ts'
import { scannedCode } from '#client/lib/qr/code-url.ts'

/** The maker's choice in Mark as made: the bottle each oil is drawn from first, by oil id (decision 090). */
export type DrawChoice = ReadonlyMap<number, number>

/** A chosen bottle as drawnLotsToWarnFrom reads it: what it holds, and what the bottles the usual order takes before it hold. */
export interface ChosenDraw {
  bottleId: number
  remainingMl: number
  mlBefore: number
}

/**
 * The choices that still name one of the oil's bottles offered (a bottle emptied or gone since is
 * dropped, so it is never sent), each with its place in the usual order. `bottles` are in draw order.
 */
export function chosenDraws(choice: DrawChoice, bottles: ReadonlyMap<number, readonly Bottle[]>): Map<number, ChosenDraw> {
  const out = new Map<number, ChosenDraw>()
  for (const [oilId, bottleId] of choice) {
    let mlBefore = 0
    for (const bottle of bottles.get(oilId) ?? []) {
      if (bottle.id === bottleId) {
        out.set(oilId, { bottleId, remainingMl: bottle.remainingMl, mlBefore })
        break
      }
      mlBefore += bottle.remainingMl
    }
  }
  return out
}

/** CreateBatch.fromBottles for the chosen oils only; undefined when none is chosen (the usual order for all). */
export function fromBottlesOf(chosen: ReadonlyMap<number, ChosenDraw>): FromBottle[] | undefined {
  const list = [...chosen].map(([oilId, c]) => ({ oilId, bottleId: c.bottleId }))
  return list.length > 0 ? list : undefined
}

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
