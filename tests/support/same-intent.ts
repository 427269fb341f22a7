import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExportFile } from '#shared/api/export.ts'
import { MCP_TOOLS, type McpToolName } from '#shared/api/mcp-tools.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { oilsByName } from '#tests/support/blend-fixtures.ts'
import { connectMcp, TestMcpTokens } from '#tests/support/mcp-test-client.ts'
import { bearer, createTestApp, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'

/**
 * TEST ONLY: the same intent through every door (issue 33). A write rule of docs/product.md holds
 * only if every way in applies it: the HTTP API, the assistant's MCP tools and an import file. A
 * table of rows, each one intent in the three forms, is run on both engines; each door acts for a
 * maker of its own, prepared the same way (`setup`), and all three must give the same outcome:
 * accepted in all three (and, with `readBack`, leaving the same journal), or refused in all three
 * with words that mean the rule (`refused`). A new door that skips a rule fails its row.
 *
 * A feature adds its own table file beside its commands (`src/server/<feature>/*.same-intent.test.ts`
 * or a table in src/server/same-intent.test.ts) and calls `sameIntent(title, rows)`.
 */

/** What a door's row is built from. */
export type IntentContext = {
  t: TestAppHandle
  /** The seeded catalog by oil name. */
  oils: Record<string, EssentialOil>
  /** An Accord export of one blend ('Evening Calm', one version, one test entry), to change per row. */
  file: () => ExportFile
  /** A request as `who`. */
  call: (who: TestUser, method: string, url: string, payload?: unknown) => ReturnType<typeof injectAs>
}

export type IntentRow<F> = {
  /** The rule, as docs/product.md words it. */
  rule: string
  /** What the API's and the tool's makers have before the intent is sent (a blend to add a version or a test to); an import's maker starts empty, its file holding the whole intent. */
  setup?: (ctx: IntentContext, who: TestUser) => Promise<F>
  api: (f: F, ctx: IntentContext) => { method: 'POST' | 'PATCH'; url: string; body: unknown }
  /** The tool and its arguments (the harness adds the idempotencyKey to a tool that writes). */
  mcp: (f: F, ctx: IntentContext) => { tool: McpToolName; args: Record<string, unknown> }
  /**
   * The intent as an import file (JSON export), built from ctx.file(). Null for an intent an import
   * cannot carry (what the server computes, e.g. a compliant proposal): then the API and the tool are compared.
   */
  file: ((ctx: IntentContext) => unknown) | null
  /** 'accepted', or what every refusal's words must match. */
  outcome: 'accepted' | { refused: RegExp }
  /** After an accepted intent, what the maker's journal holds: must be equal across the doors. */
  readBack?: (ctx: IntentContext, who: TestUser) => Promise<unknown>
}

/** A row, its fixture type erased: what a table is a list of. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyIntentRow = IntentRow<any>

export const intent = <F>(row: IntentRow<F>): AnyIntentRow => row

type Verdict = { door: 'api' | 'mcp' | 'import'; accepted: boolean; code: string | null; words: string }

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[] }

/** Runs `rows` through the three doors on every engine. */
export function sameIntent(title: string, rows: AnyIntentRow[]): void {
  describe.each(ENGINES)(`${title}: the same intent through the API, an MCP tool and an import, on %s`, (engine) => {
    let ctx: IntentContext
    let base: string
    let baseFile: ExportFile
    const tokens = new TestMcpTokens()
    const clients: Client[] = []

    beforeAll(async () => {
      const t = await createTestApp(engine, { MCP_RATE_LIMIT_PER_MINUTE: '10000' }, {}, undefined, {
        mcpAuthenticator: tokens.authenticate,
      })
      base = await t.app.listen({ host: '127.0.0.1', port: 0 })
      const oils = await oilsByName(t)
      const call = (who: TestUser, method: string, url: string, payload?: unknown) => injectAs(t, who, method, url, payload)
      // The file every import row starts from: one blend with one version and one test, as Accord exports it.
      const seed = await createUser(t)
      const blend = await call(seed, 'POST', '/api/blends', {
        name: 'Evening Calm',
        topNote: oils.Bergamot!.id,
        middleNote: oils.Lavender!.id,
        baseNote: oils['Atlas Cedarwood']!.id,
        topPercentage: 30,
        middlePercentage: 50,
        basePercentage: 20,
      })
      expect(blend.statusCode, blend.body).toBe(201)
      const entry = await call(seed, 'POST', '/api/journal-entries', {
        versionId: blend.json().version.id,
        dateMade: '2026-11-01',
        dateTested: '2026-11-03',
      })
      expect(entry.statusCode, entry.body).toBe(201)
      baseFile = (await call(seed, 'GET', '/api/export')).json() as ExportFile
      ctx = { t, oils, call, file: () => structuredClone(baseFile) }
    })
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()))
      await ctx?.t.close()
    })

    async function viaApi(row: AnyIntentRow): Promise<{ verdict: Verdict; who: TestUser }> {
      const who = await createUser(ctx.t)
      const fixture = await row.setup?.(ctx, who)
      const { method, url, body } = row.api(fixture, ctx)
      const res = await ctx.call(who, method, url, body)
      const error = res.statusCode < 300 ? null : (res.json() as { error: { code: string; message: string } }).error
      return { who, verdict: { door: 'api', accepted: error === null, code: error?.code ?? null, words: error?.message ?? res.body } }
    }

    async function viaMcp(row: AnyIntentRow): Promise<{ verdict: Verdict; who: TestUser }> {
      const who = await createUser(ctx.t)
      const fixture = await row.setup?.(ctx, who)
      const client = await connectMcp(base, tokens.issue(who.userId))
      clients.push(client)
      const { tool, args } = row.mcp(fixture, ctx)
      // A read-only tool (e.g. assessor_pack) takes no idempotencyKey: its strict input would refuse one.
      const key = MCP_TOOLS[tool].writes ? { idempotencyKey: crypto.randomUUID() } : {}
      const result = (await client.callTool({ name: tool, arguments: { ...args, ...key } })) as ToolResult
      const words = result.content.map((c) => c.text ?? '').join('\n')
      return { who, verdict: { door: 'mcp', accepted: !result.isError, code: null, words } }
    }

    async function viaImport(row: AnyIntentRow): Promise<{ verdict: Verdict; who: TestUser }> {
      // The file holds the whole intent (its blend, version and test): the maker starts empty.
      const who = await createUser(ctx.t)
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/import',
        headers: { ...bearer(who.token), 'content-type': 'application/json' },
        payload: JSON.stringify(row.file!(ctx)),
      })
      const error = res.statusCode < 300 ? null : (res.json() as { error: { code: string; message: string } }).error
      return { who, verdict: { door: 'import', accepted: error === null, code: error?.code ?? null, words: error?.message ?? res.body } }
    }

    it.each(rows.map((row) => [row.rule, row] as const))('%s', async (_rule, row) => {
      const doors = [await viaApi(row), await viaMcp(row), ...(row.file ? [await viaImport(row)] : [])]
      const verdicts = doors.map((d) => d.verdict)
      if (row.outcome === 'accepted') {
        for (const v of verdicts) expect(v.accepted, `${v.door} refused: ${v.code} ${v.words}`).toBe(true)
        if (row.readBack) {
          const [api, ...others] = await Promise.all(doors.map((d) => row.readBack!(ctx, d.who)))
          for (const other of others) expect(other).toEqual(api)
        }
      } else {
        for (const v of verdicts) {
          expect(v.accepted, `${v.door} accepted what the others refuse`).toBe(false)
          expect(v.words, `${v.door}'s refusal`).toMatch(row.outcome.refused)
          // A refusal through HTTP is a 4xx in the error shape, never a fault of ours.
          if (v.code !== null) expect(['INTERNAL', 'DATABASE_UNAVAILABLE']).not.toContain(v.code)
        }
      }
    })
  })
}
