import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { EssentialOil } from '#shared/api/oils.ts'
import { getJson, getPublicJson } from '#client/lib/api-client.ts'
import { useSession } from '#client/lib/session.ts'

/**
 * GET /api/essential-oils without a query: the whole catalog, fetched once per session and
 * filtered in the browser by the wizard, the journal editor, the glossary and the calculator.
 * It is public and precached by the service worker, so it is asked for even offline (decision 029).
 */
export const OILS_QUERY_KEY = ['/api/essential-oils'] as const

/** GET /api/ingredients: the signed-in maker's own ingredients (decision 068), small and private. */
export const INGREDIENTS_QUERY_KEY = ['/api/ingredients'] as const

/** The maker's own ingredients; asked for only when someone is signed in. */
export function useOwnIngredients() {
  const signedIn = useSession().status === 'signed-in'
  return useQuery({
    queryKey: INGREDIENTS_QUERY_KEY,
    queryFn: () => getJson('/api/ingredients', 'IngredientList'),
    enabled: signedIn,
    networkMode: 'offlineFirst',
  })
}

/**
 * Every oil the visitor may use: the catalog, then the signed-in maker's own ingredients (each
 * marked `yours`), so the picker, the editor, the calculator and the shelf read them as they read
 * a catalog oil. The catalog alone while the maker's list loads or if it fails: never a wait.
 */
export function useOils() {
  const catalog = useQuery({
    queryKey: OILS_QUERY_KEY,
    queryFn: () => getPublicJson('/api/essential-oils', 'OilList'),
    networkMode: 'offlineFirst',
  })
  const own = useOwnIngredients()
  const items = own.data?.items
  const data = useMemo<EssentialOil[] | undefined>(
    () => (catalog.data && items && items.length > 0 ? [...catalog.data, ...items] : catalog.data),
    [catalog.data, items],
  )
  return { ...catalog, data }
}
