import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { BlendComparison } from '#shared/api/blend-list.ts'
import { apiRequest, readAs } from '#client/lib/api-client.ts'
import { BLENDS_QUERY_KEY } from '#client/lib/blends.ts'

/** Under BLENDS_QUERY_KEY, so any write to the user's blends or tests refreshes it. */
export const comparisonKey = (blendId: number, a: string, b: string) => [...BLENDS_QUERY_KEY, 'compare', blendId, a, b] as const

export async function fetchComparison(blendId: number, a: string, b: string): Promise<BlendComparison> {
  const query = new URLSearchParams({ a, b })
  const res = await apiRequest('GET', `/api/blends/${blendId}/compare?${query.toString()}`)
  return readAs(res, 'BlendComparison')
}

/**
 * Two versions of a blend as the comparison shows them (GET /api/blends/{id}/compare): one request
 * for the screen. While another pair loads, the previous one stays on screen.
 */
export function useComparison(blendId: number, a: string, b: string) {
  return useQuery({
    queryKey: comparisonKey(blendId, a, b),
    queryFn: () => fetchComparison(blendId, a, b),
    placeholderData: keepPreviousData,
  })
}
