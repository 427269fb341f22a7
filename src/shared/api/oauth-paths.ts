/**
 * The addresses of connecting an AI assistant (docs/decisions/046), without a schema library, so
 * the landing page and the consent page can name them without loading one.
 */

/** Where the MCP server answers, below PUBLIC_URL: the address a maker pastes into their assistant. */
export const MCP_PATH = '/mcp'

/** The consent page (and the sign-in stop before it): the provider redirects here with a signed query. */
export const CONSENT_PATH = '/oauth/consent'
