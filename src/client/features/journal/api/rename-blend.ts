import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SavedBlend } from '#shared/api/blends.ts'
import { apiRequest, readAs } from '#client/lib/api-client.ts'
import { refreshBlendLists, updateCachedBlend } from '#client/lib/blend-queries.ts'

/** PATCH /api/blends/{id} {name}: rename (a blank name is never sent; the server ignores one too). */
export async function renameBlend({ id, name }: { id: number; name: string }): Promise<SavedBlend> {
  const res = await apiRequest('PATCH', `/api/blends/${id}`, { name })
  return readAs(res, 'SavedBlend')
}

export function useRenameBlend() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: renameBlend,
    onSuccess: (renamed) => {
      // The new name shows at once; the lists come again, as the name order or a search may move it.
      updateCachedBlend(queryClient, renamed.id, {
        list: (item) => ({ ...item, name: renamed.name }),
        detail: (detail) => ({ ...detail, name: renamed.name }),
      })
      void refreshBlendLists(queryClient)
    },
  })
}
