import fc from 'fast-check'

/**
 * fast-check arbitraries read from the JSON Schemas of the published OpenAPI document: values that
 * conform to a schema, and values that break exactly one of its constraints. The contract test
 * (src/server/openapi/contract.property.test.ts) builds requests from them. Schemas are the
 * document's own, with every `$ref` already inlined (dereference below).
 */

export type Schema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  $ref?: string
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  propertyNames?: Schema
  minProperties?: number
  items?: Schema
  minItems?: number
  maxItems?: number
  /** Each item once (JSON Schema's uniqueItems). */
  uniqueItems?: boolean
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  default?: unknown
}

/** A copy of value with every local `$ref` replaced by what it names (the document has no cycles). */
export function dereference<T>(value: T, root: unknown, depth = 0): T {
  if (depth > 50) throw new Error('$ref cycle')
  if (Array.isArray(value)) return value.map((item) => dereference(item, root, depth + 1)) as T
  if (value === null || typeof value !== 'object') return value
  const ref = (value as { $ref?: unknown }).$ref
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root)
    return dereference(target as T, root, depth + 1)
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, dereference(item, root, depth + 1)])) as T
}

/** Known values a generated request sometimes uses instead of random ones, so it meets real rows. */
export type Pools = {
  /** Ids of rows that exist (blends, versions, entries, bottles, batches, oils). */
  ids: () => number[]
  /** Values to try for a property of this name (e.g. the signed-in user's e-mail), beside random ones. */
  named: (name: string) => unknown[]
}

const types = (schema: Schema): string[] => (schema.type === undefined ? [] : [schema.type].flat())
const CAP = 4
/** Text that stresses the server: quotes, markup, emoji, right-to-left, a lone surrogate, control characters. */
const WEIRD_TEXT = ["O'Brien", '<b>x</b>', '🌿 lavande', 'مرحبا', '\ud800', '\t\r\n', 'Ω≈ç√', '%00', '\\u0000', '  ']

/** The smallest and largest integers a schema allows (within safe integers). */
function integerBounds(schema: Schema): [number, number] {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Math.floor(schema.exclusiveMinimum) + 1 : Number.MIN_SAFE_INTEGER)
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? Math.ceil(schema.exclusiveMaximum) - 1 : Number.MAX_SAFE_INTEGER)
  return [Math.ceil(min), Math.floor(max)]
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
/** A calendar date or an ISO date-time with an offset, between 1970 and 2100. */
const dateArb = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
const dateTimeArb = fc
  .tuple(dateArb, fc.constantFrom('Z', '+00:00', '+05:30', '-08:00', '+14:00'), fc.boolean())
  .map(([d, offset, millis]) => {
    const iso = d.toISOString()
    return `${millis ? iso.slice(0, 23) : iso.slice(0, 19)}${offset}`
  })
const calendarDateArb = dateArb.map((d) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`)
const emailArb = fc
  .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}[a-z0-9]$/), fc.constantFrom('example.com', 'example.org', 'mail.example.co.uk'))
  .filter(([local]) => !local.includes('..'))
  .map(([local, host]) => `${local}@${host}`)
const uriArb = fc
  .tuple(
    fc.constantFrom('https://push.example.com/', 'https://fcm.googleapis.com/fcm/send/', 'https://example.org/p/'),
    fc.stringMatching(/^[A-Za-z0-9_-]{0,60}$/),
  )
  .map(([base, path]) => base + path)

export class SchemaArbitraries {
  /** compile(schema) answers a check of whether a value conforms (the test passes Ajv's, cached). */
  constructor(
    private readonly compile: (schema: Schema) => (value: unknown) => boolean,
    private readonly pools: Pools,
  ) {}

  conforms(schema: Schema, value: unknown): boolean {
    return this.compile(schema)(value)
  }

  /** Values that conform to schema; name is the property it fills, for the pools. */
  valid(schema: Schema, name?: string): fc.Arbitrary<unknown> {
    const named = name === undefined ? [] : this.pools.named(name).filter((value) => this.conforms(schema, value))
    const random = this.validRandom(schema)
    return named.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...named), weight: 1 }, { arbitrary: random, weight: 2 }) : random
  }

  private validRandom(schema: Schema): fc.Arbitrary<unknown> {
    if (schema.const !== undefined) return fc.constant(schema.const)
    if (schema.enum) return fc.constantFrom(...schema.enum)
    const union = schema.anyOf ?? schema.oneOf
    if (union) return fc.oneof(...union.map((branch) => this.valid(branch))).filter((value) => this.conforms(schema, value))
    const kinds = types(schema)
    if (kinds.length > 1) return fc.oneof(...kinds.map((type) => this.valid({ ...schema, type })))
    switch (kinds[0]) {
      case 'null':
        return fc.constant(null)
      case 'boolean':
        return fc.boolean()
      case 'integer':
        return this.integer(schema)
      case 'number': {
        const min = schema.minimum ?? schema.exclusiveMinimum
        const max = schema.maximum ?? schema.exclusiveMaximum
        const double = fc.double({ min: min ?? -1e12, max: max ?? 1e12, noNaN: true, noDefaultInfinity: true })
        const edges = [min, max].filter((n) => n !== undefined)
        return fc
          .oneof(double, this.integer(schema), ...(edges.length > 0 ? [fc.constantFrom(...edges)] : []))
          .filter((value) => this.conforms(schema, value))
      }
      case 'string':
        return this.string(schema)
      case 'array': {
        const minLength = schema.minItems ?? 0
        const maxLength = Math.min(schema.maxItems ?? minLength + CAP, minLength + CAP)
        if (schema.uniqueItems)
          return fc.uniqueArray(this.valid(schema.items ?? {}), { minLength, maxLength, selector: (item) => JSON.stringify(item) })
        return fc.array(this.valid(schema.items ?? {}), { minLength, maxLength })
      }
      case 'object':
        return this.object(schema)
      default:
        return fc.jsonValue({ maxDepth: 2 })
    }
  }

  private integer(schema: Schema): fc.Arbitrary<number> {
    const [min, max] = integerBounds(schema)
    const edges = [min, max, Math.min(max, Math.max(min, 0)), Math.min(max, Math.max(min, 1))]
    const arbitraries: fc.Arbitrary<number>[] = [fc.integer({ min, max }), fc.constantFrom(...edges)]
    // An id: sometimes one of a row that exists.
    const ids = min >= 1 && max >= 2_147_483_647 ? this.pools.ids().filter((id) => id <= max) : []
    if (ids.length > 0) arbitraries.push(fc.constantFrom(...ids))
    return fc.oneof(...arbitraries)
  }

  private string(schema: Schema): fc.Arbitrary<string> {
    const minLength = schema.minLength ?? 0
    const maxLength = schema.maxLength ?? Math.max(minLength, 200)
    const fits = (value: string) => this.conforms(schema, value)
    if (schema.format === 'date') return calendarDateArb.filter(fits)
    if (schema.format === 'date-time') return dateTimeArb.filter(fits)
    if (schema.format === 'email') return emailArb.filter(fits)
    if (schema.format === 'uri') return uriArb.filter(fits)
    if (schema.pattern !== undefined) {
      const matching = fc.stringMatching(new RegExp(schema.pattern, 'u'))
      // An id pattern: sometimes a row that exists.
      const ids = this.pools.ids().map(String).filter(fits)
      return (ids.length > 0 && /^\^\(\?:\[1-9\]/.test(schema.pattern) ? fc.oneof(matching, fc.constantFrom(...ids)) : matching).filter(
        fits,
      )
    }
    const short = Math.min(maxLength, minLength + 30)
    return fc
      .oneof(
        { arbitrary: fc.string({ minLength, maxLength: short }), weight: 3 },
        { arbitrary: fc.string({ minLength, maxLength: short, unit: 'grapheme' }), weight: 2 },
        { arbitrary: fc.string({ minLength, maxLength: short, unit: 'binary' }), weight: 1 },
        { arbitrary: fc.constantFrom(...WEIRD_TEXT), weight: 1 },
        // The longest allowed, in plain and in four-byte characters (the limit counts characters).
        { arbitrary: fc.constantFrom('a'.repeat(maxLength), '🌿'.repeat(maxLength), 'é'.repeat(maxLength)), weight: 1 },
      )
      .filter(fits)
  }

  private object(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
    const properties = schema.properties ?? {}
    const required = schema.required ?? []
    const model = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, this.valid(value, key)]))
    let record: fc.Arbitrary<Record<string, unknown>> = fc.record(model, { requiredKeys: required.filter((key) => key in properties) })
    const extra = schema.additionalProperties
    if (extra !== false) {
      // Open objects take properties the document does not name (a free-form settings object, say).
      const valueArb = typeof extra === 'object' && Object.keys(extra).length > 0 ? this.valid(extra) : fc.jsonValue({ maxDepth: 1 })
      const extraArb = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), valueArb, { maxKeys: 3 })
      record = fc.tuple(record, fc.option(extraArb, { nil: undefined })).map(([known, more]) => ({ ...more, ...known }))
    }
    return record.filter((value) => Object.keys(value).length >= (schema.minProperties ?? 0) && this.conforms(schema, value))
  }

  /**
   * Values that break schema: one constraint of it or of one thing inside it, with everything else
   * valid. Null when nothing can be broken (a schema that allows anything).
   */
  invalid(schema: Schema, { jsonTypes = true }: { jsonTypes?: boolean } = {}): fc.Arbitrary<unknown> | null {
    const options: fc.Arbitrary<unknown>[] = []
    const kinds = types(schema)
    const union = schema.anyOf ?? schema.oneOf
    if (union) {
      for (const branch of union) {
        const broken = this.invalid(branch, { jsonTypes })
        if (broken) options.push(broken)
      }
    }
    if (jsonTypes && (kinds.length > 0 || union || schema.enum || schema.const !== undefined)) {
      // The wrong JSON type.
      options.push(fc.constantFrom<unknown>(null, true, 0, -1, 1.5, 'x', '', [], {}, [1], { a: 1 }))
    }
    if (schema.enum || schema.const !== undefined) {
      options.push(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('ALL', 'none', 'true ', 'Other')))
    }
    if (kinds.includes('string')) options.push(...this.brokenStrings(schema))
    if (kinds.includes('integer') || kinds.includes('number')) options.push(...this.brokenNumbers(schema))
    if (kinds.includes('array')) {
      const item = schema.items ? this.invalid(schema.items, { jsonTypes }) : null
      const minLength = schema.minItems ?? 0
      if (item)
        options.push(
          fc
            .tuple(fc.array(this.valid(schema.items ?? {}), { minLength, maxLength: minLength + 2 }), item, fc.nat())
            .map(([items, bad, at]) => {
              const copy = [...items]
              copy.splice(at % (copy.length + 1), 0, bad)
              return copy
            }),
        )
      if (minLength > 0) options.push(fc.array(this.valid(schema.items ?? {}), { maxLength: minLength - 1 }))
      if (schema.maxItems !== undefined) {
        options.push(fc.array(this.valid(schema.items ?? {}), { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 3 }))
      }
    }
    if (kinds.includes('object')) options.push(...this.brokenObjects(schema, jsonTypes))
    if (options.length === 0) return null
    return fc.oneof(...options).filter((value) => !this.conforms(schema, value))
  }

  private brokenStrings(schema: Schema): fc.Arbitrary<unknown>[] {
    const options: fc.Arbitrary<unknown>[] = []
    if (schema.maxLength !== undefined) {
      const filler = schema.pattern
        ? fc.sample(
            fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((s) => s.length > 0),
            { numRuns: 1, seed: 1 },
          )[0]!
        : 'a'
      options.push(fc.integer({ min: 1, max: 20 }).map((over) => filler.repeat(Math.ceil((schema.maxLength! + over) / filler.length))))
    }
    if (schema.minLength !== undefined && schema.minLength > 0) options.push(fc.string({ maxLength: schema.minLength - 1 }))
    if (schema.pattern !== undefined) {
      const pattern = new RegExp(schema.pattern, 'u')
      options.push(
        fc
          .oneof(
            fc.string({ maxLength: 30 }),
            fc.string({ maxLength: 30, unit: 'binary' }),
            fc.constantFrom(
              '',
              ' 1',
              '1 ',
              '01',
              '-1',
              '0x1f',
              '1e3',
              '1.0',
              '2147483648',
              '99999999999',
              'a\u0000b',
              '\u0000',
              'NaN',
              'null',
              '1,',
              ',1',
              '2024-02-30',
              '2024-13-01',
              '2023-02-29',
              '2024-01-01T25:00:00Z',
              '2024-01-01T10:00:00',
              'abc',
            ),
          )
          .filter((value) => !pattern.test(value)),
      )
    }
    if (schema.format === 'date' || schema.format === 'date-time')
      options.push(fc.constantFrom('2024-02-30', '2024-13-01', 'yesterday', '2024-01-01T25:00:00Z', '1/2/2024'))
    if (schema.format === 'email') options.push(fc.constantFrom('not-an-email', 'a@', '@example.com', 'a b@example.com', 'a@@example.com'))
    if (schema.format === 'uri') options.push(fc.constantFrom('not a uri', '://x', 'push.example.com/no-scheme'))
    return options
  }

  private brokenNumbers(schema: Schema): fc.Arbitrary<unknown>[] {
    const options: fc.Arbitrary<unknown>[] = []
    const min = schema.minimum ?? schema.exclusiveMinimum
    const max = schema.maximum ?? schema.exclusiveMaximum
    if (min !== undefined)
      options.push(
        fc.oneof(
          fc.constant(min - 1),
          fc.double({ max: min, noNaN: true, noDefaultInfinity: true, maxExcluded: schema.exclusiveMinimum === undefined }),
          fc.constant(schema.exclusiveMinimum ?? min - 0.5),
        ),
      )
    if (max !== undefined)
      options.push(
        fc.oneof(
          fc.constant(max + 1),
          fc.double({ min: max, noNaN: true, noDefaultInfinity: true, minExcluded: schema.exclusiveMaximum === undefined }),
          fc.constant(2 ** 31),
          fc.constant(1e300),
        ),
      )
    if (types(schema).includes('integer')) {
      const [lo, hi] = integerBounds(schema)
      const inside = Math.max(lo, Math.min(hi, 1))
      options.push(fc.constantFrom(inside + 0.5, inside - 0.25, 1e-7))
    }
    return options
  }

  private brokenObjects(schema: Schema, jsonTypes: boolean): fc.Arbitrary<unknown>[] {
    const options: fc.Arbitrary<unknown>[] = []
    const valid = this.object(schema)
    const properties = schema.properties ?? {}
    for (const key of schema.required ?? []) {
      options.push(valid.map((value) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key))))
    }
    if (schema.additionalProperties === false) {
      options.push(
        fc
          .tuple(valid, fc.constantFrom('extra', 'userId', 'id ', 'constructor', 'isAdmin'))
          .map(([value, key]) => ({ ...value, [key]: 'x' })),
      )
    }
    if (schema.minProperties !== undefined && schema.minProperties > 0) options.push(fc.constant({}))
    for (const [key, property] of Object.entries(properties)) {
      const broken = this.invalid(property, { jsonTypes })
      if (broken) options.push(fc.tuple(valid, broken).map(([value, bad]) => ({ ...value, [key]: bad })))
    }
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      const broken = this.invalid(schema.additionalProperties, { jsonTypes })
      if (broken) options.push(fc.tuple(valid, broken).map(([value, bad]) => ({ ...value, extraKey: bad })))
    }
    return options
  }
}
