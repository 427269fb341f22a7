import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BatchLabelAnswer, ClpPreviewRequest, LabelPreviewRequest, PutBatchLabel } from '#shared/api/labels.ts'
import { apiRequest, getJson, READ_TIMEOUT_MS, readAs } from '#client/lib/api-client.ts'
import { batchesKey } from '#client/lib/batches.ts'

/**
 * The label of a batch (docs/product.md "Allergen labels"): POST /api/labels/preview for the
 * calculator's batch (it writes nothing, so it is read like a query, again whenever the options
 * change), and GET / PUT /api/blends/{id}/batches/{batchId}/label for a recorded batch.
 */
export function usePreviewLabel(request: LabelPreviewRequest | null) {
  return useQuery({
    queryKey: ['label-preview', request] as const,
    queryFn: async () => readAs(await apiRequest('POST', '/api/labels/preview', request, { timeoutMs: READ_TIMEOUT_MS }), 'Label'),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    // A label depends on the shelf's declarations: ask again when the page is opened again.
    staleTime: 0,
    retry: false,
  })
}

export const batchLabelKey = (blendId: number, batchId: number) => [...batchesKey(blendId), 'label', batchId] as const

export function useBatchLabel(blendId: number, batchId: number) {
  return useQuery({
    queryKey: batchLabelKey(blendId, batchId),
    queryFn: () => getJson(`/api/blends/${blendId}/batches/${batchId}/label`, 'BatchLabelAnswer'),
  })
}

/** Computes the batch's label with these options and saves it with the batch; the journal's batches follow. */
export function useSaveBatchLabel(blendId: number, batchId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: PutBatchLabel) =>
      readAs(await apiRequest('PUT', `/api/blends/${blendId}/batches/${batchId}/label`, body), 'Label'),
    onSuccess: async (label) => {
      queryClient.setQueryData<BatchLabelAnswer>(batchLabelKey(blendId, batchId), { label })
      await queryClient.invalidateQueries({ queryKey: batchesKey(blendId), exact: true })
    },
  })
}

/** POST /api/labels/home-preview: a home product's CLP allergen notice from the shelf now (writes nothing). */
export function useClpNotice(request: ClpPreviewRequest | null) {
  return useQuery({
    queryKey: ['clp-preview', request] as const,
    queryFn: async () => readAs(await apiRequest('POST', '/api/labels/home-preview', request, { timeoutMs: READ_TIMEOUT_MS }), 'ClpNotice'),
    enabled: request !== null,
    staleTime: 0,
    retry: false,
  })
}
