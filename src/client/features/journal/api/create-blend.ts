import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BlendVersion, CreateBlend, SavedBlend } from '#shared/api/blends.ts'
import { apiRequest, newIdempotencyKey } from '#client/lib/api-client.ts'
import { BLENDS_QUERY_KEY, PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'

export type CreatedBlend = SavedBlend & { version: BlendVersion }

/** POST /api/blends: a new blend; a name the user already has becomes the next version of that blend. */
export async function createBlend(body: CreateBlend, idempotencyKey = newIdempotencyKey()): Promise<CreatedBlend> {
  const res = await apiRequest('POST', '/api/blends', body, { idempotencyKey })
  return (await res.json()) as CreatedBlend
}

export function useCreateBlend() {
  const queryClient = useQueryClient()
  return useMutation({
    // Each mutate is one intent, with a fresh idempotency key.
    mutationFn: (body: CreateBlend) => createBlend(body),
    // The lists, the blends and Home's summary (all under BLENDS_QUERY_KEY) come again.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BLENDS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
      ])
    },
  })
}
