import { downloadFrom } from '#client/features/account/lib/save-download.ts'

/** GET /api/export: everything in the journal as one JSON file (docs/export-format.md). */
export const downloadExport = () => downloadFrom('/api/export', 'accord-export.json')
