import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler } from 'fastify-type-provider-zod'

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
      const out = jsonSchemaTransform(input)
      if (!out.url.endsWith('/*')) return out
      // The identity service's forwarder: one route for better-auth's endpoints below it.
      return {
        url: `${out.url.slice(0, -1)}{path}`,
        schema: {
          ...out.schema,
          summary: 'The identity service (sign-up, sign-in, sign-out, session, token, password reset, Google)',
          description: 'Answers in the same error shape. See docs/decisions/005-identity.md for the endpoints the client uses.',
          params: { type: 'object', properties: { path: { type: 'string', example: 'sign-in/email' } }, required: ['path'] },
        },
      }
    },
    transformObject: jsonSchemaTransformObject,
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
