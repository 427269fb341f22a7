import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CreatedVersion } from '#shared/api/blends.ts'
import { apiRequest, newIdempotencyKey, readAs } from '#client/lib/api-client.ts'
import { BLENDS_QUERY_KEY, PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'

/**
 * The two requests of accords that are not saves (decision 072; the screens in decision 073):
 * which of the user's blends use a blend as an accord (asked before it is deleted), and the new
 * version of a blend that uses the newest versions of its accords.
 */

/** One blend using another as an accord: its versions that do, each with the accord version it pins (AccordUsesSchema). */
export interface AccordUseOf {
  id: number
  name: string
  /** Oldest first: '001c', pinning the used blend's '002a'. */
  versions: { id: number; referenceNumber: string; accordReferenceNumber: string }[]
}

/** GET /api/blends/{id}/accord-uses: the user's blends that hold blend {id} as an accord; none when none. */
export async function getAccordUses(blendId: number): Promise<AccordUseOf[]> {
  return (await readAs(await apiRequest('GET', `/api/blends/${blendId}/accord-uses`), 'AccordUses')).blends
}

export const accordUsesKey = (blendId: number) => [...BLENDS_QUERY_KEY, 'accord-uses', blendId] as const

/** Asked only while `enabled` (the delete dialog is open), and again each time it opens. */
export function useAccordUses(blendId: number, enabled: boolean) {
  return useQuery({ queryKey: accordUsesKey(blendId), queryFn: () => getAccordUses(blendId), enabled, staleTime: 0, gcTime: 0 })
}

/** POST /api/blends/{id}/versions/{versionId}/follow-accords → 201: the blend's next version, each accord at its newest version. */
export async function followAccords(blendId: number, versionId: number): Promise<CreatedVersion> {
  const res = await apiRequest('POST', `/api/blends/${blendId}/versions/${versionId}/follow-accords`, undefined, {
    idempotencyKey: newIdempotencyKey(),
  })
  return readAs(res, 'CreatedVersion')
}

/** Follow the accords; on success the blend and the lists come again (the new version with them). */
export function useFollowAccords() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ blendId, versionId }: { blendId: number; versionId: number }) => followAccords(blendId, versionId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BLENDS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
      ]),
  })
}
