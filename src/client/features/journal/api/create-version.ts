import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BlendVersion, CreateVersion } from '#shared/api/blends.ts'
import { apiRequest, newIdempotencyKey } from '#client/lib/api-client.ts'
import { BLENDS_QUERY_KEY, PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'

/** POST /api/blend-versions: the next version of a blend; the server assigns its letter. */
export async function createVersion(body: CreateVersion, idempotencyKey = newIdempotencyKey()): Promise<BlendVersion> {
  const res = await apiRequest('POST', '/api/blend-versions', body, { idempotencyKey })
  return (await res.json()) as BlendVersion
}

export function useCreateVersion() {
  const queryClient = useQueryClient()
  return useMutation({
    // Each mutate is one intent, with a fresh idempotency key.
    mutationFn: (body: CreateVersion) => createVersion(body),
    // The blend on screen, the lists and Home's summary (all under BLENDS_QUERY_KEY) come again.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BLENDS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
      ])
    },
  })
}
