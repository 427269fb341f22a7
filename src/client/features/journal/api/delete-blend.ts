import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SavedBlend } from '#shared/api/blends.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { entriesQueryKey } from '#client/features/journal/api/get-blend-entries.ts'
import { BLENDS_QUERY_KEY, PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'

/** DELETE /api/blends/{id}: the blend, its versions and their test entries go together. */
export async function deleteBlend(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/blends/${id}`)
}

export function useDeleteBlend() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBlend,
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<SavedBlend[]>(BLENDS_QUERY_KEY, (blends) => blends?.filter((b) => b.id !== id))
      queryClient.removeQueries({ queryKey: entriesQueryKey(id) })
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY })
    },
  })
}
