import { describe, expect, it } from 'vitest'
import { readOutbox } from '#server/mail/mailer.ts'
import { createTestApp, createUser, ENGINES } from '#tests/support/test-db.ts'

/**
 * A production server without SMTP_URL (decision 058): it says at start that mail is not configured,
 * and a reset link, which is the account for an hour, goes to the outbox file and never to the log.
 */
describe.each(ENGINES)('a production server without SMTP_URL on %s', (engine) => {
  const start = async (nodeEnv: 'production' | 'development') => {
    const lines: string[] = []
    const t = await createTestApp(engine, { LOG_LEVEL: 'info' }, { nodeEnv, smtpUrl: null }, undefined, {
      logStream: { write: (line: string) => void lines.push(line) },
    })
    return { t, lines }
  }
  const requestReset = async (t: Awaited<ReturnType<typeof start>>['t'], email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: t.config.publicUrl },
      payload: { email },
    })
    expect(res.statusCode).toBe(200)
    const mail = readOutbox(t.config.dataDir)
      .filter((m) => m.to === email)
      .at(-1)
    expect(mail?.link).toMatch(/\/api\/auth\/reset-password\/[A-Za-z0-9]+/)
    return mail!.link!
  }

  it('warns at start and never writes a reset link to the log', async () => {
    const { t, lines } = await start('production')
    try {
      const warning = lines
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .find((entry) => entry.msg.startsWith('Mail is not configured'))
      expect(warning?.level).toBe(40)
      expect(warning?.msg).toContain('SMTP_URL is not set')
      const user = await createUser(t)
      const link = await requestReset(t, user.email)
      const token = link.split('/reset-password/')[1]!.split('?')[0]!
      expect(lines.some((line) => line.includes('mail written to the outbox'))).toBe(true)
      expect(lines.filter((line) => line.includes(token))).toEqual([])
    } finally {
      await t.close()
    }
  })

  it('still logs the link in development, where the outbox is how one follows it', async () => {
    const { t, lines } = await start('development')
    try {
      expect(lines.some((line) => line.includes('Mail is not configured'))).toBe(false)
      const user = await createUser(t)
      const link = await requestReset(t, user.email)
      expect(lines.some((line) => line.includes(link))).toBe(true)
    } finally {
      await t.close()
    }
  })
})
