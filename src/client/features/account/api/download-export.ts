import { downloadFrom } from '#client/features/account/lib/save-download.ts'

/** GET /api/export: everything in the journal as one JSON file, or an archive with the documents (docs/export-format.md); saved under the server's name. */
export const downloadExport = () => downloadFrom('/api/export', 'accord-export.json')
