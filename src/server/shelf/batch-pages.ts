/**
 * The shelf's read that other features lend (docs/architecture.md, "The server's layers"): the
 * first page of batches of several blends in one query, which GET /api/blends/details carries for
 * the device's offline copy (decision 055). The query is the batches repository's own; this module
 * is the one door to it from outside `shelf/`.
 */
export { firstBatchPages } from '#server/shelf/batches.repo.ts'
