import type { Bottle, FromBottle } from '#shared/api/shelf.ts'

/** The maker's choice in Mark as made: the bottle each oil is drawn from first, by oil id (decision 090). */
export type DrawChoice = ReadonlyMap<number, number>

/** An oil whose bottle can be chosen in Mark as made. */
export interface DrawOil {
  oilId: number
  oilName: string
  /** Its bottles with oil left, in the usual draw order: two or more. */
  bottles: readonly Bottle[]
}

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
