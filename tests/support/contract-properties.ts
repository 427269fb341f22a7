import { Ajv2020 } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { BlendVersion, SavedBlend } from '#shared/api/blends.ts'
import { signUpVia, type ApiTarget, type SignedUp } from '#tests/support/api-target.ts'
import { blendBody, versionBody } from '#tests/support/blend-fixtures.ts'
import { dereference, SchemaArbitraries, type Pools, type Schema } from '#tests/support/schema-arbitraries.ts'

/**
 * The contract is the truth, both ways (decision 041): requests generated from the published
 * OpenAPI document, for every operation in it, go to the server as a signed-in user.
 * 1. A request that conforms to the document is never refused for a reason the document does not
 *    state: its answer's status is one the operation declares, and it is never a schema refusal
 *    (400 VALIDATION_ERROR) unless the rule is one the document states in words (SEMANTIC_RULES).
 * 2. A request that breaks one declared constraint (a type, pattern, length, range, enum, required
 *    or extra property, an empty body where one property is the least) is never accepted: 4xx.
 * 3. No answer is a 5xx, and every answer's body matches the schema declared for its status.
 * Every distinct problem is listed once with a request that showed it.
 *
 * The properties send through an ApiTarget (api-target.ts), so the same ones run in process
 * (src/server/openapi/contract.property.test.ts, `inject`, both engines) and against the built
 * server over HTTP (tests/e2e/built-server-contract.spec.ts, both engines): issue #33.
 */

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema }
type Response = { content?: Record<string, { schema?: Schema }> }
type Operation = {
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> }
  responses: Record<string, Response>
  security?: unknown[]
}
export type ContractDocument = { paths: Record<string, Record<string, Operation>>; components?: unknown }

/**
 * Refusals of a conforming request for a rule JSON Schema cannot say (one field against another,
 * against a stored row, against today's date), each of which the operation's document states in
 * words: `stated` must match its text. Anything else answered VALIDATION_ERROR to a conforming
 * request is a rule the server enforces and the document hides.
 */
const SEMANTIC_RULES: { operation: RegExp; message: RegExp; stated: RegExp }[] = [
  {
    operation: /^(POST \/api\/blends|POST \/api\/blend-versions)$/,
    message: /The percentages should total 100%/,
    stated: /percentages of the three layers total 100%/,
  },
  {
    operation: /^POST \/api\/blend-versions$/,
    message: /Add at least one (top|middle|base) note oil/,
    stated: /Each layer holds at least one oil or accord/,
  },
  { operation: /^POST \/api\/blends$/, message: /Choose a (top|middle|base) note oil/, stated: /Each layer is one oil or one accord/ },
  {
    operation: /^(POST \/api\/blends|POST \/api\/blend-versions|POST \/api\/blends\/\{id\}\/versions\/\{versionId\}\/follow-accords)$/,
    message: /cannot contain .*: a blend cannot contain itself|accords nest at most \d deep/,
    stated: /[Aa] blend cannot contain itself at any depth, and accords nest at most \d deep/,
  },
  {
    operation: /^POST \/api\/blend-versions$/,
    message: /At most \d+ (accords|oils) per layer/,
    stated: /at most \d+ oils and accords together, at most \d+ accords per layer/,
  },
  { operation: /^POST \/api\/(blends|blend-versions)$/, message: /^Unknown oil id \d+$/, stated: /an oil in the catalog/ },
  { operation: /^POST \/api\/shelf\/bottles$/, message: /No oil in the catalog has id \d+$/, stated: /an oil in the catalog/ },
  {
    operation: /^(POST \/api\/shelf\/bottles|PATCH \/api\/shelf\/bottles\/\{id\})$/,
    message: /The amount left cannot be more than the bottle holds/,
    stated: /remaining\) is at most the bottle size/,
  },
  {
    operation: /^GET /,
    message: /^querystring\.cursor: This cursor is not one a page gave out/,
    stated: /a cursor no page gave out is refused/,
  },
  {
    operation: /^GET \/api\/journal-entries$/,
    message: /^querystring\.cursor: Send cursor or after, not both$/,
    stated: /Send cursor or after, not both/,
  },
  {
    operation: /^(POST \/api\/journal-entries|PATCH \/api\/journal-entries\/\{id\})$/,
    message: /test date can't be before the day the blend was made/,
    stated: /not dated before the day the blend was made/,
  },
  { operation: /^POST \/api\/blends\/\{id\}\/batches$/, message: /The made date can't be in the future/, stated: /never after today/ },
  {
    operation: /^(POST \/api\/shelf\/bottles|PATCH \/api\/shelf\/bottles\/\{id\})$/,
    message: /The opened date can't be (in the future|before the purchase date)/,
    stated: /not after today and not before the purchase date/,
  },
  {
    operation: /^POST \/api\/blends\/\{id\}\/batches$/,
    message: /This version holds no accord with version id|Each accord is listed once/,
    stated: /An accord is listed at most once, and only an accord the version holds/,
  },
  {
    operation: /^POST \/api\/blends\/\{id\}\/batches$/,
    message: /Each oil is listed once/,
    stated: /An oil is listed at most once, and only an oil of the version made/,
  },
  {
    operation: /^POST \/api\/blends\/\{id\}\/batches$/,
    message: /A neat blend \(to use as an accord\) is made at 100 %/,
    stated: /neat-accord is made at 100 %/,
  },
  { operation: /^POST \/api\/redeem$/, message: /Choose a month within the last 18 months/, stated: /a month within the last 18 months/ },
  {
    operation: /^POST \/api\/redeem$/,
    message: /Enter the secret word or a redemption code/,
    stated: /the secret word or a redemption code/,
  },
  {
    operation: /^PUT \/api\/me\/reminders$/,
    message: /is not a time zone this server knows$/,
    stated: /time zone name, such as Europe\/Paris, that the server knows/,
  },
  {
    operation: /^PUT \/api\/shelf\/bottles\/\{id\}\/declaration$/,
    message: /Each allergen is listed once/,
    stated: /Each entry is listed once/,
  },
  {
    operation: /^PUT \/api\/shelf\/bottles\/\{id\}\/declaration$/,
    message: /The percentages total at most 100/,
    stated: /the percentages total at most 100/,
  },
  {
    operation: /^PUT \/api\/shelf\/bottles\/\{id\}\/declaration$/,
    message: /A w\/v declaration of this oil totals at most/,
    stated: /w\/v declaration totals at most 100 times the oil/,
  },
  {
    operation: /^PUT \/api\/shelf\/bottles\/\{id\}\/declaration$/,
    message: /List at least one allergen, or declare/,
    stated: /lists at least one allergen, or declares none/,
  },
  {
    operation: /^PUT \/api\/shelf\/bottles\/\{id\}\/declaration$/,
    message: /A declaration of no Annex III allergen lists none/,
    stated: /declares none \(declaresNone\) and lists nothing/,
  },
  {
    operation: /^PUT \/api\/shelf\/bottles\/\{id\}\/ifra-certificate$/,
    message: /Each category is listed once/,
    stated: /Each category is listed once/,
  },
  {
    operation: /^PUT \/api\/shelf\/bottles\/\{id\}\/ifra-certificate$/,
    message: /The date is not a real day/,
    stated: /YYYY-MM-DD, a real day/,
  },
  {
    operation: /^POST \/api\/labels\/preview$/,
    message: /The base and the essential oils total at most 100%/,
    stated: /essential oil percentage total at most 100/,
  },
  {
    operation: /^PUT \/api\/blends\/\{id\}\/batches\/\{batchId\}\/label$/,
    message: /The base and the batch’s .*total at most 100%/,
    stated: /batch’s essential oil percentage total at most 100/,
  },
  {
    operation: /^PUT \/api\/me\/label-settings$/,
    message: /^body\.batchCodePattern: /,
    stated: /batch code pattern needs \{n\} once; its braces are tokens/,
  },
  // A maker's own ingredient (decision 068): what JSON Schema cannot say, stated in the operations' words.
  {
    operation: /^(POST \/api\/ingredients|PATCH \/api\/ingredients\/\{id\})$/,
    message: /Choose each note once|is the name of a catalog oil|You already have an ingredient named/,
    stated: /each note at most once; a name of its own/,
  },
  {
    operation: /^POST \/api\/ingredients$/,
    message: /^body\.(inciName|kind|noteType|scentFamily|densityGPerMl): |^body\.basedOnOilId: No oil in the catalog has id/,
    stated:
      /Without basedOnOilId, inciName, kind, noteType, scentFamily and densityGPerMl are needed; basedOnOilId names an oil in the catalog/,
  },
  // The upload's own rules, named in its terms (blends[0].versions[1]...), and the spreadsheet's columns.
  {
    operation: /^POST \/api\/import$/,
    message: /^(blends|testEntries|shelf|batches)\[\d+\]/,
    stated: /docs\/export-format\.md\)\. Beyond this schema/,
  },
  { operation: /^POST \/api\/import\/csv$/, message: /^(header|rows|file)/, stated: /docs\/export-format\.md \\"Spreadsheet import\\"/ },
]

/** The identity service's operations that end the session they are called with: each valid call gets a throwaway user. */
const ENDS_SESSION = new Set([
  'POST /api/auth/sign-out',
  'POST /api/auth/revoke-sessions',
  'POST /api/auth/change-password',
  'POST /api/me/delete',
])
/** Operations that run as a throwaway user rather than the one whose rows the others meet. */
const THROWAWAY = (key: string) => key.startsWith('POST /api/auth/') || key.startsWith('GET /api/auth/') || ENDS_SESSION.has(key)

type Sent = { method: string; url: string; headers: Record<string, string>; payload?: string; template: string }
type Problem = { operation: string; kind: string; request: Sent; status: number; body: string }

const ajv = new Ajv2020({ strict: false, allErrors: false })
// Dates and e-mail addresses carry their patterns in the document; a push endpoint is a URL.
for (const format of ['date', 'date-time', 'email']) ajv.addFormat(format, true)
ajv.addFormat('uri', (value: string) => URL.canParse(value))
const compiled = new WeakMap<Schema, (value: unknown) => boolean>()
/** A check of a (dereferenced) schema of the document, compiled once. */
const compile = (schema: Schema) => {
  let check = compiled.get(schema)
  if (!check) {
    const validate = ajv.compile({ ...schema, $schema: undefined })
    check = (value: unknown) => validate(value) as boolean
    compiled.set(schema, check)
  }
  return check
}

/** Why a value does not match a schema (only on a failure: it compiles again). */
const explain = (schema: Schema, value: unknown) => {
  const validate = ajv.compile({ ...schema, $schema: undefined })
  validate(value)
  return ajv.errorsText(validate.errors)
}

/** The declared answer for a status: its exact code, else its class (4XX). */
const declared = (operation: Operation, status: number): Response | undefined =>
  operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`]

/** `METHOD /path` of every operation a document names, in its order. */
export const operationKeys = (document: Pick<ContractDocument, 'paths'>): string[] =>
  Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))

/** The document `target` publishes at GET /api/openapi.json. */
export async function fetchDocument(target: ApiTarget): Promise<ContractDocument> {
  const res = await target.send({ method: 'GET', url: '/api/openapi.json' })
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}: ${res.body.slice(0, 300)}`)
  return res.json<ContractDocument>()
}

type Parts = { path: Record<string, unknown>; query: Record<string, unknown>; body?: { value: unknown } | undefined }

let users = 0

/**
 * One run of the properties against one server: `prepare` signs a user up, reads the document
 * and seeds rows; `check(key)` runs one operation's properties (`runs` conforming requests and
 * `runs` breaking ones) and answers one line per distinct problem (none when it holds).
 * `requests` counts what was sent.
 */
export class ContractRun {
  requests = 0
  document!: ContractDocument
  private user!: SignedUp
  private oils!: Record<string, EssentialOil>
  private readonly ids: number[] = []
  private readonly tokens: string[] = []

  constructor(
    readonly target: ApiTarget,
    readonly options: { seed: number; runs: number },
  ) {}

  async prepare(): Promise<void> {
    this.user = await this.newUser()
    const document = await fetchDocument(this.target)
    this.document = { ...document, paths: dereference(document.paths, document) }
    const catalog = await this.target.send({ method: 'GET', url: '/api/essential-oils' })
    this.oils = Object.fromEntries(catalog.json<EssentialOil[]>().map((o) => [o.name, o]))
    await this.seed()
  }

  operationKeys(): string[] {
    return operationKeys(this.document)
  }

  private newUser(): Promise<SignedUp> {
    users += 1
    const email = `contract${users}-${Math.random().toString(36).slice(2, 10)}@example.com`
    return signUpVia(this.target, { email, password: 'correct horse battery', name: `Contract User ${users}` }, this.address())
  }

  /** An address of its own for each setup request: the generated requests may have spent a rate limit. */
  private address(): string {
    return `10.24.${this.ids.length % 250}.${1 + (users % 250)}`
  }

  /** A blend with two versions, a journal entry, a bottle, a batch and a share link, so path ids meet real rows. */
  private async seed(): Promise<void> {
    const { oils, ids } = this
    const post = async <T = Record<string, unknown>>(url: string, payload: unknown) => {
      const res = await this.target.send({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${this.user.token}` },
        payload,
        from: this.address(),
      })
      if (res.statusCode !== 201) throw new Error(`seeding ${url}: ${res.statusCode} ${res.body}`)
      return res.json<T>()
    }
    const blend = await post<SavedBlend & { version: BlendVersion }>('/api/blends', blendBody(oils, { name: `Seeded ${ids.length}` }))
    const version = await post('/api/blend-versions', versionBody(oils, blend.id))
    const entry = await post('/api/journal-entries', { versionId: blend.version.id })
    const bottle = await post('/api/shelf/bottles', { oilId: oils.Lavender!.id, unit: 'mL', size: 15 })
    const batch = await post(`/api/blends/${blend.id}/batches`, {
      madeOn: '2026-11-20',
      productType: 'Soap',
      weight: 100,
      unit: 'g',
      oilPercentage: 2,
    })
    const share = await post(`/api/blends/${blend.id}/shares`, { versionId: blend.version.id })
    ids.push(
      blend.id,
      blend.version.id,
      version.id as number,
      entry.id as number,
      bottle.id as number,
      batch.id as number,
      oils.Lavender!.id,
    )
    this.tokens.push(String(share.token))
  }

  /** Sends one generated request and checks the answer; returns the problems it shows. */
  private async send(key: string, operation: Operation, request: Sent, kind: 'valid' | 'invalid'): Promise<Problem[]> {
    this.requests += 1
    const res = await this.target.send({
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    })
    const problems: Problem[] = []
    const problem = (what: string) =>
      problems.push({ operation: key, kind: `${kind}: ${what}`, request, status: res.statusCode, body: res.body.slice(0, 400) })
    const answer = declared(operation, res.statusCode)
    // An empty path parameter makes another URL, which names no operation: any 4xx will do.
    const offRoute = kind === 'invalid' && /\/\/|\/$|\/\?/.test(request.url) && !/\/\/|\/$|\/\?/.test(request.template)
    if (res.statusCode >= 500) problem('a 5xx answer')
    else if (!answer && !(offRoute && res.statusCode === 404)) problem(`status ${res.statusCode} is not declared`)
    if (kind === 'invalid' && res.statusCode < 400) problem('a request that breaks the document was accepted')
    const json = String(res.headers['content-type'] ?? '').startsWith('application/json')
    const parsed = json && res.body.length > 0 ? (JSON.parse(res.body) as { error?: { code?: string; message?: string } }) : undefined
    // Every operation declares what Node and Fastify refuse before routing (BEFORE_ROUTING in
    // src/server/openapi/responses.ts); a request that keeps the document never earns one. The
    // identity endpoints answer their own refusals as BAD_REQUEST, so only theirs may.
    const beforeRouting =
      res.statusCode === 408 || res.statusCode === 431 || (parsed?.error?.code === 'BAD_REQUEST' && !request.url.startsWith('/api/auth/'))
    if (kind === 'valid' && beforeRouting) problem(`a request that keeps the document was refused before routing (${res.statusCode})`)
    if (kind === 'valid' && res.statusCode === 400 && parsed?.error?.code === 'VALIDATION_ERROR') {
      const message = parsed.error.message ?? ''
      const rule = SEMANTIC_RULES.find((r) => r.operation.test(key) && r.message.test(message))
      if (!rule) problem(`refused by a rule the document does not state: ${message}`)
      else if (!rule.stated.test(JSON.stringify(operation))) problem(`refused by a rule the document does not state in words: ${message}`)
    }
    if (answer) {
      const schema = answer.content?.['application/json']?.schema
      if (res.statusCode === 204 && res.body.length > 0) problem('a 204 with a body')
      if (schema && json && !compile(schema)(parsed ?? null))
        problem(`the body does not match the schema declared for its status: ${explain(schema, parsed ?? null)}`)
    }
    return problems
  }

  /** Builds the request: path and query parameters in the URL, the body encoded for its content type. */
  private build(path: string, method: string, operation: Operation, parts: Parts, who: SignedUp): Sent {
    let url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(parts.path[name])))
    const query = Object.entries(parts.query).flatMap(([name, value]) =>
      value === undefined ? [] : [value].flat().map((item) => `${encodeURIComponent(name)}=${encodeURIComponent(String(item))}`),
    )
    if (query.length > 0) url += `?${query.join('&')}`
    const headers: Record<string, string> = { origin: this.target.publicUrl }
    if (operation.security === undefined || operation.security.length > 0) headers.authorization = `Bearer ${who.token}`
    if (path.startsWith('/api/auth/')) headers.cookie = who.cookie
    const contentType = Object.keys(operation.requestBody?.content ?? {})[0]
    let payload: string | undefined
    if (parts.body !== undefined && contentType) {
      headers['content-type'] = contentType
      payload = contentType === 'application/json' ? JSON.stringify(parts.body.value) : String(parts.body.value)
    }
    return { method, url, headers, payload, template: path }
  }

  /**
   * Runs one operation's properties. Answers the problems, one line per distinct one with the
   * first request that showed it, and how many requests it sent and was to send at least.
   */
  async check(key: string): Promise<{ problems: string[]; sent: number; runs: number }> {
    const { seed: SEED, runs: RUNS } = this.options
    const [method, path] = key.split(' ') as [string, string]
    const op = this.document.paths[path]?.[method.toLowerCase()]
    if (!op) return { problems: [`${key} is not in the document`], sent: 0, runs: 0 }
    const problems: Problem[] = []
    const before = this.requests
    // Deletes and copies spend rows: every operation starts with some that exist.
    await this.seed()
    let throwaway: SignedUp | undefined
    const who = async (fresh: boolean) => {
      if (!THROWAWAY(key)) return this.user
      if (fresh || !throwaway) throwaway = await this.newUser()
      return throwaway
    }
    const current = await who(false)
    const pools: Pools = {
      ids: () => this.ids,
      named: (name) =>
        ({
          token: this.tokens,
          email: [current.email],
          confirmEmail: [current.email, ` ${current.email.toUpperCase()} `],
          password: [current.password],
          currentPassword: [current.password],
          provider: ['google'],
          providerId: ['google'],
          a: ['a', 'b', '1', '1a'],
          b: ['a', 'b', '2', '1b'],
        })[name] ?? [],
    }
    const arbitraries = new SchemaArbitraries(compile, pools)
    const parameters = op.parameters ?? []
    const pathParams = parameters.filter((p) => p.in === 'path')
    const queryParams = parameters.filter((p) => p.in === 'query')
    const bodySchema = Object.values(op.requestBody?.content ?? {})[0]?.schema
    const valueOf = (p: Parameter) => arbitraries.valid(p.schema, p.name)
    const validParts: fc.Arbitrary<Parts> = fc.record({
      path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, valueOf(p)]))),
      query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valueOf(p)])), {
        requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
      }),
      body: bodySchema ? arbitraries.valid(bodySchema).map((value) => ({ value })) : fc.constant(undefined),
    })

    // One part broken, the rest valid. Parameters travel as text: only their text rules can break.
    const breaks: fc.Arbitrary<(parts: Parts) => Parts>[] = []
    const brokenText = (p: Parameter) =>
      arbitraries.invalid(p.schema, { jsonTypes: false })?.filter((value) => typeof value === 'string' || Array.isArray(value))
    for (const p of pathParams) {
      const broken = brokenText(p)
      if (broken) breaks.push(broken.map((bad) => (parts: Parts) => ({ ...parts, path: { ...parts.path, [p.name]: bad } })))
    }
    for (const p of queryParams) {
      const broken = brokenText(p)
      if (broken) breaks.push(broken.map((bad) => (parts: Parts) => ({ ...parts, query: { ...parts.query, [p.name]: bad } })))
      if (p.required) breaks.push(fc.constant((parts: Parts) => ({ ...parts, query: { ...parts.query, [p.name]: undefined } })))
    }
    if (bodySchema) {
      const broken = arbitraries.invalid(bodySchema)
      if (broken) breaks.push(broken.map((bad) => (parts: Parts) => ({ ...parts, body: { value: bad } })))
      if (op.requestBody?.required) breaks.push(fc.constant((parts: Parts) => ({ ...parts, body: undefined })))
    }

    const runs = ENDS_SESSION.has(key) ? Math.max(4, Math.ceil(RUNS / 8)) : RUNS
    await fc.assert(
      fc.asyncProperty(validParts, async (parts) => {
        const as = await who(ENDS_SESSION.has(key))
        problems.push(...(await this.send(key, op, this.build(path, method, op, parts, as), 'valid')))
      }),
      { seed: SEED, numRuns: runs },
    )
    if (breaks.length > 0) {
      await fc.assert(
        fc.asyncProperty(validParts, fc.oneof(...breaks), async (parts, breakIt) => {
          problems.push(...(await this.send(key, op, this.build(path, method, op, breakIt(parts), await who(false)), 'invalid')))
        }),
        { seed: SEED, numRuns: runs },
      )
    }
    // One line per distinct problem, with the first request that showed it.
    const distinct = new Map<string, Problem>()
    for (const p of problems)
      distinct.set(`${p.kind.replace(/\d+/g, 'N')} | ${p.status}`, distinct.get(`${p.kind.replace(/\d+/g, 'N')} | ${p.status}`) ?? p)
    return {
      problems: [...distinct.values()].map(
        (p) => `${p.kind} — ${p.status} — ${p.request.method} ${p.request.url} ${p.request.payload?.slice(0, 300) ?? ''} → ${p.body}`,
      ),
      sent: this.requests - before,
      runs,
    }
  }
}
