import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BlendComparisonSchema,
  BlendDetailSchema,
  BlendDetailsQuerySchema,
  BlendDetailsSchema,
  BlendListPageSchema,
  BlendListQuerySchema,
  CompareQuerySchema,
  ProjectListQuerySchema,
} from '#shared/api/blend-list.ts'
import { AccordUsesSchema, BlendProjectSchema } from '#shared/api/blends.ts'
import { IdParamSchema } from '#shared/api/ids.ts'
import { MeSummarySchema } from '#shared/api/me.ts'
import { NEXT_CURSOR_HEADER } from '#shared/api/paging.ts'
import { BATCH_PAGE_SIZE } from '#shared/api/shelf.ts'
import { readBlendDetail, readBlendDetails } from '#server/blends/blend-details.ts'
import { getComparison, listBlendPage, listProjectPage } from '#server/blends/blend-lists.repo.ts'
import { readMeSummary } from '#server/blends/summary.ts'
import { accordUsesOf } from '#server/blends/accord-uses.repo.ts'
import { notFound } from '#server/http/errors.ts'
import { createListCache } from '#server/http/list-cache.ts'
import { answers, NOT_MODIFIED } from '#server/openapi/responses.ts'
import { firstBatchPages } from '#server/shelf/batch-pages.ts'

/**
 * The reads of the user's blends, each bounded whatever the size of the collection:
 * GET /api/blends (a page of at most BLEND_PAGE_MAX compact items with the tab counts),
 * GET /api/blends/{id} (one blend, its versions and its first BLEND_DETAIL_ENTRIES test entries),
 * GET /api/blends/details?ids= (at most BLEND_DETAILS_MAX of those at once, each with its first
 * page of batches, for the device's offline copy, decisions 039 and 055),
 * GET /api/blend-projects (at most PROJECT_PAGE_MAX projects, each with its versions),
 * GET /api/me/summary (what Home shows: how many blends, how many tested, the newest few, in two
 * queries and a few kilobytes). Answers are
 * kept per URL while the user's data version is unchanged (list-cache.ts), so a repeat costs one query.
 */
export const blendListRoutes: FastifyPluginAsyncZod = async (app) => {
  const cached = createListCache()
  const version = app.dataVersion

  app.get('/me/summary', { schema: { response: { ...answers(200, MeSummarySchema), ...NOT_MODIFIED } } }, async (request, reply) =>
    cached(request, reply, await version(request.userId), async () => ({
      body: await readMeSummary(app.db.kysely, request.userId),
    })),
  )

  app.get(
    '/blends',
    { schema: { querystring: BlendListQuerySchema, response: { ...answers(200, BlendListPageSchema), ...NOT_MODIFIED } } },
    async (request, reply) =>
      cached(request, reply, await version(request.userId), async () => ({
        body: await listBlendPage(app.db.kysely, request.userId, request.query),
      })),
  )

  app.get(
    '/blends/details',
    { schema: { querystring: BlendDetailsQuerySchema, response: { ...answers(200, BlendDetailsSchema), ...NOT_MODIFIED } } },
    async (request, reply) =>
      cached(request, reply, await version(request.userId), async () => {
        const { ids } = request.query
        const [details, batches] = await Promise.all([
          readBlendDetails(app.db.kysely, request.userId, ids),
          firstBatchPages(app.db.kysely, request.userId, ids, BATCH_PAGE_SIZE),
        ])
        // Each with its first page of batches, as the journal asks for it (decision 055).
        return { body: { items: details.map((detail) => ({ ...detail, batches: batches.get(detail.id)! })) } }
      }),
  )

  app.get(
    '/blends/:id',
    { schema: { params: IdParamSchema, response: { ...answers(200, BlendDetailSchema), ...NOT_MODIFIED } } },
    async (request, reply) =>
      cached(request, reply, await version(request.userId), async () => {
        const detail = await readBlendDetail(app.db.kysely, request.userId, request.params.id)
        if (!detail) throw notFound('Blend')
        return { body: detail }
      }),
  )

  /** Two versions of a blend side by side (docs/decisions/037-comparing-versions.md). */
  app.get(
    '/blends/:id/compare',
    {
      schema: {
        params: IdParamSchema,
        querystring: CompareQuerySchema,
        response: { ...answers(200, BlendComparisonSchema), ...NOT_MODIFIED },
      },
    },
    async (request, reply) =>
      cached(request, reply, await version(request.userId), async () => {
        const found = await getComparison(app.db.kysely, request.userId, request.params.id, request.query)
        if (!found) throw notFound('Blend')
        if (!found.comparison) throw notFound('Version of this blend')
        return { body: found.comparison }
      }),
  )

  /**
   * The user's blends that use a version of this blend as an accord (decision 072), for the delete
   * dialog: deleting it leaves their versions' oils as they are, and they lose the link to it.
   */
  app.get(
    '/blends/:id/accord-uses',
    { schema: { params: IdParamSchema, response: { ...answers(200, AccordUsesSchema), ...NOT_MODIFIED } } },
    async (request, reply) =>
      cached(request, reply, await version(request.userId), async () => {
        const uses = await accordUsesOf(app.db.kysely, request.userId, request.params.id)
        if (!uses) throw notFound('Blend')
        return { body: uses }
      }),
  )

  app.get(
    '/blend-projects',
    { schema: { querystring: ProjectListQuerySchema, response: { ...answers(200, z.array(BlendProjectSchema)), ...NOT_MODIFIED } } },
    async (request, reply) =>
      cached(request, reply, await version(request.userId), async () => {
        const { projects, nextCursor } = await listProjectPage(app.db.kysely, request.userId, request.query)
        const headers: Record<string, string> = nextCursor === null ? {} : { [NEXT_CURSOR_HEADER]: nextCursor }
        return { body: projects, headers }
      }),
  )
}
