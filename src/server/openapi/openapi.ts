import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler } from 'fastify-type-provider-zod'
import { AUTH_BASE_PATH } from '#shared/api/auth.ts'
import { authPaths } from '#server/openapi/auth-operations.ts'
import { declareCommonRefusals, RETRY_AFTER_HEADER } from '#server/openapi/responses.ts'
import { NO_NUL_PATTERN } from '#shared/api/fields.ts'

/** Where the document is served, under /api. */
export const OPENAPI_PATH = '/openapi.json'

/**
 * The API's published contract: @fastify/swagger collects every route as it is registered and
 * fastify-type-provider-zod turns each route's Zod schemas (the shared ones in src/shared/api)
 * into JSON Schema. Answers are serialised through the same schemas, so a field a route does not
 * declare never leaves the server: answers kept to send again (the list cache, idempotent replays)
 * are serialised through them when kept (src/server/http/serialise.ts). Register before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.setSerializerCompiler(serializerCompiler)
  // Each route's answers name its error statuses and codes; those that follow from its shape (a
  // body, parameters, a token, a rate limit) are added here, for every route registered after.
  app.addHook('onRoute', declareCommonRefusals)
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
      // A route declared without a schema is a page ("/" of the built client), not an operation of
      // the API: left out of the document. (Handed on, it made the transform read `response` of
      // undefined, and GET /api/openapi.json answered 500 on the production build: issue #33.)
      if (!input.schema) return { url: input.url, schema: { hide: true } }
      const transformed = jsonSchemaTransform(input)
      // A public route needs no token: say so, or clients send one (or refuse to call it).
      const isPublic = (input.route.config as { public?: boolean } | undefined)?.public === true
      const out = isPublic ? { ...transformed, schema: { ...transformed.schema, security: [] } } : transformed
      // A declared 429 or 503 says how long to wait, as the server does.
      const responses = out.schema.response as Record<string, Record<string, unknown>> | undefined
      for (const status of ['429', '503'])
        if (responses?.[status]) responses[status] = { ...responses[status], headers: RETRY_AFTER_HEADER }
      // The identity service's forwarder is one wildcard route: the document names its endpoints
      // one by one instead (auth-operations.ts, added below).
      if (out.url.endsWith('/*')) return { url: out.url, schema: { ...out.schema, hide: true } }
      return out
    },
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as { paths?: Record<string, unknown> }
      return declareNoNul({ ...document, paths: { ...document.paths, ...authPaths(AUTH_BASE_PATH) } }) as ReturnType<
        typeof jsonSchemaTransformObject
      >
    },
  })
}

type JsonSchema = { [key: string]: unknown }
type OpenApiOperation = { parameters?: { schema?: JsonSchema }[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }

/**
 * A request schema with the server's NUL rule stated (NO_NUL_PATTERN): on every string without a
 * pattern, format or fixed values of its own, and on the property names of every open object.
 */
function withNoNul(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNoNul)
  if (schema === null || typeof schema !== 'object') return schema
  const out: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    out[key] =
      key === 'properties' && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withNoNul(item)]))
        : withNoNul(value)
  }
  const types = [out.type].flat()
  const free = out.pattern === undefined && out.format === undefined && out.enum === undefined && out.const === undefined
  if (types.includes('string') && free) out.pattern = NO_NUL_PATTERN
  if (types.includes('object') && out.additionalProperties !== false) {
    const names = (out.propertyNames ?? { type: 'string' }) as JsonSchema
    if (names.pattern === undefined) out.propertyNames = { ...names, pattern: NO_NUL_PATTERN }
  }
  return out
}

/**
 * The document with the NUL rule stated on every request part: path and query parameters, JSON
 * bodies, and the component schemas they name (the server's rule is global, so is its statement;
 * a CSV upload is text whose cells say their own rules, docs/export-format.md).
 */
export function declareNoNul<T extends { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } }>(
  document: T,
): T {
  const named = new Set<string>()
  const collectRefs = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collectRefs)
    else if (value && typeof value === 'object') {
      const ref = (value as { $ref?: unknown }).$ref
      if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
        const name = ref.slice('#/components/schemas/'.length)
        if (!named.has(name)) {
          named.add(name)
          collectRefs(document.components?.schemas?.[name])
        }
      }
      Object.values(value).forEach(collectRefs)
    }
  }
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations as Record<string, OpenApiOperation>).map(([method, operation]) => {
          if (!operation || typeof operation !== 'object' || !('responses' in operation)) return [method, operation]
          const parameters = operation.parameters?.map((parameter) => ({ ...parameter, schema: withNoNul(parameter.schema) }))
          const content = operation.requestBody?.content
          const requestBody = content && {
            ...operation.requestBody,
            content: Object.fromEntries(
              Object.entries(content).map(([type, media]) => [
                type,
                type === 'application/json' ? { ...media, schema: withNoNul(media.schema) } : media,
              ]),
            ),
          }
          collectRefs(parameters)
          collectRefs(requestBody)
          return [method, { ...operation, ...(parameters ? { parameters } : {}), ...(requestBody ? { requestBody } : {}) }]
        }),
      ),
    ]),
  )
  const schemas = document.components?.schemas
  const components = schemas && {
    ...document.components,
    schemas: Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, named.has(name) ? withNoNul(schema) : schema])),
  }
  return { ...document, paths, ...(components ? { components } : {}) }
}

/**
 * GET /api/openapi.json: the document, public and cacheable (it changes only with a deploy). It is
 * built once, when the app is ready (every route registered), and served from memory: a request
 * costs no work, and a document that cannot be built stops the start instead of answering 500.
 */
export async function openApiRoutes(api: FastifyInstance): Promise<void> {
  let body = ''
  api.addHook('onReady', async () => {
    body = JSON.stringify(api.swagger())
  })
  api.get(OPENAPI_PATH, { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8').send(body),
  )
}
