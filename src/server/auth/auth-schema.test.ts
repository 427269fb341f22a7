import { getSchema } from 'better-auth/db'
import { getMigrations, matchType } from 'better-auth/db/migration'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authOptions } from '#server/auth/auth.ts'
import { loadConfig } from '#server/env.ts'
import type { Mailer } from '#server/mail/mailer.ts'
import { createTestDb, ENGINES, type TestDb } from '#tests/support/test-db.ts'

const silent = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent } as never
const noMail: Mailer = { send: async () => {}, forget: async () => 0, close: () => {} }

/** Our migration 0002-auth against the schema better-auth's Kysely adapter expects, with Google on. */
describe.each(ENGINES)('the identity tables on %s', (engine) => {
  let testDb: TestDb
  let options: ReturnType<typeof authOptions>
  beforeAll(async () => {
    testDb = await createTestDb(engine)
    const config = loadConfig({
      DATABASE_URL: testDb.url,
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      // Discovery is not fetched: better-auth only builds its schema here.
      GOOGLE_DISCOVERY_URL: 'http://127.0.0.1:9/.well-known/openid-configuration',
    })
    options = authOptions({ config, db: testDb.db, mailer: noMail, log: silent, secret: 'x'.repeat(32) })
  })
  afterAll(async () => testDb.cleanup())

  it('leave better-auth nothing to create or add', async () => {
    const plan = await getMigrations(options, { throwOnUnsafe: false })
    expect(plan.toBeCreated.map((t) => t.table)).toEqual([])
    expect(plan.toBeAdded.map((t) => `${t.table}: ${Object.keys(t.fields).join(', ')}`)).toEqual([])
    expect(plan.toBeAddedIndexes).toEqual([])
    expect(plan.schemaProblems).toEqual([])
    expect(plan.unsafeChanges).toEqual([])
  })

  it('have every table and column better-auth wants, with matching types and nullability', async () => {
    const tables = await testDb.db.kysely.introspection.getTables()
    const expected = getSchema(options)
    expect(Object.keys(expected).sort()).toEqual([
      'account',
      'jwks',
      'oauthAccessToken',
      'oauthClient',
      'oauthClientAssertion',
      'oauthClientResource',
      'oauthConsent',
      'oauthRefreshToken',
      'oauthResource',
      'session',
      'user',
      'verification',
    ])
    for (const [table, { fields }] of Object.entries(expected)) {
      const actual = tables.find((t) => t.name === table)
      expect(actual, `table ${table}`).toBeDefined()
      const id = actual?.columns.find((c) => c.name === 'id')
      expect(id && matchType(id.dataType, 'string', engine), `${table}.id is text`).toBe(true)
      for (const [name, field] of Object.entries(fields)) {
        const column = actual?.columns.find((c) => c.name === (field.fieldName ?? name))
        expect(column, `column ${table}.${name}`).toBeDefined()
        expect(matchType(column?.dataType ?? '', field.type, engine), `type of ${table}.${name}: ${column?.dataType}`).toBe(true)
        expect(column?.isNullable, `nullability of ${table}.${name}`).toBe(field.required === false)
      }
    }
  })

  it('index the columns sessions, accounts and verifications are looked up by', async () => {
    const indexed = new Set<string>()
    if (engine === 'postgres') {
      const { rows } = await sql<{ table: string; column: string; unique: boolean }>`
        select t.relname as "table", a.attname as "column", i.indisunique as "unique"
        from pg_index i
        join pg_class t on t.oid = i.indrelid
        join pg_attribute a on a.attrelid = t.oid and a.attnum = any(i.indkey)
        where t.relnamespace = (select oid from pg_namespace where nspname = current_schema())
      `.execute(testDb.db.kysely)
      for (const r of rows) indexed.add(`${r.table}.${r.column}${r.unique ? ' unique' : ''}`)
    } else {
      const { rows } = await sql<{ table: string; column: string; unique: number }>`
        select m.name as "table", ii.name as "column", il."unique" as "unique"
        from sqlite_master m, pragma_index_list(m.name) il, pragma_index_info(il.name) ii
        where m.type = 'table'
      `.execute(testDb.db.kysely)
      for (const r of rows) indexed.add(`${r.table}.${r.column}${r.unique ? ' unique' : ''}`)
    }
    expect([...indexed]).toEqual(
      expect.arrayContaining([
        'session.token unique',
        'session.userId',
        'account.userId',
        'verification.identifier',
        'user.email unique',
        'oauthClient.clientId unique',
        'oauthConsent.userId',
        'oauthAccessToken.token unique',
        'oauthRefreshToken.token unique',
        'oauthRefreshToken.userId',
      ]),
    )
  })
})
