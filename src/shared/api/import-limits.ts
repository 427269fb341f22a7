/**
 * The largest file POST /api/import and /api/import/csv accept (docs/product.md "Your data is
 * yours"). A module of its own, so the account page checks a file's size without loading the
 * export format's schemas.
 */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024
export const IMPORT_MAX_LABEL = '20 MB'
