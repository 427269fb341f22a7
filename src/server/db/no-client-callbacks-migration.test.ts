import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrateToLatest } from '#server/db/migrate.ts'
import { createTestDb, ENGINES } from '#tests/support/test-db.ts'

/** Migration 0029 (decision 058): clients registered before keep no address the server would call. */
describe.each(ENGINES)('migration 0029 on %s', (engine) => {
  it('clears the back-channel logout and JWKS addresses of clients registered before, and keeps the clients', async () => {
    const db = await createTestDb(engine, { empty: true })
    try {
      await migrateToLatest(db.db, { to: '0022-batch-codes' })
      const k = db.db.kysely
      await sql`INSERT INTO "oauthClient" ("id", "clientId", "name", "redirectUris", "backchannelLogoutUri", "jwksUri")
        VALUES ('c1', 'client-1', 'Old', '["http://127.0.0.1:9/cb"]', 'https://hooks.example.com/logout', 'https://hooks.example.com/jwks'), ('c2', 'client-2', 'Plain', '["http://127.0.0.1:9/cb"]', NULL, NULL)`.execute(
        k,
      )
      await migrateToLatest(db.db)
      const rows = await sql<{ clientId: string; backchannelLogoutUri: string | null; jwksUri: string | null }>`
        SELECT "clientId", "backchannelLogoutUri", "jwksUri" FROM "oauthClient" ORDER BY "clientId"`.execute(k)
      expect(rows.rows).toEqual([
        { clientId: 'client-1', backchannelLogoutUri: null, jwksUri: null },
        { clientId: 'client-2', backchannelLogoutUri: null, jwksUri: null },
      ])
    } finally {
      await db.cleanup()
    }
  }, 60_000)
})
