import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import type { BlendListPage } from '#shared/api/blend-list.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { BLEND_LISTS_KEY, blendDetailKey, refreshBlendLists } from '#client/lib/blend-queries.ts'
import { PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'

/** DELETE /api/blends/{id}: the blend, its versions and their test entries go together. */
export async function deleteBlend(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/blends/${id}`)
}

export function useDeleteBlend() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBlend,
    onSuccess: (_nothing, id) => {
      // Gone from every page and count at once; then the lists come again, pages and cursors with them.
      queryClient.setQueriesData<InfiniteData<BlendListPage>>({ queryKey: BLEND_LISTS_KEY }, (data) => {
        const item = data?.pages.flatMap((page) => page.items).find((b) => b.id === id)
        if (!data || !item) return data
        const counts = (c: BlendListPage['counts']) => ({
          all: c.all - 1,
          tested: c.tested - (item.tested ? 1 : 0),
          untested: c.untested - (item.tested ? 0 : 1),
        })
        return {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: page.items.filter((b) => b.id !== id), counts: counts(page.counts) })),
        }
      })
      queryClient.removeQueries({ queryKey: blendDetailKey(id) })
      void refreshBlendLists(queryClient)
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY })
    },
  })
}
