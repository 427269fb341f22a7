import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ImportResult } from '#shared/api/export.ts'
import { apiRequest, newIdempotencyKey, readAs, type UploadProgress } from '#client/lib/api-client.ts'
import { BLENDS_QUERY_KEY, PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'

/** A spreadsheet goes to /api/import/csv, anything else is read as an Accord JSON export. */
export const isCsvFile = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv'
/** An export archive (decision 084): sent as one; the server still recognises it by its content. */
export const isZipFile = (file: File) => /\.zip$/i.test(file.name) || /^application\/(x-)?zip(-compressed)?$/.test(file.type)

/**
 * POST /api/import (a JSON export or an archive) or /api/import/csv with the chosen file as the body. With `dryRun` the server
 * answers what it would create and skip, storing nothing (the preview).
 */
export async function importData(
  file: File,
  { dryRun, idempotencyKey, onProgress }: { dryRun: boolean; idempotencyKey?: string; onProgress?: UploadProgress },
): Promise<ImportResult> {
  const csv = isCsvFile(file)
  // The file's own type varies by system (a .csv may say application/vnd.ms-excel): name it.
  const body = new Blob([file], { type: csv ? 'text/csv' : isZipFile(file) ? 'application/zip' : 'application/json' })
  const path = `${csv ? '/api/import/csv' : '/api/import'}${dryRun ? '?dryRun=true' : ''}`
  // With onProgress the upload reports how far it has got (the transport sends it by XMLHttpRequest).
  return readAs(await apiRequest('POST', path, body, { idempotencyKey, onProgress }), 'ImportResult')
}

type Upload = { file: File; onProgress?: UploadProgress }

/** The preview: what importing `file` would do. */
export function usePreviewImport() {
  return useMutation({ mutationFn: ({ file, onProgress }: Upload) => importData(file, { dryRun: true, onProgress }) })
}

/** The import itself; the journal, Home and the calculator read their lists again afterwards. */
export function useImportData() {
  const queryClient = useQueryClient()
  return useMutation({
    // One press, one import: the key makes a retry of the same press answer the same.
    mutationFn: ({ file, onProgress }: Upload) => importData(file, { dryRun: false, idempotencyKey: newIdempotencyKey(), onProgress }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BLENDS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
      ])
    },
  })
}
