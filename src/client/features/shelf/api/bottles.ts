import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import type { Bottle, BottleList, CreateBottle, UpdateBottle } from '#shared/api/shelf.ts'
import { apiRequest, newIdempotencyKey, readAs } from '#client/lib/api-client.ts'
import { refreshShelf, SHELF_QUERY_KEY } from '#client/lib/shelf-queries.ts'

/**
 * The shelf's bottles: GET /api/shelf/bottles a page at a time ("Load more"), and the writes
 * (POST, PATCH, DELETE /api/shelf/bottles). Every write refreshes the shelf's reads (the per-oil
 * summary the calculator and the filters read too).
 */
export const BOTTLES_KEY = [...SHELF_QUERY_KEY, 'bottles'] as const

export async function fetchBottlePage(cursor: string | null): Promise<BottleList> {
  const query = new URLSearchParams()
  if (cursor) query.set('cursor', cursor)
  const res = await apiRequest('GET', `/api/shelf/bottles${query.size > 0 ? `?${query.toString()}` : ''}`)
  return readAs(res, 'BottleList')
}

export function useBottlePages() {
  return useInfiniteQuery({
    queryKey: BOTTLES_KEY,
    queryFn: ({ pageParam }) => fetchBottlePage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })
}

export function bottlesOf(data: InfiniteData<BottleList> | undefined): Bottle[] {
  return data?.pages.flatMap((page) => page.items) ?? []
}

/** POST /api/shelf/bottles with the intent's idempotency key (the same on the API helper's retry). */
export async function createBottle(body: CreateBottle, idempotencyKey = newIdempotencyKey()): Promise<Bottle> {
  const res = await apiRequest('POST', '/api/shelf/bottles', body, { idempotencyKey })
  return readAs(res, 'Bottle')
}

export async function updateBottle(id: number, body: UpdateBottle): Promise<Bottle> {
  const res = await apiRequest('PATCH', `/api/shelf/bottles/${id}`, body)
  return readAs(res, 'Bottle')
}

export async function deleteBottle(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/shelf/bottles/${id}`)
}

/** Add (no id) or edit (an id) a bottle; the form keeps one idempotency key per bottle it adds, so a retried Save creates it once. */
export function useSaveBottle() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: { id: number | null; body: CreateBottle; idempotencyKey: string }) => {
      if (id === null) return createBottle(body, idempotencyKey)
      const { oilId: _oil, ...changes } = body
      return updateBottle(id, changes)
    },
    onSuccess: () => refreshShelf(queryClient),
  })
}

export function useDeleteBottle() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBottle,
    onSuccess: () => refreshShelf(queryClient),
  })
}
