import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { CreateShare, ShareLink } from '#shared/api/shares.ts'
import { apiRequest, getJson, newIdempotencyKey, readAs } from '#client/lib/api-client.ts'
import { BLENDS_QUERY_KEY } from '#client/lib/blends.ts'
import { DELETE_UNDO_MS } from '#client/features/journal/api/restore-blend.ts'

const sharesKey = (blendId: number) => [...BLENDS_QUERY_KEY, 'shares', blendId] as const

/** GET /api/blends/{id}/shares: the blend's live links, newest first; loads while `enabled`. */
export function useShareLinks(blendId: number, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: sharesKey(blendId),
    enabled,
    queryFn: async () => (await getJson(`/api/blends/${blendId}/shares`, 'ShareLinkList')).items,
  })
}

/** POST /api/blends/{id}/shares: a new link, one intent one key. */
export function useCreateShareLink(blendId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: CreateShare) =>
      await readAs(await apiRequest('POST', `/api/blends/${blendId}/shares`, body, { idempotencyKey: newIdempotencyKey() }), 'ShareLink'),
    onSuccess: (link) => queryClient.setQueryData<ShareLink[]>(sharesKey(blendId), (links) => [link, ...(links ?? [])]),
  })
}

/** DELETE /api/shares/{token}: the link stops working at once. */
export function useRevokeShareLink(blendId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (token: string) => {
      await apiRequest('DELETE', `/api/shares/${token}`)
      return token
    },
    onSuccess: (token) =>
      queryClient.setQueryData<ShareLink[]>(sharesKey(blendId), (links) => (links ?? []).filter((l) => l.token !== token)),
  })
}

/** How long the Share dialog offers 'Undo' after a revoke: as long as a delete's (the server keeps the link restorable longer, decision 041). */
export const REVOKE_UNDO_MS = DELETE_UNDO_MS

/**
 * POST /api/shares/{token}/restore: 'Undo' after a revoke; the link works again with its address,
 * and the list is read again to show it in its place. A plain function rather than a mutation hook:
 * it runs from a toast after the revoked link's row (and its hooks) are gone.
 */
export function useRestoreShareLink(blendId: number) {
  const queryClient = useQueryClient()
  return useCallback(
    async (token: string) => {
      await apiRequest('POST', `/api/shares/${token}/restore`)
      await queryClient.invalidateQueries({ queryKey: sharesKey(blendId) })
    },
    [queryClient, blendId],
  )
}
