import { useQuery } from '@tanstack/react-query'
import type { EssentialOil } from '#shared/api/oils.ts'

/** GET /api/essential-oils: the catalog, for the editor's add panel and the effects of a save. */
export const OILS_QUERY_KEY = ['/api/essential-oils'] as const

export function useOils() {
  return useQuery<EssentialOil[]>({ queryKey: OILS_QUERY_KEY })
}
