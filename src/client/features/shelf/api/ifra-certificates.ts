import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PutIfraCertificate } from '#shared/api/ifra.ts'
import { apiRequest, getJson, readAs } from '#client/lib/api-client.ts'
import { refreshShelf, SHELF_QUERY_KEY } from '#client/lib/shelf-queries.ts'

/**
 * A bottle's IFRA certificate (docs/product.md "IFRA certificates"): GET, PUT (the whole
 * certificate, replacing any earlier one) and DELETE /api/shelf/bottles/{id}/ifra-certificate. A
 * write refreshes every shelf read, the calculator's IFRA check among them.
 */
export const ifraCertificateKey = (bottleId: number) => [...SHELF_QUERY_KEY, 'ifra-certificate', bottleId] as const

export function useIfraCertificate(bottleId: number) {
  return useQuery({
    queryKey: ifraCertificateKey(bottleId),
    queryFn: () => getJson(`/api/shelf/bottles/${bottleId}/ifra-certificate`, 'IfraCertificateAnswer'),
  })
}

export function useSaveIfraCertificate(bottleId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: PutIfraCertificate) =>
      readAs(await apiRequest('PUT', `/api/shelf/bottles/${bottleId}/ifra-certificate`, body), 'IfraCertificate'),
    onSuccess: () => refreshShelf(queryClient),
  })
}

export function useRemoveIfraCertificate(bottleId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', `/api/shelf/bottles/${bottleId}/ifra-certificate`)
    },
    onSuccess: () => refreshShelf(queryClient),
  })
}
