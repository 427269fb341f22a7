import { createDb } from '#server/db/db.ts'
import { migrateToLatest } from '#server/db/migrate.ts'
import { seedOils } from '#server/db/seed/seed-oils.ts'
import { loadConfig, loadDotEnv } from '#server/env.ts'

/** npm run db:migrate: apply pending migrations and refresh the oil catalog. */
loadDotEnv()
const config = loadConfig()
const db = createDb(config.databaseUrl)
try {
  const applied = await migrateToLatest(db)
  await seedOils(db)
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.')
} finally {
  await db.destroy()
}
