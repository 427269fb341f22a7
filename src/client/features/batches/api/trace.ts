import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { getJson } from '#client/lib/api-client.ts'
import { SHELF_QUERY_KEY } from '#client/lib/shelf-queries.ts'

/**
 * The trace look-ups (issue 36; docs/product.md "Batch records"): a lot's batches (GET
 * /api/shelf/bottles/{id}/trace, a page at a time) and a batch with its lots (GET /api/batches/{id}).
 * Their keys sit under the shelf's, so a bottle or batch write refreshes them.
 */
export const bottleTraceKey = (bottleId: number) => [...SHELF_QUERY_KEY, 'trace', 'bottle', bottleId] as const
export const batchTraceKey = (batchId: number) => [...SHELF_QUERY_KEY, 'trace', 'batch', batchId] as const

export const bottleTracePages = (bottleId: number) =>
  infiniteQueryOptions({
    queryKey: bottleTraceKey(bottleId),
    queryFn: ({ pageParam }) =>
      getJson(
        `/api/shelf/bottles/${bottleId}/trace${pageParam ? `?${new URLSearchParams({ cursor: pageParam }).toString()}` : ''}`,
        'BottleTrace',
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.batches.nextCursor,
  })

export function useBottleTrace(bottleId: number) {
  return useInfiniteQuery(bottleTracePages(bottleId))
}

export function useBatchTrace(batchId: number) {
  return useQuery({ queryKey: batchTraceKey(batchId), queryFn: () => getJson(`/api/batches/${batchId}`, 'BatchTrace') })
}
