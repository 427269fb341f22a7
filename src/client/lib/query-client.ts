import { QueryClient } from '@tanstack/react-query'
import { defaultQueryFn } from '#client/lib/api-client.ts'
import { sessionStore } from '#client/lib/session.ts'

/**
 * docs/product.md §9: no retries, no refetch on window focus, no interval refetch, data never stale,
 * mutations not retried. Data changes only when we invalidate it after a mutation. A query with
 * only a key GETs its first element through the API helper (docs/product.md §7).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  })
}

export const queryClient = createQueryClient()

// One person's blends must never show to the next person who signs in on this browser.
sessionStore.subscribe((state, previous) => {
  if (state.status !== 'signed-in' && previous.status === 'signed-in') queryClient.clear()
})
