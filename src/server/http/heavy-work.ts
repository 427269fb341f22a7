import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import { AppError } from '#server/http/errors.ts'

/**
 * Heavy requests (an import of 100,000 rows, an export of 100,000 blends) share the process with
 * everyone else's: only a few run at a time (decision 041, "One account cannot stall the server"),
 * and they run in slices (shared/slices.ts).
 */

/** How long a client refused by a running limit is told to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 5

export type RunningLimit = {
  /** At most this many at a time per user. */
  perUser: number
  /** At most this many at a time in the process, whoever asks (bounds memory: an upload is held whole). */
  perProcess: number
  /** 'import' or 'export', for the messages. */
  what: string
}

/**
 * An onRequest hook (after the auth guard, before the body is read) that lets at most `perUser`
 * of the user's requests of one kind run at a time in this process, and `perProcess` of anyone's;
 * another is a 429 with Retry-After in the error shape. A slot is freed when the response is done
 * or its connection closes. Counted per process: with several processes each has its own.
 */
export function limitRunning(limit: RunningLimit): onRequestHookHandler & { running: () => number } {
  const byUser = new Map<string, number>()
  let total = 0

  const hook = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const key = request.userId || request.ip
    const mine = byUser.get(key) ?? 0
    if (mine >= limit.perUser || total >= limit.perProcess) {
      reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
      const message =
        mine >= limit.perUser
          ? `You already have ${limit.perUser === 1 ? `an ${limit.what}` : `${limit.perUser} ${limit.what}s`} running. Wait for ${limit.perUser === 1 ? 'it' : 'one'} to finish, then try again.`
          : `Accord is busy with other ${limit.what}s just now. Try again in a few seconds.`
      done(new AppError(429, mine >= limit.perUser ? 'ALREADY_RUNNING' : 'BUSY', message))
      return
    }
    byUser.set(key, mine + 1)
    total += 1
    let released = false
    reply.raw.once('close', () => {
      if (released) return
      released = true
      total -= 1
      const left = (byUser.get(key) ?? 1) - 1
      if (left > 0) byUser.set(key, left)
      else byUser.delete(key)
    })
    done()
  }
  return Object.assign(hook, { running: () => total })
}
