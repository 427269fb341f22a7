import { onlineManager, QueryCache, QueryClient, type Query } from '@tanstack/react-query'
import { defaultQueryFn, isNotOnDevice } from '#client/lib/api-client.ts'
import { clearDeviceData } from '#client/lib/offline/clear-device.ts'
import { forgetRememberedUser, sessionStore } from '#client/lib/session.ts'

/**
 * Offline, a read of data the cache holds (put back from the device while the read waited) keeps
 * showing it: the "not on this device" answer is for screens with nothing to show (decision 039).
 */
export function keepSavedDataOffline(error: Error, query: Query<unknown, unknown, unknown, readonly unknown[]>): void {
  if (isNotOnDevice(error) && query.state.data !== undefined) {
    query.setState({ status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null })
  }
}

/**
 * docs/product.md §9: no retries, no refetch on window focus, no interval refetch, data never stale,
 * mutations not retried. Data changes only when we invalidate it after a mutation. A query with
 * only a key GETs its first element through the API helper (docs/product.md §7).
 *
 * Offline (decision 039): reads run rather than pause, so the API helper answers at once, from
 * the device or with "not on this device", never a spinner without end; they run again when the
 * connection returns (a query without data is stale). Nothing is dropped from the cache for being
 * unused (gcTime): what stays on the device is decided by the offline cache's bound
 * (lib/offline/cache-bound.ts, applied by the device worker; docs/product.md "Offline at the bench"), not by when a screen closed.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: keepSavedDataOffline }),
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        gcTime: Infinity,
        networkMode: 'always',
        // React Query turns this off with networkMode 'always'; on, a read that could not load
        // offline (no data, so stale) loads when the connection returns. Data it has stays as it is.
        refetchOnReconnect: true,
      },
      mutations: {
        retry: false,
      },
    },
  })
}

export const queryClient = createQueryClient()

// React Query assumes a connection until the browser says otherwise; told the truth, it fetches
// again what could not load offline as soon as the connection returns (decisions 029, 039).
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
