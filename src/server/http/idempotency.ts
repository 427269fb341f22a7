import { createHash } from 'node:crypto'
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import type { Transaction } from 'kysely'
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyField } from '#shared/api/fields.ts'
import type { Db } from '#server/db/db.ts'
import type { Database } from '#server/db/schema.ts'
import { AppError } from '#server/http/errors.ts'
import { serialiseAs } from '#server/http/serialise.ts'

/** How long a key answers with its first result; after that it is free again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
/** Expired keys are swept at most this often per process, a bounded batch at a time. */
const SWEEP_EVERY_MS = 10 * 60 * 1000
const SWEEP_BATCH = 500

const JSON_TYPE = 'application/json; charset=utf-8'

/** The request's Idempotency-Key, if it sent one; a malformed one is a 400 in the error shape. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER]
  if (raw === undefined) return undefined
  const parsed = idempotencyKeyField.safeParse(raw)
  if (parsed.success) return parsed.data
  const path = `headers.${IDEMPOTENCY_KEY_HEADER}`
  const message = parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key'
  throw new AppError(400, 'VALIDATION_ERROR', `${path}: ${message}`, [{ path, message }])
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** Deletes up to one batch of keys older than the TTL; returns how many went. */
export async function sweepExpiredKeys(db: Db, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - IDEMPOTENCY_TTL_MS).toISOString()
  const res = await db.kysely
    .deleteFrom('idempotency_keys')
    .where('id', 'in', (eb) =>
      eb.selectFrom('idempotency_keys').select('id').where('created_at', '<', cutoff).orderBy('created_at').limit(SWEEP_BATCH),
    )
    .executeTakeFirst()
  return Number(res.numDeletedRows)
}

/**
 * One intent as every door names it: the key is scoped to the user and the operation, and bound to
 * the target and the input (hashed together), so the same key sent for another target or body is
 * refused. A route's operation is its method and route (`POST /api/blends/:id/versions`), its
 * target the path it was sent to and its input the body; an MCP tool's operation is `MCP <tool>`,
 * its target the tool and its input the arguments without the key.
 */
export type IdempotentIntent = {
  userId: string
  operation: string
  key: string
  target: string
  input: unknown
}

export type IdempotentOutcome = { replayed: boolean; status: number; json: string }

/**
 * One intent, one write (decision 016), for every door: the routes' `createOnce` below and the
 * MCP server's write tools both call the `runOnce` this answers, and only it. `runOnce` runs
 * `create` in one transaction and answers its result as JSON (`serialise` turns the result into the
 * text that is stored and sent). The key, scoped to the user and the operation and bound to the
 * target and the input (IdempotentIntent), is reserved by the first statement of that same
 * transaction, and the answer is stored with it before commit: a repeat gets the stored answer and
 * creates nothing, and the same key with another fingerprint is a 422. Concurrent repeats are safe
 * on both engines: PostgreSQL makes the second insert of a key wait for the first transaction and
 * then skip it (ON CONFLICT DO NOTHING), after which the committed answer is visible; SQLite runs
 * one transaction at a time. A create that fails rolls back its reservation, so a retry runs it again.
 */
export function createIdempotencyStore(db: Db, log: FastifyBaseLogger) {
  let nextSweepAt = 0

  async function sweepIfDue(now: number) {
    if (now < nextSweepAt) return
    nextSweepAt = now + SWEEP_EVERY_MS
    try {
      await sweepExpiredKeys(db, now)
    } catch (err) {
      log.warn({ err }, 'sweeping expired idempotency keys failed')
    }
  }

  return async function runOnce(
    intent: IdempotentIntent,
    create: (trx: Transaction<Database>) => Promise<unknown>,
    serialise: (result: unknown) => string,
  ): Promise<IdempotentOutcome> {
    const { userId, operation: methodPath, key } = intent
    const requestHash = sha256(JSON.stringify([intent.target, intent.input]))
    const now = Date.now()

    const outcome = await db.kysely.transaction().execute(async (trx): Promise<IdempotentOutcome> => {
      // An expired key is free again: drop it so the insert below can take it.
      await trx
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('method_path', '=', methodPath)
        .where('key', '=', key)
        .where('created_at', '<', new Date(now - IDEMPOTENCY_TTL_MS).toISOString())
        .execute()
      const reserved = await trx
        .insertInto('idempotency_keys')
        .values({ user_id: userId, method_path: methodPath, key, request_hash: requestHash, created_at: new Date(now).toISOString() })
        .onConflict((oc) => oc.columns(['user_id', 'method_path', 'key']).doNothing())
        .returning('id')
        .executeTakeFirst()
      if (!reserved) {
        const stored = await trx
          .selectFrom('idempotency_keys')
          .select(['request_hash', 'status', 'response_body'])
          .where('user_id', '=', userId)
          .where('method_path', '=', methodPath)
          .where('key', '=', key)
          .executeTakeFirstOrThrow()
        if (stored.request_hash !== requestHash) {
          throw new AppError(
            422,
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was already used for another request (another resource or body). Send a new key.',
          )
        }
        if (stored.status === null || stored.response_body === null) {
          throw new AppError(409, 'IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still in progress. Try again shortly.')
        }
        return { replayed: true, status: stored.status, json: stored.response_body }
      }
      const json = serialise(await create(trx))
      await trx.updateTable('idempotency_keys').set({ status: 201, response_body: json }).where('id', '=', reserved.id).execute()
      return { replayed: false, status: 201, json }
    })

    await sweepIfDue(now)
    return outcome
  }
}

/**
 * A create endpoint's work in one transaction, answered 201 with its result; with an
 * Idempotency-Key header, once per key (createIdempotencyStore): the key is the route's, and the
 * fingerprint binds it to the exact path and body (decision 041), so the same key sent for another
 * blend is refused instead of answered with the first blend's result.
 */
export function createIdempotency(db: Db, log: FastifyBaseLogger) {
  const runOnce = createIdempotencyStore(db, log)

  return async function createOnce(
    request: FastifyRequest,
    reply: FastifyReply,
    create: (trx: Transaction<Database>) => Promise<unknown>,
  ): Promise<FastifyReply> {
    const key = idempotencyKeyOf(request)
    if (key === undefined) return reply.status(201).send(await db.kysely.transaction().execute(create))

    const outcome = await runOnce(
      {
        userId: request.userId,
        operation: `${request.method} ${request.routeOptions.url ?? request.url}`,
        key,
        target: request.url.split('?')[0]!,
        input: request.body ?? null,
      },
      create,
      // Serialised through the route's 201 response schema: what is stored, and replayed, is exactly
      // what the contract allows, as the answer without a key is.
      (result) => serialiseAs(reply, 201, result),
    )
    if (outcome.replayed) {
      return reply.status(outcome.status).header('idempotent-replayed', 'true').type(JSON_TYPE).send(outcome.json)
    }
    return reply.status(201).type(JSON_TYPE).send(outcome.json)
  }
}
