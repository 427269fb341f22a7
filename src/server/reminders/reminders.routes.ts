import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CreatePushSubscriptionSchema,
  DeletePushSubscriptionSchema,
  ReadyListSchema,
  ReminderSettingsSchema,
  UpdateReminderSettingsSchema,
} from '#shared/api/reminders.ts'
import type { Executor } from '#server/db/executor.ts'
import { AppError, valueOrThrow } from '#server/http/errors.ts'
import { createIdempotency } from '#server/http/idempotency.ts'
import { answers, IDEMPOTENT } from '#server/openapi/responses.ts'
import { createPushSender } from '#server/reminders/push-sender.ts'
import { createReminderScheduler, type ReminderScheduler } from '#server/reminders/reminder-scheduler.ts'
import { forgetPushSubscription, keepPushSubscription, updateReminderSettings } from '#server/reminders/reminders.commands.ts'
import { countPushSubscriptions, getReminderSettings, readyList } from '#server/reminders/reminders.repo.ts'
import { resolveVapidKeys } from '#server/reminders/vapid-keys.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The reminder scheduler: main.ts starts it once listening; closing the app stops it. */
    reminders: ReminderScheduler
    /** The VAPID public key browsers subscribe with; null when push is off. */
    vapidPublicKey: string | null
  }
}

/**
 * The reminder scheduler (decision 038) on the app itself, with the VAPID keys (generated into
 * DATA_DIR on first start unless configured); the app's close stops it.
 */
export function installReminders(app: FastifyInstance): void {
  const vapid = resolveVapidKeys(app.config.vapid, app.config.dataDir)
  const subject = app.config.vapidSubject
  if (!subject) {
    app.log.warn('push reminders are off: set VAPID_SUBJECT to a mailto: address or an https:// URL (or PUBLIC_URL to an https:// address)')
  }
  const scheduler = createReminderScheduler({
    db: app.db,
    mailer: app.identity.mailer,
    push: subject ? createPushSender(vapid, subject) : null,
    publicUrl: () => app.config.publicUrl,
    pollSeconds: app.config.reminderPollSeconds,
    log: app.log.child({ module: 'reminders' }),
  })
  app.decorate('reminders', scheduler)
  app.decorate('vapidPublicKey', subject ? vapid.publicKey : null)
  app.addHook('onClose', async () => scheduler.stop())
}

/**
 * The reminders' routes (docs/product.md "Ready to test"; decision 038): Home's Ready list, the
 * maker's reminder settings and their browsers' push subscriptions.
 */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  const createOnce = createIdempotency(app.db, app.log)
  const subject = app.vapidPublicKey

  app.get(
    '/me/ready',
    {
      schema: {
        response: answers(200, ReadyListSchema),
        description: "Home's Ready list: the oldest few versions and batches ready to test, and how many.",
      },
    },
    async (request) => readyList(app.db.kysely, request.userId),
  )

  const settingsOf = async (userId: string, ex: Executor = app.db.kysely) => {
    const [stored, pushDevices] = await Promise.all([getReminderSettings(ex, userId), countPushSubscriptions(ex, userId)])
    return { ...stored, vapidPublicKey: app.vapidPublicKey, pushDevices }
  }

  app.get('/me/reminders', { schema: { response: answers(200, ReminderSettingsSchema) } }, async (request) => settingsOf(request.userId))

  app.put(
    '/me/reminders',
    { schema: { body: UpdateReminderSettingsSchema, response: answers(200, ReminderSettingsSchema) } },
    async (request) => {
      const { email, push, timeZone } = request.body
      valueOrThrow(
        await app.db.kysely.transaction().execute((trx) => updateReminderSettings(trx, request.userId, { email, push, timeZone })),
      )
      return settingsOf(request.userId)
    },
  )

  app.post(
    '/me/push-subscriptions',
    {
      schema: {
        body: CreatePushSubscriptionSchema,
        response: answers(201, ReminderSettingsSchema, IDEMPOTENT, { 409: ['PUSH_UNAVAILABLE'] }),
        description: 'Keeps this browser for push reminders.',
      },
    },
    async (request, reply) => {
      if (!subject) throw new AppError(409, 'PUSH_UNAVAILABLE', 'Push reminders are not configured on this server')
      return createOnce(request, reply, async (trx) => {
        valueOrThrow(await keepPushSubscription(trx, request.userId, request.body))
        return settingsOf(request.userId, trx)
      })
    },
  )

  app.delete(
    '/me/push-subscriptions',
    {
      schema: {
        body: DeletePushSubscriptionSchema,
        response: answers(204, undefined, { 404: ['NOT_FOUND'] }),
        description: 'Forgets this browser for push reminders.',
      },
    },
    async (request, reply) => {
      valueOrThrow(await forgetPushSubscription(app.db.kysely, request.userId, request.body.endpoint))
      return reply.status(204).send()
    },
  )
}
