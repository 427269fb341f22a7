import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DatabaseTooNewError, MIGRATION_NAMES, migrateToLatest } from '#server/db/migrate.ts'
import type { MigrationFactory } from '#server/db/migration-context.ts'
import { seedOils } from '#server/db/seed/seed-oils.ts'
import { blendBody, oilsByName, versionBody } from '#tests/support/blend-fixtures.ts'
import { bearer, cookieHeader, createTestApp, createTestDb, ENGINES, type TestAppHandle, type TestDb } from '#tests/support/test-db.ts'
import {
  COLUMN_CONVERSIONS,
  fillFixture,
  LEGACY_TEST_DATES,
  FILLED_TABLES,
  NEW_COLUMN_DEFAULTS,
  readFilledTables,
  tableColumns,
  UPGRADE_EMAIL,
  UPGRADE_PASSWORD,
} from '#tests/support/upgrade-fixture.ts'

/** The catalog ids the fixture's oils get once the catalog is seeded (the same on every database). */
async function catalogIds(engine: (typeof ENGINES)[number]) {
  const fresh = await createTestDb(engine)
  try {
    const rows = await fresh.db.kysely.selectFrom('essential_oils').select(['id', 'name']).execute()
    const id = (name: string) => rows.find((r) => r.name === name)!.id
    return { bergamot: id('Bergamot'), lavender: id('Lavender'), cedarwood: id('Atlas Cedarwood'), lemon: id('Lemon') }
  } finally {
    await fresh.cleanup()
  }
}

/** Signs the fixture's first user in (signs up, when the schema had no users yet) and returns a bearer token. */
async function signIn(t: TestAppHandle): Promise<string> {
  const auth = (path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/auth/${path}`, headers: { origin: t.config.publicUrl }, payload })
  let res = await auth('sign-in/email', { email: UPGRADE_EMAIL, password: UPGRADE_PASSWORD })
  if (res.statusCode === 401) res = await auth('sign-up/email', { email: UPGRADE_EMAIL, password: UPGRADE_PASSWORD, name: 'Maker One' })
  expect(res.statusCode, res.body).toBe(200)
  const token = await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie: cookieHeader(res.headers['set-cookie']) } })
  return token.json().token as string
}

/** What a maker sees and does, with times of new rows blanked so two databases compare equal. */
async function behaviour(t: TestAppHandle) {
  const token = await signIn(t)
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) })
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    // A repeated list is answered from the cache: 304 to its ETag.
    if (res.headers.etag) {
      const again = await t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'if-none-match': String(res.headers.etag) } })
      expect(again.statusCode, url).toBe(304)
    }
    return res.json() as unknown
  }
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload })
    expect(res.statusCode, `${url}: ${res.body}`).toBe(201)
    return res.json() as Record<string, unknown>
  }
  const oils = await oilsByName(t)
  const lists = async () => ({
    blends: await get('/api/blends'),
    // Migration 0009's sort keys, computed for the rows it found.
    byName: await get('/api/blends?sort=name'),
    summary: await get('/api/me/summary'),
    projects: await get('/api/blend-projects'),
    entries: await get('/api/journal-entries'),
    next: await get('/api/next-reference-number'),
  })
  const before = await lists()
  const existing = (before.blends as { items: { id: number; name: string }[] }).items.find((b) => b.name === 'Evening Calm')
  const projectId = existing?.id ?? ((await post('/api/blends', blendBody(oils))).id as number)
  const version = await post('/api/blend-versions', versionBody(oils, projectId))
  const blend = await post('/api/blends', blendBody(oils, { name: 'Fresh After Upgrade' }))
  const entry = await post('/api/journal-entries', { versionId: version.id, rating: 4, notes: 'After the upgrade' })
  const writes = {
    version: { letter: version.versionLetter, reference: version.referenceNumber },
    blend: { reference: blend.referenceNumber, versionCount: blend.versionCount },
    entry: { reference: entry.referenceNumber, blendName: entry.blendName },
  }
  return blankTimes({ before, writes, after: await lists() })
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d/
function blankTimes(value: unknown): unknown {
  if (typeof value === 'string') return ISO_TIME.test(value) && value.startsWith(new Date().toISOString().slice(0, 4)) ? '<now>' : value
  if (Array.isArray(value)) return value.map(blankTimes)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, blankTimes(v)]))
  return value
}

describe.each(ENGINES)('upgrading a database that holds data, on %s', (engine) => {
  let oils: Awaited<ReturnType<typeof catalogIds>>
  beforeAll(async () => {
    oils = await catalogIds(engine)
  })

  /** The reference: a database created at the latest schema, given the data an older one held. */
  async function freshBehaviour(tables?: ReadonlySet<string>) {
    const db = await createTestDb(engine, { empty: true })
    await migrateToLatest(db.db)
    await fillFixture(db.db, oils, tables)
    await seedOils(db.db)
    const t = await createTestApp(engine, {}, {}, db)
    try {
      return await behaviour(t)
    } finally {
      await t.close()
    }
  }

  it('walks every migration', () => {
    expect(MIGRATION_NAMES.length).toBeGreaterThanOrEqual(8)
    expect(MIGRATION_NAMES).toEqual([...MIGRATION_NAMES].sort())
  })

  // Every earlier schema in turn: a new migration is covered with no change here.
  it.each(MIGRATION_NAMES.slice(0, -1))(
    'keeps every row written at %s, and behaves as a fresh database',
    async (stage) => {
      const db: TestDb = await createTestDb(engine, { empty: true })
      let t: TestAppHandle | undefined
      try {
        expect(await migrateToLatest(db.db, { to: stage })).toEqual(MIGRATION_NAMES.slice(0, MIGRATION_NAMES.indexOf(stage) + 1))
        const columnsBefore = await tableColumns(db.db)
        await fillFixture(db.db, oils)
        const rowsBefore = await readFilledTables(db.db)

        const applied = await migrateToLatest(db.db)
        expect(applied).toEqual(MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(stage) + 1))
        await seedOils(db.db)
        const rowsAfter = await readFilledTables(db.db)
        const columnsAfter = await tableColumns(db.db)

        for (const table of FILLED_TABLES) {
          const before = rowsBefore.get(table)
          if (!before) continue
          const after = rowsAfter.get(table)!
          // Every row is still there, every old column unchanged, but for the one conversion a migration
          // documents (0015: a test entry's days become calendar dates, the days the maker saw).
          const converted = table === COLUMN_CONVERSIONS.table && applied.includes(COLUMN_CONVERSIONS.migration)
          const expected = converted ? before.map((row) => COLUMN_CONVERSIONS.convert(row)) : before
          expect(after.map((row) => pick(row, Object.keys(before[0] ?? {})))).toEqual(expected)
          // Columns added since hold their documented defaults.
          const old = new Set((columnsBefore.get(table) ?? []).map((c) => c.name))
          for (const column of columnsAfter.get(table) ?? []) {
            if (old.has(column.name)) continue
            const documented = `${table}.${column.name}`
            expect(Object.keys(NEW_COLUMN_DEFAULTS), `document the default of ${documented} in NEW_COLUMN_DEFAULTS`).toContain(documented)
            for (const row of after) expect(row[column.name], documented).toEqual(NEW_COLUMN_DEFAULTS[documented])
          }
        }

        t = await createTestApp(engine, {}, {}, db)
        expect(await behaviour(t)).toEqual(await freshBehaviour(new Set(columnsBefore.keys())))
      } finally {
        if (t) await t.close()
        else await db.cleanup()
      }
    },
    60_000,
  )

  it("turns test entries' stored date-times into the days the makers saw (migration 0015)", async () => {
    const db: TestDb = await createTestDb(engine, { empty: true })
    try {
      await migrateToLatest(db.db, { to: '0014-deleted-blends' })
      await fillFixture(db.db, oils)
      const read = async () =>
        (await db.db.kysely.selectFrom('journal_entries').select(['id', 'date_made', 'date_tested']).orderBy('id').execute()).map((r) => [
          r.date_made,
          r.date_tested,
        ])
      const before = await read()
      // Every kind of legacy value is there, most of them not dates yet.
      expect(new Set(before.map(([made]) => made))).toEqual(new Set(LEGACY_TEST_DATES.map((d) => d.made)))
      await migrateToLatest(db.db, { to: '0015-test-dates' })
      const after = await read()
      expect(after).toEqual(
        before.map(([made, tested]) => {
          const sample = LEGACY_TEST_DATES.find((d) => d.made === made && d.tested === tested)!
          return [sample.madeDay, sample.testedDay]
        }),
      )
      expect(
        after
          .flat()
          .filter((v) => v !== null)
          .every((v) => /^\d{4}-\d\d-\d\d$/.test(v!)),
      ).toBe(true)
    } finally {
      await db.cleanup()
    }
  })

  it('gives every version stored before reminders a row already sent, so Home lists it and nothing is mailed (0016)', async () => {
    const db: TestDb = await createTestDb(engine, { empty: true })
    try {
      await migrateToLatest(db.db, { to: '0014-deleted-blends' })
      await fillFixture(db.db, oils)
      await migrateToLatest(db.db)
      const versions = await db.db.kysely
        .selectFrom('blend_versions')
        .select(['id', 'maturation_period', 'created_at', 'date_made'])
        .orderBy('id')
        .execute()
      const reminders = await db.db.kysely.selectFrom('reminders').selectAll().orderBy('version_id').execute()
      expect(versions.length).toBeGreaterThan(0)
      expect(reminders.map((r) => r.version_id)).toEqual(versions.map((v) => v.id))
      for (const r of reminders) {
        expect(r.sent_at).not.toBeNull()
        expect(r.batch_id).toBeNull()
        expect(r.made_on).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      }
    } finally {
      await db.cleanup()
    }
  })

  it('gives the next version of a 27-version blend letter ab, after aa', async () => {
    const { writes } = (await freshBehaviour()) as { writes: { version: { letter: string; reference: string } } }
    expect(writes.version).toEqual({ letter: 'ab', reference: '001ab' })
  })
})

describe.each(ENGINES)('migrations that fail, and databases from the future, on %s', (engine) => {
  let db: TestDb
  beforeAll(async () => {
    db = await createTestDb(engine, { empty: true })
  })
  afterAll(async () => db.cleanup())

  const tables = async () => [...(await tableColumns(db.db)).keys()].filter((name) => name.startsWith('trial_')).sort()
  const applied = async () =>
    (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.db.kysely)).rows.map((r) => r.name)

  it('leaves the database as the last good migration left it when one fails halfway', async () => {
    const good: MigrationFactory = () => ({
      up: async (k) => {
        await k.schema
          .createTable('trial_good')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .execute()
      },
    })
    const halfway: MigrationFactory = () => ({
      up: async (k) => {
        await k.schema
          .createTable('trial_half')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .execute()
        await k.schema.alterTable('trial_good').addColumn('added', 'text').execute()
        throw new Error('the disk is full')
      },
    })
    await expect(migrateToLatest(db.db, { migrations: { '0001-good': good, '0002-halfway': halfway } })).rejects.toThrow(
      'Migration 0002-halfway failed: the disk is full',
    )
    expect(await tables()).toEqual(['trial_good'])
    expect((await tableColumns(db.db)).get('trial_good')!.map((c) => c.name)).toEqual(['id'])
    expect(await applied()).toEqual(['0001-good'])

    // Fixed, it runs on the next start.
    const fixed: MigrationFactory = () => ({
      up: async (k) => {
        await k.schema
          .createTable('trial_half')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .execute()
      },
    })
    expect(await migrateToLatest(db.db, { migrations: { '0001-good': good, '0002-halfway': fixed } })).toEqual(['0002-halfway'])
    expect(await tables()).toEqual(['trial_good', 'trial_half'])
  })

  it('refuses a database migrated by a newer version, naming both versions', async () => {
    const noop: MigrationFactory = () => ({ up: async () => undefined })
    await migrateToLatest(db.db, { migrations: { '0001-good': noop, '0002-halfway': noop, '0003-future': noop } })
    const err = await migrateToLatest(db.db, { migrations: { '0001-good': noop, '0002-halfway': noop } }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(DatabaseTooNewError)
    expect((err as Error).message).toBe(
      'This database was migrated by a newer version of Accord: it has migration 0003-future, and this version knows migrations up to 0002-halfway. Run the newer version, or restore the backup made before upgrading.',
    )
  })
})

function pick(row: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.map((key) => [key, row[key]]))
}
