/**
 * The journal's read that other features lend (docs/architecture.md, "The server's layers"): the
 * first page of test entries of several blends in one query, which a blend's detail carries
 * (blends/blend-details.ts). The query is the journal repository's own; this module is the one
 * door to it from outside `journal/`.
 */
export { firstEntriesOf } from '#server/journal/journal.repo.ts'
