import type { ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startRedis, stopRedis } from '#tests/support/redis-server.ts'
import { createTestApp, type TestAppHandle } from '#tests/support/test-db.ts'

describe('the abuse limits while Redis is unreachable', () => {
  let t: TestAppHandle
  let redis: ChildProcess
  let port: number
  beforeAll(async () => {
    port = await freePort()
    redis = await startRedis(port)
    t = await createTestApp('sqlite', { REDIS_URL: `redis://127.0.0.1:${port}`, REDEEM_RATE_LIMIT_PER_IP: '3' })
  })
  afterAll(async () => {
    await t.close()
    if (redis.exitCode === null) await stopRedis(redis)
  })

  const redeem = () => t.app.inject({ method: 'POST', url: '/api/redeem', payload: {} })
  const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json() as { status: string; detail?: string }

  it('count in this process instead of not at all, say so in health, and share again when Redis returns', async () => {
    // Shared through Redis: the fourth attempt in a minute is refused.
    for (let i = 0; i < 3; i++) expect((await redeem()).statusCode).not.toBe(429)
    expect((await redeem()).statusCode).toBe(429)
    expect(await health()).toEqual({ status: 'ok' })

    await stopRedis(redis)
    // Redis is gone: the limit still holds, counted in this process.
    const codes = []
    for (let i = 0; i < 5; i++) codes.push((await redeem()).statusCode)
    expect(codes.slice(0, 3).every((c) => c !== 429)).toBe(true)
    expect(codes.slice(3)).toEqual([429, 429])
    const degraded = await health()
    expect(degraded.status).toBe('ok')
    expect(degraded.detail).toMatch(/Redis has been unreachable since .*count in each process/)

    redis = await startRedis(port)
    // Back: a fresh Redis counts from zero, and health is plain again once it answers.
    const deadline = Date.now() + 10_000
    while ((await redeem()).statusCode === 429 || (await health()).detail !== undefined) {
      if (Date.now() > deadline) throw new Error('the limits did not go back to Redis')
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(await health()).toEqual({ status: 'ok' })
  }, 30_000)
})
