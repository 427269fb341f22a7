import { useQuery, type QueryClient } from '@tanstack/react-query'
import type { UserSettings } from '#shared/api/shelf.ts'
import { apiRequest, getJson, readAs } from '#client/lib/api-client.ts'
import { useSession } from '#client/lib/session.ts'
import { SETTINGS_QUERY_KEY } from '#client/lib/settings-query-key.ts'

/**
 * The reads of the user's shelf that several features share (docs/product.md, "The oil shelf"):
 * the per-oil summary (GET /api/shelf/oils: one small answer, bounded by the catalog) that the
 * shelf page, the calculator's costs and the "On my shelf" filters of the glossary and the oil
 * picker read, and the user's currency (GET /api/me/settings). Every shelf key starts with
 * SHELF_QUERY_KEY, so one invalidation after a bottle or batch write refreshes them all.
 */
export const SHELF_QUERY_KEY = ['/api/shelf'] as const
export const SHELF_OILS_KEY = [...SHELF_QUERY_KEY, 'oils'] as const
export { SETTINGS_QUERY_KEY }

/** The oils on the user's shelf with mL left and cost per mL; asked for only when someone is signed in. */
export function useShelfOils() {
  const signedIn = useSession().status === 'signed-in'
  return useQuery({
    queryKey: SHELF_OILS_KEY,
    queryFn: () => getJson('/api/shelf/oils', 'ShelfOilList'),
    enabled: signedIn,
  })
}

/**
 * The ids of the oils on the shelf that still hold some oil, or null when there is nothing to
 * filter by (signed out, still loading, failed, or an empty shelf): the "On my shelf" filter is
 * offered only when this is a set.
 */
export function useShelfOilIds(): ReadonlySet<number> | null {
  const shelf = useShelfOils()
  const items = shelf.data?.items
  if (!items || items.length === 0) return null
  return new Set(items.map((item) => item.oilId))
}

/** The user's settings: the one currency their prices are in (null until chosen). */
export function useUserSettings() {
  const signedIn = useSession().status === 'signed-in'
  return useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: () => getJson('/api/me/settings', 'UserSettings'),
    enabled: signedIn,
  })
}

/** PUT /api/me/settings with a new currency; the settings and every shelf read (they carry it) come again. */
export async function saveCurrency(queryClient: QueryClient, currency: string): Promise<UserSettings> {
  const res = await apiRequest('PUT', '/api/me/settings', { currency })
  const saved = await readAs(res, 'UserSettings')
  queryClient.setQueryData(SETTINGS_QUERY_KEY, saved)
  await refreshShelf(queryClient)
  return saved
}

/** After a write that changes the shelf (a bottle, a batch made or undone): every shelf read comes again. */
export function refreshShelf(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: SHELF_QUERY_KEY })
}
