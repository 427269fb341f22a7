import fc from 'fast-check'

/** Strings that have broken real systems: injection, markup, control characters, emoji, huge. */
export const NASTY_STRINGS = [
  "'; DROP TABLE essential_oils; --",
  "' OR '1'='1",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  '<img src=x onerror=alert(1)>',
  '<script>alert(document.cookie)</script>',
  'javascript:alert(1)',
  '\u0000\u0001\u0002\u001b[31m',
  '\ud83e\uddea\ud83c\udf3f\u200d\ufe0f',
  '\u202e\u0627\u0644\u0639\u0631\u0628\u064a\u0629',
  '../../../../etc/passwd',
  '%00%0d%0aSet-Cookie: x=1',
  '{{7*7}}${7*7}',
  ' ',
  '',
]

export const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ maxLength: 300 }),
)

const nastyNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 101, 3.14159),
  fc.double(),
  fc.integer(),
)

/** Any JSON value, weighted towards the nasty ones. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(nastyString, nastyNumber), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(nastyString, nastyNumber), { maxKeys: 4 }),
)

/** A JSON object shaped like the endpoint's body, with each field wrong, missing or extra. */
export function mangledBody(fields: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(fields)
  return fc
    .record({
      replaced: keys.length ? fc.dictionary(fc.constantFrom(...keys), nastyValue, { maxKeys: keys.length }) : fc.constant({}),
      dropped: fc.subarray(keys),
      extra: fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), nastyValue, { maxKeys: 3 }),
    })
    .map(({ replaced, dropped, extra }) => {
      const body: Record<string, unknown> = { ...fields, ...replaced, ...extra }
      for (const key of dropped) delete body[key]
      return body
    })
}

/** A raw request body: malformed JSON, a wrong content type, NaN, or something huge. */
export type RawBody = { payload: string; contentType: string }
export const rawHostileBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc.constantFrom(
    { payload: '{"name": ', contentType: 'application/json' },
    { payload: '{"name": NaN}', contentType: 'application/json' },
    { payload: "{'single': 'quotes'}", contentType: 'application/json' },
    { payload: '[]', contentType: 'application/json' },
    { payload: '"just a string"', contentType: 'application/json' },
    { payload: 'null', contentType: 'application/json' },
    { payload: 'name=x&email=y', contentType: 'application/x-www-form-urlencoded' },
    { payload: '<xml>nope</xml>', contentType: 'application/xml' },
    { payload: 'plain words', contentType: 'text/plain' },
    { payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }), contentType: 'application/json' },
    // What begins as a ZIP archive (an import may be one; decision 084) and is none.
    { payload: 'PK\u0003\u0004 not an archive', contentType: 'application/zip' },
    { payload: 'PK\u0003\u0004', contentType: 'application/octet-stream' },
  ),
  fc.string({ maxLength: 200 }).map((payload) => ({ payload, contentType: 'application/json' })),
  fc.string({ maxLength: 200 }).map((rest) => ({ payload: `PK\u0003\u0004${rest}PK\u0005\u0006`, contentType: 'application/zip' })),
)
