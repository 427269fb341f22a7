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
      expect(acknowledged.filter((email) => !stored.has(email)), 'acknowledged but lost').toEqual([])
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
