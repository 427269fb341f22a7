import { sql, type Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * Accord calls no client's server (decision 058): registration refuses `backchannel_logout_uri`
 * and `jwks_uri`, and this clears them from clients registered before, so that signing out never
 * posts to, or waits on, an address a stranger chose. There is nothing to restore on the way down.
 */
export function noClientCallbacks(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await sql`UPDATE "oauthClient" SET "backchannelLogoutUri" = NULL, "backchannelLogoutSessionRequired" = NULL, "jwksUri" = NULL
        WHERE "backchannelLogoutUri" IS NOT NULL OR "jwksUri" IS NOT NULL`.execute(db)
    },
    async down() {},
  }
}
