import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler } from 'fastify-type-provider-zod'
import { AUTH_BASE_PATH } from '#server/auth/auth.ts'
import { authPaths } from '#server/openapi/auth-operations.ts'
import { RETRY_AFTER_HEADER } from '#server/openapi/responses.ts'

/** Where the document is served, under /api. */
export const OPENAPI_PATH = '/openapi.json'

/**
 * The API's published contract: @fastify/swagger collects every route as it is registered and
 * fastify-type-provider-zod turns each route's Zod schemas (the shared ones in src/shared/api)
 * into JSON Schema. Answers are serialised through the same schemas, so a field a route does not
 * declare never leaves the server. Register before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.setSerializerCompiler(serializerCompiler)
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Accord API',
        version: '1',
        description:
          'Design, journal and test essential-oil blends. Every route except the public ones needs `Authorization: Bearer <ID token>` ' +
          '(GET /api/auth/token with the session cookie). Errors answer `{ "error": { "code", "message", "details"? } }`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input)
      // A public route needs no token: say so, or clients send one (or refuse to call it).
      const isPublic = (input.route.config as { public?: boolean } | undefined)?.public === true
      const out = isPublic ? { ...transformed, schema: { ...transformed.schema, security: [] } } : transformed
      // A declared 429 (responses.ts `tooMany`) says how long to wait, as the server does.
      const responses = out.schema.response as Record<string, Record<string, unknown>> | undefined
      if (responses?.['429']) responses['429'] = { ...responses['429'], headers: RETRY_AFTER_HEADER }
      // The identity service's forwarder is one wildcard route: the document names its endpoints
      // one by one instead (auth-operations.ts, added below).
      if (out.url.endsWith('/*')) return { url: out.url, schema: { ...out.schema, hide: true } }
      return out
    },
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as { paths?: Record<string, unknown> }
      return { ...document, paths: { ...document.paths, ...authPaths(AUTH_BASE_PATH) } } as ReturnType<typeof jsonSchemaTransformObject>
    },
  })
}

/** GET /api/openapi.json: the document, public and cacheable (it changes only with a deploy). */
export async function openApiRoutes(api: FastifyInstance): Promise<void> {
  let body: string | null = null
  api.get(OPENAPI_PATH, { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    body ??= JSON.stringify(api.swagger())
    return reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8').send(body)
  })
}
