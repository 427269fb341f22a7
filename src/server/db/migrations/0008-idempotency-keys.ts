import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * Idempotency keys of the create endpoints (server/http/idempotency.ts): one row per user, endpoint
 * and key, reserved in the create's own transaction and holding its answer, so a repeated request
 * gets that answer and creates nothing. Kept 24 hours; deleted with the user.
 */
export function idempotencyKeys({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('id', id.type, id.build)
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('method_path', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('idempotency_keys_user_route_key_uq', ['user_id', 'method_path', 'key'])
        .execute()
      await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('idempotency_keys').execute()
    },
  }
}
