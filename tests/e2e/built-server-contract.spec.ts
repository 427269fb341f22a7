import { expect, test } from '@playwright/test'
import { httpTarget } from '../support/api-target.ts'
import { BUILT_ENGINES, serveBuilt, type BuiltEngine } from '../support/built-servers.ts'
import { ContractRun, fetchDocument, operationKeys } from '../support/contract-properties.ts'
import {
  answersAnyQuery,
  hostileSetup,
  IDEMPOTENT_CREATES,
  QUERIES,
  refusesBadIdempotencyKey,
  refusesHugeQueryParam,
  refusesMangledJson,
  refusesNul,
  refusesRawBodies,
  WRITES,
} from '../support/hostile-properties.ts'

/**
 * The property-based contract test and the hostile-input test against the built server
 * (dist/server/main.js, started as `npm run serve` starts it) over real HTTP, on each engine
 * (issue #33): the same properties as src/server/openapi/contract.property.test.ts and
 * src/server/hostile-input.test.ts (tests/support/contract-properties.ts, hostile-properties.ts),
 * which run them in process. Over HTTP the contract gets a budget of CONTRACT_HTTP_REQUESTS
 * generated requests per engine (1,500 by default; the in-process run sends about 10,000), and
 * each hostile property a third of its in-process runs.
 *
 * The server runs with production's own settings, no test switch: the abuse limits raised through
 * their environment variables, and TRUST_PROXY=true (its setting behind a proxy), so the setup
 * requests come from addresses of their own (X-Forwarded-For) as in process they do, and the
 * generated requests do not spend the share links' per-address limit they need.
 */

const SEED = Number(process.env.CONTRACT_SEED ?? 24)
const CONTRACT_HTTP_REQUESTS = Number(process.env.CONTRACT_HTTP_REQUESTS ?? 1500)
/** The share of each hostile property's in-process runs sent over HTTP. */
const HOSTILE_SHARE = 1 / 3

/** Production's settings for a server that many requests reach from few addresses. */
const LIMITS = {
  TRUST_PROXY: 'true',
  AUTH_RATE_LIMIT_PER_IP: '1000000',
  AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
  REDEEM_RATE_LIMIT_PER_IP: '1000000',
  IMPORT_RATE_LIMIT_PER_USER: '1000000',
  EXPORT_RATE_LIMIT_PER_USER: '1000000',
  // Push subscriptions are on with a push subject (decision 038), as in the in-process runs.
  VAPID_SUBJECT: 'mailto:push@example.com',
}

/** The built server on a fresh database of `engine`, with production's settings for many requests from few addresses. */
const serve = (engine: BuiltEngine) => serveBuilt(engine, LIMITS)

/**
 * Runs one check of a run; a failure names it and the engine (fast-check's report, with the
 * request that failed, is its message) and adds what the server logged as failed requests, so a
 * log of one failed run says which case it was and why.
 */
async function named(engine: BuiltEngine, what: string, errors: () => string[], check: () => Promise<unknown>): Promise<void> {
  try {
    await check()
  } catch (err) {
    const logged = errors()
    const log = logged.length > 0 ? `\nThe server logged:\n${logged.join('\n')}` : ''
    throw new Error(`on ${engine.name}, ${what}: ${(err as Error).message}${log}`, { cause: err })
  }
}

for (const engine of BUILT_ENGINES) {
  test.describe(`the built server on ${engine.name}`, () => {
    test(`keeps its published contract to ${CONTRACT_HTTP_REQUESTS.toLocaleString('en')} generated requests over HTTP`, async () => {
      test.setTimeout(600_000)
      const started = performance.now()
      const { url, stop, errors } = await serve(engine)
      const target = httpTarget(url)
      try {
        // The budget is spread evenly: each operation gets `runs` conforming and `runs` breaking requests.
        const keys = operationKeys(await fetchDocument(target))
        const check = (what: string, step: () => Promise<unknown>) => named(engine, what, errors, step)
        expect(keys.length).toBeGreaterThanOrEqual(60)
        const runs = Math.max(1, Math.floor(CONTRACT_HTTP_REQUESTS / (2 * keys.length)))
        const run = new ContractRun(target, { seed: SEED, runs })
        await check('preparing the generated requests', () => run.prepare())
        const problems: string[] = []
        for (const key of keys) {
          let result!: Awaited<ReturnType<ContractRun['check']>>
          await check(key, async () => (result = await run.check(key)))
          expect(result.sent, key).toBeGreaterThanOrEqual(result.runs)
          problems.push(...result.problems.map((p) => `${key}: ${p}`))
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(1)
        console.info(`contract over HTTP (${engine.name}): ${run.requests} requests, ${runs} of each kind per operation, in ${seconds} s`)
        expect(run.requests).toBeGreaterThanOrEqual(keys.length * runs)
        expect([...problems, ...errors()]).toEqual([])
        expect(errors(), 'the server logged no error').toEqual([])
      } finally {
        target.close()
        await stop()
      }
    })

    test('refuses hostile input over HTTP with 4xx in the error shape, storing nothing', async () => {
      test.setTimeout(600_000)
      const started = performance.now()
      const { url, db, stop, errors } = await serve(engine)
      const target = httpTarget(url)
      const runs = (n: number) => Math.max(1, Math.round(n * HOSTILE_SHARE))
      try {
        const check = (what: string, step: () => Promise<unknown>) => named(engine, what, errors, step)
        let ctx!: Awaited<ReturnType<typeof hostileSetup>>
        await check('the setup (a user, a blend, an entry, a bottle, a batch)', async () => (ctx = await hostileSetup(target, db)))
        for (const key of Object.keys(WRITES)) {
          await check(`mangled JSON to ${key}`, () => refusesMangledJson(ctx, key, runs(40)))
          await check(`NUL characters to ${key}`, () => refusesNul(ctx, key))
          await check(`raw bodies to ${key}`, () => refusesRawBodies(ctx, key, runs(30)))
        }
        for (const key of IDEMPOTENT_CREATES)
          await check(`a bad Idempotency-Key to ${key}`, () => refusesBadIdempotencyKey(ctx, key, runs(30)))
        for (const [key, valid] of Object.entries(QUERIES)) {
          await check(`any query to ${key}`, () => answersAnyQuery(ctx, key, runs(60)))
          for (const param of Object.keys(valid)) await check(`a 1 MB ${param} to ${key}`, () => refusesHugeQueryParam(ctx, key, param))
        }
        console.info(`hostile input over HTTP (${engine.name}): in ${((performance.now() - started) / 1000).toFixed(1)} s`)
        expect(errors(), 'the server logged no error').toEqual([])
      } finally {
        target.close()
        await stop()
      }
    })
  })
}
