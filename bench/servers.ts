// Starts the servers a bench run measures, each on 127.0.0.1 and a free port, and stops them.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from '../tests/support/server-process.ts'

export type Server = { baseUrl: string; logFile: string; stop: () => Promise<void> }

/** Every child this process started, so an error or a signal still stops them all. */
const children = new Set<ChildProcess>()
const cleanups = new Set<() => Promise<void> | void>()

/** Registers work that must happen however the run ends (temp folders, Chrome, schemas). */
export function onCleanup(fn: () => Promise<void> | void): () => void {
  cleanups.add(fn)
  return () => cleanups.delete(fn)
}

/** Stops every child still running, then runs every registered cleanup (latest first). */
export async function cleanupAll(): Promise<void> {
  // Servers first: their data folders and schemas go once nothing holds them.
  await Promise.all([...children].map(stopChild))
  for (const fn of [...cleanups].reverse()) {
    cleanups.delete(fn)
    try {
      await fn()
    } catch (err) {
      console.error('cleanup failed:', err)
    }
  }
}

// Last resort when the process exits without reaching cleanupAll (e.g. process.exit in a library).
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL')
})

async function waitForUrl(url: string, child: ChildProcess, logFile: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode} before answering:\n${readLog(logFile)}`)
    }
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${readLog(logFile)}`)
}

const readLog = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').slice(-4000) : '(no log)')

/** SIGTERM (graceful), then SIGKILL after 5 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
  }
  children.delete(child)
}

async function startProcess(args: string[], env: NodeJS.ProcessEnv, readyPath: string, logFile: string, port: number) {
  const log = fs.openSync(logFile, 'a')
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', log, log] })
  fs.closeSync(log)
  children.add(child)
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitForUrl(`${baseUrl}${readyPath}`, child, logFile)
  } catch (err) {
    await stopChild(child)
    throw err
  }
  return { baseUrl, child }
}

/** A started server: stopping it stops the child, then removes what it left. */
function handle(baseUrl: string, logFile: string, child: ChildProcess, cleanUp: () => void): Server {
  return {
    baseUrl,
    logFile,
    stop: async () => {
      await stopChild(child)
      cleanUp()
    },
  }
}

export type AccordOptions = {
  /** A postgres:// URL (with ?schema=); a fresh SQLite file in the temp DATA_DIR otherwise. */
  databaseUrl?: string
}

/** The built server (dist/server/main.js) with a fresh DATA_DIR, warn-level logs and auth limits out of the way. */
export async function startAccord(options: AccordOptions = {}): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-bench-'))
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true })
  const unregister = onCleanup(removeDir)
  const port = await freePort()
  const logFile = path.join(dataDir, 'server.log')
  const { baseUrl, child } = await startProcess(
    ['dist/server/main.js'],
    {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: options.databaseUrl ?? path.join(dataDir, 'accord.db'),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // One bench user signs up; the limits stay high so repeated runs never meet them.
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
      // A production server refuses to start without the book's word; the bench never redeems.
      REDEEM_SECRET_WORD: process.env.REDEEM_SECRET_WORD ?? 'bench-word',
    },
    '/api/health',
    logFile,
    port,
  )
  return handle(baseUrl, logFile, child, () => {
    unregister()
    removeDir()
  })
}

/** Fastify with one route and nothing else: the ceiling the app's figures are compared with. */
export async function startBare(): Promise<Server> {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-bench-bare-'))
  const removeDir = () => fs.rmSync(logDir, { recursive: true, force: true })
  const unregister = onCleanup(removeDir)
  const port = await freePort()
  const logFile = path.join(logDir, 'server.log')
  const { baseUrl, child } = await startProcess(
    [path.join(import.meta.dirname, 'bare-server.mjs')],
    { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
    '/',
    logFile,
    port,
  )
  return handle(baseUrl, logFile, child, () => {
    unregister()
    removeDir()
  })
}

/** A fresh schema in the PostgreSQL database at baseUrl; the server reaches it through `?schema=`. */
export async function createPostgresSchema(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `bench_${randomBytes(6).toString('hex')}`
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: baseUrl })
    await client.connect()
    try {
      await client.query(text)
    } finally {
      await client.end()
    }
  }
  await query(`create schema ${schema}`)
  const url = new URL(baseUrl)
  url.searchParams.set('schema', schema)
  let dropped = false
  const drop = async () => {
    if (dropped) return
    dropped = true
    await query(`drop schema if exists ${schema} cascade`)
  }
  const unregister = onCleanup(drop)
  return {
    url: url.toString(),
    drop: async () => {
      unregister()
      await drop()
    },
  }
}
