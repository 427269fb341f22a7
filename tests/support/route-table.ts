/**
 * Prints the API routes the source registers, as JSON `[{ method, url }]`: the app built from src/
 * as the tests build it, on a throw-away SQLite database. The built-server spec
 * (tests/e2e/built-server.spec.ts) checks that the contract the built server publishes names each
 * one. Run with `node --import tsx tests/support/route-table.ts`.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '#server/app.ts'
import { createDb } from '#server/db/db.ts'
import { migrateToLatest } from '#server/db/migrate.ts'
import { loadConfig } from '#server/env.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-routes-'))
try {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: path.join(dir, 'accord.db'), DATA_DIR: dir, LOG_LEVEL: 'silent' })
  const db = createDb(config.databaseUrl)
  try {
    await migrateToLatest(db)
    const app = await buildApp(config, { db })
    await app.ready()
    process.stdout.write(JSON.stringify(app.registeredRoutes.map(({ method, url }) => ({ method, url }))))
    await app.close()
  } finally {
    await db.destroy()
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true })
}
