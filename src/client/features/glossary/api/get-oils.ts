import { useQuery } from '@tanstack/react-query'
import type { EssentialOil } from '#shared/api/oils.ts'

/** GET /api/essential-oils: the whole catalog, the glossary reads (cached, one request per session). */
export function useOils() {
  return useQuery<EssentialOil[]>({ queryKey: ['/api/essential-oils'] })
}
