import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { createDb } from '#server/db/db.ts'
import { bearer, createTestDb, createUser, ENGINES, testConfig } from '#tests/support/test-db.ts'

/** Two processes of one deployment, started together on a new database (decision 041). */
describe.each(ENGINES)('the identity service’s signing key on %s', (engine) => {
  it('is created once by two processes starting together, and each accepts the other’s tokens at once', async () => {
    const testDb = await createTestDb(engine)
    // One deployment: the processes share the auth secret, as they would through the environment.
    const { config, dataDir } = testConfig(testDb.url, { AUTH_SECRET: 'a-shared-secret-of-more-than-thirty-two-characters' })
    // Each process has its own connections, as real processes would; four make the race likely.
    const dbs = [createDb(testDb.url), createDb(testDb.url), createDb(testDb.url), createDb(testDb.url)]
    const apps = await Promise.all(dbs.map((db) => buildApp(config, { db })))
    const [a, b] = [apps[0]!, apps[1]!]
    try {
      expect(await testDb.db.kysely.selectFrom('jwks').select('id').execute()).toEqual([])
      // Connected, as a process is by its migrations before it loads the keys.
      await Promise.all(dbs.map((db) => db.kysely.selectFrom('jwks').select('id').execute()))
      await Promise.all(apps.map((app) => app.identity.verifier.refresh()))
      expect(await testDb.db.kysely.selectFrom('jwks').select('id').execute()).toHaveLength(1)
      const [fromA, fromB] = [await createUser({ app: a, config }), await createUser({ app: b, config })]
      for (const [app, user] of [
        [b, fromA],
        [a, fromB],
        [a, fromA],
        [b, fromB],
      ] as const) {
        const res = await app.inject({ method: 'GET', url: '/api/blends', headers: bearer(user.token) })
        expect(res.statusCode, res.body).toBe(200)
      }
    } finally {
      for (const app of apps) await app.close()
      for (const db of dbs) await db.destroy()
      await testDb.cleanup()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
