import { z } from 'zod'

/**
 * "Ready to test" and its reminders (docs/product.md "Ready to test"; decision 038): Home's list of
 * blends whose maturation has ended and that have no test since, the maker's reminder settings per
 * channel, and the browsers that may show notifications.
 */

/** How many of the oldest ready things Home's list carries; the answer also counts them all. */
export const READY_LIST_LIMIT = 5

/** One version or batch ready to test. */
export const ReadyItemSchema = z.object({
  projectId: z.number().int(),
  versionId: z.number().int(),
  /** Set when a recorded batch is what is ready. */
  batchId: z.number().int().nullable(),
  blendName: z.string(),
  referenceNumber: z.string(),
  /** The made day, YYYY-MM-DD. */
  madeOn: z.string(),
  /** When its maturation ended (ISO). */
  readyAt: z.string(),
})
export type ReadyItem = z.infer<typeof ReadyItemSchema>

/** GET /api/me/ready: the oldest few ready things and how many there are. */
export const ReadyListSchema = z.object({
  items: z.array(ReadyItemSchema),
  count: z.number().int(),
})
export type ReadyList = z.infer<typeof ReadyListSchema>

/** An IANA zone name such as Europe/Paris; the server also checks its runtime knows it. */
export const timeZoneField = z
  .string({ error: 'A time zone is a name such as Europe/Paris' })
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_+\-/]+$/, 'A time zone is a name such as Europe/Paris')
  .meta({ description: 'An IANA time zone name, such as Europe/Paris, that the server knows.' })

/** GET /api/me/reminders. */
export const ReminderSettingsSchema = z.object({
  email: z.boolean(),
  push: z.boolean(),
  /** The maker's zone: ready days start at its midnight. */
  timeZone: z.string(),
  /** The server's VAPID public key (base64url) for PushManager.subscribe; null when push is unavailable. */
  vapidPublicKey: z.string().nullable(),
  /** How many browsers of this user receive push notifications. */
  pushDevices: z.number().int(),
})
export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>

/** PUT /api/me/reminders. */
export const UpdateReminderSettingsSchema = z
  .object({
    email: z.boolean({ error: 'email is true or false' }),
    push: z.boolean({ error: 'push is true or false' }),
    timeZone: timeZoneField,
  })
  .strict()
export type UpdateReminderSettings = z.infer<typeof UpdateReminderSettingsSchema>

const base64url = (what: string, max: number) =>
  z
    .string()
    .min(1, `${what} is required`)
    .max(max, `${what} is too long`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${what} is base64url`)

/** The push service address a browser gave: https only. */
const endpointField = z
  .url({ protocol: /^https?$/, error: 'The endpoint is the push service URL the browser gave' })
  .max(2048, 'The endpoint is at most 2048 characters')

/** POST /api/me/push-subscriptions: PushSubscription.toJSON() as the browser gives it. */
export const CreatePushSubscriptionSchema = z
  .object({
    endpoint: endpointField,
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url('keys.p256dh', 200), auth: base64url('keys.auth', 100) }).strict(),
  })
  .strict()
export type CreatePushSubscription = z.infer<typeof CreatePushSubscriptionSchema>

/** DELETE /api/me/push-subscriptions: forget this browser. */
export const DeletePushSubscriptionSchema = z.object({ endpoint: endpointField }).strict()
export type DeletePushSubscription = z.infer<typeof DeletePushSubscriptionSchema>

/** What a push notification carries (the service worker shows it; a tap opens `url`). */
export const PushPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() })
export type PushPayload = z.infer<typeof PushPayloadSchema>
