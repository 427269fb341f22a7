import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IdParamSchema } from '#shared/api/ids.ts'
import { CreateJournalEntrySchema, JournalEntrySchema, JournalQuerySchema, UpdateJournalEntrySchema } from '#shared/api/journal.ts'
import { NEXT_CURSOR_HEADER } from '#shared/api/paging.ts'
import { ENTRIES_CURSOR, listEntries } from '#server/journal/journal.repo.ts'
import { changeTest, recordTest } from '#server/journal/journal.commands.ts'
import { decodeCursor } from '#server/shared/cursor.ts'
import { valueOrThrow } from '#server/http/errors.ts'
import { createIdempotency } from '#server/http/idempotency.ts'
import { createListCache } from '#server/http/list-cache.ts'
import { answers, IDEMPOTENT, NOT_MODIFIED } from '#server/openapi/responses.ts'

/**
 * GET/POST /api/journal-entries and PATCH /api/journal-entries/{id}, owned by the signed-in user.
 * The list is an array of at most JOURNAL_PAGE_MAX entries (each bounded by the notes limit), with
 * the next page's cursor in the x-next-cursor header.
 */
export const journalRoutes: FastifyPluginAsyncZod = async (app) => {
  const cachedList = createListCache()
  const createOnce = createIdempotency(app.db, app.log)

  app.get(
    '/journal-entries',
    { schema: { querystring: JournalQuerySchema, response: { ...answers(200, z.array(JournalEntrySchema)), ...NOT_MODIFIED } } },
    async (request, reply) =>
      cachedList(request, reply, await app.dataVersion(request.userId), async () => {
        const { cursor, ...query } = request.query
        // A cursor is the previous page's last entry id; one not given out by a page is a 400.
        const after = cursor !== undefined ? decodeCursor(cursor, ENTRIES_CURSOR, ['int'] as const)[0] : query.after
        const { entries, nextCursor } = await listEntries(app.db.kysely, request.userId, { ...query, after })
        const headers: Record<string, string> = nextCursor === null ? {} : { [NEXT_CURSOR_HEADER]: nextCursor }
        return { body: entries, headers }
      }),
  )

  app.post(
    '/journal-entries',
    { schema: { body: CreateJournalEntrySchema, response: answers(201, JournalEntrySchema, IDEMPOTENT, { 404: ['NOT_FOUND'] }) } },
    async (request, reply) =>
      createOnce(request, reply, async (trx) => valueOrThrow(await recordTest(trx, request.userId, request.body), 'body', 'as-given')),
  )

  app.patch(
    '/journal-entries/:id',
    { schema: { params: IdParamSchema, body: UpdateJournalEntrySchema, response: answers(200, JournalEntrySchema) } },
    async (request) => {
      return app.db.kysely
        .transaction()
        .execute(async (trx) => valueOrThrow(await changeTest(trx, request.userId, request.params.id, request.body), 'body', 'as-given'))
    },
  )
}
