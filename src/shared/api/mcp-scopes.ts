/**
 * What a connected AI assistant may do (docs/product.md, "Connect an AI assistant"): the OAuth
 * scopes a maker grants an MCP client on the consent screen, each worded as the screen shows it.
 * Write scopes can be unticked; a tool needs the scope it names.
 */
export const MCP_SCOPES = ['journal:read', 'journal:write', 'shelf:read', 'shelf:write'] as const
export type McpScope = (typeof MCP_SCOPES)[number]

export const MCP_SCOPE_WORDS: Readonly<Record<McpScope, string>> = {
  'journal:read': 'Read your blends and tests',
  'journal:write': 'Add blends, versions and test entries',
  'shelf:read': 'See the oils on your shelf and what they cost',
  'shelf:write': 'Change the bottles on your shelf',
}

/**
 * What a scope allows beyond its words, said under them on the consent screen: adding to the
 * journal includes publishing a blend's public share link (the share_blend tool), which reaches
 * people outside the account.
 */
export const MCP_SCOPE_NOTES: Readonly<Partial<Record<McpScope, string>>> = {
  'journal:write': 'This includes publishing a public share link to a blend, which anyone with the link can open.',
}

export const isMcpScope = (value: string): value is McpScope => (MCP_SCOPES as readonly string[]).includes(value)
