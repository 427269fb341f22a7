import { downloadFrom } from '#client/features/account/lib/save-download.ts'

/** GET /api/export/test-entries.csv: one row per test entry, for a spreadsheet. */
export const downloadTestEntriesCsv = () => downloadFrom('/api/export/test-entries.csv', 'accord-test-entries.csv')
