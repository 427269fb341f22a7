import { keepPreviousData, useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { BlendDetail, BlendListItem, BlendListPage } from '#shared/api/blend-list.ts'
import type { JournalSort, JournalTab } from '#shared/domain/journal-list.ts'
import { getJson } from '#client/lib/api-client.ts'
import { takeBootSummary } from '#client/lib/boot-data.ts'
import { currentUser } from '#client/lib/session.ts'
import { BLENDS_QUERY_KEY } from '#client/lib/blends.ts'

/**
 * The reads of the user's blends that the journal, the calculator and Home share, sized to what
 * is on screen: pages of the list (GET /api/blends), one blend (GET /api/blends/{id}) and Home's
 * summary (GET /api/me/summary). Every key starts with BLENDS_QUERY_KEY, so the one invalidation
 * a write makes (in any feature) refreshes all of them.
 */

export type BlendListParams = { q: string; sort: JournalSort; status: JournalTab; limit?: number }

export const BLEND_LISTS_KEY = [...BLENDS_QUERY_KEY, 'list'] as const
export const blendListKey = (params: BlendListParams) => [...BLEND_LISTS_KEY, params] as const
export const blendDetailKey = (id: number) => [...BLENDS_QUERY_KEY, 'detail', id] as const
export const SUMMARY_QUERY_KEY = [...BLENDS_QUERY_KEY, 'summary'] as const

export function fetchBlendPage(params: BlendListParams, cursor: string | null): Promise<BlendListPage> {
  const query = new URLSearchParams({ sort: params.sort, status: params.status })
  if (params.q.trim()) query.set('q', params.q.trim())
  if (params.limit) query.set('limit', String(params.limit))
  if (cursor) query.set('cursor', cursor)
  return getJson(`/api/blends?${query.toString()}`, 'BlendListPage')
}

/**
 * The list as cursor pages, one more with each fetchNextPage. The key is the search, sort and
 * tab, so each keeps its pages in the cache (Back to the list finds them as they were); while a
 * new search loads, the previous results stay on screen.
 */
export function useBlendPages(params: BlendListParams, { enabled = true }: { enabled?: boolean } = {}) {
  const normalized = { ...params, q: params.q.trim() }
  return useInfiniteQuery({
    queryKey: blendListKey(normalized),
    queryFn: ({ pageParam }) => fetchBlendPage(normalized, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled,
  })
}

/** The items of every page loaded so far, in order. */
export function itemsOf(data: InfiniteData<BlendListPage> | undefined): BlendListItem[] {
  return data?.pages.flatMap((page) => page.items) ?? []
}

/** One blend with its versions and first test entries; loads only when `id` is set. */
export function useBlendDetail(id: number | null) {
  return useQuery({
    queryKey: blendDetailKey(id ?? 0),
    queryFn: () => getJson(`/api/blends/${id}`, 'BlendDetail'),
    enabled: id !== null,
  })
}

/** Home's counts and newest blends. */
export function useMeSummary() {
  return useQuery({
    queryKey: SUMMARY_QUERY_KEY,
    queryFn: () => getJson('/api/me/summary', 'MeSummary'),
    // Home's first render uses the summary its HTML came with (decision 035).
    initialData: () => takeBootSummary(currentUser()?.id),
  })
}

/**
 * Changes one blend wherever the cache holds it (every list page, its detail), without a request:
 * `list` rewrites its list item, `detail` its detail. Returning null from `list` removes the item.
 */
export function updateCachedBlend(
  queryClient: QueryClient,
  id: number,
  change: { list?: (item: BlendListItem) => BlendListItem | null; detail?: (detail: BlendDetail) => BlendDetail },
): void {
  const { list, detail } = change
  if (list) {
    queryClient.setQueriesData<InfiniteData<BlendListPage>>({ queryKey: BLEND_LISTS_KEY }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.flatMap((item) => {
                if (item.id !== id) return [item]
                const next = list(item)
                return next ? [next] : []
              }),
            })),
          }
        : data,
    )
  }
  if (detail) queryClient.setQueryData<BlendDetail>(blendDetailKey(id), (data) => (data ? detail(data) : data))
}

/**
 * After a write that changes how blends list (a rename, a delete, a new test or version): the
 * lists and Home's summary are fetched again, now if on screen, otherwise when next shown.
 */
export function refreshBlendLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: BLEND_LISTS_KEY }),
    queryClient.invalidateQueries({ queryKey: SUMMARY_QUERY_KEY }),
  ]).then(() => undefined)
}
