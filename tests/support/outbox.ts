import { readOutbox, type OutboxMessage } from '#server/mail/mailer.ts'

/** A mail the test server wrote to its local outbox (tests/support/e2e-server.ts). */
export type Mail = OutboxMessage

/** The mails to `to` in the built server's outbox, oldest first: read as the mailer's own reader reads it. */
export function mailsTo(to: string): Mail[] {
  return readOutbox(process.env.E2E_DATA_DIR!).filter((mail) => mail.to === to)
}
