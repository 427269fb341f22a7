import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createMailer, OUTBOX_KEEP_MS, outboxDir, readOutbox } from '#server/mail/mailer.ts'
import { passwordResetMessage } from '#server/mail/messages.ts'

type LogCall = { level: string; fields: Record<string, unknown>; message: string }

function recordingLog() {
  const calls: LogCall[] = []
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => calls.push({ level, fields, message })
  const log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') }
  return { calls, log: log as never }
}

/** Just enough of an SMTP server to accept one message and keep what it received. */
async function fakeSmtpServer() {
  const received: string[] = []
  const server = net.createServer((socket) => {
    let inData = false
    let buffer = ''
    socket.write('220 fake ESMTP\r\n')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      let end: number
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            socket.write('250 OK queued\r\n')
          } else received.push(line)
          continue
        }
        const verb = line.split(' ')[0]?.toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n')
        else if (verb === 'DATA') {
          inData = true
          socket.write('354 go ahead\r\n')
        } else if (verb === 'QUIT') socket.end('221 bye\r\n')
        else socket.write('250 OK\r\n')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) }
}

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-mail-'))
  dirs.push(dir)
  return dir
}

const message = passwordResetMessage({
  to: 'rose@example.com',
  name: 'Rose <Otto>',
  link: 'http://localhost:3000/api/auth/reset-password/abc123?callbackURL=%2Freset-password',
  expiresInMinutes: 60,
})

describe('the mailer without SMTP_URL', () => {
  it('writes each message to the outbox and logs where to find its link', async () => {
    const dataDir = tempDir()
    const { calls, log } = recordingLog()
    const mailer = createMailer({ smtpUrl: null, mailFrom: 'Accord <no-reply@localhost>', dataDir }, log)
    await mailer.send(message)
    await mailer.send({ ...message, to: 'second@example.com' })

    const outbox = readOutbox(dataDir)
    expect(outbox.map((m) => m.to)).toEqual(['rose@example.com', 'second@example.com'])
    expect(outbox[0]).toMatchObject({
      from: 'Accord <no-reply@localhost>',
      subject: 'Reset your Accord password',
      link: message.link,
      createdAt: expect.any(String),
    })
    expect(outbox[0]?.text).toContain(message.link)
    expect(outbox[0]?.html).toContain('Rose &lt;Otto&gt;')
    expect(calls).toHaveLength(2)
    expect(calls[0]).toMatchObject({ level: 'info', fields: { to: 'rose@example.com', link: message.link } })
  })

  it('forgets the mail to an address whose account was deleted, whatever its case, and keeps the rest', async () => {
    const dataDir = tempDir()
    const mailer = createMailer({ smtpUrl: null, mailFrom: 'Accord <no-reply@localhost>', dataDir }, recordingLog().log)
    await mailer.send(message)
    await mailer.send({ ...message, to: 'second@example.com' })
    await mailer.send(message)
    expect(await mailer.forget('Rose@Example.com')).toBe(2)
    expect(readOutbox(dataDir).map((m) => m.to)).toEqual(['second@example.com'])
  })

  it('deletes messages older than 30 days as it writes new ones', async () => {
    const dataDir = tempDir()
    const old = { ...message, from: 'Accord <no-reply@localhost>', createdAt: new Date(Date.now() - OUTBOX_KEEP_MS - 60_000).toISOString() }
    fs.mkdirSync(outboxDir(dataDir), { recursive: true })
    fs.writeFileSync(path.join(outboxDir(dataDir), '2000-01-01-old.json'), JSON.stringify(old))
    const mailer = createMailer({ smtpUrl: null, mailFrom: 'Accord <no-reply@localhost>', dataDir }, recordingLog().log)
    await mailer.send({ ...message, to: 'fresh@example.com' })
    expect(readOutbox(dataDir).map((m) => m.to)).toEqual(['fresh@example.com'])
  })
})

describe('the mailer with SMTP_URL', () => {
  it('sends through the SMTP server and logs no link', async () => {
    const smtp = await fakeSmtpServer()
    const dataDir = tempDir()
    const { calls, log } = recordingLog()
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'Accord <accounts@accord.example>', dataDir }, log)
    try {
      await mailer.send(message)
    } finally {
      mailer.close()
      await smtp.close()
    }
    const raw = smtp.received.join('\n')
    expect(raw).toContain('To: rose@example.com')
    expect(raw).toContain('From: Accord <accounts@accord.example>')
    expect(raw).toContain('Subject: Reset your Accord password')
    expect(raw).toContain('reset-password/abc123')
    expect(readOutbox(dataDir)).toEqual([])
    expect(JSON.stringify(calls)).not.toContain('abc123')
    expect(calls[0]).toMatchObject({ level: 'info', message: 'mail sent' })
  })
})
