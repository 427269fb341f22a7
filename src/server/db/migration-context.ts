import type { ColumnDataType, ColumnDefinitionBuilder, Migration } from 'kysely'
import type { Dialect } from '#server/db/db.ts'

/** What a migration needs to know to write the same schema on both engines. */
export type MigrationContext = {
  dialect: Dialect
  /** An auto-numbered integer primary key. */
  id: { type: ColumnDataType; build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder }
}

/** A migration, made for one engine. */
export type MigrationFactory = (ctx: MigrationContext) => Migration
