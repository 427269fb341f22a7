import { QueryClient } from '@tanstack/react-query'

/**
 * SPEC.md §9: no retries, no refetch on window focus, no interval refetch, data never stale,
 * mutations not retried. Data changes only when we invalidate it after a mutation.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
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
