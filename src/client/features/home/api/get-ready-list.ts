import { useQuery } from '@tanstack/react-query'
import { getJson } from '#client/lib/api-client.ts'

export const READY_QUERY_KEY = ['/api/me/ready'] as const

/** GET /api/me/ready: the oldest few blends ready to test, and how many (docs/product.md "Ready to test"). */
export function useReadyList() {
  return useQuery({
    queryKey: READY_QUERY_KEY,
    queryFn: () => getJson('/api/me/ready', 'ReadyList'),
    // Readiness moves with the clock, not only with writes: asked afresh each time Home opens.
    staleTime: 0,
  })
}
