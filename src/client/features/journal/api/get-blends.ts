import { useQuery } from '@tanstack/react-query'
import type { SavedBlend } from '#shared/api/blends.ts'

/** GET /api/blends: every blend of the user, with test counts and every oil name for the list. */
export const BLENDS_QUERY_KEY = ['/api/blends'] as const

export function useBlends() {
  return useQuery<SavedBlend[]>({ queryKey: BLENDS_QUERY_KEY })
}
