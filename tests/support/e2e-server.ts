import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { OAuth2Server } from 'oauth2-mock-server'
import { waitForHealth, waitForReadyFile } from './server-process.ts'

/** How often the browser re-checks its session in these tests (2 minutes in real use). */
export const E2E_SESSION_CHECK_INTERVAL_MS = 1500

/**
 * A local OpenID provider standing in for Google (the same OAuth/OIDC code path). It signs in
 * whoever the authorization request names in `login_hint` (a test picks its own account, as a
 * person would on Google's account chooser), else one person per run: E2E_GOOGLE_EMAIL.
 */
async function startOpenIdProvider() {
  const provider = new OAuth2Server()
  await provider.issuer.keys.generate('RS256')
  await provider.start(0, '127.0.0.1')
  const email = `google-${randomBytes(4).toString('hex')}@example.com`
  const accountByCode = new Map<string, string>()
  provider.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: { query: Record<string, unknown> }) => {
    const code = redirect.url.searchParams.get('code')
    if (code && typeof req.query.login_hint === 'string') accountByCode.set(code, req.query.login_hint)
  })
  provider.service.on('beforeTokenSigning', (token, req) => {
    const code = (req as { body?: { code?: unknown } }).body?.code
    const account = (typeof code === 'string' && accountByCode.get(code)) || email
    // `sub` identifies the Google account: one per address.
    Object.assign(token.payload, { sub: `google-${account}`, email: account, email_verified: true, name: 'Gia Google' })
  })
  return { provider, email, discoveryUrl: `${provider.issuer.url}/.well-known/openid-configuration` }
}

/**
 * Starts a local OpenID provider, then the built server (dist/) on 127.0.0.1 and a free port with
 * a fresh SQLite database, for every browser test; Playwright workers read E2E_BASE_URL,
 * E2E_DATA_DIR (the mail outbox) and E2E_GOOGLE_EMAIL.
 */
export default async function globalSetup() {
  if (!fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/client/index.html')) {
    throw new Error('The app is not built. Run "npm run build" first (npm test does it for you).')
  }
  const google = await startOpenIdProvider()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-e2e-'))
  const readyFile = path.join(dataDir, 'ready.json')
  const logFile = path.join(dataDir, 'server.log')
  const log = fs.openSync(logFile, 'a')
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      // Port 0: the system picks a free port; the server writes its address to READY_FILE.
      PORT: '0',
      PUBLIC_URL: '',
      READY_FILE: readyFile,
      DATABASE_URL: path.join(dataDir, 'accord.db'),
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Journeys sign up many users from one address within a minute.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_EMAIL: '10000',
      SESSION_CHECK_INTERVAL_MS: String(E2E_SESSION_CHECK_INTERVAL_MS),
      // The reader discount: tests/e2e/redeem.spec.ts types this word; many claims come from one address.
      REDEEM_SECRET_WORD: 'lavender',
      REDEEM_RATE_LIMIT_PER_IP: '10000',
      // Reminders (tests/e2e/reminders.spec.ts): a maturation that ended is mailed within a second.
      REMINDER_POLL_SECONDS: '1',
      GOOGLE_CLIENT_ID: 'accord-e2e-client',
      GOOGLE_CLIENT_SECRET: 'accord-e2e-secret',
      GOOGLE_DISCOVERY_URL: google.discoveryUrl,
    },
    stdio: ['ignore', log, log],
  })
  try {
    const baseUrl = await waitForReadyFile(readyFile, server, 20_000)
    process.env.E2E_BASE_URL = baseUrl
    process.env.E2E_DATA_DIR = dataDir
    process.env.E2E_GOOGLE_EMAIL = google.email
    await waitForHealth(baseUrl, 20_000, server)
  } catch (err) {
    server.kill('SIGKILL')
    await google.provider.stop()
    console.error(fs.readFileSync(logFile, 'utf8'))
    throw err
  }
  return async () => {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    await google.provider.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
