import { Validator } from '@seriousme/openapi-schema-validator'
import { beforeAll, describe, expect, it } from 'vitest'
import { NO_NUL_PATTERN, NOT_BLANK_PATTERN } from '#shared/api/fields.ts'
import { MAX_PACK_BATCHES } from '#shared/api/assessor-pack.ts'
import { ID_PATTERN } from '#shared/api/ids.ts'
import { SAFETY_CAUTION_KINDS, SAFETY_WARNING_KINDS } from '#shared/api/safety.ts'
import { type TestAppHandle } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * A CORS preflight (OPTIONS: the OAuth endpoints' own, for browser-based assistants) is the
 * browser's question before a request, not an operation of the API: the contract leaves it out.
 */
const isPreflight = (route: { method: string }) => route.method === 'OPTIONS'

/** Fastify's `/api/blends/:id` is OpenAPI's `/api/blends/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\/\*$/, '/{path}')

describe('the published API contract', () => {
  let t: TestAppHandle
  let document: { openapi: string; paths: Record<string, Record<string, unknown>> }
  useTestApp('sqlite', (ctx) => ({ t } = ctx))
  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    document = res.json()
  })

  it('is a valid OpenAPI 3.1 document, served without signing in', async () => {
    expect(document.openapi).toBe('3.1.0')
    const result = await new Validator().validate(document as unknown as Parameters<Validator['validate']>[0])
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('names every registered API route with its method', () => {
    // The contract is the API's; pages (a share link's page) are not in it.
    const routes = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/openapi.json' && !isPreflight(r))
    expect(routes.length).toBeGreaterThan(15)
    // The identity service's wildcard is named endpoint by endpoint (auth-operations.ts).
    const missing = routes.filter((r) =>
      r.url === '/api/auth/*'
        ? !Object.entries(document.paths).some(([path, ops]) => path.startsWith('/api/auth/') && ops[r.method.toLowerCase()])
        : !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()],
    )
    expect(missing).toEqual([])
  })

  it("declares every route's success answer and the server's failures, and its error statuses by code rather than as a class, except the identity service's forwarder", () => {
    type Answer = {
      description?: string
      content?: {
        'application/json'?: { schema?: { allOf?: [unknown, { properties: { error: { properties: { code: { enum?: string[] } } } } }] } }
      }
    }
    const undeclared: string[] = []
    for (const route of t.app.registeredRoutes) {
      if (!route.url.startsWith('/api/') || route.url === '/api/openapi.json' || route.url === '/api/auth/*' || isPreflight(route)) continue
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] as { responses?: Record<string, Answer> }
      const responses = operation?.responses ?? {}
      const codes = Object.keys(responses)
      const where = `${route.method} ${route.url}`
      if (!codes.some((code) => code.startsWith('2')) || !codes.includes('500') || !codes.includes('503'))
        undeclared.push(`${where}: ${codes.join(', ')}`)
      if (codes.some((code) => /^\dXX$/i.test(code))) undeclared.push(`${where}: a class of statuses (${codes.join(', ')})`)
      if (!route.public && !codes.includes('401')) undeclared.push(`${where}: no 401`)
      if (route.url.includes('/:') && !codes.includes('404')) undeclared.push(`${where}: a path parameter and no 404`)
      // What Node refuses before routing (clientErrorHandler), whatever the operation.
      for (const [status, code] of [
        ['400', 'BAD_REQUEST'],
        ['408', 'REQUEST_TIMEOUT'],
        ['431', 'HEADERS_TOO_LARGE'],
      ] as const)
        if (!responses[status]?.content?.['application/json']?.schema?.allOf?.[1].properties.error.properties.code.enum?.includes(code))
          undeclared.push(`${where}: no ${status} ${code}`)
      // Each error status names the codes it carries, in its schema and its description.
      for (const [status, answer] of Object.entries(responses)) {
        if (Number(status) < 400) continue
        const enumerated = answer.content?.['application/json']?.schema?.allOf?.[1].properties.error.properties.code.enum ?? []
        if (enumerated.length === 0) undeclared.push(`${where} ${status}: no codes`)
        for (const code of enumerated)
          if (!answer.description?.includes(`${code}: `)) undeclared.push(`${where} ${status}: ${code} is not described`)
      }
    }
    expect(undeclared).toEqual([])
  })

  it("declares the statuses a route answers with the codes each carries: a share link's create, the import, a delete", () => {
    type Answer = {
      content: {
        'application/json': {
          schema: { allOf: [{ $ref: string }, { properties: { error: { properties: { code: { enum: string[] } } } } }] }
        }
      }
    }
    const refusals = (path: string, method: string) => {
      const responses = (document.paths[path]?.[method] as { responses: Record<string, Answer> }).responses
      return Object.fromEntries(
        Object.entries(responses)
          .filter(([status]) => Number(status) >= 400)
          .map(([status, answer]) => {
            const [shape, narrowed] = answer.content['application/json'].schema.allOf
            expect(shape.$ref).toBe('#/components/schemas/Error')
            return [status, narrowed.properties.error.properties.code.enum]
          }),
      )
    }
    expect(refusals('/api/blends/{id}/shares', 'post')).toEqual({
      400: ['BAD_REQUEST', 'MALFORMED_JSON', 'VALIDATION_ERROR'],
      401: ['UNAUTHENTICATED'],
      404: ['NOT_FOUND'],
      408: ['REQUEST_TIMEOUT'],
      409: ['IDEMPOTENCY_KEY_IN_USE', 'TOO_MANY_LINKS'],
      413: ['PAYLOAD_TOO_LARGE'],
      415: ['UNSUPPORTED_MEDIA_TYPE'],
      422: ['IDEMPOTENCY_KEY_REUSED'],
      429: ['RATE_LIMITED'],
      431: ['HEADERS_TOO_LARGE'],
      500: ['INTERNAL'],
      503: ['DATABASE_UNAVAILABLE'],
    })
    expect(refusals('/api/import', 'post')).toMatchObject({
      400: ['BAD_REQUEST', 'MALFORMED_JSON', 'NOT_AN_ACCORD_EXPORT', 'VALIDATION_ERROR'],
      422: ['CURRENCY_MISMATCH', 'IDEMPOTENCY_KEY_REUSED', 'UNKNOWN_OILS', 'UNSUPPORTED_EXPORT_VERSION'],
      429: ['ALREADY_RUNNING', 'BUSY', 'RATE_LIMITED'],
    })
    // A read with no parameters and no body: only the token, what Node refuses before routing, and the server's failures.
    expect(refusals('/api/me/settings', 'get')).toEqual({
      400: ['BAD_REQUEST'],
      401: ['UNAUTHENTICATED'],
      408: ['REQUEST_TIMEOUT'],
      431: ['HEADERS_TOO_LARGE'],
      500: ['INTERNAL'],
      503: ['DATABASE_UNAVAILABLE'],
    })
    // Public: no 401.
    expect(Object.keys(refusals('/api/health', 'get'))).toEqual(['400', '408', '431', '500', '503'])
    expect(refusals('/api/health', 'get')[503]).toEqual(['DATABASE_UNAVAILABLE', 'UNAVAILABLE'])
    expect(refusals('/api/blends/{id}', 'delete')).toMatchObject({ 404: ['NOT_FOUND'], 415: ['UNSUPPORTED_MEDIA_TYPE'] })
  })

  it('marks the public routes as needing no token, and every other route as needing the bearer token', () => {
    const wrong: string[] = []
    for (const route of t.app.registeredRoutes) {
      // The identity service's endpoints are checked one by one below.
      if (!route.url.startsWith('/api/') || route.url === '/api/openapi.json' || route.url === '/api/auth/*' || isPreflight(route)) continue
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] as { security?: unknown[] }
      const isPublic = route.public
      if (isPublic ? JSON.stringify(operation?.security) !== '[]' : operation?.security !== undefined)
        wrong.push(`${route.method} ${route.url}`)
    }
    expect(wrong).toEqual([])
    expect((document as unknown as { security: unknown }).security).toEqual([{ bearer: [] }])
    for (const path of ['/api/health', '/api/auth-config', '/api/essential-oils', '/api/shared/{token}']) {
      expect((document.paths[path]?.get as { security?: unknown[] }).security, path).toEqual([])
    }
    expect((document.paths['/api/redeem']?.post as { security?: unknown[] }).security).toEqual([])
  })

  it('declares the rules the server enforces: non-empty PATCH bodies, a non-blank redeem e-mail, ISO 4217 codes, 32-bit ids', () => {
    const body = (path: string, method: string) =>
      (
        document.paths[path]?.[method] as {
          requestBody: {
            content: Record<string, { schema: Record<string, unknown> & { properties: Record<string, Record<string, unknown>> } }>
          }
        }
      ).requestBody.content['application/json']!.schema
    expect(body('/api/journal-entries/{id}', 'patch').minProperties).toBe(1)
    expect(body('/api/shelf/bottles/{id}', 'patch').minProperties).toBe(1)
    const email = new RegExp((body('/api/redeem', 'post').properties.email as { pattern: string }).pattern)
    expect(email.test(' rose@example.com ')).toBe(true)
    for (const bad of ['', '   ', 'rose', 'rose@', '@example.com']) expect(email.test(bad), bad).toBe(false)
    const currency = body('/api/me/settings', 'put').properties.currency as { enum: string[] }
    expect(currency.enum).toEqual(expect.arrayContaining(['EUR', 'USD', 'GBP', 'NZD']))
    expect(currency.enum).not.toContain('XYZ')
    // Decision 088: the account's language is one Accord speaks, or null (follow the browser); an empty body is refused.
    expect(body('/api/me/settings', 'put').minProperties).toBe(1)
    expect(JSON.stringify(body('/api/me/settings', 'put').properties.language)).toContain('["en","de","fr","es","it"]')
    const idParam = (
      document.paths['/api/blends/{id}']?.get as { parameters: { name: string; schema: { pattern: string } }[] }
    ).parameters.find((p) => p.name === 'id')
    expect(idParam?.schema.pattern).toBe(ID_PATTERN.source)
  })

  it('publishes Mark as made’s chosen bottles (decision 090): an optional list of strict ids, its rule in words, and its 422', () => {
    const op = document.paths['/api/blends/{id}/batches']?.post as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, Record<string, unknown>>; required?: string[] } }> }
      responses: Record<string, { content: Record<string, { schema: { allOf: Record<string, unknown>[] } }> }>
    }
    const schema = op.requestBody.content['application/json']!.schema
    expect(schema.required ?? []).not.toContain('fromBottles')
    const field = schema.properties.fromBottles as {
      type: string
      description: string
      items: { properties: Record<string, { type: string; minimum: number }>; required: string[]; additionalProperties: boolean }
    }
    expect(field.type).toBe('array')
    expect(field.description).toContain('An oil is listed at most once')
    expect(field.items.required).toEqual(['oilId', 'bottleId'])
    expect(field.items.additionalProperties).toBe(false)
    for (const key of ['oilId', 'bottleId']) expect(field.items.properties[key]).toMatchObject({ type: 'integer', minimum: 1 })
    const refused = op.responses['422']!.content['application/json']!.schema.allOf[1] as {
      properties: { error: { properties: { code: { enum: string[] } } } }
    }
    expect(refused.properties.error.properties.code.enum).toContain('NOT_DRAWABLE')
  })

  it('states the rules the contract property test found hidden: NUL-free text, query ranges, optional filters (decision 041)', () => {
    type Node = Record<string, unknown>
    type Operation = {
      parameters?: { name: string; required?: boolean; schema: Node }[]
      requestBody?: { content: Record<string, { schema: Node }> }
    }
    const components = (document as unknown as { components: { schemas: Record<string, Node> } }).components.schemas
    // Every text a JSON request carries, and every property name of an open object, refuses NUL.
    const open: string[] = []
    const visit = (node: unknown, where: string, seen = new Set<unknown>()): void => {
      if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${where}[${i}]`, seen))
      if (!node || typeof node !== 'object' || seen.has(node)) return
      seen.add(node)
      const schema = node as Node
      if (typeof schema.$ref === 'string') return visit(components[schema.$ref.split('/').pop()!], where, seen)
      const types = [schema.type].flat()
      if (types.includes('string') && !schema.enum && !schema.const && !(schema.format === 'uri')) {
        if (typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test('a\u0000b')) open.push(where)
      }
      if (types.includes('object') && schema.additionalProperties !== false) {
        const names = schema.propertyNames as { pattern?: string } | undefined
        if (!names?.pattern || new RegExp(names.pattern, 'u').test('a\u0000b')) open.push(`${where} (property names)`)
      }
      for (const [key, value] of Object.entries(schema)) if (key !== 'default' && key !== 'enum') visit(value, `${where}.${key}`, seen)
    }
    let strings = 0
    for (const [path, ops] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(ops) as [string, Operation][]) {
        for (const p of op.parameters ?? []) visit(p.schema, `${method} ${path} ${p.name}`)
        const json = op.requestBody?.content['application/json']
        if (json) visit(json.schema, `${method} ${path} body`)
        strings += JSON.stringify(op).split(NO_NUL_PATTERN.replaceAll('\\', '\\\\')).length - 1
      }
    }
    expect(open).toEqual([])
    expect(strings).toBeGreaterThan(50)

    const param = (path: string, name: string) => (document.paths[path]?.get as Operation).parameters!.find((p) => p.name === name)!
    expect(param('/api/blends', 'q').schema).toMatchObject({ pattern: NO_NUL_PATTERN, maxLength: 100 })
    // A name that is trimmed before its length is checked may not be blank.
    const blendName = (
      document.paths['/api/blends']?.post as { requestBody: { content: Record<string, { schema: { properties: Record<string, Node> } }> } }
    ).requestBody.content['application/json']!.schema.properties.name
    expect(blendName).toMatchObject({ pattern: NOT_BLANK_PATTERN, maxLength: 120 })
    expect(['   ', '\t', 'a\u0000'].some((name) => new RegExp(NOT_BLANK_PATTERN, 'u').test(name))).toBe(false)
    // A page size says its range in its pattern, as ids do.
    const limit = new RegExp(param('/api/blends', 'limit').schema.pattern as string)
    expect(['1', '100'].every((n) => limit.test(n))).toBe(true)
    expect(['0', '101', '9999999999', '01'].some((n) => limit.test(n))).toBe(false)
    // A list of ids holds ids in the id range only.
    const ids = new RegExp(param('/api/blends/details', 'ids').schema.pattern as string)
    expect(ids.test('1,2147483647')).toBe(true)
    expect(ids.test('1,2147483648')).toBe(false)
    // The catalog's filters may be left out.
    for (const name of ['effect', 'noteType', 'scentFamily']) expect(param('/api/essential-oils', name).required, name).toBe(false)
    // The rules JSON Schema cannot say are said in words.
    expect(JSON.stringify(document.paths['/api/blends']?.post)).toContain('The percentages of the three layers total 100%')
    expect(JSON.stringify(param('/api/blends', 'cursor'))).toContain('a cursor no page gave out is refused')
  })

  it('names the identity service endpoint by endpoint with the statuses each answers, never one path parameter', () => {
    expect(document.paths['/api/auth/{path}']).toBeUndefined()
    const signIn = document.paths['/api/auth/sign-in/email']?.post as {
      security: unknown[]
      responses: Record<string, unknown>
      requestBody: unknown
    }
    expect(Object.keys(signIn.responses).sort()).toEqual(['200', '400', '401', '403', '408', '415', '429', '431', '5XX'])
    // What Node refuses before routing, on every identity endpoint too.
    for (const [path, operations] of Object.entries(document.paths).filter(([path]) => path.startsWith('/api/auth/')))
      for (const [method, operation] of Object.entries(operations))
        expect(Object.keys((operation as { responses: object }).responses), `${method} ${path}`).toEqual(
          expect.arrayContaining(['400', '408', '431']),
        )
    expect(signIn.security).toEqual([])
    expect(signIn.requestBody).toBeDefined()
    for (const path of [
      '/api/auth/sign-up/email',
      '/api/auth/sign-out',
      '/api/auth/request-password-reset',
      '/api/auth/reset-password',
      '/api/auth/change-password',
    ]) {
      expect(document.paths[path]?.post, path).toBeDefined()
    }
    for (const path of ['/api/auth/get-session', '/api/auth/token', '/api/auth/jwks']) expect(document.paths[path]?.get, path).toBeDefined()
    // What the contract property test found answered but not declared (decision 041).
    expect(Object.keys((document.paths['/api/auth/sign-up/email']?.post as { responses: object }).responses)).toContain('409')
    expect(Object.keys((document.paths['/api/auth/sign-in/social']?.post as { responses: object }).responses)).toContain('403')
    const reset = document.paths['/api/auth/reset-password/{token}']?.get as {
      parameters: { name: string; in: string; required: boolean }[]
      responses: object
    }
    expect(reset.parameters).toContainEqual(expect.objectContaining({ name: 'callbackURL', in: 'query', required: true }))
    expect(Object.keys(reset.responses)).toEqual(expect.arrayContaining(['302', '400', '403']))
  })

  it('states that the assessor pack holds the newest batches with their full records, as GET /api/batches/{id} answers them (decision 091)', () => {
    type Node = { $ref?: string; properties?: Record<string, Node>; items?: Node; required?: string[]; anyOf?: Node[] }
    const components = (document as unknown as { components: { schemas: Record<string, Node> } }).components.schemas
    const resolve = (node: Node | undefined): Node => (node?.$ref ? resolve(components[node.$ref.split('/').pop()!]) : (node ?? {}))
    const answer = (path: string, method: string) => {
      const op = document.paths[path]?.[method] as {
        description: string
        responses: Record<string, { content: Record<string, { schema: Node }> }>
      }
      return { description: op.description, schema: resolve(op.responses['200']!.content['application/json']!.schema) }
    }
    const pack = answer('/api/assessor-pack', 'post')
    expect(pack.description).toContain(`the ${MAX_PACK_BATCHES} newest`)
    expect(pack.description).toContain('full batch record')
    const variant = resolve(resolve(pack.schema.properties!.variants).items)
    expect(variant.required).toEqual(expect.arrayContaining(['batches', 'batchCount', 'moreBatches']))
    const batch = resolve(resolve(variant.properties!.batches).items)
    expect(batch.required).toContain('record')
    // The record is the batch page's answer, field for field.
    const record = resolve(batch.properties!.record)
    const single = answer('/api/batches/{id}', 'get').schema
    expect(Object.keys(record.properties!).sort()).toEqual(Object.keys(single.properties!).sort())
    expect(record.required?.sort()).toEqual(single.required?.sort())
  })

  it('states the assessor pack’s skin findings beside its sentences, which stay as they were (issue 37)', () => {
    type Node = { $ref?: string; properties?: Record<string, Node>; items?: Node; required?: string[]; enum?: string[]; type?: unknown }
    const components = (document as unknown as { components: { schemas: Record<string, Node> } }).components.schemas
    const resolve = (node: Node | undefined): Node => (node?.$ref ? resolve(components[node.$ref.split('/').pop()!]) : (node ?? {}))
    const op = document.paths['/api/assessor-pack']?.post as { responses: Record<string, { content: Record<string, { schema: Node }> }> }
    const pack = resolve(op.responses['200']!.content['application/json']!.schema)
    const safety = resolve(resolve(resolve(pack.properties!.variants).items).properties!.safety)
    expect(safety.required?.sort()).toEqual(
      ['scope', 'clear', 'warnings', 'unchecked', 'cautions', 'warningDetails', 'uncheckedDetails', 'cautionDetails'].sort(),
    )
    for (const sentences of ['warnings', 'unchecked', 'cautions'])
      expect(resolve(safety.properties![sentences]).items).toEqual({ type: 'string' })
    const item = (field: string) => resolve(resolve(safety.properties![field]).items)
    expect(item('warningDetails').required?.sort()).toEqual(['kind', 'limitPercent', 'message', 'oil', 'productPercentage', 'source'])
    expect(resolve(item('warningDetails').properties!.kind).enum).toEqual([...SAFETY_WARNING_KINDS])
    expect(item('uncheckedDetails').required?.sort()).toEqual(['message', 'oil', 'productPercentage'])
    expect(item('cautionDetails').required?.sort()).toEqual(['kind', 'message', 'oil', 'source', 'text'])
    expect(resolve(item('cautionDetails').properties!.kind).enum).toEqual([...SAFETY_CAUTION_KINDS])
  })

  it('leaves the pages out', () => {
    expect(t.app.registeredRoutes.map((r) => r.url)).toContain('/s/:token')
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([])
  })
})
