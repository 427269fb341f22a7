import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { injectTarget } from '#tests/support/api-target.ts'
import { miniatureClientBuild } from '#tests/support/client-build.ts'
import { ContractRun, fetchDocument, operationKeys } from '#tests/support/contract-properties.ts'
import { createTestApp, ENGINES, type TestAppHandle } from '#tests/support/test-db.ts'

/**
 * The contract is the truth, both ways (decision 041): requests generated from the published
 * OpenAPI document, for every operation in it, go through the real app as a signed-in user. The
 * properties are tests/support/contract-properties.ts; here they run in process (`inject`), on
 * the app with the parts production adds (a built client: the `/` route, the static files, the
 * page table), on both engines. tests/e2e/built-server-contract.spec.ts runs the same properties
 * over HTTP against the built server (issue #33). CONTRACT_SEED and CONTRACT_RUNS (requests of
 * each kind per operation) change the run; the defaults are fixed.
 */

const SEED = Number(process.env.CONTRACT_SEED ?? 24)
const RUNS = Number(process.env.CONTRACT_RUNS ?? 80)

/**
 * The operations, read from the document the app publishes (the same on both engines), so each
 * gets a test of its own.
 */
const OPERATION_KEYS: string[] = await (async () => {
  const build = miniatureClientBuild()
  const t = await createTestApp('sqlite', {}, { clientDir: build.clientDir })
  try {
    return operationKeys(await fetchDocument(injectTarget(t.app, t.config.publicUrl)))
  } finally {
    await t.close()
    build.remove()
  }
})()

describe.each(ENGINES)('the published contract, property-tested (%s)', (engine) => {
  let t: TestAppHandle
  let run: ContractRun
  const build = miniatureClientBuild()
  let started = 0

  beforeAll(async () => {
    started = performance.now()
    t = await createTestApp(engine, { VAPID_SUBJECT: 'mailto:push@example.com' }, { clientDir: build.clientDir })
    run = new ContractRun(injectTarget(t.app, t.config.publicUrl), { seed: SEED, runs: RUNS })
    await run.prepare()
  })
  afterAll(async () => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.info(`contract property test (${engine}, inject): ${run?.requests} requests in ${seconds} s, seed ${SEED}`)
    await t?.close()
    build.remove()
  })

  it('covers every operation the document names, on this engine too', () => {
    expect(run.operationKeys()).toEqual(OPERATION_KEYS)
    expect(OPERATION_KEYS.length).toBeGreaterThanOrEqual(60)
  })

  it('serves the built client beside the API, as production does, and leaves its pages out of the document', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('data-prerendered="landing"')
    expect(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`)).toContain('GET /')
    expect(Object.keys(run.document.paths).filter((p) => !p.startsWith('/api/'))).toEqual([])
    // The client's static files (`GET /*`) are no method of an API path: 404 there, 405 only on a path the API has.
    const nowhere = await t.app.inject({ method: 'PUT', url: '/api/no-such-thing' })
    expect([nowhere.statusCode, nowhere.json<{ error: { code: string } }>().error.code]).toEqual([404, 'NOT_FOUND'])
    const blends = await t.app.inject({ method: 'PUT', url: '/api/blends' })
    expect([blends.statusCode, blends.headers.allow]).toEqual([405, 'GET, HEAD, POST'])
  })

  it.each(OPERATION_KEYS)(
    '%s: answers as its contract says, to requests that keep it and to requests that break it',
    async (key) => {
      const { problems, sent, runs } = await run.check(key)
      expect(sent).toBeGreaterThanOrEqual(runs)
      expect(runs).toBeGreaterThan(0)
      expect(problems).toEqual([])
    },
    120_000,
  )
})
