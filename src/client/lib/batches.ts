import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Batch, BatchList, CreateBatch } from '#shared/api/shelf.ts'
import { apiRequest, readAs } from '#client/lib/api-client.ts'
import { refreshShelf, SHELF_QUERY_KEY } from '#client/lib/shelf-queries.ts'

/**
 * Batches made from a blend (docs/product.md, "The oil shelf"): "Mark as made" in the calculator
 * records one (POST /api/blends/{id}/batches; the server works out the amounts and takes them off
 * the shelf), the journal lists them (GET /api/blends/{id}/batches), and both can undo one
 * (DELETE /api/batches/{id} puts back what it took). The keys sit under the shelf's, so the one
 * refresh after any of these writes brings the shelf, its summary and the lists up to date.
 */
export const batchesKey = (projectId: number) => [...SHELF_QUERY_KEY, 'batches', projectId] as const

export async function createBatch(projectId: number, body: CreateBatch, idempotencyKey: string): Promise<Batch> {
  const res = await apiRequest('POST', `/api/blends/${projectId}/batches`, body, { idempotencyKey })
  return readAs(res, 'Batch')
}

export async function deleteBatch(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/batches/${id}`)
}

export async function fetchBatchPage(projectId: number, cursor: string | null): Promise<BatchList> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : ''
  const res = await apiRequest('GET', `/api/blends/${projectId}/batches${query}`)
  return readAs(res, 'BatchList')
}

/** A blend's batches, newest first, a page at a time. */
export const batchPages = (projectId: number) =>
  infiniteQueryOptions({
    queryKey: batchesKey(projectId),
    queryFn: ({ pageParam }) => fetchBatchPage(projectId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })

export function useBatchPages(projectId: number) {
  return useInfiniteQuery(batchPages(projectId))
}

export function useCreateBatch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ projectId, body, idempotencyKey }: { projectId: number; body: CreateBatch; idempotencyKey: string }) =>
      createBatch(projectId, body, idempotencyKey),
    onSuccess: () => refreshShelf(queryClient),
  })
}

/** Undo a batch: its oil goes back on the shelf. */
export async function undoBatch(queryClient: QueryClient, id: number): Promise<void> {
  await deleteBatch(id)
  await refreshShelf(queryClient)
}

export function useUndoBatch() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: (id: number) => undoBatch(queryClient, id) })
}
