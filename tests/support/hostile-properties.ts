import assert from 'node:assert/strict'
import http from 'node:http'
import fc from 'fast-check'
import type { BlendVersion, SavedBlend } from '#shared/api/blends.ts'
import { idempotencyKeyField } from '#shared/api/fields.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Db } from '#server/db/db.ts'
import { signUpVia, type ApiTarget, type SignedUp } from '#tests/support/api-target.ts'
import { blendBody, exportFileBody, versionBody } from '#tests/support/blend-fixtures.ts'
import { mangledBody, nastyString, nastyValue, rawHostileBody, type RawBody } from '#tests/support/hostile.ts'

/**
 * Hostile input: every write endpoint and every query parameter gets wrong types, missing and
 * extra fields, huge and weird strings, malformed JSON, wrong content types and oversized bodies.
 * Each answers 4xx in the error shape (never 5xx) and stores nothing partial.
 *
 * The cases (WRITES, QUERIES) and the properties are here, sending through an ApiTarget
 * (api-target.ts) and reading the server's database to see what it stored, so the same ones run
 * in process (src/server/hostile-input.test.ts, which also checks every route has a case) and
 * against the built server over HTTP (tests/e2e/built-server-contract.spec.ts): issue #33. The
 * checks are node:assert's, so either runner reports them.
 */

export type HostileCtx = {
  target: ApiTarget
  /** The server's database, read to prove a refused request stored nothing. */
  db: Db
  user: SignedUp
  oils: Record<string, EssentialOil>
  blend: SavedBlend & { version: BlendVersion }
  entryId: number
  bottleId: number
  batchId: number
  /** The user's own ingredient (decision 068). */
  ingredientId: number
}
export type WriteCase = {
  /** A valid body: the generators mangle it. */
  body: Record<string, unknown> | ((ctx: HostileCtx) => Record<string, unknown>)
  /** Requests to send, e.g. several paths behind one wildcard route, or ids that exist and do not. */
  paths: string[] | ((ctx: HostileCtx) => string[])
  /** Whether a mangled request may still succeed (e.g. sign-out accepts any body). */
  acceptsAnyBody?: boolean
  /** Counts what the endpoint stores, to prove a refused request stored nothing. */
  count?: (ctx: HostileCtx) => Promise<number>
  /**
   * For an update: every column of the rows it writes when it succeeds (the target row, the project
   * whose list entry it bumps, the user's data version), to prove a refused request changed none.
   */
  rows?: (ctx: HostileCtx) => Promise<Record<string, unknown[]>>
}

const countUsers = async ({ db }: HostileCtx) =>
  Number(
    (
      await db.kysely
        .selectFrom('user' as never)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

const countRows =
  (table: 'blend_projects' | 'blend_versions') =>
  async ({ db }: HostileCtx) =>
    Number(
      (
        await db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
const countEntries = async ({ db }: HostileCtx) =>
  Number(
    (
      await db.kysely
        .selectFrom('journal_entries')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const countTable =
  (table: 'shelf_bottles' | 'batches') =>
  async ({ db }: HostileCtx) =>
    Number(
      (
        await db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
const shelfRows = async ({ db, user }: HostileCtx) => ({
  bottles: await db.kysely.selectFrom('shelf_bottles').selectAll().where('user_id', '=', user.userId).orderBy('id').execute(),
  batches: await db.kysely.selectFrom('batches').selectAll().where('user_id', '=', user.userId).orderBy('id').execute(),
  draws: await db.kysely.selectFrom('batch_draws').selectAll().where('user_id', '=', user.userId).orderBy('id').execute(),
})
const labelRows = async ({ db, user }: HostileCtx) => ({
  ...(await shelfRows({ db, user } as HostileCtx)),
  declarations: await db.kysely
    .selectFrom('bottle_declarations')
    .selectAll()
    .where('user_id', '=', user.userId)
    .orderBy('bottle_id')
    .execute(),
  labels: await db.kysely.selectFrom('batch_labels').selectAll().where('user_id', '=', user.userId).orderBy('batch_id').execute(),
})
const ifraRows = async ({ db, user }: HostileCtx) => ({
  ...(await shelfRows({ db, user } as HostileCtx)),
  certificates: await db.kysely
    .selectFrom('bottle_ifra_certificates')
    .selectAll()
    .where('user_id', '=', user.userId)
    .orderBy('bottle_id')
    .execute(),
})
const countDocuments = async ({ db }: HostileCtx) =>
  Number(
    (
      await db.kysely
        .selectFrom('bottle_documents')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const countShares = async ({ db }: HostileCtx) =>
  Number(
    (
      await db.kysely
        .selectFrom('share_links')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const ownIngredients = async ({ db }: HostileCtx) =>
  Number(
    (
      await db.kysely
        .selectFrom('essential_oils')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', 'is not', null)
        .executeTakeFirstOrThrow()
    ).n,
  )
const ingredientRows = async ({ db, user }: HostileCtx) => ({
  ingredients: await db.kysely.selectFrom('essential_oils').selectAll().where('user_id', '=', user.userId).orderBy('id').execute(),
})
/** Every column of the rows an update writes (see WriteCase.rows). */
const projectRow = ({ db, blend }: HostileCtx) => db.kysely.selectFrom('blend_projects').selectAll().where('id', '=', blend.id).execute()
const versionRow = ({ db, blend }: HostileCtx) =>
  db.kysely.selectFrom('blend_versions').selectAll().where('id', '=', blend.version.id).execute()
const entryRow = ({ db, entryId }: HostileCtx) => db.kysely.selectFrom('journal_entries').selectAll().where('id', '=', entryId).execute()
const sequencesRow = ({ db, user }: HostileCtx) =>
  db.kysely.selectFrom('user_sequences').selectAll().where('user_id', '=', user.userId).execute()

const idPaths = (base: string, id: (ctx: HostileCtx) => number) => (ctx: HostileCtx) => [
  `${base}/${id(ctx)}`,
  // A well-formed id no row has: the request reaches the handler and its not-found answer.
  `${base}/424242`,
  `${base}/0`,
  `${base}/-1`,
  `${base}/abc`,
  `${base}/1e309`,
  `${base}/99999999999`,
  `${base}/${encodeURIComponent("1' OR '1'='1")}`,
  // Other spellings of the same id (strict-ids.test.ts checks they are refused).
  `${base}/${id(ctx)}e0`,
  `${base}/0x${id(ctx).toString(16)}`,
  `${base}/${id(ctx)}.0`,
  `${base}/%20${id(ctx)}`,
]

/** The create endpoints that take an Idempotency-Key header (server/http/idempotency.ts). */
export const IDEMPOTENT_CREATES = [
  'POST /api/blends',
  'POST /api/blend-projects',
  'POST /api/blend-versions',
  'POST /api/journal-entries',
  'POST /api/import',
  'POST /api/shelf/bottles',
  'POST /api/ingredients',
]

/** Idempotency-Key values that break the 1-200 printable ASCII rule. */
const badIdempotencyKey = fc.oneof(
  fc.constantFrom('', 'k'.repeat(201), 'lavender\u00e9', 'tab\there', '\u0000', '\ud83c\udf3f'),
  fc
    .oneof(nastyString, fc.string({ unit: 'binary', minLength: 1, maxLength: 250 }))
    .filter((k) => !idempotencyKeyField.safeParse(k).success),
)

export const WRITES: Record<string, WriteCase> = {
  'POST /api/blends': {
    paths: ['/api/blends'],
    body: ({ oils }) => blendBody(oils, { name: 'Hostile Blend' }),
    count: countRows('blend_versions'),
  },
  'PATCH /api/blends/:id': {
    paths: idPaths('/api/blends', (ctx) => ctx.blend.id),
    body: { name: 'Renamed' },
    rows: async (ctx) => ({ project: await projectRow(ctx), sequences: await sequencesRow(ctx) }),
  },
  'DELETE /api/blends/:id': {
    paths: idPaths('/api/blends', () => 424242),
    body: {},
    count: countRows('blend_projects'),
  },
  'POST /api/blends/:id/restore': {
    // No blend with these ids was deleted: an existing blend would answer a harmless 204 whatever the body.
    paths: (ctx) => idPaths('/api/blends', () => 424242)(ctx).map((path) => `${path}/restore`),
    body: {},
    count: countRows('blend_projects'),
  },
  'POST /api/blend-projects': {
    paths: ['/api/blend-projects'],
    body: { name: 'Hostile Project', description: 'made by a test' },
    count: countRows('blend_projects'),
  },
  'POST /api/blend-versions': {
    paths: ['/api/blend-versions'],
    body: ({ oils, blend }) => versionBody(oils, blend.id),
    count: countRows('blend_versions'),
  },
  'POST /api/journal-entries': {
    paths: ['/api/journal-entries'],
    // With the days and a batch of the blend, so mangling reaches them (decision 036).
    body: ({ blend, batchId }) => ({
      versionId: blend.version.id,
      notes: 'smells green',
      rating: 4,
      tested: true,
      batchId,
      dateMade: '2026-11-20',
      dateTested: '2026-11-22',
    }),
    count: countEntries,
  },
  'PATCH /api/journal-entries/:id': {
    paths: idPaths('/api/journal-entries', (ctx) => ctx.entryId),
    body: { rating: 3, notes: 'better', dateMade: '2026-11-20', dateTested: '2026-11-22' },
    rows: async (ctx) => ({ entry: await entryRow(ctx), project: await projectRow(ctx), sequences: await sequencesRow(ctx) }),
  },
  // The seeded blend's top layer is one oil, so no proposal exists in a lotion: nothing is ever saved.
  'POST /api/blends/:id/versions/:versionId/compliance': {
    paths: (ctx) => [
      ...idPaths('/api/blends', (c) => c.blend.id)(ctx).map((path) => `${path}/versions/${ctx.blend.version.id}/compliance`),
      `/api/blends/${ctx.blend.id}/versions/424242/compliance`,
      `/api/blends/${ctx.blend.id}/versions/abc/compliance`,
    ],
    body: { productType: 'lotion', productPercentage: 2 },
    count: countRows('blend_versions'),
  },
  'POST /api/blends/:id/versions/:versionId/compliance/save': {
    paths: (ctx) => [
      ...idPaths('/api/blends', (c) => c.blend.id)(ctx).map((path) => `${path}/versions/${ctx.blend.version.id}/compliance/save`),
      `/api/blends/${ctx.blend.id}/versions/424242/compliance/save`,
      `/api/blends/${ctx.blend.id}/versions/-1/compliance/save`,
    ],
    body: { productType: 'lotion', productPercentage: 2 },
    count: countRows('blend_versions'),
  },
  // The seeded blend holds no accord, so nothing is newer: nothing is ever saved (409 at best).
  'POST /api/blends/:id/versions/:versionId/follow-accords': {
    paths: (ctx) => [
      ...idPaths('/api/blends', (c) => c.blend.id)(ctx).map((path) => `${path}/versions/${ctx.blend.version.id}/follow-accords`),
      `/api/blends/${ctx.blend.id}/versions/424242/follow-accords`,
      `/api/blends/${ctx.blend.id}/versions/abc/follow-accords`,
    ],
    body: {},
    count: countRows('blend_versions'),
  },
  'PATCH /api/blend-versions/:id': {
    paths: idPaths('/api/blend-versions', (ctx) => ctx.blend.version.id),
    body: { formulationNotes: 'notes' },
    rows: async (ctx) => ({ version: await versionRow(ctx), project: await projectRow(ctx), sequences: await sequencesRow(ctx) }),
  },
  'POST /api/blends/:id/shares': {
    paths: (ctx) => idPaths('/api/blends', (c) => c.blend.id)(ctx).map((path) => `${path}/shares`),
    body: { includeNotes: true, showName: false },
    count: countShares,
  },
  'DELETE /api/shares/:token': {
    // A well-formed token no link has, and tokens that cannot be one.
    paths: [`/api/shares/${'C'.repeat(32)}`, '/api/shares/short', `/api/shares/${'c'.repeat(40)}`, "/api/shares/1'%20OR%20'1'%3D'1"],
    body: {},
    count: countShares,
  },
  'POST /api/shares/:token/restore': {
    paths: [`/api/shares/${'E'.repeat(32)}/restore`, '/api/shares/short/restore', `/api/shares/${'%00'.repeat(32)}/restore`],
    body: {},
    count: countShares,
  },
  'POST /api/shared/:token/copy': {
    paths: [`/api/shared/${'D'.repeat(32)}/copy`, '/api/shared/short/copy', `/api/shared/${'%00'.repeat(32)}/copy`],
    body: {},
    count: countRows('blend_projects'),
  },
  'PUT /api/me/settings': {
    paths: ['/api/me/settings'],
    body: { currency: 'EUR', language: 'de' },
    rows: async ({ db, user }) => ({
      settings: await db.kysely.selectFrom('user_settings').selectAll().where('user_id', '=', user.userId).execute(),
    }),
  },
  'PUT /api/me/reminders': {
    paths: ['/api/me/reminders'],
    body: { email: true, push: false, timeZone: 'Europe/Paris' },
    rows: async ({ db, user }) => ({
      settings: await db.kysely.selectFrom('user_settings').selectAll().where('user_id', '=', user.userId).execute(),
    }),
  },
  'PUT /api/me/label-settings': {
    paths: ['/api/me/label-settings'],
    body: { batchCodePattern: '{YYMMDD}-{n}', responsibleName: 'Ana Maker', responsibleAddress: '1 Rue des Fleurs' },
    rows: async ({ db, user }) => ({
      settings: await db.kysely.selectFrom('user_settings').selectAll().where('user_id', '=', user.userId).execute(),
    }),
  },
  'POST /api/me/push-subscriptions': {
    paths: ['/api/me/push-subscriptions'],
    body: {
      endpoint: 'https://push.example.com/send/abc',
      expirationTime: null,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    },
    count: async ({ db }) =>
      Number(
        (
          await db.kysely
            .selectFrom('push_subscriptions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  },
  'DELETE /api/me/push-subscriptions': {
    paths: ['/api/me/push-subscriptions'],
    body: { endpoint: 'https://push.example.com/send/none' },
    count: async ({ db }) =>
      Number(
        (
          await db.kysely
            .selectFrom('push_subscriptions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  },
  'DELETE /api/me/connected-apps/:clientId': {
    // An id no app of the user has, and ids that cannot be one.
    paths: [
      `/api/me/connected-apps/${'Q'.repeat(32)}`,
      `/api/me/connected-apps/${'q'.repeat(100)}`,
      '/api/me/connected-apps/%00',
      "/api/me/connected-apps/1'%20OR%20'1'%3D'1",
    ],
    body: {},
    count: async ({ db }) =>
      Number(
        (
          await db.kysely
            .selectFrom('oauthConsent')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  },
  'POST /api/ingredients': {
    paths: ['/api/ingredients'],
    // A name of its own each time: names are unique per maker.
    body: ({ oils }) => ({
      name: `Hostile FCF ${Math.random().toString(36).slice(2, 10)}`,
      inciName: 'Citrus Aurantium Bergamia Peel Oil',
      kind: 'Essential oil',
      noteType: ['Top'],
      scentFamily: 'Citrus',
      densityGPerMl: 0.88,
      safety: { maxLeaveOnPercent: 2, phototoxic: false, source: 'Supplier SDS' },
      notes: 'Furocoumarin-free',
      basedOnOilId: oils.Bergamot!.id,
    }),
    count: ownIngredients,
  },
  'PATCH /api/ingredients/:id': {
    paths: idPaths('/api/ingredients', (ctx) => ctx.ingredientId),
    body: { inciName: 'Parfum', densityGPerMl: 0.9, safety: { maxLeaveOnPercent: null, phototoxic: null, source: null } },
    rows: ingredientRows,
  },
  'DELETE /api/ingredients/:id': {
    paths: idPaths('/api/ingredients', () => 424242),
    body: {},
    rows: ingredientRows,
  },
  'POST /api/shelf/bottles': {
    paths: ['/api/shelf/bottles'],
    body: ({ oils }) => ({
      oilId: oils.Lavender!.id,
      unit: 'g',
      size: 15,
      remaining: 10,
      price: 8.5,
      supplier: 'Aroma Co',
      lotCode: 'L1',
      purchasedOn: '2026-01-02',
    }),
    count: countTable('shelf_bottles'),
  },
  'PATCH /api/shelf/bottles/:id': {
    paths: idPaths('/api/shelf/bottles', (ctx) => ctx.bottleId),
    body: { remaining: 5, price: 3, supplier: 'Other', lotCode: 'L2', purchasedOn: '2026-02-03' },
    rows: shelfRows,
  },
  'DELETE /api/shelf/bottles/:id': {
    paths: idPaths('/api/shelf/bottles', () => 424242),
    body: {},
    rows: shelfRows,
  },
  'POST /api/blends/:id/batches': {
    paths: (ctx) => idPaths('/api/blends', (c) => c.blend.id)(ctx).map((path) => `${path}/batches`),
    body: ({ oils, bottleId }) => ({
      madeOn: '2026-11-20',
      productType: 'Soap',
      weight: 100,
      unit: 'g',
      oilPercentage: 2,
      units: 4,
      accords: [],
      // The bottle Lavender is drawn from first (decision 090).
      fromBottles: [{ oilId: oils.Lavender!.id, bottleId }],
    }),
    rows: shelfRows,
  },
  'DELETE /api/batches/:id': {
    paths: idPaths('/api/batches', () => 424242),
    body: {},
    rows: shelfRows,
  },
  'PUT /api/shelf/bottles/:id/declaration': {
    paths: (ctx) => idPaths('/api/shelf/bottles', (c) => c.bottleId)(ctx).map((path) => `${path}/declaration`),
    body: {
      basis: 'w/w',
      items: [
        { entryId: 'linalool', percent: 32.5 },
        { entryId: 'limonene', percent: 0.4 },
      ],
    },
    rows: labelRows,
  },
  'DELETE /api/shelf/bottles/:id/declaration': {
    paths: (ctx) => idPaths('/api/shelf/bottles', () => 424242)(ctx).map((path) => `${path}/declaration`),
    body: {},
    rows: labelRows,
  },
  'POST /api/labels/preview': {
    paths: ['/api/labels/preview'],
    body: ({ blend }) => ({
      versionId: blend.version.id,
      productType: 'lotion',
      weight: 100,
      unit: 'g',
      oilPercentage: 2,
      fragranceAs: 'inci',
      base: [{ inci: 'Aqua', percent: 80 }],
    }),
    // A preview writes nothing, accepted or refused.
    rows: labelRows,
  },
  'POST /api/labels/home-preview': {
    paths: ['/api/labels/home-preview'],
    body: ({ blend }) => ({ versionId: blend.version.id, productType: 'candles', weight: 100, unit: 'g', oilPercentage: 8 }),
    // A preview writes nothing, accepted or refused.
    rows: labelRows,
  },
  'PUT /api/shelf/bottles/:id/ifra-certificate': {
    paths: (ctx) => idPaths('/api/shelf/bottles', (c) => c.bottleId)(ctx).map((path) => `${path}/ifra-certificate`),
    body: {
      amendment: '51st',
      issuedOn: '2026-03-14',
      limits: [
        { category: '5A', limit: 0.61 },
        { category: '12', limit: 'no-restriction' },
      ],
    },
    rows: ifraRows,
  },
  // A document's bytes are the raw body (application/octet-stream): JSON and other types are refused,
  // and bytes that are not a PDF, PNG, JPEG or WebP file are too (decision 080).
  'POST /api/shelf/bottles/:id/documents': {
    paths: (ctx) =>
      idPaths('/api/shelf/bottles', (c) => c.bottleId)(ctx).map((path) => `${path}/documents?kind=safety-data-sheet&name=sds.pdf`),
    body: {},
    count: countDocuments,
  },
  'DELETE /api/documents/:id': {
    paths: idPaths('/api/documents', () => 424242),
    body: {},
    count: countDocuments,
  },
  'DELETE /api/shelf/bottles/:id/ifra-certificate': {
    paths: (ctx) => idPaths('/api/shelf/bottles', () => 424242)(ctx).map((path) => `${path}/ifra-certificate`),
    body: {},
    rows: ifraRows,
  },
  'POST /api/ifra/check': {
    paths: ['/api/ifra/check'],
    body: ({ blend }) => ({ versionId: blend.version.id, productType: 'lotion', category: '5A', weight: 100, unit: 'g', oilPercentage: 2 }),
    // A check writes nothing, accepted or refused.
    rows: ifraRows,
  },
  'POST /api/assessor-pack': {
    paths: ['/api/assessor-pack'],
    body: ({ blend }) => ({ versionIds: [blend.version.id], productType: 'lotion', oilPercentage: 2, audience: 'adults' }),
    // The pack writes nothing, accepted or refused.
    rows: labelRows,
  },
  'PUT /api/blends/:id/batches/:batchId/label': {
    paths: (ctx) => [
      ...idPaths('/api/blends', (c) => c.blend.id)(ctx).map((path) => `${path}/batches/${ctx.batchId}/label`),
      ...idPaths(`/api/blends/${ctx.blend.id}/batches`, (c) => c.batchId)(ctx).map((path) => `${path}/label`),
    ],
    body: { productType: 'lotion', fragranceAs: 'parfum', base: [{ inci: 'Aqua', percent: 90 }] },
    rows: labelRows,
  },
  'POST /api/import': {
    paths: ['/api/import', '/api/import?dryRun=true'],
    body: ({ oils }) => exportFileBody(oils),
    count: countRows('blend_projects'),
  },
  'POST /api/import/csv': {
    paths: ['/api/import/csv', '/api/import/csv?dryRun=true'],
    body: { name: 'Sheet', top: 'Bergamot', 'top %': 30, middle: 'Lavender', 'middle %': 50, base: 'Vetiver', 'base %': 20 },
    count: countRows('blend_projects'),
  },
  'POST /api/auth/sign-up/email': {
    paths: ['/api/auth/sign-up/email'],
    body: { name: 'Ada', email: 'ada@example.com', password: 'long enough password' },
    count: countUsers,
  },
  'POST /api/auth/sign-in/email': {
    paths: ['/api/auth/sign-in/email'],
    body: { email: 'ada@example.com', password: 'long enough password' },
  },
  'POST /api/auth/request-password-reset': {
    paths: ['/api/auth/request-password-reset'],
    body: { email: 'ada@example.com' },
  },
  'POST /api/auth/reset-password': {
    paths: ['/api/auth/reset-password'],
    body: { token: 'not-a-real-token', newPassword: 'another long password' },
  },
  'POST /api/redeem': {
    paths: ['/api/redeem'],
    body: () => {
      const now = new Date()
      const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`
      return {
        email: 'reader@example.com',
        marketplace: 'amazon-us',
        purchaseMonth: month,
        secretWord: 'lavender',
        redemptionCode: '',
        honeypot: '',
      }
    },
    count: async ({ db }) =>
      Number(
        (
          await db.kysely
            .selectFrom('redemption_claims')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  },
  'POST /api/me/delete': {
    paths: ['/api/me/delete'],
    // Never the user's own address: a mangled body that still parses is refused as a mismatch.
    body: { confirmEmail: 'not-the-owner@example.com' },
    count: countUsers,
  },
  'POST /api/auth/*': {
    paths: ['/api/auth/sign-out', '/api/auth/sign-in/social', '/api/auth/no-such-endpoint'],
    body: { provider: 'google', callbackURL: '/' },
    acceptsAnyBody: true,
    count: countUsers,
  },
}

/** GET routes with a query schema, and a valid query to mangle (every parameter the schema knows). */
export const QUERIES: Record<string, Record<string, string>> = {
  'GET /api/essential-oils': { search: 'lav', noteType: 'Top', scentFamily: 'Citrus', effect: 'Relaxing' },
  'GET /api/journal-entries': { projectId: '1', after: '0', cursor: 'WyJlIiwxXQ', limit: '10' },
  'GET /api/blends': { q: 'lavender', sort: 'name', status: 'tested', limit: '10', cursor: 'WyJuIiwiYSIsMV0' },
  'GET /api/blend-projects': { limit: '10', cursor: 'WyJwIiwxMF0' },
  'GET /api/shelf/bottles': { limit: '10', cursor: 'WyJiIiwiTGF2ZW5kZXIiLCIyMDI2LTAxLTAxIiwxXQ', oilId: '1' },
  'GET /api/blends/:id/batches': { limit: '10', cursor: 'WyJiYXRjaCIsNV0' },
  'GET /api/blends/:id/compare': { a: 'a', b: '001a' },
  'GET /api/blends/save-preview': { name: 'Target' },
  'GET /api/blends/details': { ids: '1,2,3' },
  'GET /api/shelf/bottles/:id/trace': { limit: '10', cursor: 'WyJsb3QtYmF0Y2giLDVd' },
}

/** A 5xx, or a 4xx not in the error shape, fails. */
function expectErrorShape(status: number, body: string, label: string) {
  assert.ok(status < 500, `${label} answered ${status}: ${body.slice(0, 300)}`)
  if (status >= 400) {
    const json = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } }
    assert.equal(typeof json.error?.code, 'string', `${label}: error.code`)
    assert.equal(typeof json.error?.message, 'string', `${label}: error.message`)
  }
}

let users = 0

/** A signed-up user of its own with a blend, a test entry, a bottle and a batch: the rows the cases aim at. */
export async function hostileSetup(target: ApiTarget, db: Db): Promise<HostileCtx> {
  users += 1
  const user = await signUpVia(target, {
    email: `hostile${users}-${Math.random().toString(36).slice(2, 10)}@example.com`,
    password: 'correct horse battery',
    name: `Hostile User ${users}`,
  })
  const oils = Object.fromEntries(
    (await target.send({ method: 'GET', url: '/api/essential-oils' })).json<EssentialOil[]>().map((o) => [o.name, o]),
  )
  const post = async <T>(url: string, payload: unknown): Promise<T> => {
    const res = await target.send({ method: 'POST', url, headers: { authorization: `Bearer ${user.token}` }, payload })
    if (res.statusCode !== 201) throw new Error(`setting up ${url}: ${res.statusCode} ${res.body}`)
    return res.json<T>()
  }
  const blend = await post<SavedBlend & { version: BlendVersion }>('/api/blends', blendBody(oils, { name: 'Target' }))
  const entry = await post<{ id: number }>('/api/journal-entries', { versionId: blend.version.id })
  const bottle = await post<{ id: number }>('/api/shelf/bottles', { oilId: oils.Lavender!.id, unit: 'mL', size: 500 })
  const batch = await post<{ id: number }>(`/api/blends/${blend.id}/batches`, {
    madeOn: '2026-11-20',
    productType: 'Soap',
    weight: 100,
    unit: 'g',
    oilPercentage: 2,
  })
  const ingredient = await post<{ id: number }>('/api/ingredients', { name: 'Target FCF', basedOnOilId: oils.Bergamot!.id })
  return { target, db, user, oils, blend, entryId: entry.id, bottleId: bottle.id, batchId: batch.id, ingredientId: ingredient.id }
}

const send = (ctx: HostileCtx, method: string, url: string, raw: RawBody | { json: unknown }) =>
  ctx.target.send({
    method,
    url,
    headers: {
      origin: ctx.target.publicUrl,
      authorization: `Bearer ${ctx.user.token}`,
      'content-type': 'json' in raw ? 'application/json' : raw.contentType,
    },
    payload: 'json' in raw ? JSON.stringify(raw.json) : raw.payload,
  })

/** What the endpoint has stored: compared before and after a refused request. */
const stored = async (ctx: HostileCtx, spec: WriteCase) => ({
  count: spec.count ? await spec.count(ctx) : null,
  rows: spec.rows ? await spec.rows(ctx) : null,
})

const caseOf = (ctx: HostileCtx, key: string) => {
  const spec = WRITES[key]
  if (!spec) throw new Error(`no hostile-input case for ${key}`)
  const method = key.split(' ')[0]!
  const paths = typeof spec.paths === 'function' ? spec.paths(ctx) : spec.paths
  const body = () => (typeof spec.body === 'function' ? spec.body(ctx) : spec.body)
  return { spec, method, paths, body }
}

/** Mangled JSON bodies (`runs` of them) get 4xx in the error shape and store nothing. */
export async function refusesMangledJson(ctx: HostileCtx, key: string, runs = 40): Promise<void> {
  const { spec, method, paths, body } = caseOf(ctx, key)
  await fc.assert(
    fc.asyncProperty(
      fc.constant(null).chain(() => fc.tuple(mangledBody(body()), fc.constantFrom(...paths))),
      async ([mangled, path]) => {
        const before = await stored(ctx, spec)
        const res = await send(ctx, method, path, { json: mangled })
        expectErrorShape(res.statusCode, res.body, `${method} ${path}`)
        // A mangled body may still be valid (e.g. only an extra field); then it must be a real success.
        if (!spec.acceptsAnyBody && res.statusCode < 400) assert.ok(res.statusCode < 300, `${method} ${path} answered ${res.statusCode}`)
        if (res.statusCode >= 400)
          assert.deepEqual(await stored(ctx, spec), before, `${method} ${path} was refused but changed what is stored`)
      },
    ),
    { numRuns: runs },
  )
}

/** A NUL character in any text field is refused (PostgreSQL cannot store one). */
export async function refusesNul(ctx: HostileCtx, key: string): Promise<void> {
  const { spec, method, paths, body } = caseOf(ctx, key)
  const valid = body()
  for (const field of Object.keys(valid).filter((k) => typeof valid[k] === 'string')) {
    for (const path of paths) {
      const label = `${method} ${path} with NUL in ${field}`
      const before = await stored(ctx, spec)
      const res = await send(ctx, method, path, { json: { ...valid, [field]: 'before\u0000after' } })
      expectErrorShape(res.statusCode, res.body, label)
      if (!spec.acceptsAnyBody) assert.ok(res.statusCode >= 400, `${label} answered ${res.statusCode}`)
      if (res.statusCode >= 400) assert.deepEqual(await stored(ctx, spec), before, `${label} changed what is stored`)
    }
  }
}

/** Malformed, mistyped and oversized raw bodies (`runs` of them) are refused and store nothing. */
export async function refusesRawBodies(ctx: HostileCtx, key: string, runs = 30): Promise<void> {
  const { spec, method, paths } = caseOf(ctx, key)
  await fc.assert(
    fc.asyncProperty(
      fc.constant(null).chain(() => fc.tuple(rawHostileBody, fc.constantFrom(...paths))),
      async ([raw, path]) => {
        const label = `${method} ${path} (${raw.contentType})`
        const before = await stored(ctx, spec)
        const res = await send(ctx, method, path, raw)
        expectErrorShape(res.statusCode, res.body, label)
        if (!spec.acceptsAnyBody) assert.ok(res.statusCode >= 400, `${label} answered ${res.statusCode}`)
        if (res.statusCode >= 400) assert.deepEqual(await stored(ctx, spec), before, `${label} changed what is stored`)
      },
    ),
    { numRuns: runs },
  )
}

/** An Idempotency-Key that breaks its rule gets 400 in the error shape, and nothing is stored. */
export async function refusesBadIdempotencyKey(ctx: HostileCtx, key: string, runs = 30): Promise<void> {
  const { spec, body } = caseOf(ctx, key)
  const url = key.split(' ')[1]!
  await fc.assert(
    fc.asyncProperty(badIdempotencyKey, async (idempotencyKey) => {
      // A value HTTP cannot carry (a NUL, a line break, a character past Latin-1, whitespace at an
      // end) cannot be sent as it is over a socket: over HTTP only the others are tried.
      if (ctx.target.kind === 'http') fc.pre(sendableHeader(idempotencyKey))
      const label = `POST ${url} with Idempotency-Key ${JSON.stringify(idempotencyKey)}`
      const before = await spec.count!(ctx)
      const res = await ctx.target.send({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${ctx.user.token}`, 'idempotency-key': idempotencyKey },
        payload: body(),
      })
      expectErrorShape(res.statusCode, res.body, label)
      assert.equal(res.statusCode, 400, label)
      assert.equal(await spec.count!(ctx), before, label)
    }),
    { numRuns: runs },
  )
}

/** Whether node:http can send `value` as a header value. */
function sendableHeader(value: string): boolean {
  try {
    http.validateHeaderValue('x', value)
    // Whitespace around a header value is not part of it (RFC 9110, 5.5): the server would read another key.
    return [...value].every((c) => c.charCodeAt(0) <= 0xff) && !/^[\t ]|[\t ]$/.test(value)
  } catch {
    return false
  }
}

/** A GET route with an id in its path is queried on the user's bottle (a shelf route) or blend. */
const queryUrl = (ctx: HostileCtx, key: string) => {
  const path = key.split(' ')[1]!
  return path.replace(':id', String(path.startsWith('/api/shelf/bottles/') ? ctx.bottleId : ctx.blend.id))
}

/** Any query (`runs` of them) answers 200 or a 4xx in the error shape. */
export async function answersAnyQuery(ctx: HostileCtx, key: string, runs = 60): Promise<void> {
  const valid = QUERIES[key]
  if (!valid) throw new Error(`no hostile-input case for ${key}`)
  const url = queryUrl(ctx, key)
  const param = fc.oneof(
    nastyString,
    nastyValue.map((v) => JSON.stringify(v) ?? 'undefined'),
  )
  await fc.assert(
    fc.asyncProperty(
      fc.dictionary(
        fc.oneof(fc.constantFrom(...Object.keys(valid)), fc.string({ maxLength: 10 })),
        fc.oneof(param, fc.array(param, { maxLength: 3 })),
        {
          maxKeys: 5,
        },
      ),
      async (query) => {
        const search = new URLSearchParams()
        for (const [k, v] of Object.entries(query)) for (const item of [v].flat()) search.append(k, item)
        const res = await ctx.target.send({
          method: 'GET',
          url: `${url}?${search.toString()}`,
          headers: { authorization: `Bearer ${ctx.user.token}` },
        })
        expectErrorShape(res.statusCode, res.body, `GET ${url}?${search.toString()}`)
      },
    ),
    { numRuns: runs },
  )
}

/** A 1 MB query parameter from a signed-in user is refused (400 naming it, 413 or 414). */
export async function refusesHugeQueryParam(ctx: HostileCtx, key: string, param: string): Promise<void> {
  const url = queryUrl(ctx, key)
  // Signed in, so the answer is the parameter's validation, not the auth guard's 401.
  const res = await ctx.target.send({
    method: 'GET',
    url: `${url}?${param}=${'x'.repeat(1024 * 1024)}`,
    headers: { authorization: `Bearer ${ctx.user.token}` },
  })
  const label = `GET ${url}?${param}=<1 MB>`
  // Over a socket a 1 MB URL passes Node's 16 kB header limit: Node refuses it with 431 before the
  // app reads it, in the app's error shape too (clientErrorHandler). In process the app answers itself.
  const refusals = ctx.target.kind === 'http' ? [400, 413, 414, 431] : [400, 413, 414]
  assert.ok(refusals.includes(res.statusCode), `${label} answered ${res.statusCode}: ${res.body.slice(0, 300)}`)
  expectErrorShape(res.statusCode, res.body, label)
  if (res.statusCode === 400) {
    const { error } = res.json<{ error: { code: string; details?: { path: string }[] } }>()
    assert.equal(error.code, 'VALIDATION_ERROR', label)
    // The refusal names the huge parameter (an array item for a repeatable one: querystring.effect.0).
    const named = new RegExp(`^querystring\\.${param}(\\.|$)`)
    assert.ok(
      error.details?.some((d) => named.test(d.path)),
      `${label}: ${JSON.stringify(error.details)}`,
    )
  }
}
