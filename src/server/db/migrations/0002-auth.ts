import type { ColumnDataType, ColumnDefinitionBuilder, Kysely } from 'kysely'
import { sql } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * The identity service's tables (better-auth: user, session, account, verification, and jwks for
 * the JWT plugin), with the names and column types its Kysely adapter expects, so better-auth's own
 * migrator is never needed. Ids are text (better-auth generates them); columns keep better-auth's
 * camelCase names. src/server/auth/auth-schema.test.ts checks this against better-auth's schema.
 */
export function auth({ dialect }: MigrationContext) {
  // better-auth writes dates as Date on PostgreSQL and as ISO-8601 text on SQLite, booleans as 0/1 there.
  const timestamp: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'date'
  const boolean: ColumnDataType = dialect === 'postgres' ? 'boolean' : 'integer'
  // As better-auth's own migrator does: a database default for creation times on PostgreSQL only.
  const defaultNow = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`) : c.notNull())

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('emailVerified', boolean, (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('createdAt', timestamp, defaultNow)
        .addColumn('updatedAt', timestamp, defaultNow)
        .execute()

      await db.schema
        .createTable('session')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('expiresAt', timestamp, (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull())
        .addColumn('createdAt', timestamp, defaultNow)
        .addColumn('updatedAt', timestamp, (c) => c.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .execute()
      await db.schema.createIndex('session_token_uidx').unique().on('session').column('token').execute()
      await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute()

      await db.schema
        .createTable('account')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('accountId', 'text', (c) => c.notNull())
        .addColumn('providerId', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', timestamp)
        .addColumn('refreshTokenExpiresAt', timestamp)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', timestamp, defaultNow)
        .addColumn('updatedAt', timestamp, (c) => c.notNull())
        .execute()
      await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute()

      await db.schema
        .createTable('verification')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expiresAt', timestamp, (c) => c.notNull())
        .addColumn('createdAt', timestamp, defaultNow)
        .addColumn('updatedAt', timestamp, defaultNow)
        .execute()
      await db.schema.createIndex('verification_identifier_idx').on('verification').column('identifier').execute()

      await db.schema
        .createTable('jwks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('publicKey', 'text', (c) => c.notNull())
        .addColumn('privateKey', 'text', (c) => c.notNull())
        .addColumn('createdAt', timestamp, (c) => c.notNull())
        .addColumn('expiresAt', timestamp)
        .addColumn('alg', 'text')
        .addColumn('crv', 'text')
        .execute()
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['jwks', 'verification', 'account', 'session', 'user']) {
        await db.schema.dropTable(table).execute()
      }
    },
  }
}
