import { onlineManager, QueryClient } from '@tanstack/react-query'
import { defaultQueryFn } from '#client/lib/api-client.ts'
import { clearDeviceData } from '#client/lib/offline/clear-device.ts'
import { forgetRememberedUser, sessionStore } from '#client/lib/session.ts'

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

// React Query assumes a connection until the browser says otherwise; a page opened offline pauses
// its requests instead of failing them, and shows what was saved on the device (decision 029).
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine)

// One person's blends must never show to the next person who signs in on this browser, nor stay
// on the device after they sign out (decision 029).
sessionStore.subscribe((state, previous) => {
  if (state.status !== 'signed-in' && previous.status === 'signed-in') {
    queryClient.clear()
    forgetRememberedUser()
    void clearDeviceData().catch((err: unknown) => console.warn('Clearing data saved on this device failed', err))
  }
})
