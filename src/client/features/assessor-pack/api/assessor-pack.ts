import { useMutation } from '@tanstack/react-query'
import type { AssessorPackRequest } from '#shared/api/assessor-pack.ts'
import { apiRequest, READ_TIMEOUT_MS, readAs } from '#client/lib/api-client.ts'

/**
 * POST /api/assessor-pack (decision 083): the pack's data, read on "Download the pack" (it writes
 * nothing, but it is asked for on a press, so it is a mutation, never cached).
 */
export function useAssessorPack() {
  return useMutation({
    mutationFn: async (request: AssessorPackRequest) =>
      readAs(await apiRequest('POST', '/api/assessor-pack', request, { timeoutMs: READ_TIMEOUT_MS * 2 }), 'AssessorPack'),
  })
}
