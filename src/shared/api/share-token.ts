/** A share link's name and path, in a module without zod so the journal page can read them. */

/** A share token: 32 base64url characters (192 random bits), the link's only name. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/

/** The path of a share link's public page. */
export const sharePath = (token: string) => `/s/${token}`
