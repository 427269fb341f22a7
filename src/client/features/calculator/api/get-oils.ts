import { useQuery } from '@tanstack/react-query'
import type { EssentialOil } from '#shared/api/oils.ts'

/** GET /api/essential-oils: the whole catalog, for densities and safety facts (cached, shared key). */
export function useOils() {
  return useQuery<EssentialOil[]>({ queryKey: ['/api/essential-oils'] })
}
