import webpush from 'web-push'
import type { PushPayload } from '#shared/api/reminders.ts'
import type { VapidKeys } from '#server/reminders/vapid-keys.ts'

export type PushTarget = { endpoint: string; p256dh: string; auth: string }
/** 'gone': the push service answered 404 or 410, so the subscription is dead and is deleted. */
export type PushOutcome = 'sent' | 'gone'

export interface PushSender {
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>
}

/** How long a push service keeps a notification for a device that is offline. */
const TTL_SECONDS = 24 * 60 * 60
const TIMEOUT_MS = 10_000

/**
 * Web push with VAPID: `web-push` encrypts the payload and signs the request; it is sent with
 * fetch, so any endpoint a browser gave (and a test's local stub) is reached the same way.
 */
export function createPushSender(keys: VapidKeys, subject: string): PushSender {
  return {
    async send(target, payload) {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        { vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey }, TTL: TTL_SECONDS, urgency: 'normal' },
      )
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      })
      await response.body?.cancel()
      if (response.status === 404 || response.status === 410) return 'gone'
      if (!response.ok) throw new Error(`push service answered ${response.status}`)
      return 'sent'
    },
  }
}
