import fs from 'node:fs'
import { createDb } from '#server/db/db.ts'
import { migrateToLatest } from '#server/db/migrate.ts'
import { loadConfig, loadDotEnv } from '#server/env.ts'
import { exportClaims } from '#server/redeem/redeem-codes.ts'

/** npm run redeem:export-claims [-- out.csv]: every discount claim as CSV, to the file or stdout. */
const out = process.argv[2]
loadDotEnv()
const db = createDb(loadConfig().databaseUrl)
try {
  await migrateToLatest(db)
  const { csv, count } = await exportClaims(db)
  if (out) {
    fs.writeFileSync(out, csv, { mode: 0o600 })
    console.error(`Wrote ${count} claim(s) to ${out}.`)
  } else {
    process.stdout.write(csv)
  }
} finally {
  await db.destroy()
}
