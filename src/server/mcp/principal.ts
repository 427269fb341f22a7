import type { FastifyReply, FastifyRequest } from 'fastify'
import type { McpScope } from '#shared/api/mcp-scopes.ts'

/**
 * Who an MCP request acts for: the maker who consented, the OAuth client they connected, and the
 * scopes they granted it. The MCP routes (mcp.routes.ts) learn it from an authenticator; the OAuth
 * side (mcp-auth.ts) makes the real one from an access token minted for the `/mcp` resource.
 */
export interface McpPrincipal {
  userId: string
  clientId: string
  scopes: readonly McpScope[]
}

/**
 * Reads the request's bearer token. Answers the principal, or null after it has itself sent the
 * 401 (with `WWW-Authenticate: Bearer resource_metadata=...`) or 403 the request deserves.
 */
export type McpAuthenticator = (request: FastifyRequest, reply: FastifyReply) => Promise<McpPrincipal | null>
