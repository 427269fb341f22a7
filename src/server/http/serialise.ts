import type { FastifyReply } from 'fastify'

/**
 * `payload` as the route answers it with `status`: through that status's response schema, which
 * strips every field the contract does not declare, as text. For answers kept to send again (the
 * list cache, idempotent replays), so a kept answer is exactly what a fresh one would be.
 */
export function serialiseAs(reply: FastifyReply, status: number, payload: unknown): string {
  const out: unknown = reply.code(status).serialize(payload)
  if (typeof out === 'string') return out
  return Buffer.from(out as ArrayBuffer).toString('utf8')
}
