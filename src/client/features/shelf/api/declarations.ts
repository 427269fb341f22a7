import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PutDeclaration } from '#shared/api/labels.ts'
import { apiRequest, getJson, readAs } from '#client/lib/api-client.ts'
import { refreshShelf, SHELF_QUERY_KEY } from '#client/lib/shelf-queries.ts'

/**
 * A bottle's allergen declaration (docs/product.md "Allergen labels"): GET, PUT (the whole
 * declaration, replacing any earlier one) and DELETE /api/shelf/bottles/{id}/declaration. A write
 * refreshes every shelf read, so the bottle's "N allergens declared" follows.
 */
export const declarationKey = (bottleId: number) => [...SHELF_QUERY_KEY, 'declaration', bottleId] as const

export function useDeclaration(bottleId: number) {
  return useQuery({
    queryKey: declarationKey(bottleId),
    queryFn: () => getJson(`/api/shelf/bottles/${bottleId}/declaration`, 'DeclarationAnswer'),
  })
}

export function useSaveDeclaration(bottleId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: PutDeclaration) =>
      readAs(await apiRequest('PUT', `/api/shelf/bottles/${bottleId}/declaration`, body), 'BottleDeclaration'),
    onSuccess: () => refreshShelf(queryClient),
  })
}

export function useRemoveDeclaration(bottleId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', `/api/shelf/bottles/${bottleId}/declaration`)
    },
    onSuccess: () => refreshShelf(queryClient),
  })
}
