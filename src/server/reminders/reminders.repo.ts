import { sql } from 'kysely'
import { READY_LIST_LIMIT, type CreatePushSubscription, type ReadyList } from '#shared/api/reminders.ts'
import { legacyCalendarDate } from '#shared/domain/calendar-date.ts'
import { languageOf, type Language } from '#shared/i18n/languages.ts'
import { batchReadyAt, DEFAULT_TIME_ZONE, versionMadeOn, versionReadyAt } from '#shared/domain/ready-to-test.ts'
import type { Dialect } from '#server/db/db.ts'
import type { Executor } from '#server/db/executor.ts'
import { slices } from '#server/shared/slices.ts'

/**
 * "Ready to test" (docs/product.md; decision 038). Each version saved and each batch recorded gets
 * one `reminders` row in the same transaction, with the moment its maturation ends and its made
 * day. Home's Ready list is the user's rows that are due and have no test of their version dated on
 * or after the made day (`testedSince` in src/shared/domain/ready-to-test.ts, here as a comparison
 * of YYYY-MM-DD strings). The scheduler claims due rows not yet sent (reminder-scheduler.ts).
 */

/** A claim older than this with no send is taken again (its process died mid-send). */
export const CLAIM_LEASE_MS = 5 * 60 * 1000

/** The maker's saved zone, or UTC until they save one. */
export async function userTimeZone(ex: Executor, userId: string): Promise<string> {
  const row = await ex.selectFrom('user_settings').select('time_zone').where('user_id', '=', userId).executeTakeFirst()
  return row?.time_zone ?? DEFAULT_TIME_ZONE
}

/** The moment a version stands for: its made date when that is a moment, else when it was saved. */
function versionMadeAt(dateMade: string, createdAt: string): Date {
  const ms = Date.parse(dateMade)
  return Number.isFinite(ms) ? new Date(ms) : new Date(createdAt)
}

/** Writes the reminder of a version just saved, in the save's transaction. */
export async function scheduleVersion(
  ex: Executor,
  userId: string,
  version: { id: number; projectId: number; dateMade: string; createdAt: string; maturationPeriod: number },
): Promise<void> {
  const zone = await userTimeZone(ex, userId)
  const madeAt = versionMadeAt(version.dateMade, version.createdAt)
  await ex
    .insertInto('reminders')
    .values({
      user_id: userId,
      project_id: version.projectId,
      version_id: version.id,
      batch_id: null,
      made_on: legacyCalendarDate(version.dateMade) === version.dateMade ? version.dateMade : versionMadeOn(madeAt, zone),
      due_at: versionReadyAt(madeAt, version.maturationPeriod).toISOString(),
      created_at: new Date().toISOString(),
    })
    .execute()
}

/** Writes the reminder of a batch just recorded, in its transaction: ready at the maker's midnight. */
export async function scheduleBatch(
  ex: Executor,
  userId: string,
  batch: { id: number; projectId: number; versionId: number; madeOn: string },
): Promise<void> {
  const [zone, version] = await Promise.all([
    userTimeZone(ex, userId),
    ex
      .selectFrom('blend_versions')
      .select('maturation_period')
      .where('id', '=', batch.versionId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ])
  await ex
    .insertInto('reminders')
    .values({
      user_id: userId,
      project_id: batch.projectId,
      version_id: batch.versionId,
      batch_id: batch.id,
      made_on: batch.madeOn,
      due_at: batchReadyAt(batch.madeOn, version.maturation_period, zone).toISOString(),
      created_at: new Date().toISOString(),
    })
    .execute()
}

/** A version an import brought in, as its reminder needs it. */
export type ImportedVersion = { id: number; projectId: number; dateMade: string; createdAt: string; maturationPeriod: number }
/** A batch an import brought in. */
export type ImportedBatch = { id: number; projectId: number; versionId: number; madeOn: string }

const IMPORT_CHUNK = 200

/**
 * The reminders of what an import brought in (decision 052), in the import's transaction: each
 * version and batch with a made day gets its row, as if saved here, so what is untested joins Ready
 * to test (a maker moving in from a notebook sees last week's untested version listed). A row
 * already due when imported is written as sent: it is listed, but no e-mail or notification goes
 * out about a history that was brought in (as migration 0016 did for the versions before reminders).
 */
export async function scheduleImported(
  ex: Executor,
  userId: string,
  imported: { versions: ImportedVersion[]; batches: ImportedBatch[] },
  now = new Date(),
): Promise<void> {
  if (imported.versions.length === 0 && imported.batches.length === 0) return
  const zone = await userTimeZone(ex, userId)
  const at = now.toISOString()
  type Row = {
    user_id: string
    project_id: number
    version_id: number
    batch_id: number | null
    made_on: string
    due_at: string
    created_at: string
    sent_at: string | null
  }
  const rows: Row[] = []
  const row = (base: Omit<Row, 'user_id' | 'created_at' | 'sent_at'>): Row => ({
    ...base,
    user_id: userId,
    created_at: at,
    sent_at: base.due_at <= at ? at : null,
  })
  for (const v of imported.versions) {
    const madeAt = versionMadeAt(v.dateMade, v.createdAt)
    if (!Number.isFinite(madeAt.getTime())) continue
    const madeOn = legacyCalendarDate(v.dateMade) === v.dateMade ? v.dateMade : versionMadeOn(madeAt, zone)
    rows.push(
      row({
        project_id: v.projectId,
        version_id: v.id,
        batch_id: null,
        made_on: madeOn,
        due_at: versionReadyAt(madeAt, v.maturationPeriod).toISOString(),
      }),
    )
  }
  const maturation = new Map<number, number>()
  const versionIds = [...new Set(imported.batches.map((b) => b.versionId))]
  for (let i = 0; i < versionIds.length; i += IMPORT_CHUNK) {
    const part = versionIds.slice(i, i + IMPORT_CHUNK)
    const found = await ex
      .selectFrom('blend_versions')
      .select(['id', 'maturation_period'])
      .where('user_id', '=', userId)
      .where('id', 'in', part)
      .execute()
    for (const f of found) maturation.set(f.id, f.maturation_period)
  }
  for (const b of imported.batches) {
    const hours = maturation.get(b.versionId)
    if (hours === undefined) continue
    rows.push(
      row({
        project_id: b.projectId,
        version_id: b.versionId,
        batch_id: b.id,
        made_on: b.madeOn,
        due_at: batchReadyAt(b.madeOn, hours, zone).toISOString(),
      }),
    )
  }
  // Heavy work shares the process (decision 041): the event loop gets its turn between inserts.
  const pause = slices()
  for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
    await pause()
    await ex
      .insertInto('reminders')
      .values(rows.slice(i, i + IMPORT_CHUNK))
      .execute()
  }
}

/** Forgets a batch's reminder (its undo). */
export async function forgetBatch(ex: Executor, userId: string, batchId: number): Promise<void> {
  await ex.deleteFrom('reminders').where('user_id', '=', userId).where('batch_id', '=', batchId).execute()
}

/** "No test since": no test of the row's version dated on or after its made day. */
const noTestSince = sql<boolean>`not exists (select 1 from journal_entries je where je.version_id = r.version_id and je.date_tested >= r.made_on)`

/**
 * Home's Ready list: the READY_LIST_LIMIT oldest things due and untested, and how many there are.
 * Two queries on the (user_id, due_at) index, whatever the size of the collection.
 */
export async function readyList(ex: Executor, userId: string, now = new Date()): Promise<ReadyList> {
  const at = now.toISOString()
  const base = ex.selectFrom('reminders as r').where('r.user_id', '=', userId).where('r.due_at', '<=', at).where(noTestSince)
  const [rows, total] = await Promise.all([
    base
      .innerJoin('blend_projects as p', 'p.id', 'r.project_id')
      .innerJoin('blend_versions as v', 'v.id', 'r.version_id')
      .select(['r.project_id', 'r.version_id', 'r.batch_id', 'r.made_on', 'r.due_at', 'p.name', 'v.reference_number'])
      .orderBy('r.due_at')
      .orderBy('r.id')
      .limit(READY_LIST_LIMIT)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return {
    items: rows.map((r) => ({
      projectId: r.project_id,
      versionId: r.version_id,
      batchId: r.batch_id,
      blendName: r.name,
      referenceNumber: r.reference_number,
      madeOn: r.made_on,
      readyAt: r.due_at,
    })),
    count: Number(total.n),
  }
}

export type StoredReminderSettings = { email: boolean; push: boolean; timeZone: string }

export async function getReminderSettings(ex: Executor, userId: string): Promise<StoredReminderSettings> {
  const row = await ex
    .selectFrom('user_settings')
    .select(['remind_by_email', 'remind_by_push', 'time_zone'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return { email: row?.remind_by_email === 1, push: row?.remind_by_push === 1, timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE }
}

/**
 * Saves the channels and the zone. A new zone moves the batches' reminders not sent yet to the new
 * zone's midnight (a batch is ready from the start of its day where the maker is).
 */
export async function setReminderSettings(ex: Executor, userId: string, settings: StoredReminderSettings): Promise<void> {
  const before = await userTimeZone(ex, userId)
  const now = new Date().toISOString()
  const values = {
    remind_by_email: settings.email ? 1 : 0,
    remind_by_push: settings.push ? 1 : 0,
    time_zone: settings.timeZone,
    updated_at: now,
  }
  await ex
    .insertInto('user_settings')
    .values({ user_id: userId, currency: null, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute()
  if (before === settings.timeZone) return
  const pending = await ex
    .selectFrom('reminders as r')
    .innerJoin('blend_versions as v', 'v.id', 'r.version_id')
    .select(['r.id', 'r.made_on', 'v.maturation_period'])
    .where('r.user_id', '=', userId)
    .where('r.batch_id', 'is not', null)
    .where('r.sent_at', 'is', null)
    .where('r.claimed_at', 'is', null)
    .execute()
  for (const row of pending) {
    const dueAt = batchReadyAt(row.made_on, row.maturation_period, settings.timeZone).toISOString()
    await ex.updateTable('reminders').set({ due_at: dueAt }).where('id', '=', row.id).where('user_id', '=', userId).execute()
  }
}

export async function countPushSubscriptions(ex: Executor, userId: string): Promise<number> {
  const row = await ex
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Keeps a browser's subscription for the signed-in user. An endpoint is one browser profile: if
 * another account had it (someone else signed in on that browser before), it now reminds this one.
 */
export async function savePushSubscription(ex: Executor, userId: string, sub: CreatePushSubscription): Promise<void> {
  const values = { user_id: userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth }
  await ex
    .insertInto('push_subscriptions')
    .values({ ...values, endpoint: sub.endpoint, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(values))
    .execute()
}

/** Forgets one of the user's browsers; false when the endpoint is not theirs. */
export async function deletePushSubscription(ex: Executor, userId: string, endpoint: string): Promise<boolean> {
  const res = await ex.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

/** A push service said the subscription is gone (404 or 410): forget it, whoever's it is. */
export async function prunePushSubscription(ex: Executor, id: number): Promise<void> {
  await ex.deleteFrom('push_subscriptions').where('id', '=', id).execute()
}

/** A due reminder as the scheduler sends it. */
export type ClaimedReminder = {
  id: number
  userId: string
  projectId: number
  versionId: number
  batchId: number | null
  madeOn: string
  email: string
  name: string
  blendName: string
  referenceNumber: string
  byEmail: boolean
  byPush: boolean
  tested: boolean
  /** The maker's language (their setting), for the e-mail and the notification; null: English. */
  language: Language | null
}

/**
 * Claims up to `limit` due reminders not sent yet (nor claimed by a live process), oldest first,
 * in one statement that is its own transaction: on PostgreSQL the rows are locked with SKIP LOCKED,
 * so two processes polling at once take different rows and a row is rechecked after the other's
 * commit; on SQLite the UPDATE runs under the database's write lock (as an immediate transaction
 * would), so a second process's claim sees the first's. Then reads what sending needs, in one
 * query. Run it outside a transaction: nothing is held while the reminders are sent.
 */
export async function claimDueReminders(ex: Executor, dialect: Dialect, now: Date, limit: number): Promise<ClaimedReminder[]> {
  const at = now.toISOString()
  const lease = new Date(now.getTime() - CLAIM_LEASE_MS).toISOString()
  const claimed = await ex
    .updateTable('reminders')
    .set({ claimed_at: at })
    .where('id', 'in', (eb) => {
      const due = eb
        .selectFrom('reminders')
        .select('id')
        .where('sent_at', 'is', null)
        .where('due_at', '<=', at)
        .where((w) => w.or([w('claimed_at', 'is', null), w('claimed_at', '<', lease)]))
        .orderBy('due_at')
        .orderBy('id')
        .limit(limit)
      return dialect === 'postgres' ? due.forUpdate().skipLocked() : due
    })
    .returning('id')
    .execute()
  if (claimed.length === 0) return []
  const rows = await ex
    .selectFrom('reminders as r')
    .innerJoin('user as u', 'u.id', 'r.user_id')
    .innerJoin('blend_projects as p', 'p.id', 'r.project_id')
    .innerJoin('blend_versions as v', 'v.id', 'r.version_id')
    .leftJoin('user_settings as s', 's.user_id', 'r.user_id')
    .select([
      'r.id',
      'r.user_id',
      'r.project_id',
      'r.version_id',
      'r.batch_id',
      'r.made_on',
      'u.email',
      'u.name',
      'p.name as blend_name',
      'v.reference_number',
      's.remind_by_email',
      's.remind_by_push',
      's.language',
    ])
    .select(sql<boolean | number>`not ${noTestSince}`.as('tested'))
    .where(
      'r.id',
      'in',
      claimed.map((c) => c.id),
    )
    .orderBy('r.due_at')
    .orderBy('r.id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    projectId: r.project_id,
    versionId: r.version_id,
    batchId: r.batch_id,
    madeOn: r.made_on,
    email: r.email,
    name: r.name,
    blendName: r.blend_name,
    referenceNumber: r.reference_number,
    byEmail: r.remind_by_email === 1,
    byPush: r.remind_by_push === 1,
    tested: r.tested === true || Number(r.tested) === 1,
    language: languageOf(r.language),
  }))
}

/** The push subscriptions of these users, in one query. */
export async function pushSubscriptionsOf(ex: Executor, userIds: string[]) {
  if (userIds.length === 0) return []
  return ex
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', 'in', userIds)
    .execute()
}

/** Marks reminders sent (or settled without sending). */
export async function markSent(ex: Executor, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return
  await ex.updateTable('reminders').set({ sent_at: now.toISOString() }).where('id', 'in', ids).where('sent_at', 'is', null).execute()
}
