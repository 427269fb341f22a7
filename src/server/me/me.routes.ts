import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { LabelSettingsSchema, UpdateLabelSettingsSchema } from '#shared/api/labels.ts'
import { MeSummarySchema } from '#shared/api/me.ts'
import { getLabelSettings, setLabelSettings } from '#server/me/settings.repo.ts'
import { readMeSummary } from '#server/me/summary.ts'
import { createListCache } from '#server/http/list-cache.ts'
import { answers, NOT_MODIFIED } from '#server/openapi/responses.ts'

/**
 * GET /api/me/summary: what Home shows (how many blends, how many tested, the newest few), in two
 * queries and a few kilobytes whatever the size of the collection; kept while the user's data
 * version is unchanged, like the lists.
 */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const cached = createListCache()

  app.get('/me/summary', { schema: { response: { ...answers(200, MeSummarySchema), ...NOT_MODIFIED } } }, async (request, reply) =>
    cached(request, reply, await app.dataVersion(request.userId), async () => ({
      body: await readMeSummary(app.db.kysely, request.userId),
    })),
  )

  // What every label carries from the account (decision 050): the batch code pattern and the responsible person.
  app.get(
    '/me/label-settings',
    {
      schema: {
        response: answers(200, LabelSettingsSchema),
        description: 'The batch code pattern and the responsible person printed on labels.',
      },
    },
    async (request) => getLabelSettings(app.db.kysely, request.userId),
  )
  app.put(
    '/me/label-settings',
    {
      schema: {
        body: UpdateLabelSettingsSchema,
        response: answers(200, LabelSettingsSchema),
        description:
          'Replaces the batch code pattern (it needs {n}) and the responsible person’s name and address (null or empty: none). New batches take the pattern; recorded codes stay.',
      },
    },
    async (request) => app.db.kysely.transaction().execute((trx) => setLabelSettings(trx, request.userId, request.body)),
  )
}
