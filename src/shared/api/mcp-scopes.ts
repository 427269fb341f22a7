/**
 * What a connected AI assistant may do (docs/product.md, "Connect an AI assistant"): the OAuth
 * scopes a maker grants an MCP client on the consent screen. Write scopes can be unticked; a tool
 * needs the scope it names. The screens take a scope's words from the catalogs (`connect.scope.*`,
 * `account.apps.scope.*`); MCP_SCOPE_WORDS is their English for the server's tool errors, which
 * stay English (decision 100), and mcp-scope-words.test.ts holds it equal to the English catalogs.
 */
export const MCP_SCOPES = ['journal:read', 'journal:write', 'shelf:read', 'shelf:write'] as const
export type McpScope = (typeof MCP_SCOPES)[number]

export const MCP_SCOPE_WORDS: Readonly<Record<McpScope, string>> = {
  'journal:read': 'Read your blends and tests',
  'journal:write': 'Add blends, versions and test entries',
  'shelf:read': 'See the oils on your shelf and what they cost',
  'shelf:write': 'Change the bottles on your shelf',
}

export const isMcpScope = (value: string): value is McpScope => (MCP_SCOPES as readonly string[]).includes(value)
