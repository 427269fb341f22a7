import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateIngredient, Ingredient, UpdateIngredient } from '#shared/api/ingredients.ts'
import { apiRequest, newIdempotencyKey, readAs } from '#client/lib/api-client.ts'
import { INGREDIENTS_QUERY_KEY } from '#client/lib/catalog.ts'

/** The maker's own ingredients' writes (POST, PATCH, DELETE /api/ingredients); each refreshes the list every oil picker reads. */
export async function createIngredient(body: CreateIngredient, idempotencyKey = newIdempotencyKey()): Promise<Ingredient> {
  return readAs(await apiRequest('POST', '/api/ingredients', body, { idempotencyKey }), 'Ingredient')
}

export async function updateIngredient(id: number, body: UpdateIngredient): Promise<Ingredient> {
  return readAs(await apiRequest('PATCH', `/api/ingredients/${id}`, body), 'Ingredient')
}

export async function deleteIngredient(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/ingredients/${id}`)
}

/** Add (no id) or change (an id); the form keeps one idempotency key per ingredient it adds, so a retried Save adds it once. */
export function useSaveIngredient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: { id: number | null; body: CreateIngredient; idempotencyKey: string }) => {
      if (id === null) return createIngredient(body, idempotencyKey)
      const { basedOnOilId: _basedOn, ...changes } = body
      return updateIngredient(id, changes)
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INGREDIENTS_QUERY_KEY }),
  })
}

export function useDeleteIngredient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteIngredient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INGREDIENTS_QUERY_KEY }),
  })
}
