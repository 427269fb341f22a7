import { describe, expect, it } from 'vitest'
import { OilSafetySchema } from '#shared/api/oils.ts'
import { OIL_SAFETY } from '#server/db/seed/oil-safety-data.ts'
import { seedOils } from '#server/db/seed/seed-oils.ts'
import { listAllOils } from '#server/oils/oils.repo.ts'
import { createTestDb, ENGINES } from '#tests/support/test-db.ts'

/** The facts a database seeded before issue 31 holds: Lemongrass with none, Bergamot in the old shape. */
const OLD_BERGAMOT = JSON.stringify({
  maxLeaveOnPercent: 0.4,
  phototoxic: true,
  source: 'Tisserand & Young 2014, Essential Oil Safety (2nd ed.)',
})

describe.each(ENGINES)('refreshing the oil catalog at start, on %s', (engine) => {
  it('gives an existing database the new safety facts, keeping every oil’s id', async () => {
    const t = await createTestDb(engine)
    try {
      const k = t.db.kysely
      await k.updateTable('essential_oils').set({ safety: null }).where('slug', '=', 'lemongrass').execute()
      await k.updateTable('essential_oils').set({ safety: OLD_BERGAMOT }).where('slug', '=', 'bergamot').execute()
      const before = await listAllOils(k)
      expect(before.find((o) => o.slug === 'lemongrass')?.safety).toBeNull()

      // What main.ts and npm run db:migrate do before the server listens.
      await seedOils(t.db)

      const after = await listAllOils(k)
      expect(after.map((o) => [o.slug, o.id])).toEqual(before.map((o) => [o.slug, o.id]))
      for (const oil of after) expect(oil.safety, oil.slug).toEqual(OIL_SAFETY[oil.slug])
      expect(after.find((o) => o.slug === 'lemongrass')?.safety).toMatchObject({ maxLeaveOnPercent: 0.7 })
    } finally {
      await t.cleanup()
    }
  })
})

describe('safety facts cached before issue 31', () => {
  it('still read, the later facts as nothing on file', () => {
    expect(OilSafetySchema.parse(JSON.parse(OLD_BERGAMOT))).toEqual({
      maxLeaveOnPercent: 0.4,
      maximumNote: null,
      phototoxic: true,
      source: 'Tisserand & Young 2014, Essential Oil Safety (2nd ed.)',
      oxidation: null,
      children: null,
      pregnancy: null,
    })
  })
})
