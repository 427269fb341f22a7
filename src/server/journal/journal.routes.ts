import type { FastifyPluginAsync } from 'fastify'
import type { z } from 'zod'
import { IdParamSchema } from '#shared/api/fields.ts'
import { CreateJournalEntrySchema, JournalQuerySchema, UpdateJournalEntrySchema } from '#shared/api/journal.ts'
import { createEntry, listEntries, updateEntry } from '#server/journal/journal.repo.ts'
import { userDataVersion } from '#server/blends/blends.repo.ts'
import { notFound } from '#server/http/errors.ts'
import { createIdempotency } from '#server/http/idempotency.ts'
import { createListCache } from '#server/http/list-cache.ts'

/** GET/POST /api/journal-entries and PATCH /api/journal-entries/{id}, owned by the signed-in user. */
export const journalRoutes: FastifyPluginAsync = async (app) => {
  const cachedList = createListCache()
  const createOnce = createIdempotency(app.db, app.log)

  app.get<{ Querystring: z.infer<typeof JournalQuerySchema> }>(
    '/journal-entries',
    { schema: { querystring: JournalQuerySchema } },
    async (request, reply) =>
      cachedList(request, reply, await userDataVersion(app.db, request.userId), async () => {
        const { entries, nextCursor } = await listEntries(app.db.kysely, request.userId, request.query)
        const headers: Record<string, string> = nextCursor === null ? {} : { 'x-next-cursor': String(nextCursor) }
        return { body: entries, headers }
      }),
  )

  app.post<{ Body: z.infer<typeof CreateJournalEntrySchema> }>(
    '/journal-entries',
    { schema: { body: CreateJournalEntrySchema } },
    async (request, reply) =>
      createOnce(request, reply, async (trx) => {
        const entry = await createEntry(trx, request.userId, request.body)
        if (!entry) throw notFound('Blend version')
        return entry
      }),
  )

  app.patch<{ Params: z.infer<typeof IdParamSchema>; Body: z.infer<typeof UpdateJournalEntrySchema> }>(
    '/journal-entries/:id',
    { schema: { params: IdParamSchema, body: UpdateJournalEntrySchema } },
    async (request) => {
      const entry = await updateEntry(app.db, request.userId, request.params.id, request.body)
      if (!entry) throw notFound('Test entry')
      return entry
    },
  )
}
