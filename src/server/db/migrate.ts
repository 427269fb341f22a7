import { sql, type Kysely } from 'kysely'
import type { MigrationContext, MigrationFactory } from '#server/db/migration-context.ts'
import type { Db, Dialect } from '#server/db/db.ts'
import { catalog } from '#server/db/migrations/0001-catalog.ts'
import { auth } from '#server/db/migrations/0002-auth.ts'
import { blends } from '#server/db/migrations/0003-blends.ts'
import { journal } from '#server/db/migrations/0004-journal.ts'
import { redeem } from '#server/db/migrations/0005-redeem.ts'
import { dataVersion } from '#server/db/migrations/0006-data-version.ts'
import { listVersion } from '#server/db/migrations/0007-list-version.ts'
import { idempotencyKeys } from '#server/db/migrations/0008-idempotency-keys.ts'
import { journalPaging } from '#server/db/migrations/0009-journal-paging.ts'
import { importOrigins } from '#server/db/migrations/0010-import-origins.ts'
import { shareLinks } from '#server/db/migrations/0012-share-links.ts'
import { shelf } from '#server/db/migrations/0013-shelf.ts'
import { deletedBlends } from '#server/db/migrations/0014-deleted-blends.ts'
import { testDates } from '#server/db/migrations/0015-test-dates.ts'
import { reminders } from '#server/db/migrations/0016-reminders.ts'
import { revokedShares } from '#server/db/migrations/0017-revoked-shares.ts'
import { allergenLabels } from '#server/db/migrations/0018-allergen-labels.ts'
import { oauthProvider } from '#server/db/migrations/0019-oauth-provider.ts'
import { declaresNone } from '#server/db/migrations/0021-declares-none.ts'
import { batchCodes } from '#server/db/migrations/0022-batch-codes.ts'
import { noClientCallbacks } from '#server/db/migrations/0029-no-client-callbacks.ts'
import { ownIngredients } from '#server/db/migrations/0030-own-ingredients.ts'
import { batchAudience } from '#server/db/migrations/0031-batch-audience.ts'
import { ifraCertificates } from '#server/db/migrations/0032-ifra-certificates.ts'
import { accordUses } from '#server/db/migrations/0033-accord-uses.ts'
import { accordBatches } from '#server/db/migrations/0034-accord-batches.ts'
import { lots } from '#server/db/migrations/0035-lots.ts'
import { bottleDocuments } from '#server/db/migrations/0036-bottle-documents.ts'
import { batchChecks } from '#server/db/migrations/0037-batch-checks.ts'
import { userLanguage } from '#server/db/migrations/0038-user-language.ts'

/** Every migration, in order. Names sort lexically; never rename or edit one that has shipped. */
const MIGRATIONS: Record<string, MigrationFactory> = {
  '0001-catalog': catalog,
  '0002-auth': auth,
  '0003-blends': blends,
  '0004-journal': journal,
  '0005-redeem': redeem,
  '0006-data-version': dataVersion,
  '0007-list-version': listVersion,
  '0008-idempotency-keys': idempotencyKeys,
  '0009-journal-paging': journalPaging,
  '0010-import-origins': importOrigins,
  '0012-share-links': shareLinks,
  '0013-shelf': shelf,
  '0014-deleted-blends': deletedBlends,
  '0015-test-dates': testDates,
  '0016-reminders': reminders,
  '0017-revoked-shares': revokedShares,
  '0018-allergen-labels': allergenLabels,
  '0019-oauth-provider': oauthProvider,
  '0021-declares-none': declaresNone,
  '0022-batch-codes': batchCodes,
  '0029-no-client-callbacks': noClientCallbacks,
  '0030-own-ingredients': ownIngredients,
  '0031-batch-audience': batchAudience,
  '0032-ifra-certificates': ifraCertificates,
  '0033-accord-uses': accordUses,
  '0034-accord-batches': accordBatches,
  '0035-lots': lots,
  '0036-bottle-documents': bottleDocuments,
  '0037-batch-checks': batchChecks,
  '0038-user-language': userLanguage,
}

function contextFor(dialect: Dialect): MigrationContext {
  return {
    dialect,
    id:
      dialect === 'postgres'
        ? { type: 'integer', build: (c) => c.primaryKey().generatedByDefaultAsIdentity() }
        : { type: 'integer', build: (c) => c.primaryKey().autoIncrement() },
  }
}

/** Kysely's bookkeeping table, kept so databases migrated by earlier versions read the same. */
const MIGRATION_TABLE = 'kysely_migration'
/** Serialises migrations of several processes starting at once on one PostgreSQL database. */
const PG_MIGRATION_LOCK = 4_121_977_301

/** The database was migrated by a newer Accord than this one: refusing is safer than guessing. */
export class DatabaseTooNewError extends Error {
  override name = 'DatabaseTooNewError'
  constructor(unknown: string[], latest: string) {
    super(
      `This database was migrated by a newer version of Accord: it has migration ${unknown.join(', ')}, ` +
        `and this version knows migrations up to ${latest}. Run the newer version, or restore the backup made before upgrading.`,
    )
  }
}

type MigrateOptions = {
  /** Stop after this migration (the upgrade test fills a database at each earlier schema). */
  to?: string
  /** Another list of migrations (tests of a migration that fails halfway). */
  migrations?: Record<string, MigrationFactory>
}

/** The names of every migration, in order. */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS).sort()

/**
 * Brings the schema up to date (or up to `options.to`) and returns the migrations applied. Each
 * migration runs in its own transaction with its bookkeeping row, on both engines (SQLite and
 * PostgreSQL both roll DDL back), so one that fails leaves the database as the previous one left
 * it. A database that has a migration this version does not know is refused (a downgrade).
 */
export async function migrateToLatest(db: Db, options: MigrateOptions = {}): Promise<string[]> {
  const migrations = options.migrations ?? MIGRATIONS
  const names = Object.keys(migrations).sort()
  const target = options.to ?? names.at(-1)
  if (options.to && !names.includes(options.to)) throw new Error(`No migration named ${options.to}`)
  const ctx = contextFor(db.dialect)
  const kysely = db.kysely as Kysely<unknown>
  await kysely.schema
    .createTable(MIGRATION_TABLE)
    .ifNotExists()
    .addColumn('name', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('timestamp', 'varchar(255)', (c) => c.notNull())
    .execute()

  const done = await appliedMigrations(kysely)
  const unknown = [...done].filter((name) => !names.includes(name)).sort()
  if (unknown.length > 0) throw new DatabaseTooNewError(unknown, names.at(-1) ?? '(none)')

  const applied: string[] = []
  for (const name of names.slice(0, names.indexOf(target ?? '') + 1)) {
    if (done.has(name)) continue
    try {
      const ran = await kysely.transaction().execute(async (trx) => {
        if (db.dialect === 'postgres') {
          await sql`select pg_advisory_xact_lock(${PG_MIGRATION_LOCK})`.execute(trx)
          // A migration may rewrite a large table: the requests' statement timeout is not for it.
          await sql`set local statement_timeout = 0`.execute(trx)
        }
        // Another process may have applied it while this one waited for the lock.
        if ((await appliedMigrations(trx)).has(name)) return false
        await migrations[name]!(ctx).up(trx)
        await sql`insert into ${sql.table(MIGRATION_TABLE)} (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(trx)
        return true
      })
      if (ran) applied.push(name)
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err)
      throw new Error(`Migration ${name} failed: ${reason}`, { cause: err })
    }
  }
  return applied
}

async function appliedMigrations(kysely: Kysely<unknown>): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(kysely)
  return new Set(rows.map((row) => row.name))
}
