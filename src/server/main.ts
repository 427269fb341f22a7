import fs from 'node:fs'
import type http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyBaseLogger } from 'fastify'
import { buildApp } from '#server/app.ts'
import { createDb, describeDbError } from '#server/db/db.ts'
import { DatabaseTooNewError, migrateToLatest } from '#server/db/migrate.ts'
import { seedOils } from '#server/db/seed/seed-oils.ts'
import { EnvError, loadConfig, loadDotEnv } from '#server/env.ts'

/**
 * After SIGTERM, how long an idle keep-alive connection may still bring a request: a client
 * answered a moment ago may be sending its next one on it, and closing it then cuts that off.
 */
const DRAIN_IDLE_GRACE_MS = 1_000
/** A shutdown taking longer than this is stuck: exit anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000

const connectionCount = (server: http.Server) =>
  new Promise<number>((resolve) => server.getConnections((err, count) => resolve(err ? 0 : count)))

/**
 * Stops taking connections and lets the open ones empty: the caller makes every answer close its
 * connection, and the ones still idle after DRAIN_IDLE_GRACE_MS are closed. Not http.Server#close,
 * which closes idle connections at once, racing the requests clients are sending on them.
 */
async function drain(server: http.Server): Promise<void> {
  if (!server.listening) return
  net.Server.prototype.close.call(server)
  const deadline = Date.now() + DRAIN_IDLE_GRACE_MS
  while (Date.now() < deadline && (await connectionCount(server)) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  // After the event loop's poll phase, so a request that has just arrived counts as in flight.
  await new Promise((resolve) => setImmediate(resolve))
  server.closeIdleConnections()
}

async function main() {
  loadDotEnv()
  let config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
  // Bundled to dist/server/main.js with the client built to dist/client; in development Vite serves the client.
  const here = path.dirname(fileURLToPath(import.meta.url))
  config.clientDir = config.nodeEnv === 'development' ? null : path.resolve(here, '../client')

  // A lost connection is logged and replaced, never fatal; through the app's logger once it exists.
  const logger: { app?: FastifyBaseLogger } = {}
  const db = createDb(config.databaseUrl, {
    onConnectionError: (err) => {
      if (logger.app) logger.app.warn({ db: describeDbError(err) }, 'database connection lost')
      else console.warn('database connection lost:', describeDbError(err))
    },
  })
  try {
    await migrateToLatest(db)
  } catch (err) {
    if (!(err instanceof DatabaseTooNewError)) throw err
    // A downgrade: say so plainly and touch nothing.
    console.error(err.message)
    await db.destroy()
    process.exit(1)
  }
  await seedOils(db)
  const app = await buildApp(config, { db })
  logger.app = app.log
  app.addHook('onClose', async () => db.destroy())
  let draining = false
  // From SIGTERM on, every answer closes its connection: keep-alive clients reconnect elsewhere.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close')
    done(null, payload)
  })
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    const force = setTimeout(() => {
      app.log.error(`shutdown took over ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting`)
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS)
    force.unref()
    draining = true
    await drain(app.server)
    // Waits for the requests still in flight, then closes the database (onClose hooks).
    await app.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  // A secret that cannot read the signing keys would serve a 500 to every token request while
  // reporting healthy: say so and stop before listening (decision 058).
  await app.identity.checkSecret()
  await app.listen({ port: config.port, host: config.host })
  const { port } = app.server.address() as net.AddressInfo
  // PORT=0 lets the system choose (the tests do): the address is known only now.
  if (config.port === 0 && config.publicUrlFromPort) config.publicUrl = `http://${config.host}:${port}`
  // The API verifies bearer tokens from memory: load the identity service's signing keys now.
  await app.identity.verifier.refresh()
  // Reminders that fell due while the server was down go out with the first poll (decision 038).
  app.reminders.start()
  if (config.readyFile) {
    // Written whole, then renamed: a launcher never reads half an address.
    fs.writeFileSync(`${config.readyFile}.tmp`, JSON.stringify({ url: config.publicUrl, port }))
    fs.renameSync(`${config.readyFile}.tmp`, config.readyFile)
  }
  app.log.info(`Accord is running at ${config.publicUrl}`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
