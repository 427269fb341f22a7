import fs from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * The pinning rule of docs/decisions/042-one-way-each.md: every dependency is a caret range, and
 * package-lock.json (installed by `npm ci`) holds the exact versions; only the packages listed
 * here, whose minor versions break us, are held to one minor with a tilde (or, for the
 * conformance suite, to one exact version).
 */
const HELD_TO_A_MINOR: Record<string, string> = {
  // 7.x is the native compiler, with no JavaScript API: typescript-eslint cannot use it.
  typescript: '~6.0.0',
  // Its plugins (the OAuth provider for assistants among them) ship in lockstep with the core,
  // and a minor version may change the database schema it expects.
  'better-auth': '~1.7.0',
  // Its scenarios change between 0.x releases, and tests/e2e/mcp-conformance.spec.ts lists the
  // expected failures of this one version (decision 059): a new version is a deliberate change.
  '@modelcontextprotocol/conformance': '0.1.16',
  // A minor version may print code differently, and `npm run lint` checks the tree is formatted
  // exactly as this one prints it (decision 060): a new minor is a deliberate, separate reformat.
  prettier: '~3.10.1',
}

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as Record<'dependencies' | 'devDependencies', Record<string, string>>
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { version?: string }> }

describe('how dependencies are pinned', () => {
  const all = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })

  it.each(all)('%s is a caret range, or held to a minor for a stated reason', (name, range) => {
    expect(range).toBe(HELD_TO_A_MINOR[name] ?? range.replace(/^[^\d]*/, '^'))
    expect(range).toMatch(name in HELD_TO_A_MINOR ? /^[~^]?\d+\.\d+\.\d+$/ : /^[~^]\d+\.\d+\.\d+$/)
  })

  it('has every dependency locked to one exact version', () => {
    for (const [name] of all) expect(lock.packages[`node_modules/${name}`]?.version, name).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('carries none of the packages it stopped using', () => {
    for (const gone of ['@fastify/cookie', 'openapi-types', 'pdf-lib']) expect(all.map(([name]) => name)).not.toContain(gone)
  })
})
