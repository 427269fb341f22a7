import { useQuery } from '@tanstack/react-query'
import type { SavedBlend } from '#shared/api/blends.ts'

/** GET /api/blends: the user's saved blends (shares the cache entry with the journal and home). */
export function useBlends() {
  return useQuery<SavedBlend[]>({ queryKey: ['/api/blends'] })
}
