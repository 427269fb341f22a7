import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const MIN_LENGTH = 32

/**
 * AUTH_SECRET when given; otherwise the secret kept in `${dataDir}/auth-secret`, generated on
 * first run (mode 0600) so sessions and the encrypted signing keys survive restarts.
 */
export function resolveAuthSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured
  const file = path.join(dataDir, 'auth-secret')
  const existing = readSecret(file)
  if (existing) return existing
  fs.mkdirSync(dataDir, { recursive: true })
  const generated = randomBytes(32).toString('base64url')
  // Written aside, then linked into place: link() fails if another process won the race, and
  // nobody ever reads a half-written file.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  fs.writeFileSync(temp, `${generated}\n`, { mode: 0o600 })
  try {
    fs.linkSync(temp, file)
    return generated
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    const winner = readSecret(file)
    if (!winner) throw new Error(`${file} is not a valid secret; delete it or set AUTH_SECRET`, { cause: err })
    return winner
  } finally {
    fs.rmSync(temp, { force: true })
  }
}

function readSecret(file: string): string | null {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8').trim()
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
  if (text.length < MIN_LENGTH) {
    throw new Error(`${file} holds fewer than ${MIN_LENGTH} characters; delete it to generate a new secret or set AUTH_SECRET`)
  }
  return text
}
