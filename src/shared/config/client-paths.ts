import { CONSENT_PATH } from '#shared/api/oauth-paths.ts'
import { SIGNED_IN_PAGE_MODULES } from '#shared/config/signed-in-pages.ts'

/**
 * Every page path the client's router renders (app/router.tsx and app/signed-in-routes.tsx; a test
 * reads both to keep this list whole). The server answers these with the app's HTML; any other
 * path is a 404 (issue #32): with the app's HTML for a browser, which shows its "404 Page Not
 * Found", and the JSON error shape for anyone else. A share link's page (/s/{token}) is the
 * server's own route and not listed here.
 */
export const CLIENT_PAGE_PATHS: readonly string[] = [
  '/redeem',
  '/book',
  '/review-book',
  '/reset-password',
  ...Object.keys(SIGNED_IN_PAGE_MODULES),
  CONSENT_PATH,
  // A bottle's and a batch's pages (issue 36, shared/domain/bench-paths.ts): one per id.
  '/shelf/bottles/:id',
  '/batches/:id',
]

/** A bottle's or a batch's page (bottlePagePath, batchPagePath): a plain positive id. */
const BENCH_PAGE = /^\/(shelf\/bottles|batches)\/[1-9][0-9]{0,15}$/

const KNOWN = new Set(CLIENT_PAGE_PATHS.filter((path) => !path.includes(':')))

/** Whether the router renders a page at `pathname`: any case, with or without a final slash, as React Router matches. */
export function isClientPagePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return KNOWN.has(path.toLowerCase() || '/') || BENCH_PAGE.test(path.toLowerCase())
}
