import { downloadFrom } from '#client/features/account/lib/save-download.ts'

/** GET /api/export/blends.csv: one row per blend version, for a spreadsheet. */
export const downloadBlendsCsv = () => downloadFrom('/api/export/blends.csv', 'accord-blends.csv')
