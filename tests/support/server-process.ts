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
 * Starts the built server (dist/server/main.js) on 127.0.0.1 and a free port and waits until it is
 * healthy. The server must know its address before it listens (PUBLIC_URL checks origins), so the
 * port is chosen here; should another process take it first, the server exits with EADDRINUSE and
 * is started again on another port.
 */
export async function startBuiltServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const logFile = path.join(dataDir, `server-${port}.log`)
    const log = fs.openSync(logFile, 'a')
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
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
      await waitForHealth(url, 20_000, child)
      return { url, child, logFile }
    } catch (err) {
      child.kill('SIGKILL')
      const output = fs.readFileSync(logFile, 'utf8')
      if (err instanceof ServerExited && output.includes('EADDRINUSE') && attempt < 3) continue
      throw new Error(`${(err as Error).message}\n${output}`)
    }
  }
}

export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)))
  server.child.kill(signal)
  return exited
}
