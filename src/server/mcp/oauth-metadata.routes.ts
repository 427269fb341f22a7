import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { mcpResource, OAUTH_SCOPES, tokenIssuer } from '#server/auth/auth.ts'

/** Browser-based MCP clients read the discovery documents from another origin. */
function allowAnyOrigin(reply: FastifyReply) {
  return reply
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', 'GET, OPTIONS')
    .header('access-control-allow-headers', '*')
    .header('access-control-max-age', '86400')
    .header('cache-control', 'public, max-age=300')
}

/**
 * The OAuth discovery documents (decision 046), at the origin's root where MCP clients look for
 * them: the protected resource metadata of the MCP server (RFC 9728) at
 * `/.well-known/oauth-protected-resource/mcp` (and without the path), and the authorisation server
 * metadata (RFC 8414) at `/.well-known/oauth-authorization-server` (the issuer is PUBLIC_URL, so
 * that is where RFC 8414 puts it; with an issuer path appended too, for clients that add one).
 * Every address is built from PUBLIC_URL, never from the request, nor from the identity service's
 * base path (a `/api/auth` doubled into `resource_metadata` is a known pitfall). They are OAuth's
 * documents, not the API's, so the API contract leaves them out.
 */
export const oauthMetadataRoutes: FastifyPluginAsyncZod = async (app) => {
  const protectedResource = async (_request: unknown, reply: FastifyReply) =>
    allowAnyOrigin(reply).send({
      resource: mcpResource(app.config),
      authorization_servers: [tokenIssuer(app.config)],
      // offline_access too: a standard client asks for what is listed here, and without it gets no
      // refresh token and sends the maker back to the consent page every 15 minutes (decision 057).
      scopes_supported: [...OAUTH_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'Accord',
    })
  const authorizationServer = async (_request: unknown, reply: FastifyReply) =>
    allowAnyOrigin(reply).send(await app.identity.auth.api.getOAuthServerConfig())

  const preflight = async (_request: unknown, reply: FastifyReply) => allowAnyOrigin(reply).status(204).send()

  for (const url of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
    app.get(url, { config: { public: true }, schema: { hide: true } }, protectedResource)
    app.options(url, { config: { public: true }, schema: { hide: true } }, preflight)
  }
  for (const url of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-authorization-server/mcp']) {
    app.get(url, { config: { public: true }, schema: { hide: true } }, authorizationServer)
    app.options(url, { config: { public: true }, schema: { hide: true } }, preflight)
  }
}
