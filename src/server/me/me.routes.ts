import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { LabelSettingsSchema, UpdateLabelSettingsSchema } from '#shared/api/labels.ts'
import { getLabelSettings, setLabelSettings } from '#server/me/settings.repo.ts'
import { answers } from '#server/openapi/responses.ts'

/**
 * The account's settings that labels print (decision 050). GET /api/me/summary, which counts
 * blends, is the blends' own (blend-lists.routes.ts).
 */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
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
