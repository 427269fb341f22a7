import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { resolveVapidKeys } from '#server/reminders/vapid-keys.ts'

const dirs: string[] = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-vapid-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('resolveVapidKeys', () => {
  it('uses the configured pair and writes nothing', () => {
    const dir = tempDir()
    expect(resolveVapidKeys({ publicKey: 'pub', privateKey: 'priv' }, dir)).toEqual({ publicKey: 'pub', privateKey: 'priv' })
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('generates a pair on first start, readable by the server user only, and keeps it across restarts', () => {
    const dir = path.join(tempDir(), 'data')
    const first = resolveVapidKeys(null, dir)
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/)
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    const file = path.join(dir, 'vapid-keys.json')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(resolveVapidKeys(null, dir)).toEqual(first)
    expect(fs.readdirSync(dir)).toEqual(['vapid-keys.json'])
  })

  it('refuses a file that holds no key pair, naming it and the settings to use instead', () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'vapid-keys.json'), '{"publicKey": 1}')
    expect(() => resolveVapidKeys(null, dir)).toThrow(/vapid-keys\.json is not a VAPID key pair.*VAPID_PUBLIC_KEY/)
  })
})
