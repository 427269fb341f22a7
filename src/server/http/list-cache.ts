import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { chooseEncoding, compress, type Encoding } from '#server/http/encoding.ts'
import { serialiseAs } from '#server/http/serialise.ts'

type Entry = {
  version: number
  etag: string
  /** UTF-8, encoded once per version rather than on every send. */
  body: Buffer
  headers: Record<string, string>
  /** The body compressed, made on the first request that accepts each encoding. */
  compressed: Partial<Record<Encoding, Buffer>>
}

/** Smaller bodies are not worth compressing. */
const COMPRESS_FROM_BYTES = 1024

/** The list, serialised through the route's response schema when it is stored (so a cached answer is what the schema allows). */
export type ListResult = { body: unknown; headers?: Record<string, string> }

export type ListCacheOptions = {
  /** One entry per URL for everyone (public, user-independent answers such as the oil catalog), not per user and URL. */
  shared?: boolean
  /** Cache-Control of every answer; per-user lists must be revalidated (private, no-cache). */
  cacheControl?: string
  /** Compress as small as possible, once (answers whose data never changes in a process), not fast enough for a request. */
  bestCompression?: boolean
}

/**
 * Serialised list responses per user and URL (each page, search and blend its own entry), reused
 * while the user's data version is unchanged (every write bumps it in the database, so several
 * server processes stay correct). An unchanged list answers 304 to a matching If-None-Match, and a
 * large list is sent compressed (brotli or gzip, as the client accepts), compressed once per
 * version. An entry is serialised once, through the route's 200 response schema (`reply.serialize`),
 * so a field the contract does not declare is stripped from cache hits as from every other answer. Bounded in entries and in bytes: the least recently used entry goes first.
 */
export function createListCache(maxEntries = 2_000, maxBytes = 32 * 1024 * 1024, options: ListCacheOptions = {}) {
  const { shared = false, cacheControl = 'private, no-cache', bestCompression = false } = options
  const entries = new Map<string, Entry>()
  let bytes = 0

  const sizeOf = (entry: Entry) =>
    entry.body.length + Object.values(entry.compressed).reduce((sum, buffer) => sum + (buffer?.length ?? 0), 0)

  function forget(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= sizeOf(entry)
    entries.delete(key)
  }

  function keep(key: string, entry: Entry) {
    bytes += sizeOf(entry)
    entries.set(key, entry)
    while ((entries.size > maxEntries || bytes > maxBytes) && entries.size > 1) forget(entries.keys().next().value as string)
  }

  return async function cachedList(request: FastifyRequest, reply: FastifyReply, version: number, compute: () => Promise<ListResult>) {
    const key = shared ? request.url : `${request.userId}\u0000${request.url}`
    let entry = entries.get(key)
    if (entry && entry.version !== version) entry = undefined
    forget(key)
    if (!entry) {
      const result = await compute()
      const headers = result.headers ?? {}
      const body = Buffer.from(serialiseAs(reply, 200, result.body))
      entry = { version, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, body, headers, compressed: {} }
    }
    reply.headers(entry.headers).header('etag', entry.etag).header('cache-control', cacheControl).header('vary', 'accept-encoding')
    const encoding =
      request.headers['if-none-match'] !== entry.etag && entry.body.length >= COMPRESS_FROM_BYTES
        ? chooseEncoding(request.headers['accept-encoding'])
        : null
    if (encoding) entry.compressed[encoding] ??= compress(entry.body, encoding, bestCompression ? 'best' : 'fast')
    keep(key, entry)
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send()
    reply.type('application/json; charset=utf-8')
    if (!encoding) return reply.send(entry.body)
    return reply.header('content-encoding', encoding).send(entry.compressed[encoding])
  }
}
