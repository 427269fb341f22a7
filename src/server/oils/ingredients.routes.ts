import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParamSchema } from '#shared/api/ids.ts'
import { CreateIngredientSchema, IngredientListSchema, IngredientSchema, UpdateIngredientSchema } from '#shared/api/ingredients.ts'
import { notFound, valueOrThrow } from '#server/http/errors.ts'
import { createIdempotency } from '#server/http/idempotency.ts'
import { answers, IDEMPOTENT } from '#server/openapi/responses.ts'
import { addIngredient, changeIngredient, removeIngredient } from '#server/oils/ingredients.commands.ts'
import { getOwnIngredientRow, ownIngredientRows, toIngredient } from '#server/oils/oils.repo.ts'

/**
 * The maker's own ingredients (docs/product.md "Your own ingredients", decision 068). Every read
 * and write is the signed-in user's; another user's ingredient id answers 404.
 */
/** The rules JSON Schema cannot say, in the words the contract tests look for. */
const RULES =
  'Rules: each note at most once; a name of its own: not a catalog oil’s name, nor one of your other ingredients’ (any case). ' +
  'A maximum left out is no data, never unrestricted.'

export const ingredientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const createOnce = createIdempotency(app.db, app.log)

  app.get(
    '/ingredients',
    { schema: { response: answers(200, IngredientListSchema), description: 'The signed-in maker’s own ingredients, by name.' } },
    async (request) => ({ items: (await ownIngredientRows(app.db.kysely, request.userId)).map(toIngredient) }),
  )

  app.get('/ingredients/:id', { schema: { params: IdParamSchema, response: answers(200, IngredientSchema) } }, async (request) => {
    const row = await getOwnIngredientRow(app.db.kysely, request.userId, request.params.id)
    if (!row) throw notFound('Ingredient')
    return toIngredient(row)
  })

  app.post(
    '/ingredients',
    {
      schema: {
        body: CreateIngredientSchema,
        response: answers(201, IngredientSchema, IDEMPOTENT),
        description:
          'Adds an ingredient of the maker’s own; with basedOnOilId, a catalog oil’s facts are the starting point and the fields sent replace them. ' +
          'Without basedOnOilId, inciName, kind, noteType, scentFamily and densityGPerMl are needed; basedOnOilId names an oil in the catalog. ' +
          RULES,
      },
    },
    async (request, reply) => {
      const catalog = await app.catalog.byId()
      return createOnce(request, reply, async (trx) =>
        valueOrThrow(await addIngredient(trx, request.userId, request.body, catalog), 'body'),
      )
    },
  )

  app.patch(
    '/ingredients/:id',
    {
      schema: {
        params: IdParamSchema,
        body: UpdateIngredientSchema,
        response: answers(200, IngredientSchema),
        description: `Changes the fields sent; the rest stay. A safety object sent replaces the maximum, phototoxicity and source together. ${RULES}`,
      },
    },
    async (request) => {
      const catalog = await app.catalog.byId()
      const outcome = await app.db.kysely
        .transaction()
        .execute((trx) => changeIngredient(trx, request.userId, request.params.id, request.body, catalog))
      return valueOrThrow(outcome, 'body')
    },
  )

  app.delete(
    '/ingredients/:id',
    {
      schema: {
        params: IdParamSchema,
        response: answers(204, undefined, { 409: ['INGREDIENT_IN_USE'] }),
        description: 'Deletes an ingredient no blend version or bottle uses; one in use is refused (409), naming what uses it.',
      },
    },
    async (request, reply) => {
      valueOrThrow(await app.db.kysely.transaction().execute((trx) => removeIngredient(trx, request.userId, request.params.id)))
      return reply.status(204).send()
    },
  )
}
