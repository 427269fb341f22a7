import type { ChildProcess } from 'node:child_process'
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { freePort, startRedis, stopRedis } from '#tests/support/redis-server.ts'
import { createTestApp, type TestAppHandle } from '#tests/support/test-db.ts'

/**
 * Decision 058: a Redis that is down or slow, at start or later, leaves the server serving, with the
 * limits counted in this process, and a limited request waits for it less than 200 ms.
 */
const redeem = (t: TestAppHandle) => t.app.inject({ method: 'POST', url: '/api/redeem', payload: {} })

/** The slowest of `n` redeem attempts, in ms, and their statuses. */
async function timedRedeems(t: TestAppHandle, n: number) {
  const statuses: number[] = []
  let slowest = 0
  for (let i = 0; i < n; i++) {
    const started = performance.now()
    statuses.push((await redeem(t)).statusCode)
    slowest = Math.max(slowest, performance.now() - started)
  }
  return { statuses, slowest }
}

describe('a server whose Redis is down or slow', () => {
  it('starts and serves with an unreachable Redis URL, counting the limits in this process', async () => {
    const port = await freePort()
    const started = performance.now()
    const t = await createTestApp('sqlite', { REDIS_URL: `redis://127.0.0.1:${port}`, REDEEM_RATE_LIMIT_PER_IP: '3' })
    try {
      expect(performance.now() - started).toBeLessThan(5_000)
      const health = await t.app.inject({ method: 'GET', url: '/api/health' })
      expect(health.statusCode).toBe(200)
      expect((health.json() as { detail?: string }).detail).toMatch(/Redis has been unreachable/)
      const { statuses, slowest } = await timedRedeems(t, 5)
      expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true)
      expect(statuses.slice(3)).toEqual([429, 429])
      expect(slowest).toBeLessThan(200)
    } finally {
      await t.close()
    }
  }, 30_000)

  it('starts and serves when Redis takes the connection and never answers', async () => {
    const held: net.Socket[] = []
    const silent = net.createServer((socket) => held.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const t = await createTestApp('sqlite', {
      REDIS_URL: `redis://127.0.0.1:${(silent.address() as net.AddressInfo).port}`,
      REDEEM_RATE_LIMIT_PER_IP: '3',
    })
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
      const { statuses, slowest } = await timedRedeems(t, 5)
      expect(statuses.slice(3)).toEqual([429, 429])
      expect(slowest).toBeLessThan(200)
    } finally {
      await t.close()
      for (const socket of held) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  }, 30_000)

  it('adds less than 200 ms to a limited request when a running Redis stops answering', async () => {
    const port = await freePort()
    const redis: ChildProcess = await startRedis(port)
    const t = await createTestApp('sqlite', { REDIS_URL: `redis://127.0.0.1:${port}`, REDEEM_RATE_LIMIT_PER_IP: '1000' })
    try {
      expect((await redeem(t)).statusCode).not.toBe(429)
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' })
      redis.kill('SIGSTOP')
      const { slowest } = await timedRedeems(t, 10)
      expect(slowest).toBeLessThan(200)
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    } finally {
      redis.kill('SIGCONT')
      await t.close()
      await stopRedis(redis)
    }
  }, 30_000)
})
