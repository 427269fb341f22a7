import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SavedBlend } from '#shared/api/blends.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { BLENDS_QUERY_KEY, PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'

/** PATCH /api/blends/{id} {name}: rename (a blank name is never sent; the server ignores one too). */
export async function renameBlend({ id, name }: { id: number; name: string }): Promise<SavedBlend> {
  const res = await apiRequest('PATCH', `/api/blends/${id}`, { name })
  return (await res.json()) as SavedBlend
}

export function useRenameBlend() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: renameBlend,
    onSuccess: (renamed) => {
      queryClient.setQueryData<SavedBlend[]>(BLENDS_QUERY_KEY, (blends) => blends?.map((b) => (b.id === renamed.id ? renamed : b)))
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY })
    },
  })
}
