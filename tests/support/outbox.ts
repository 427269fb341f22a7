import fs from 'node:fs'
import path from 'node:path'

/** A mail the test server wrote to its local outbox (tests/support/e2e-server.ts). */
export type Mail = { to: string; subject: string; text: string; link?: string }

/** The mails to `to` in the built server's outbox, oldest first. */
export function mailsTo(to: string): Mail[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Mail)
    .filter((m) => m.to === to)
}
