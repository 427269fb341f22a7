import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * A value the server makes on its first start and keeps in a file under DATA_DIR (mode 0600): the
 * auth secret, the VAPID key pair. Several processes starting at once agree on one value: each
 * writes aside and links its file into place, link() fails for all but the first, and the others
 * read the winner's; nobody ever reads a half-written file.
 */
export function keepInDataDir<T>(
  dataDir: string,
  name: string,
  kind: {
    /** A new value and the file's text for it. */
    make: () => { value: T; text: string }
    /** The value in the file's text; throws with a message naming the file when it is not one. */
    read: (text: string, file: string) => T
  },
): T {
  const file = path.join(dataDir, name)
  const existing = readIfThere(file, kind.read)
  if (existing !== null) return existing
  fs.mkdirSync(dataDir, { recursive: true })
  const made = kind.make()
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  fs.writeFileSync(temp, made.text, { mode: 0o600 })
  try {
    fs.linkSync(temp, file)
    return made.value
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    const winner = readIfThere(file, kind.read)
    if (winner === null) throw new Error(`${file} vanished while another process was writing it; start again`, { cause: err })
    return winner
  } finally {
    fs.rmSync(temp, { force: true })
  }
}

function readIfThere<T>(file: string, read: (text: string, file: string) => T): T | null {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
  return read(text, file)
}
