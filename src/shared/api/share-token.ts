/** A share link's name and path, in a module without zod so the journal page can read them. */

/** A share token: 32 base64url characters (192 random bits), the link's only name. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/

/** The path of a share link's public page. */
export const sharePath = (token: string) => `/s/${token}`

/**
 * The query parameter of a share page's "Copy to my journal" (/journal?copyShare={token}): the
 * journal copies the blend; signed out, the landing asks the reader to sign in first.
 */
export const COPY_SHARE_PARAM = 'copyShare'

/** The share token a "Copy to my journal" address carries, or null when it carries none (or a malformed one). */
export function copyShareToken(pathname: string, search: string): string | null {
  if (pathname !== '/journal') return null
  const token = new URLSearchParams(search).get(COPY_SHARE_PARAM)
  return token !== null && SHARE_TOKEN_PATTERN.test(token) ? token : null
}
