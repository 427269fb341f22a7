/**
 * The largest file POST /api/import and /api/import/csv accept (docs/product.md "Your data is
 * yours"). A module of its own, so the account page checks a file's size without loading the
 * export format's schemas.
 */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024
export const IMPORT_MAX_LABEL = '20 MB'

/**
 * The largest archive POST /api/import accepts (decision 084): a whole account's documents (100 MiB,
 * MAX_ACCOUNT_DOCUMENT_BYTES) beside a JSON file of IMPORT_MAX_BYTES, with room for the archive's
 * own headers. A JSON file sent to the same route keeps IMPORT_MAX_BYTES.
 */
export const IMPORT_ARCHIVE_MAX_BYTES = 100 * 1024 * 1024 + IMPORT_MAX_BYTES + 4 * 1024 * 1024
export const IMPORT_ARCHIVE_MAX_LABEL = '124 MB'
