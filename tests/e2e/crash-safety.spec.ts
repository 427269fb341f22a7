import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { expect, test } from '@playwright/test'
import { startBuiltServer, stopServer } from '../support/server-process.ts'

/**
 * Crash safety on SQLite: a stream of writes, SIGKILL in the middle, restart. Every write the
 * server acknowledged must be there, and the database must pass its integrity check.
 */
test('no acknowledged write is lost when the server is killed mid-stream', async () => {
  test.setTimeout(90_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-crash-'))
  try {
    const server = await startBuiltServer(dataDir)
    const acknowledged: string[] = []
    let stop = false
    let n = 0
    // Sign-ups are the writes: each acknowledged one is a user row (and a session row).
    const writer = async () => {
      while (!stop) {
        const email = `crash${n++}@example.com`
        try {
          const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: server.url },
            body: JSON.stringify({ name: 'Crash Test', email, password: 'long enough password' }),
          })
          if (res.ok) acknowledged.push(email)
        } catch {
          // The connection died with the process: this write was never acknowledged.
        }
      }
    }
    const writers = Array.from({ length: 6 }, writer)
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(40)
    await stopServer(server, 'SIGKILL')
    stop = true
    await Promise.all(writers)
    expect(acknowledged.length).toBeGreaterThan(40)

    const file = path.join(dataDir, 'accord.db')
    const db = new SQLite(file)
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      const stored = new Set(db.prepare('select email from "user"').pluck().all() as string[])
      expect(
        acknowledged.filter((email) => !stored.has(email)),
        'acknowledged but lost',
      ).toEqual([])
    } finally {
      db.close()
    }

    // And the server comes back on the same file and signs one of them in.
    const again = await startBuiltServer(dataDir)
    try {
      const res = await fetch(`${again.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: again.url },
        body: JSON.stringify({ email: acknowledged.at(-1), password: 'long enough password' }),
      })
      expect(res.status).toBe(200)
    } finally {
      await stopServer(again)
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})

/**
 * The same for the maker's own writes: blends and test entries saved in a stream, SIGKILL in the
 * middle. Every blend and entry the server acknowledged is in the file after the crash.
 */
test('no acknowledged blend or test entry is lost when the server is killed mid-stream', async () => {
  test.setTimeout(90_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-crash-'))
  try {
    const server = await startBuiltServer(dataDir)
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ name: 'Crash Maker', email: 'crash-maker@example.com', password: 'long enough password' }),
    })
    expect(signUp.status).toBe(200)
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';', 1)[0])
      .join('; ')
    const { token } = (await (await fetch(`${server.url}/api/auth/token`, { headers: { cookie } })).json()) as { token: string }
    const oils = (await (await fetch(`${server.url}/api/essential-oils`)).json()) as { id: number; name: string }[]
    const oil = (name: string) => oils.find((o) => o.name === name)!.id
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
    const post = (url: string, body: object) => fetch(`${server.url}${url}`, { method: 'POST', headers, body: JSON.stringify(body) })

    const blends: string[] = []
    const entries: number[] = []
    let stop = false
    let n = 0
    const writer = async () => {
      while (!stop) {
        const name = `Crash Blend ${n++}`
        try {
          const res = await post('/api/blends', {
            name,
            topNote: oil('Bergamot'),
            middleNote: oil('Lavender'),
            baseNote: oil('Atlas Cedarwood'),
            topPercentage: 30,
            middlePercentage: 50,
            basePercentage: 20,
          })
          if (!res.ok) continue
          blends.push(name)
          const { version } = (await res.json()) as { version: { id: number } }
          const entry = await post('/api/journal-entries', { versionId: version.id, rating: 4, notes: `Test of ${name}` })
          if (entry.ok) entries.push(((await entry.json()) as { id: number }).id)
        } catch {
          // The connection died with the process: this write was never acknowledged.
        }
      }
    }
    const writers = Array.from({ length: 4 }, writer)
    await expect.poll(() => entries.length, { timeout: 30_000 }).toBeGreaterThan(30)
    await stopServer(server, 'SIGKILL')
    stop = true
    await Promise.all(writers)

    const db = new SQLite(path.join(dataDir, 'accord.db'))
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      const storedBlends = new Set(db.prepare('select name from blend_projects').pluck().all() as string[])
      expect(
        blends.filter((name) => !storedBlends.has(name)),
        'acknowledged blends lost',
      ).toEqual([])
      const storedEntries = new Set(db.prepare('select id from journal_entries').pluck().all() as number[])
      expect(
        entries.filter((id) => !storedEntries.has(id)),
        'acknowledged entries lost',
      ).toEqual([])
      // Every stored version still belongs to a stored blend.
      expect(
        db
          .prepare('select count(*) from blend_versions v left join blend_projects p on p.id = v.project_id where p.id is null')
          .pluck()
          .get(),
      ).toBe(0)
    } finally {
      db.close()
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
