import { useQueries } from '@tanstack/react-query'
import type { AccordUse } from '#shared/api/blends.ts'
import type { Batch } from '#shared/api/shelf.ts'
import { accordCostPerGram, accordDensity, accordRowId, neatCostPerGram, type AccordWeigh } from '#shared/domain/accord-weighing.ts'
import type { ShelfHolding } from '#shared/domain/shelf.ts'
import { toGrams } from '#shared/domain/units.ts'
import { fetchBatchPage } from '#client/lib/batches.ts'
import { SHELF_QUERY_KEY } from '#client/lib/shelf-queries.ts'

/** The pages of an accord's batches read for its stock: 10 of 20, the 200 newest (older neat batches are rarely still full). */
const STOCK_PAGES = 10

/** The accords of a version, each once (an accord in two layers is one choice), in layer order. */
export function accordChoices(accords: readonly AccordUse[]): AccordUse[] {
  const seen = new Map<number, AccordUse>()
  for (const a of accords) if (!seen.has(a.versionId)) seen.set(a.versionId, a)
  return [...seen.values()]
}

/**
 * What the shelf holds of an accord weighed as one line, as the cost table and the shortage read a
 * holding: its neat batches' grams left in mL (at the accord's density) and their cost per gram as a
 * cost per mL; null cost when none with some left was priced (decision 074).
 */
export function accordHolding(batches: readonly Batch[], versionId: number, density: number): ShelfHolding {
  const neat = batches
    .filter((b) => b.versionId === versionId && (b.remainingGrams ?? 0) > 0)
    .map((b) => ({
      remainingGrams: b.remainingGrams!,
      costPerGram: neatCostPerGram({
        totalCost: b.totalCost,
        costIsPartial: b.costIsPartial,
        grams: toGrams((b.weight * b.oilPercentage) / 100, b.unit),
      }),
    }))
  const grams = neat.reduce((sum, b) => sum + b.remainingGrams, 0)
  const perGram = accordCostPerGram(neat)
  return { remainingMl: grams / density, costPerMl: perGram === null ? null : perGram * density }
}

async function allBatches(projectId: number): Promise<Batch[]> {
  const items: Batch[] = []
  let cursor: string | null = null
  for (let page = 0; page < STOCK_PAGES; page++) {
    const list = await fetchBatchPage(projectId, cursor)
    items.push(...list.items)
    cursor = list.nextCursor
    if (cursor === null) break
  }
  return items
}

/**
 * The holdings of the accords weighed as one line, keyed by their calculator row id
 * (accordRowId), from their blends' batches; `pending` while any is loading, `failed` when one could
 * not be read (its line then has no cost and no stock rather than a guess).
 */
export function useAccordHoldings(
  accords: readonly AccordUse[],
  weighs: Readonly<Record<number, AccordWeigh>>,
  densityOf: (oilId: number) => number | null | undefined,
): { holdings: Map<number, ShelfHolding>; pending: boolean; failed: boolean } {
  const asBatch = accordChoices(accords).filter((a) => weighs[a.versionId] === 'batch' && a.projectId !== null)
  const results = useQueries({
    queries: asBatch.map((a) => ({
      queryKey: [...SHELF_QUERY_KEY, 'accord-stock', a.projectId] as const,
      queryFn: () => allBatches(a.projectId!),
    })),
  })
  const holdings = new Map<number, ShelfHolding>()
  asBatch.forEach((a, i) => {
    const data = results[i]?.data
    if (data) holdings.set(accordRowId(a.versionId), accordHolding(data, a.versionId, accordDensity(a.oils, densityOf)))
  })
  return { holdings, pending: results.some((r) => r.isPending), failed: results.some((r) => r.isError) }
}
