import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createDb, type Db } from '#server/db/db.ts'
import { createPgSchema } from '#tests/support/pg-schema.ts'
import { startBuiltServer, stopServer, type ServerProcess } from '#tests/support/server-process.ts'

/**
 * The built server (dist/server/main.js, started as `npm run serve` starts it) on each engine the
 * run has: SQLite always, PostgreSQL when TEST_DATABASE_URL is set (CI always sets it), each on a
 * fresh database (a schema of its own on PostgreSQL). The specs that speak for production
 * (tests/e2e/built-server*.spec.ts, issue #33) start one per engine through `serveBuilt`.
 */
export type BuiltEngine = {
  name: 'SQLite' | 'PostgreSQL'
  start: () => Promise<{ env: Record<string, string>; databaseUrl?: string; drop: () => Promise<void> }>
}

export const BUILT_ENGINES: BuiltEngine[] = [{ name: 'SQLite', start: async () => ({ env: {}, drop: async () => {} }) }]
const base = process.env.TEST_DATABASE_URL
if (base) {
  BUILT_ENGINES.push({
    name: 'PostgreSQL',
    start: async () => {
      const schema = await createPgSchema(base, 'e2e_built')
      return { env: { DATABASE_URL: schema.url }, databaseUrl: schema.url, drop: schema.drop }
    },
  })
}

export type BuiltServer = {
  url: string
  /** The server's database, opened beside it (to read what a request stored). */
  db: Db
  /** The server's log lines of a failed request (a 5xx logs its cause there; refusals log nothing at that level). */
  errors: () => string[]
  /** Closes the database, stops the server and drops its data. */
  stop: () => Promise<void>
}

/** The built server on a fresh database of `engine`, with `env` added to its environment. */
export async function serveBuilt(engine: BuiltEngine, env: Record<string, string> = {}): Promise<BuiltServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-e2e-built-'))
  const database = await engine.start()
  let server: ServerProcess | undefined
  let db: Db | undefined
  const stop = async () => {
    await db?.destroy()
    if (server) await stopServer(server)
    await database.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    server = await startBuiltServer(dataDir, { ...env, ...database.env })
    db = createDb(database.databaseUrl ?? path.join(dataDir, 'accord.db'))
    const logFile = server.logFile
    const errors = () =>
      fs
        .readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line) && line.includes('"msg":"request failed"'))
        .map((line) => line.slice(0, 2000))
    return { url: server.url, db, stop, errors }
  } catch (err) {
    await stop()
    throw err
  }
}
