import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`The server did not become healthy at ${url} within ${timeoutMs} ms`)
}

/**
 * Starts the built server (dist/) on 127.0.0.1 and a free port with a fresh SQLite
 * database, for every browser test; Playwright workers read E2E_BASE_URL.
 */
export default async function globalSetup() {
  if (!fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/client/index.html')) {
    throw new Error('The app is not built. Run "npm run build" first (npm test does it for you).')
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-e2e-'))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const logFile = path.join(dataDir, 'server.log')
  const log = fs.openSync(logFile, 'a')
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: path.join(dataDir, 'accord.db'),
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Journeys sign up many users from one address within a minute.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_EMAIL: '10000',
    },
    stdio: ['ignore', log, log],
  })
  process.env.E2E_BASE_URL = baseUrl
  process.env.E2E_DATA_DIR = dataDir
  try {
    await waitForHealth(baseUrl, 20_000)
  } catch (err) {
    server.kill('SIGKILL')
    console.error(fs.readFileSync(logFile, 'utf8'))
    throw err
  }
  return async () => {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
