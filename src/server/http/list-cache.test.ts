import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { createListCache } from '#server/http/list-cache.ts'

/** A server whose /list/:n answers `n` kilobytes, computed afresh only when the cache lacks it. */
async function serverWith(cache: ReturnType<typeof createListCache>, version: () => number) {
  const app = Fastify()
  const computed: string[] = []
  app.decorateRequest('userId', 'u1')
  app.get<{ Params: { n: string } }>('/list/:n', async (request, reply) =>
    cache(request, reply, version(), async () => {
      computed.push(request.url)
      return { body: 'x'.repeat(Number(request.params.n) * 1024) }
    }),
  )
  await app.ready()
  return { app, computed }
}

describe('the list cache', () => {
  it('answers from memory while the data version holds, and afresh after it moves', async () => {
    let version = 1
    const { app, computed } = await serverWith(createListCache(), () => version)
    const first = await app.inject('/list/2')
    expect((await app.inject('/list/2')).body).toBe(first.body)
    expect((await app.inject({ url: '/list/2', headers: { 'if-none-match': String(first.headers.etag) } })).statusCode).toBe(304)
    expect(computed).toEqual(['/list/2'])
    version = 2
    await app.inject('/list/2')
    expect(computed).toEqual(['/list/2', '/list/2'])
    await app.close()
  })

  it('keeps at most its bytes, dropping the least recently used answer first', async () => {
    const { app, computed } = await serverWith(createListCache(100, 25 * 1024), () => 1)
    for (const n of [10, 10, 10]) await app.inject(`/list/${n}?a=${computed.length}`)
    // 30 kB asked for, 25 kB kept: the oldest went; the two newest are still answered from memory.
    await app.inject('/list/10?a=1')
    await app.inject('/list/10?a=2')
    expect(computed).toHaveLength(3)
    await app.inject('/list/10?a=0')
    expect(computed).toHaveLength(4)
    await app.close()
  })

  it('keeps at most its entries', async () => {
    const { app, computed } = await serverWith(createListCache(2), () => 1)
    for (const url of ['/list/1?a', '/list/1?b', '/list/1?c', '/list/1?b', '/list/1?a']) await app.inject(url)
    expect(computed).toEqual(['/list/1?a', '/list/1?b', '/list/1?c', '/list/1?a'])
    await app.close()
  })
})
