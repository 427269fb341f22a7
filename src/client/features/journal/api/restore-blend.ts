import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { apiRequest } from '#client/lib/api-client.ts'
import { refreshBlendLists } from '#client/lib/blend-queries.ts'
import { PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'

/** How long the toast after a delete offers 'Undo'; the server keeps the blend restorable longer (docs/decisions/030). */
export const DELETE_UNDO_MS = 10_000

/** POST /api/blends/{id}/restore: 'Undo' after a delete; the blend comes back as it was. */
export async function restoreBlend(id: number): Promise<void> {
  await apiRequest('POST', `/api/blends/${id}/restore`)
}

/**
 * Restores a deleted blend and shows it again in every list. A plain function rather than a
 * mutation hook: it runs from a toast after the deleted card (and its hooks) are gone.
 */
export function useRestoreBlend() {
  const queryClient = useQueryClient()
  return useCallback(
    async (id: number) => {
      await restoreBlend(id)
      await Promise.all([refreshBlendLists(queryClient), queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY })])
    },
    [queryClient],
  )
}
