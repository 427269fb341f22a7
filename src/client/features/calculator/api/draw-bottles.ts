import { useQueries } from '@tanstack/react-query'
// Types only: the schemas (zod) never load with the calculator.
import type { Bottle, ShelfOil } from '#shared/api/shelf.ts'
import { drawOrder } from '#shared/domain/shelf.ts'
import { apiRequest, readAs } from '#client/lib/api-client.ts'
import { SHELF_QUERY_KEY } from '#client/lib/shelf-queries.ts'

/** Under the shelf's key, so a batch made or undone (refreshShelf) reads them again. */
export const drawBottlesKey = (oilId: number) => [...SHELF_QUERY_KEY, 'draw-bottles', oilId] as const

/** One oil's bottles with oil left, in the usual draw order (decision 026): every page of GET /api/shelf/bottles?oilId. */
export async function fetchDrawBottles(oilId: number): Promise<Bottle[]> {
  const out: Bottle[] = []
  let cursor: string | null = null
  do {
    const query = new URLSearchParams({ oilId: String(oilId) })
    if (cursor) query.set('cursor', cursor)
    const page = await readAs(await apiRequest('GET', `/api/shelf/bottles?${query.toString()}`), 'BottleList')
    out.push(...page.items)
    cursor = page.nextCursor
  } while (cursor)
  return drawOrder(out.filter((b) => b.oilId === oilId && b.remainingMl > 0))
}

/**
 * The bottles Mark as made offers a choice between (decision 090): for each oil of the batch the
 * shelf holds two bottles or more of, its bottles with oil left, in draw order. Only those oils are
 * read; an oil whose read fails, or that has fewer than two bottles with oil left, offers no choice.
 */
export function useDrawBottles(oilIds: readonly number[], shelf: readonly ShelfOil[] | undefined): ReadonlyMap<number, Bottle[]> {
  const counts = new Map((shelf ?? []).map((oil) => [oil.oilId, oil.bottleCount]))
  const asked = [...new Set(oilIds)].filter((oilId) => (counts.get(oilId) ?? 0) >= 2)
  const reads = useQueries({
    queries: asked.map((oilId) => ({ queryKey: drawBottlesKey(oilId), queryFn: () => fetchDrawBottles(oilId) })),
  })
  const out = new Map<number, Bottle[]>()
  asked.forEach((oilId, i) => {
    const bottles = reads[i]?.data
    if (bottles && bottles.length >= 2) out.set(oilId, bottles)
  })
  return out
}
