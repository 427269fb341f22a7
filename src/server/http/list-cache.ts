import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

type Entry = { version: number; etag: string; body: string; headers: Record<string, string> }

export type ListResult = { body: unknown; headers?: Record<string, string> }

/**
 * Serialised list responses per user, reused while the user's data version is unchanged (every
 * write bumps it in the database, so several server processes stay correct). An unchanged list
 * answers 304 to a matching If-None-Match. Bounded: the least recently used entry goes first.
 */
export function createListCache(maxEntries = 2_000) {
  const entries = new Map<string, Entry>()

  return async function cachedList(
    request: FastifyRequest,
    reply: FastifyReply,
    version: number,
    compute: () => Promise<ListResult>,
  ) {
    const key = `${request.userId}\u0000${request.url}`
    let entry = entries.get(key)
    if (entry && entry.version !== version) entry = undefined
    if (entry) {
      entries.delete(key)
    } else {
      const { body, headers = {} } = await compute()
      const text = JSON.stringify(body)
      entry = { version, etag: `"${createHash('sha1').update(text).digest('base64url')}"`, body: text, headers }
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
    }
    entries.set(key, entry)
    reply.headers(entry.headers).header('etag', entry.etag).header('cache-control', 'private, no-cache')
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send()
    return reply.type('application/json; charset=utf-8').send(entry.body)
  }
}
