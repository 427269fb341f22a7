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

export async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`The server did not become healthy at ${url} within ${timeoutMs} ms`)
}

export type ServerProcess = { url: string; child: ChildProcess; logFile: string }

/** Starts the built server (dist/server/main.js) on 127.0.0.1 and a free port and waits until it is healthy. */
export async function startBuiltServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
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
  try {
    await waitForHealth(url, 20_000)
  } catch (err) {
    child.kill('SIGKILL')
    throw new Error(`${(err as Error).message}\n${fs.readFileSync(logFile, 'utf8')}`)
  }
  return { url, child, logFile }
}

export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)))
  server.child.kill(signal)
  return exited
}
