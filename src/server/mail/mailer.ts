import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Config } from '#server/env.ts'

export type MailMessage = {
  to: string
  subject: string
  text: string
  html: string
  /** The one link the message is about (a reset link, ...): the outbox records it and logs it. */
  link?: string
}

/** One message as written to `${DATA_DIR}/outbox/*.json`. */
export type OutboxMessage = MailMessage & { from: string; createdAt: string }

export interface Mailer {
  send(message: MailMessage): Promise<void>
  /** Deletes what the outbox keeps of mail to this address (its account was deleted); 0 with SMTP. */
  forget(address: string): Promise<number>
  close(): void
}

/** Outbox files older than this are deleted as new mail is written (decision 041). */
export const OUTBOX_KEEP_MS = 30 * 24 * 60 * 60 * 1000

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'> & Partial<Pick<Config, 'nodeEnv'>>

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox')

/** The warning a production server gives at start when it has no SMTP_URL; null when it has one or is not in production. */
export function mailWarning(config: MailConfig): string | null {
  if (config.smtpUrl || config.nodeEnv !== 'production') return null
  return `Mail is not configured (SMTP_URL is not set): password-reset and other mail goes to ${outboxDir(config.dataDir)} and reaches nobody; its links are not logged`
}

/**
 * SMTP when SMTP_URL is set. Otherwise each message becomes a JSON file in the outbox; its link is
 * logged at info level in development and tests, so someone running Accord locally can follow a
 * reset link, but never in production (decision 058), where a log is read by more people than the
 * mailbox's owner and a reset link is the account. The outbox file is readable by the server alone.
 */
export function createMailer(config: MailConfig, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl)
    return {
      async send(message) {
        const { link: _link, ...mail } = message
        const info = await transport.sendMail({ from: config.mailFrom, ...mail })
        // The subject and address only: the body holds the secret link.
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent')
      },
      forget: async () => 0,
      close: () => transport.close(),
    }
  }
  const dir = outboxDir(config.dataDir)
  const logLinks = config.nodeEnv !== 'production'
  // Expired files are looked for at most hourly, not at every message.
  let nextSweepAt = 0
  return {
    async send(message) {
      const createdAt = new Date().toISOString()
      const entry: OutboxMessage = { from: config.mailFrom, createdAt, ...message }
      const file = path.join(dir, `${createdAt.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`)
      await fs.promises.mkdir(dir, { recursive: true })
      // Written aside and renamed, so a reader never sees half a message.
      await fs.promises.writeFile(`${file}.tmp`, `${JSON.stringify(entry, null, 2)}\n`, { mode: 0o600 })
      await fs.promises.rename(`${file}.tmp`, file)
      log.info(
        { to: message.to, subject: message.subject, file, ...(logLinks ? { link: message.link } : {}) },
        'mail written to the outbox (SMTP_URL is not set)',
      )
      if (Date.now() >= nextSweepAt) {
        nextSweepAt = Date.now() + 60 * 60 * 1000
        await removeOutbox(dir, (entry) => Date.parse(entry.createdAt) < Date.now() - OUTBOX_KEEP_MS)
      }
    },
    forget: (address) => removeOutbox(dir, (entry) => entry.to.toLowerCase() === address.toLowerCase()),
    close: () => {},
  }
}

/** Deletes the outbox's messages that match; returns how many went. */
async function removeOutbox(dir: string, matches: (entry: OutboxMessage) => boolean): Promise<number> {
  let names: string[]
  try {
    names = (await fs.promises.readdir(dir)).filter((name) => name.endsWith('.json'))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0
    throw err
  }
  let removed = 0
  for (const name of names) {
    const file = path.join(dir, name)
    const entry = JSON.parse(await fs.promises.readFile(file, 'utf8').catch(() => 'null')) as OutboxMessage | null
    if (entry && matches(entry)) {
      await fs.promises.rm(file, { force: true })
      removed += 1
    }
  }
  return removed
}

/** The outbox's messages, oldest first (tests and local tooling read it). */
export function readOutbox(dataDir: string): OutboxMessage[] {
  const dir = outboxDir(dataDir)
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as OutboxMessage)
}
