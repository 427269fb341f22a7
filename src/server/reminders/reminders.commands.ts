import type { CreatePushSubscription } from '#shared/api/reminders.ts'
import { isTimeZone } from '#shared/domain/calendar-date.ts'
import type { Executor } from '#server/db/executor.ts'
import { done, refuse, type Outcome } from '#server/shared/outcome.ts'
import {
  deletePushSubscription,
  savePushSubscription,
  setReminderSettings,
  type StoredReminderSettings,
} from '#server/reminders/reminders.repo.ts'

/**
 * The one writer of the reminders' tables (docs/product.md "Ready to test"; decision 038): the
 * maker's settings and push subscriptions, and the due reminders other features' writes schedule
 * (a version made, a batch made or deleted, an import). Each write answers an Outcome; run each in
 * a transaction.
 */

export { forgetBatch, scheduleBatch, scheduleImported, scheduleVersion, type ImportedBatch } from '#server/reminders/reminders.repo.ts'

/** The maker's reminder settings: a time zone this server knows, or VALIDATION_ERROR. */
export async function updateReminderSettings(ex: Executor, userId: string, settings: StoredReminderSettings): Promise<Outcome<void>> {
  if (!isTimeZone(settings.timeZone)) {
    const path = 'body.timeZone'
    const message = `${settings.timeZone} is not a time zone this server knows`
    return refuse('VALIDATION_ERROR', `${path}: ${message}`, [{ path, message }])
  }
  await setReminderSettings(ex, userId, settings)
  return done(undefined)
}

/** Keeps one browser of the maker's for push reminders (a repeat of its endpoint updates it). */
export async function keepPushSubscription(ex: Executor, userId: string, subscription: CreatePushSubscription): Promise<Outcome<void>> {
  await savePushSubscription(ex, userId, subscription)
  return done(undefined)
}

/** Forgets one browser of the maker's; NOT_FOUND when the endpoint is not one of theirs. */
export async function forgetPushSubscription(ex: Executor, userId: string, endpoint: string): Promise<Outcome<void>> {
  if (!(await deletePushSubscription(ex, userId, endpoint))) return refuse('NOT_FOUND', 'Push subscription not found')
  return done(undefined)
}
