import { describe, expect, it } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import { isWellFormedHost, jsonNestedDeeperThan, MAX_JSON_DEPTH } from '#server/http/request-shape.ts'
import { blendBody, createBlend, versionBody } from '#tests/support/blend-fixtures.ts'
import { LINEAR_RATIO_LIMIT, timeRatio } from '#tests/support/linear-time.ts'
import { TestMcpTokens } from '#tests/support/mcp-test-client.ts'
import { bearer, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }

describe('how deep a JSON body nests, read before it is parsed', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonNestedDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false)
    expect(jsonNestedDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true)
    expect(jsonNestedDeeperThan(`{"a":${nested(3)},"b":{"c":${nested(3)}}}`, 5)).toBe(false)
    expect(jsonNestedDeeperThan(`{"a":${nested(3)},"b":{"c":${nested(3)}}}`, 4)).toBe(true)
    expect(jsonNestedDeeperThan(`{"note":"${'['.repeat(500)}\\"${'{'.repeat(500)}"}`, 2)).toBe(false)
  })

  it('reads in time linear in the body', async () => {
    const { ratio } = await timeRatio(
      (scale) => `{"a":"${'x\\"'.repeat(16_384 * scale)}","b":${nested(1_024 * scale)}}`,
      (text) => jsonNestedDeeperThan(text, 10_000_000),
    )
    expect(ratio).toBeLessThan(LINEAR_RATIO_LIMIT)
  })
})

describe('a well-formed Host header', () => {
  it('is a name, an IPv4 address or a bracketed IPv6 address, with an optional port', () => {
    for (const host of ['localhost', 'accord.example:8080', '127.0.0.1:3000', '[::1]', '[::1]:3000', 'xn--caf-dma.example', undefined])
      expect(isWellFormedHost(host), String(host)).toBe(true)
    for (const host of ['a b:c', '[::1', 'x:99999', ':80', 'a/b', '%', 'a@b', 'a:b:c', 'host?x', ''])
      expect(isWellFormedHost(host), host).toBe(false)
  })
})

describe.each(ENGINES)('bodies nested too deep and malformed hosts on %s (issue #32)', (engine) => {
  const tokens = new TestMcpTokens()
  let t: TestAppHandle, oils: Record<string, EssentialOil>, user: TestUser
  useTestApp(engine, (ctx) => ({ t, oils, user } = ctx), {}, { mcpAuthenticator: tokens.authenticate })

  const post = (url: string, payload: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url, headers, payload })
  const mcp = (payload: string, headers: Record<string, string> = {}) =>
    post('/mcp', payload, { ...MCP_HEADERS, authorization: `Bearer ${tokens.issue(user.userId)}`, ...headers })

  it('answers 400 MALFORMED_JSON, never 500, to a body nested 5,000 or 100,000 deep on /api/blends and /api/blend-versions', async () => {
    const blend = await createBlend(t, user, blendBody(oils, { name: 'Nest test' }))
    for (const depth of [5_000, 100_000]) {
      const bodies: [string, string][] = [
        ['/api/blends', JSON.stringify(blendBody(oils, { name: 'Deep' })).replace(/}$/, `,"extra":${nested(depth)}}`)],
        ['/api/blend-versions', JSON.stringify(versionBody(oils, blend.id)).replace(/}$/, `,"extra":${nested(depth)}}`)],
        ['/api/blends', nested(depth, '{}')],
      ]
      for (const [url, payload] of bodies) {
        for (const headers of [{}, { 'idempotency-key': crypto.randomUUID() }] as Record<string, string>[]) {
          const res = await post(url, payload, { ...bearer(user.token), 'content-type': 'application/json', ...headers })
          expect(res.statusCode, `${url} ${depth}: ${res.body.slice(0, 200)}`).toBe(400)
          expect(res.json().error).toEqual({
            code: 'MALFORMED_JSON',
            message: `The request body nests arrays or objects more than ${MAX_JSON_DEPTH} deep`,
          })
        }
      }
    }
    // A body within the depth is parsed as before: its shape is the schema's to judge.
    const within = await post('/api/blends', nested(MAX_JSON_DEPTH - 1, '{}'), {
      ...bearer(user.token),
      'content-type': 'application/json',
    })
    expect(within.statusCode, within.body).toBe(400)
    expect(within.json().error.code).toBe('VALIDATION_ERROR')
  })

  it('answers 400, never 500, to a nested JSON-RPC message on /mcp, and serves a plain one', async () => {
    for (const payload of [
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_blends","arguments":{"query":${nested(5_000)}}}}`,
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":${nested(100_000, '{}')}}`,
      `[${nested(20_000)}]`,
    ]) {
      const res = await mcp(payload)
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400)
      expect(res.json().error.code).toBe('MALFORMED_JSON')
    }
    expect((await mcp('{"jsonrpc":"2.0","id":1,"method":"ping"}')).statusCode).toBe(200)
  })

  it('answers 400 BAD_REQUEST, never 500, to a malformed Host on /mcp and elsewhere', async () => {
    for (const host of ['a b:c', '[::1', 'x:99999', ':80', 'a/b', '%']) {
      for (const res of [
        await mcp('{"jsonrpc":"2.0","id":1,"method":"ping"}', { host }),
        await t.app.inject({ method: 'GET', url: '/api/health', headers: { host } }),
      ]) {
        expect(res.statusCode, `${host}: ${res.body.slice(0, 200)}`).toBe(400)
        expect(res.json().error.code).toBe('BAD_REQUEST')
      }
    }
    expect((await mcp('{"jsonrpc":"2.0","id":1,"method":"ping"}', { host: '[::1]:3000' })).statusCode).toBe(200)
  })
})
