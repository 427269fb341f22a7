/**
 * The cache keys of the user's blends, shared by every feature (home, blend creator, journal,
 * calculator) so a write in one refreshes the others. The queries are in blend-queries.ts.
 */

/** Everything under GET /api/blends: list pages, details and Home's summary (blend-queries.ts). */
export const BLENDS_QUERY_KEY = ['/api/blends'] as const

/** GET /api/blend-projects: the older, project-shaped list, still served for other clients. */
export const PROJECTS_QUERY_KEY = ['/api/blend-projects'] as const
