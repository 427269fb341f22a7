import { useQuery } from '@tanstack/react-query'
import { getPublicJson } from '#client/lib/api-client.ts'

/**
 * GET /api/essential-oils without a query: the whole catalog, fetched once per session and
 * filtered in the browser by the wizard, the journal editor, the glossary and the calculator.
 * It is public and precached by the service worker, so it is asked for even offline (decision 029).
 */
export const OILS_QUERY_KEY = ['/api/essential-oils'] as const

export function useOils() {
  return useQuery({ queryKey: OILS_QUERY_KEY, queryFn: () => getPublicJson('/api/essential-oils', 'OilList'), networkMode: 'offlineFirst' })
}
