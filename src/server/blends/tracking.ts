// The tracking columns' mapping moved to db/tracking.ts (two features' tables share them); this name
// stays until the journal's and the import's repositories import it from there (issue 33).
export { trackingColumns, trackingOf, type TrackingColumns } from '#server/db/tracking.ts'
