import { describe, expect, it } from 'vitest'
import { migrateToLatest } from '#server/db/migrate.ts'
import { createTestDb, ENGINES } from '#tests/support/test-db.ts'
import { fillFixture } from '#tests/support/upgrade-fixture.ts'

/** Migration 0022 (decision 050): batches recorded before codes existed get {YYMMDD}-{n}, per user and day, in recorded order. */
describe.each(ENGINES)('migration 0022 on %s', (engine) => {
  it('gives every earlier batch a code unique in its account, and leaves the label settings unset', async () => {
    const db = await createTestDb(engine, { empty: true })
    try {
      await migrateToLatest(db.db, { to: '0019-oauth-provider' })
      await fillFixture(db.db, { bergamot: 1, lavender: 2, cedarwood: 3, lemon: 4 })
      const k = db.db.kysely
      const versions = await k.selectFrom('blend_versions').select(['id', 'project_id', 'user_id']).orderBy('id').execute()
      const mine = versions.find((v) => v.user_id === 'upgrade-user-1')!
      const theirs = versions.find((v) => v.user_id === 'upgrade-user-2')!
      const batch = (v: typeof mine, madeOn: string, createdAt: string) => ({
        user_id: v.user_id,
        project_id: v.project_id,
        version_id: v.id,
        made_on: madeOn,
        product_type: 'lotion',
        weight: 500,
        unit: 'g' as const,
        oil_percentage: 2,
        units: null,
        oils: '[]',
        total_cost: null,
        cost_is_partial: 0 as const,
        currency: null,
        created_at: createdAt,
      })
      // The table has no code column yet: insert through a cast, as the schema of 0019 had it.
      const insert = (row: ReturnType<typeof batch>) =>
        (k as unknown as typeof k)
          .insertInto('batches')
          .values(row as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      const a = await insert(batch(mine, '2026-11-20', '2026-11-20T09:00:00.000Z'))
      const b = await insert(batch(mine, '2026-11-21', '2026-11-21T09:00:00.000Z'))
      const c = await insert(batch(mine, '2026-11-20', '2026-11-20T18:00:00.000Z'))
      const d = await insert(batch(theirs, '2026-11-20', '2026-11-20T10:00:00.000Z'))

      await migrateToLatest(db.db)
      const codes = await k.selectFrom('batches').select(['id', 'code']).orderBy('id').execute()
      expect(codes).toEqual([
        { id: a.id, code: '261120-1' },
        { id: b.id, code: '261121-1' },
        { id: c.id, code: '261120-2' },
        { id: d.id, code: '261120-1' },
      ])
      const settings = await k
        .selectFrom('user_settings')
        .select(['batch_code_pattern', 'responsible_name', 'responsible_address'])
        .execute()
      expect(settings.every((s) => s.batch_code_pattern === null && s.responsible_name === null && s.responsible_address === null)).toBe(
        true,
      )
    } finally {
      await db.cleanup()
    }
  }, 60_000)
})
