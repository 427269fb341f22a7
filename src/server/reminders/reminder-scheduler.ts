import type { FastifyBaseLogger } from 'fastify'
import type { PushPayload } from '#shared/api/reminders.ts'
import { addTestPath } from '#shared/domain/add-test-link.ts'
import { DEFAULT_LANGUAGE } from '#shared/i18n/languages.ts'
import type { Db } from '#server/db/db.ts'
import type { Mailer } from '#server/mail/mailer.ts'
import { MAIL_TEXTS } from '#server/mail/mail-texts.ts'
import { readyToTestMessage } from '#server/mail/messages.ts'
import type { PushSender } from '#server/reminders/push-sender.ts'
import {
  claimDueReminders,
  markSent,
  prunePushSubscription,
  pushSubscriptionsOf,
  type ClaimedReminder,
} from '#server/reminders/reminders.repo.ts'

/** How many reminders one claim takes; a poll claims again until fewer come back (up to MAX_ROUNDS). */
export const CLAIM_BATCH = 200
const MAX_ROUNDS = 50

export type SchedulerDeps = {
  db: Db
  mailer: Mailer
  /** Null when push is off (no usable VAPID subject). */
  push: PushSender | null
  publicUrl: () => string
  pollSeconds: number
  log: FastifyBaseLogger
  now?: () => Date
}

export type PollResult = { claimed: number; sent: number; settled: number; failed: number; pruned: number }

export interface ReminderScheduler {
  start(): void
  /** Stops polling and waits for a poll in progress to finish. */
  stop(): Promise<void>
  /** One poll: claims what is due and sends it (tests call it directly). */
  poll(): Promise<PollResult>
}

/**
 * The reminder scheduler (decision 038): inside the server process, every REMINDER_POLL_SECONDS,
 * it claims due reminders (reminders.repo.ts: one atomic statement, so two processes on one
 * database never take the same row) and sends each by the channels its maker turned on. A reminder
 * whose version was tested since, or whose maker turned every channel off, is settled unsent. A
 * failed send leaves the row claimed but unsent: after the claim's lease it is taken again.
 * Starting polls at once, so what fell due while the server was down goes out on start.
 */
export function createReminderScheduler(deps: SchedulerDeps): ReminderScheduler {
  const now = deps.now ?? (() => new Date())
  let timer: NodeJS.Timeout | null = null
  let running: Promise<PollResult> | null = null
  let stopped = false

  async function sendOne(reminder: ClaimedReminder, subscriptions: Awaited<ReturnType<typeof pushSubscriptionsOf>>, result: PollResult) {
    const path = addTestPath(reminder.projectId, reminder.versionId, { batchId: reminder.batchId, madeOn: reminder.madeOn })
    const link = `${deps.publicUrl()}${path}`
    if (reminder.byEmail) {
      await deps.mailer.send(
        readyToTestMessage({
          to: reminder.email,
          name: reminder.name,
          blendName: reminder.blendName,
          referenceNumber: reminder.referenceNumber,
          batch: reminder.batchId !== null,
          madeOn: reminder.madeOn,
          link,
          language: reminder.language ?? DEFAULT_LANGUAGE,
        }),
      )
    }
    if (reminder.byPush && deps.push) {
      const texts = MAIL_TEXTS[reminder.language ?? DEFAULT_LANGUAGE]
      const payload: PushPayload = {
        title: texts.ready.subject(reminder.blendName),
        body: reminder.batchId !== null ? texts.ready.pushBatch(reminder.madeOn) : texts.ready.pushVersion(reminder.referenceNumber),
        url: path,
        tag: `ready-${reminder.id}`,
      }
      for (const sub of subscriptions.filter((s) => s.user_id === reminder.userId)) {
        const outcome = await deps.push.send(sub, payload)
        if (outcome === 'gone') {
          await prunePushSubscription(deps.db.kysely, sub.id)
          result.pruned++
        }
      }
    }
  }

  async function pollOnce(): Promise<PollResult> {
    const result: PollResult = { claimed: 0, sent: 0, settled: 0, failed: 0, pruned: 0 }
    for (let round = 0; round < MAX_ROUNDS && !stopped; round++) {
      const at = now()
      // One statement, its own transaction (reminders.repo.ts): nothing is held while sending.
      const claimed = await claimDueReminders(deps.db.kysely, deps.db.dialect, at, CLAIM_BATCH)
      result.claimed += claimed.length
      if (claimed.length === 0) break
      const quiet = claimed.filter((r) => r.tested || (!r.byEmail && !(r.byPush && deps.push)))
      await markSent(
        deps.db.kysely,
        quiet.map((r) => r.id),
        at,
      )
      result.settled += quiet.length
      const toSend = claimed.filter((r) => !quiet.includes(r))
      const subscriptions = await pushSubscriptionsOf(deps.db.kysely, [...new Set(toSend.filter((r) => r.byPush).map((r) => r.userId))])
      const sent: number[] = []
      for (const reminder of toSend) {
        try {
          await sendOne(reminder, subscriptions, result)
          sent.push(reminder.id)
        } catch (err) {
          result.failed++
          deps.log.warn(
            { err: { message: (err as Error).message }, reminder: reminder.id },
            'reminder not sent; it is tried again after its claim lapses',
          )
        }
      }
      await markSent(deps.db.kysely, sent, now())
      result.sent += sent.length
      if (claimed.length < CLAIM_BATCH) break
    }
    if (result.claimed > 0) deps.log.info(result, 'reminders polled')
    return result
  }

  const poll = () => {
    running ??= pollOnce().finally(() => {
      running = null
    })
    return running
  }

  const tick = () => {
    poll()
      .catch((err: unknown) => deps.log.error({ err: { message: (err as Error).message } }, 'reminder poll failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, deps.pollSeconds * 1000).unref()
      })
  }

  return {
    start() {
      if (timer || stopped) return
      // Polls at once: what fell due while the server was down goes out now.
      timer = setTimeout(tick, 0)
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = null
      await running?.catch(() => {})
    },
    poll,
  }
}
