import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import type { McpScope } from '#shared/api/mcp-scopes.ts'
import { MCP_SCOPES } from '#shared/api/mcp-scopes.ts'
import type { McpAuthenticator, McpPrincipal } from '#server/mcp/principal.ts'

/**
 * TEST ONLY: an MCP authenticator that knows a fixed table of bearer tokens, standing in for the
 * OAuth side's `oauthMcpAuthenticator` (which verifies real access tokens) so the MCP server's own
 * tests need no authorisation flow. It answers an unknown token as the real one does: a 401 with
 * WWW-Authenticate, and null.
 */
export class TestMcpTokens {
  private readonly principals = new Map<string, McpPrincipal>()
  /** How many times the route asked; the 401 test reads it. */
  calls = 0

  /** A token acting for `userId` through `clientId`, with `scopes` (every scope unless named). */
  issue(
    userId: string,
    { clientId = 'test-client', scopes = MCP_SCOPES }: { clientId?: string; scopes?: readonly McpScope[] } = {},
  ): string {
    const token = `test-mcp-${crypto.randomUUID()}`
    this.principals.set(token, { userId, clientId, scopes })
    return token
  }

  readonly authenticate: McpAuthenticator = async (request, reply) => {
    this.calls += 1
    const header = request.headers.authorization ?? ''
    const principal = header.startsWith('Bearer ') ? this.principals.get(header.slice('Bearer '.length)) : undefined
    if (principal) return principal
    await reply
      .status(401)
      .header(
        'www-authenticate',
        'Bearer error="invalid_token", resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"',
      )
      .send()
    return null
  }
}

/** The SDK's own client over Streamable HTTP to `baseUrl`/mcp, with a bearer token; `era` picks the protocol revision. */
export async function connectMcp(baseUrl: string, token: string, { era = 'modern' }: { era?: 'modern' | 'legacy' } = {}): Promise<Client> {
  const client = new Client(
    { name: 'accord-test', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : { versionNegotiation: { mode: 'legacy' } },
  )
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  })
  await client.connect(transport)
  return client
}
