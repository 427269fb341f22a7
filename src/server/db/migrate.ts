import type { ColumnDataType, ColumnDefinitionBuilder, Kysely, Migration, MigrationProvider } from 'kysely'
import { Migrator } from 'kysely'
import type { Db, Dialect } from '#server/db/db.ts'
import { catalog } from '#server/db/migrations/0001-catalog.ts'
import { auth } from '#server/db/migrations/0002-auth.ts'
import { blends } from '#server/db/migrations/0003-blends.ts'
import { journal } from '#server/db/migrations/0004-journal.ts'
import { redeem } from '#server/db/migrations/0005-redeem.ts'
import { dataVersion } from '#server/db/migrations/0006-data-version.ts'
import { listVersion } from '#server/db/migrations/0007-list-version.ts'

/** What a migration needs to know to write the same schema on both engines. */
export type MigrationContext = {
  dialect: Dialect
  /** An auto-numbered integer primary key. */
  id: { type: ColumnDataType; build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder }
}

type MigrationFactory = (ctx: MigrationContext) => Migration

/** Every migration, in order. Names sort lexically; never rename or edit one that has shipped. */
const MIGRATIONS: Record<string, MigrationFactory> = {
  '0001-catalog': catalog,
  '0002-auth': auth,
  '0003-blends': blends,
  '0004-journal': journal,
  '0005-redeem': redeem,
  '0006-data-version': dataVersion,
  '0007-list-version': listVersion,
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

class StaticProvider implements MigrationProvider {
  constructor(private readonly ctx: MigrationContext) {}
  async getMigrations() {
    return Object.fromEntries(Object.entries(MIGRATIONS).map(([name, make]) => [name, make(this.ctx)]))
  }
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely as Kysely<unknown>,
    provider: new StaticProvider(contextFor(db.dialect)),
    // Kysely looks for its bookkeeping table in every schema; name ours so another schema's
    // (another test file's, or another app's on a shared server) is never mistaken for it.
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error })
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
