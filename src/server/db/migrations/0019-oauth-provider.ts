import type { ColumnDataType, Kysely } from 'kysely'
import type { MigrationContext } from '#server/db/migration-context.ts'

/**
 * The OAuth provider's tables (better-auth's @better-auth/oauth-provider: clients, protected
 * resources and which client may ask for which, refresh and opaque access tokens, consents,
 * client-assertion replay ids), with the names and column types its Kysely adapter expects, so
 * better-auth's migrator is never needed (docs/decisions/046). src/server/auth/auth-schema.test.ts
 * checks this against the plugin's schema. Then ours: when each maker's connected app last called
 * /mcp (written at most once a minute per app and process: connected-apps.repo.ts).
 */
export function oauthProvider({ dialect }: MigrationContext) {
  const postgres = dialect === 'postgres'
  const timestamp: ColumnDataType = postgres ? 'timestamptz' : 'date'
  const boolean: ColumnDataType = postgres ? 'boolean' : 'integer'
  // better-auth writes string lists as JSON text; its schema check wants a JSON column type (on
  // SQLite a declared `json` type, which keeps the text as written).
  const list = (postgres ? 'jsonb' : 'json') as ColumnDataType
  const json: ColumnDataType = postgres ? 'jsonb' : 'text'

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('oauthClient')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('clientId', 'text', (c) => c.notNull().unique())
        .addColumn('clientSecret', 'text')
        .addColumn('clientDiscoveryId', 'text')
        .addColumn('disabled', boolean)
        .addColumn('skipConsent', boolean)
        .addColumn('enableEndSession', boolean)
        .addColumn('subjectType', 'text')
        .addColumn('scopes', list)
        .addColumn('clientCredentialsScopes', list)
        .addColumn('userId', 'text', (c) => c.references('user.id').onDelete('cascade'))
        .addColumn('createdAt', timestamp)
        .addColumn('updatedAt', timestamp)
        .addColumn('name', 'text')
        .addColumn('uri', 'text')
        .addColumn('icon', 'text')
        .addColumn('contacts', list)
        .addColumn('tos', 'text')
        .addColumn('policy', 'text')
        .addColumn('softwareId', 'text')
        .addColumn('softwareVersion', 'text')
        .addColumn('softwareStatement', 'text')
        .addColumn('redirectUris', list, (c) => c.notNull())
        .addColumn('postLogoutRedirectUris', list)
        .addColumn('backchannelLogoutUri', 'text')
        .addColumn('backchannelLogoutSessionRequired', boolean)
        .addColumn('tokenEndpointAuthMethod', 'text')
        .addColumn('applicationType', 'text')
        .addColumn('jwks', 'text')
        .addColumn('jwksUri', 'text')
        .addColumn('grantTypes', list)
        .addColumn('responseTypes', list)
        .addColumn('requirePKCE', boolean)
        .addColumn('dpopBoundAccessTokens', boolean)
        .addColumn('referenceId', 'text')
        .addColumn('metadata', json)
        .execute()
      await db.schema.createIndex('oauthClient_userId_idx').on('oauthClient').column('userId').execute()

      await db.schema
        .createTable('oauthResource')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('accessTokenTtl', 'integer')
        .addColumn('refreshTokenTtl', 'integer')
        .addColumn('signingAlgorithm', 'text')
        .addColumn('signingKeyId', 'text')
        .addColumn('allowedScopes', list)
        .addColumn('customClaims', json)
        .addColumn('dpopBoundAccessTokensRequired', boolean)
        .addColumn('disabled', boolean)
        .addColumn('createdAt', timestamp)
        .addColumn('updatedAt', timestamp)
        .addColumn('policyVersion', 'integer')
        .addColumn('metadata', json)
        .execute()

      await db.schema
        .createTable('oauthClientResource')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('clientId', 'text', (c) => c.notNull().references('oauthClient.clientId').onDelete('cascade'))
        .addColumn('resourceId', 'text', (c) => c.notNull().references('oauthResource.identifier').onDelete('cascade'))
        .addColumn('metadata', json)
        .addColumn('createdAt', timestamp)
        .execute()
      await db.schema.createIndex('oauthClientResource_clientId_idx').on('oauthClientResource').column('clientId').execute()
      await db.schema.createIndex('oauthClientResource_resourceId_idx').on('oauthClientResource').column('resourceId').execute()
      await db.schema
        .createIndex('oauthClientResource_clientId_resourceId_uidx')
        .unique()
        .on('oauthClientResource')
        .columns(['clientId', 'resourceId'])
        .execute()

      await db.schema
        .createTable('oauthRefreshToken')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('clientId', 'text', (c) => c.notNull().references('oauthClient.clientId').onDelete('cascade'))
        .addColumn('sessionId', 'text', (c) => c.references('session.id').onDelete('set null'))
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('referenceId', 'text')
        .addColumn('authorizationCodeId', 'text')
        .addColumn('resources', list)
        .addColumn('requestedUserInfoClaims', list)
        .addColumn('expiresAt', timestamp, (c) => c.notNull())
        .addColumn('createdAt', timestamp, (c) => c.notNull())
        .addColumn('revoked', timestamp)
        .addColumn('rotatedAt', timestamp)
        .addColumn('rotationReplayResponse', 'text')
        .addColumn('rotationReplayExpiresAt', timestamp)
        .addColumn('authTime', timestamp)
        .addColumn('confirmation', json)
        .addColumn('scopes', list, (c) => c.notNull())
        .execute()
      for (const column of ['clientId', 'sessionId', 'userId', 'authorizationCodeId']) {
        await db.schema.createIndex(`oauthRefreshToken_${column}_idx`).on('oauthRefreshToken').column(column).execute()
      }

      await db.schema
        .createTable('oauthAccessToken')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('clientId', 'text', (c) => c.notNull().references('oauthClient.clientId').onDelete('cascade'))
        .addColumn('sessionId', 'text', (c) => c.references('session.id').onDelete('set null'))
        .addColumn('userId', 'text', (c) => c.references('user.id').onDelete('cascade'))
        .addColumn('referenceId', 'text')
        .addColumn('authorizationCodeId', 'text')
        .addColumn('resources', list)
        .addColumn('requestedUserInfoClaims', list)
        .addColumn('refreshId', 'text', (c) => c.references('oauthRefreshToken.id').onDelete('cascade'))
        .addColumn('expiresAt', timestamp, (c) => c.notNull())
        .addColumn('createdAt', timestamp, (c) => c.notNull())
        .addColumn('revoked', timestamp)
        .addColumn('confirmation', json)
        .addColumn('scopes', list, (c) => c.notNull())
        .execute()
      for (const column of ['clientId', 'sessionId', 'userId', 'authorizationCodeId', 'refreshId']) {
        await db.schema.createIndex(`oauthAccessToken_${column}_idx`).on('oauthAccessToken').column(column).execute()
      }

      await db.schema
        .createTable('oauthConsent')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('clientId', 'text', (c) => c.notNull().references('oauthClient.clientId').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.references('user.id').onDelete('cascade'))
        .addColumn('referenceId', 'text')
        .addColumn('resources', list)
        .addColumn('requestedUserInfoClaims', list)
        .addColumn('scopes', list, (c) => c.notNull())
        .addColumn('createdAt', timestamp, (c) => c.notNull())
        .addColumn('updatedAt', timestamp, (c) => c.notNull())
        .execute()
      await db.schema.createIndex('oauthConsent_clientId_idx').on('oauthConsent').column('clientId').execute()
      await db.schema.createIndex('oauthConsent_userId_idx').on('oauthConsent').column('userId').execute()

      await db.schema
        .createTable('oauthClientAssertion')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('expiresAt', timestamp, (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('connected_app_use')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('connected_app_use_pk', ['user_id', 'client_id'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'connected_app_use',
        'oauthClientAssertion',
        'oauthConsent',
        'oauthAccessToken',
        'oauthRefreshToken',
        'oauthClientResource',
        'oauthResource',
        'oauthClient',
      ]) {
        await db.schema.dropTable(table).execute()
      }
    },
  }
}
