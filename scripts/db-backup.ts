import { BackupRefusedError, backupDatabase, describeBackup } from '#server/db/backup.ts'
import { EnvError, loadConfig, loadDotEnv } from '#server/env.ts'

/**
 * npm run db:backup -- <file> [--force]: a consistent copy of the live SQLite database, made while
 * the server runs (decision 024). With a PostgreSQL DATABASE_URL it prints the pg_dump command.
 */
const USAGE = 'Usage: npm run db:backup -- <file> [--force]'
const args = process.argv.slice(2)
const force = args.includes('--force')
const files = args.filter((a) => a !== '--force')
if (files.length !== 1 || files[0]!.startsWith('-')) {
  console.error(USAGE)
  process.exit(2)
}

loadDotEnv()
let config
try {
  // Only what a backup reads, so a cron job without the server's other settings (REDEEM_SECRET_WORD, SMTP_URL) runs it.
  const { DATABASE_URL, DATA_DIR, AUTH_SECRET } = process.env
  config = loadConfig({ DATABASE_URL, DATA_DIR, AUTH_SECRET })
} catch (err) {
  if (!(err instanceof EnvError)) throw err
  console.error(err.message)
  process.exit(1)
}

try {
  console.log(describeBackup(await backupDatabase(config, files[0]!, { force })))
} catch (err) {
  if (!(err instanceof BackupRefusedError)) throw err
  console.error(err.message)
  process.exit(1)
}
