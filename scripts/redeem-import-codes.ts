import fs from 'node:fs'
import { createDb } from '#server/db/db.ts'
import { migrateToLatest } from '#server/db/migrate.ts'
import { loadConfig, loadDotEnv } from '#server/env.ts'
import { importCodes } from '#server/redeem/redeem-codes.ts'

/** npm run redeem:import-codes -- codes.csv: adds the printed redemption codes (one per line, or a 'code' column). */
const file = process.argv[2]
if (!file) {
  console.error('Usage: npm run redeem:import-codes -- <file.csv>')
  process.exit(2)
}
loadDotEnv()
const db = createDb(loadConfig().databaseUrl)
try {
  await migrateToLatest(db)
  const { read, added, skipped } = await importCodes(db, fs.readFileSync(file, 'utf8'))
  console.log(`Read ${read} code(s): ${added} added, ${skipped} skipped as duplicates.`)
} finally {
  await db.destroy()
}
