import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MCP_SCOPE_WORDS, MCP_SCOPES } from '#shared/api/mcp-scopes.ts'

const read = (file: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../locales/en', file), 'utf8')) as Record<string, string>
/** 'journal:write' → 'journalWrite', as the catalogs' ids name a scope. */
const idOf = (scope: string) => scope.replace(/:(\w)/, (_, first: string) => first.toUpperCase())

describe('the assistant’s scopes: the server’s English and the screens’ catalogs say the same', () => {
  it.each(MCP_SCOPES)('%s reads the same on the consent screen, in Connected apps and in the server’s tool errors', (scope) => {
    expect(read('connect.json')[`connect.scope.${idOf(scope)}`]).toBe(MCP_SCOPE_WORDS[scope])
    expect(read('account.json')[`account.apps.scope.${idOf(scope)}`]).toBe(MCP_SCOPE_WORDS[scope])
  })

  it('has a word for each scope and none for a scope that does not exist', () => {
    const ids = (file: string, prefix: string) =>
      Object.keys(read(file))
        .filter((id) => id.startsWith(prefix) && !id.endsWith('Note'))
        .map((id) => id.slice(prefix.length))
        .sort()
    const expected = MCP_SCOPES.map(idOf).sort()
    expect(ids('connect.json', 'connect.scope.')).toEqual(expected)
    expect(ids('account.json', 'account.apps.scope.')).toEqual(expected)
  })
})
