import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { documentPath, type DocumentKind } from '#shared/api/documents.ts'
import { apiRequest, getJson, readAs, type UploadProgress } from '#client/lib/api-client.ts'
import { SHELF_QUERY_KEY } from '#client/lib/shelf-queries.ts'

/**
 * A bottle's documents (docs/product.md "A lot's documents"; decision 080): the list (GET
 * /api/shelf/bottles/{id}/documents, never the files), an upload (the file as the raw body), a
 * file's bytes (GET /api/documents/{id}, with the bearer token, so never a plain link) and a delete.
 */
export const documentsKey = (bottleId: number) => [...SHELF_QUERY_KEY, 'documents', bottleId] as const

export function useDocuments(bottleId: number) {
  return useQuery({
    queryKey: documentsKey(bottleId),
    queryFn: () => getJson(`/api/shelf/bottles/${bottleId}/documents`, 'BottleDocumentList'),
  })
}

type Upload = { file: File; kind: DocumentKind; onProgress?: UploadProgress }

export function useUploadDocument(bottleId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ file, kind, onProgress }: Upload) => {
      const query = new URLSearchParams({ kind, name: file.name })
      // Sent as bytes: the server reads the type from the content, not from the name or this header.
      const body = new Blob([file], { type: 'application/octet-stream' })
      return readAs(
        await apiRequest('POST', `/api/shelf/bottles/${bottleId}/documents?${query.toString()}`, body, { onProgress }),
        'BottleDocument',
      )
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKey(bottleId) }),
  })
}

export function useDeleteDocument(bottleId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', documentPath(id))
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKey(bottleId) }),
  })
}

/** A document's bytes, read with the signed-in user's token. */
export async function documentBytes(id: number): Promise<Blob> {
  return (await apiRequest('GET', documentPath(id), undefined, { timeoutMs: 60_000 })).blob()
}

/** Saves a document as a file on the device, under its name. */
export async function downloadDocument(id: number, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await documentBytes(id))
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = fileName
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // Revoked after the click has been handed to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
}
