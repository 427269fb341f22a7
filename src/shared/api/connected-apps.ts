import { z } from 'zod'
import { MCP_SCOPES } from '#shared/api/mcp-scopes.ts'

/**
 * AI assistants a maker connected over OAuth (docs/product.md, "Connect an AI assistant";
 * docs/decisions/046): the consent page the authorisation server sends the maker to, and the
 * account page's "Connected apps".
 */

export { CONSENT_PATH, MCP_PATH } from '#shared/api/oauth-paths.ts'

/** An OAuth client id as the provider makes them (32 letters), or as an operator may name one (at most Fastify's 100-character path parameter; not starting with a dot, which a URL would resolve away). */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,99}$/

export const ClientIdParamSchema = z.object({ clientId: z.string().regex(CLIENT_ID_PATTERN, 'This is not an app Accord knows') }).strict()

/** One app the maker connected: what it may do, and when it was connected and last used. */
export const ConnectedAppSchema = z.object({
  clientId: z.string(),
  /** The name the app registered with; null when it gave none. */
  name: z.string().nullable(),
  /** The host its sign-in comes back to (the first registered redirect address). */
  redirectHost: z.string().nullable(),
  scopes: z.array(z.enum(MCP_SCOPES)),
  connectedAt: z.string(),
  /** Null until it first called the MCP server (recorded at most once a minute). */
  lastUsedAt: z.string().nullable(),
})
export type ConnectedApp = z.infer<typeof ConnectedAppSchema>

export const ConnectedAppListSchema = z.object({ items: z.array(ConnectedAppSchema) })
export type ConnectedAppList = z.infer<typeof ConnectedAppListSchema>
