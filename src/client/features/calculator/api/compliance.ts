import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ComplianceRequest } from '#shared/api/compliance.ts'
import { apiRequest, newIdempotencyKey, readAs } from '#client/lib/api-client.ts'
import { BLENDS_QUERY_KEY, PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'

export type ComplianceTarget = { blendId: number; versionId: number }

const path = ({ blendId, versionId }: ComplianceTarget) => `/api/blends/${blendId}/versions/${versionId}/compliance`

/** Under BLENDS_QUERY_KEY, so a new version (or any write to the blends) asks again. */
export const complianceKey = (target: ComplianceTarget, request: ComplianceRequest) =>
  [
    ...BLENDS_QUERY_KEY,
    'compliance',
    target.blendId,
    target.versionId,
    request.productType,
    request.productPercentage,
    // Who it is for and the batch weight change the limits (the audience's maxima, the lots' IFRA certificates).
    request.audience ?? 'adults',
    request.weight ?? null,
    request.unit ?? null,
  ] as const

/** POST …/compliance: the proposal for this version, product and percentage (read-only). */
export function useComplianceProposal(target: ComplianceTarget, request: ComplianceRequest) {
  return useQuery({
    queryKey: complianceKey(target, request),
    queryFn: async () => readAs(await apiRequest('POST', path(target), request), 'ComplianceAnswer'),
    // A proposal is worked out for what is on screen now; it is not kept for later.
    staleTime: 0,
    gcTime: 0,
  })
}

/** POST …/compliance/save: the server works the proposal out again and saves it as the next version; one intent, one key. */
export function useSaveCompliant(target: ComplianceTarget) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ request, key }: { request: ComplianceRequest; key: string }) =>
      readAs(await apiRequest('POST', `${path(target)}/save`, request, { idempotencyKey: key }), 'CompliantVersion'),
    onSuccess: () => {
      // The blend's versions now end with the new one (the calculator moves to it once they arrive); the proposal itself is
      // not asked again. Not awaited: the maker is told the version is saved as soon as it is, not once every list is read again.
      void queryClient.invalidateQueries({ queryKey: BLENDS_QUERY_KEY, predicate: (query) => query.queryKey[1] !== 'compliance' })
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY })
    },
  })
}

export { newIdempotencyKey }
