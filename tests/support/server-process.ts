import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/**
 * Waits until url answers its health check; fails at once, with the exit code, when the child
 * (if given) exits first, instead of polling a dead server until the timeout.
 */
export async function waitForHealth(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new ServerExited(child.exitCode, child.signalCode)
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`The server did not become healthy at ${url} within ${timeoutMs} ms`)
}

export class ServerExited extends Error {
  constructor(
    readonly code: number | null,
    readonly signal: NodeJS.Signals | null,
  ) {
    super(`The server exited (${signal ?? `code ${code}`}) before it became healthy`)
  }
}

export type ServerProcess = { url: string; child: ChildProcess; logFile: string }

/**
 * Waits until a server started with READY_FILE writes its address there (it listens on port 0 and
 * reads the port the system gave it), failing at once when the child exits first.
 */
export async function waitForReadyFile(file: string, child: ChildProcess, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new ServerExited(child.exitCode, child.signalCode)
    if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, 'utf8')) as { url: string }).url
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`The server wrote no address to ${file} within ${timeoutMs} ms`)
}

/**
 * Starts the built server (dist/server/main.js) on 127.0.0.1 and port 0, so the system picks a free
 * port with no race; the server writes the address it got to a ready file, and this waits until it
 * is healthy.
 */
export async function startBuiltServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  const logFile = path.join(dataDir, `server-${id}.log`)
  const readyFile = path.join(dataDir, `ready-${id}.json`)
  const log = fs.openSync(logFile, 'a')
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: '',
      READY_FILE: readyFile,
      DATABASE_URL: path.join(dataDir, 'accord.db'),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
      ...env,
    },
    stdio: ['ignore', log, log],
  })
  fs.closeSync(log)
  try {
    const url = await waitForReadyFile(readyFile, child, 20_000)
    await waitForHealth(url, 20_000, child)
    return { url, child, logFile }
  } catch (err) {
    child.kill('SIGKILL')
    throw new Error(`${(err as Error).message}\n${fs.readFileSync(logFile, 'utf8')}`, { cause: err })
  }
}

export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)))
  server.child.kill(signal)
  return exited
}
