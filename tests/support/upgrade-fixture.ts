import { hashPassword } from 'better-auth/crypto'
import type { Kysely } from 'kysely'
import { expect } from 'vitest'
import { nameSortKey } from '#shared/domain/journal-list.ts'
import type { Db } from '#server/db/db.ts'

/**
 * Realistic data written with plain SQL into whatever schema a database has, for the upgrade test
 * (src/server/db/upgrade.test.ts): two users with passwords and sessions, projects with several
 * versions (one reaching letter `aa`), test entries, redeem claims and codes. Each table's rows
 * name every column of the latest schema; a column the database does not have yet is left out,
 * and a required column this fixture does not know fails loudly, so a new migration that adds
 * one to a filled table must say how real rows get a value.
 */

export const UPGRADE_PASSWORD = 'upgrade test password'
export const UPGRADE_EMAIL = 'maker@example.com'

/**
 * The value each column added by a later migration must hold in rows written before it (the
 * migration's documented default). The test fails for an added column missing here.
 */
export const NEW_COLUMN_DEFAULTS: Record<string, unknown> = {
  'user_sequences.data_version': 0,
  'blend_projects.list_version': 0,
  // Migration 0009 computes each row's from its name (nameSortKey): the fixture's three names.
  'blend_projects.name_sort': expect.stringMatching(/^(evening calm|lemon lift|other maker)$/),
  // Migration 0012: a blend made before sharing existed was not copied from a link.
  'blend_projects.copied_from_share': 0,
  // Migration 0015: no test entry was linked to a batch before.
  'journal_entries.batch_id': null,
}

/**
 * Test entries' days as the app stored them before migration 0015 (ISO date-times: local midnight
 * as UTC for the made day, the moment of saving for the tested one) and the calendar days a maker
 * saw, which the migration must write. A database at 0015 or later gets the days themselves.
 */
export const LEGACY_TEST_DATES = [
  // Auckland (UTC+13): midnight of 1 April; saved at 10:13 on 5 April there.
  { made: '2025-03-31T11:00:00.000Z', tested: '2025-04-04T21:13:45.123Z', madeDay: '2025-04-01', testedDay: '2025-04-05' },
  // Los Angeles (UTC-7): midnight of 2 April; saved at 20:31 on 5 April there.
  { made: '2025-04-02T07:00:00.000Z', tested: '2025-04-06T03:31:07.000Z', madeDay: '2025-04-02', testedDay: '2025-04-05' },
  // London (UTC+1): midnight of 3 April; a test day sent as midnight in UTC.
  { made: '2025-04-02T23:00:00.000Z', tested: '2025-04-10T00:00:00.000Z', madeDay: '2025-04-03', testedDay: '2025-04-10' },
  // Already days: kept as they are.
  { made: '2025-04-04', tested: '2025-05-04', madeDay: '2025-04-04', testedDay: '2025-05-04' },
  // Sydney (UTC+10): midnight of 5 April; not tested.
  { made: '2025-04-04T14:00:00.000Z', tested: null, madeDay: '2025-04-05', testedDay: null },
  // India (UTC+5:30): midnight of 6 April; saved at 12:15 on 9 April there.
  { made: '2025-04-05T18:30:00.000Z', tested: '2025-04-09T06:45:12.000Z', madeDay: '2025-04-06', testedDay: '2025-04-09' },
] as const

/**
 * The one conversion of existing columns the upgrade test accepts (every other old column must be
 * unchanged): migration 0015 turns journal_entries.date_made and date_tested into calendar days.
 * `convert` gives the value a legacy fixture value must become.
 */
export const COLUMN_CONVERSIONS = {
  migration: '0015-test-dates',
  table: 'journal_entries',
  convert(row: Record<string, unknown>): Record<string, unknown> {
    const sample = LEGACY_TEST_DATES.find((d) => d.made === row.date_made && d.tested === row.date_tested)
    if (!sample) throw new Error(`No legacy test dates in the fixture for ${String(row.date_made)} / ${String(row.date_tested)}`)
    return { ...row, date_made: sample.madeDay, date_tested: sample.testedDay }
  },
} as const

/** Tables the fixture fills, in the order their foreign keys need. */
export const FILLED_TABLES = [
  'user',
  'session',
  'account',
  'verification',
  'user_sequences',
  'blend_projects',
  'blend_versions',
  'journal_entries',
  'redemption_claims',
  'redemption_codes',
] as const
type Table = (typeof FILLED_TABLES)[number]

type Column = { name: string; isNullable: boolean; hasDefaultValue: boolean; isAutoIncrementing: boolean }

/** The columns of each table of the database's own schema. */
export async function tableColumns(db: Db): Promise<Map<string, Column[]>> {
  const tables = await db.kysely.introspection.getTables()
  const own = tables.filter((t) => db.dialect === 'sqlite' || t.schema === (db.schema ?? 'public'))
  return new Map(own.map((t) => [t.name, t.columns]))
}

type Oils = { bergamot: number; lavender: number; cedarwood: number; lemon: number }

/**
 * Writes the fixture into the tables that exist (or only into `onlyTables`, to give a database at
 * the latest schema the data an older one could hold); returns each row's key per table.
 */
export async function fillFixture(db: Db, oils: Oils, onlyTables?: ReadonlySet<string>): Promise<Map<Table, unknown[]>> {
  const columns = await tableColumns(db)
  if (onlyTables) for (const name of [...columns.keys()]) if (!onlyTables.has(name)) columns.delete(name)
  const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>
  const postgres = db.dialect === 'postgres'
  // better-auth stores dates and flags natively on PostgreSQL, as ISO text and 0/1 on SQLite.
  const time = (iso: string) => (postgres ? new Date(iso) : iso)
  const flag = (on: boolean) => (postgres ? on : on ? 1 : 0)
  const keys = new Map<Table, unknown[]>()

  async function insert(table: Table, row: Record<string, unknown>): Promise<unknown> {
    const present = columns.get(table)
    if (!present) return undefined
    const values: Record<string, unknown> = {}
    for (const column of present) {
      if (column.name in row) values[column.name] = row[column.name]
      else if (!column.isNullable && !column.hasDefaultValue && !column.isAutoIncrementing) {
        throw new Error(`The upgrade fixture has no value for ${table}.${column.name}: add one to tests/support/upgrade-fixture.ts`)
      }
    }
    const keyColumn = present.some((c) => c.name === 'id') ? 'id' : 'user_id'
    const inserted = await k.insertInto(table).values(values).returning(keyColumn).executeTakeFirstOrThrow()
    const key = inserted[keyColumn]
    keys.set(table, [...(keys.get(table) ?? []), key])
    return key
  }

  const hash = await hashPassword(UPGRADE_PASSWORD)
  const users = [
    { id: 'upgrade-user-1', name: 'Maker One', email: UPGRADE_EMAIL },
    { id: 'upgrade-user-2', name: 'Maker Two', email: 'second-maker@example.com' },
  ]
  for (const [i, user] of users.entries()) {
    await insert('user', {
      ...user,
      emailVerified: flag(false),
      image: null,
      createdAt: time('2025-02-01T10:00:00.000Z'),
      updatedAt: time('2025-02-01T10:00:00.000Z'),
    })
    await insert('account', {
      id: `upgrade-account-${i + 1}`,
      accountId: user.id,
      providerId: 'credential',
      userId: user.id,
      password: hash,
      createdAt: time('2025-02-01T10:00:00.000Z'),
      updatedAt: time('2025-02-01T10:00:00.000Z'),
    })
    await insert('session', {
      id: `upgrade-session-${i + 1}`,
      token: `upgrade-session-token-${i + 1}`,
      userId: user.id,
      expiresAt: time('2099-01-01T00:00:00.000Z'),
      createdAt: time('2025-02-01T10:00:00.000Z'),
      updatedAt: time('2025-02-01T10:00:00.000Z'),
      ipAddress: '203.0.113.9',
      userAgent: 'upgrade-test',
    })
  }
  await insert('verification', {
    id: 'upgrade-verification-1',
    identifier: 'oauth-state-upgrade',
    value: '{"state":"kept"}',
    expiresAt: time('2099-01-01T00:00:00.000Z'),
    createdAt: time('2025-02-01T10:00:00.000Z'),
    updatedAt: time('2025-02-01T10:00:00.000Z'),
  })

  const oil = (id: number, name: string, percentage: number) => ({ id, name, percentage })
  const layers = {
    top_oils: JSON.stringify([oil(oils.bergamot, 'Bergamot', 30)]),
    middle_oils: JSON.stringify([oil(oils.lavender, 'Lavender', 50)]),
    base_oils: JSON.stringify([oil(oils.cedarwood, 'Atlas Cedarwood', 20)]),
    oil_names: JSON.stringify(['bergamot', 'lavender', 'atlas cedarwood']),
  }
  // User 1: "Evening Calm" with 27 versions (a … z, aa), "Lemon Lift" with 2; user 2: one blend.
  const projects = [
    { user: users[0]!.id, number: 1, name: 'Evening Calm', versions: 27 },
    { user: users[0]!.id, number: 2, name: 'Lemon Lift', versions: 2 },
    { user: users[1]!.id, number: 1, name: 'Other Maker', versions: 1 },
  ]
  const letter = (i: number) => (i < 26 ? String.fromCharCode(97 + i) : `a${String.fromCharCode(97 + i - 26)}`)
  const entryCounts = new Map<string, number>()
  let entryIndex = 0
  // From migration 0015 (which added batch_id), test entries' days are calendar dates.
  const daysAreDates = (columns.get('journal_entries') ?? []).some((c) => c.name === 'batch_id')
  for (const [p, project] of projects.entries()) {
    const projectId = await insert('blend_projects', {
      user_id: project.user,
      number: project.number,
      name: project.name,
      name_key: project.name.toLowerCase(),
      name_sort: nameSortKey(project.name),
      description: p === 0 ? 'Calm for the evening' : null,
      version_count: project.versions,
      created_at: `2025-03-0${p + 1}T09:00:00.000Z`,
      list_version: 0,
    })
    for (let v = 0; v < project.versions; v++) {
      const reference = `${String(project.number).padStart(3, '0')}${letter(v)}`
      const day = String(1 + (v % 28)).padStart(2, '0')
      const versionId = await insert('blend_versions', {
        project_id: projectId,
        user_id: project.user,
        version_letter: letter(v),
        reference_number: reference,
        ...layers,
        top_oils: JSON.stringify(v % 2 ? [oil(oils.lemon, 'Lemon', 30)] : [oil(oils.bergamot, 'Bergamot', 30)]),
        effects: JSON.stringify(['Relaxing', 'Uplifting']),
        formulation_notes: `Version ${letter(v)} notes`,
        testing_notes: null,
        rating: null,
        tested: v < 2 ? 1 : 0,
        date_made: `2025-04-${day}`,
        date_tested: null,
        maturation_period: 48,
        maturation_complete: 0,
        cross_contamination_prevented: 1,
        weighed_in_grams: 0,
        created_at: `2025-04-${day}T12:00:00.000Z`,
      })
      if (v < 2) {
        for (let e = 0; e < 2; e++) {
          const n = (entryCounts.get(project.user) ?? 0) + 1
          entryCounts.set(project.user, n)
          const dates = LEGACY_TEST_DATES[entryIndex++ % LEGACY_TEST_DATES.length]!
          await insert('journal_entries', {
            user_id: project.user,
            project_id: projectId,
            version_id: versionId,
            reference_number: `TB-${reference}-${String(n).padStart(6, '0')}`,
            date_made: daysAreDates ? dates.madeDay : dates.made,
            date_tested: daysAreDates ? dates.testedDay : dates.tested,
            notes: `Test ${n} of ${reference}: soft and round`,
            rating: 3 + e,
            tested: 1,
            maturation_period: 48,
            maturation_complete: 1,
            cross_contamination_prevented: 1,
            weighed_in_grams: 1,
            created_at: `2025-05-${day}T08:00:00.000Z`,
          })
        }
      }
    }
  }
  for (const user of users) {
    const mine = projects.filter((p) => p.user === user.id)
    await insert('user_sequences', {
      user_id: user.id,
      last_project_number: mine.length,
      last_entry_number: entryCounts.get(user.id) ?? 0,
      data_version: 0,
    })
  }

  const claimId = await insert('redemption_claims', {
    email: 'reader@example.com',
    marketplace: 'amazon-us',
    purchase_month: '2025-03',
    verified_by: 'code',
    created_at: '2025-03-15T10:00:00.000Z',
  })
  await insert('redemption_codes', {
    code: 'READER-0001',
    created_at: '2025-03-01T00:00:00.000Z',
    claimed_at: '2025-03-15T10:00:00.000Z',
    claim_id: claimId,
  })
  await insert('redemption_codes', { code: 'READER-0002', created_at: '2025-03-01T00:00:00.000Z', claimed_at: null, claim_id: null })
  return keys
}

/** Every row of the filled tables, keyed by table, ordered by key. */
export async function readFilledTables(db: Db): Promise<Map<string, Record<string, unknown>[]>> {
  const columns = await tableColumns(db)
  const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>
  const out = new Map<string, Record<string, unknown>[]>()
  for (const table of FILLED_TABLES) {
    const present = columns.get(table)
    if (!present) continue
    const keyColumn = present.some((c) => c.name === 'id') ? 'id' : 'user_id'
    out.set(table, await k.selectFrom(table).selectAll().orderBy(keyColumn).execute())
  }
  return out
}
