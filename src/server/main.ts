import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from '#server/app.ts'
import { createDb } from '#server/db/db.ts'
import { migrateToLatest } from '#server/db/migrate.ts'
import { seedOils } from '#server/db/seed/seed-oils.ts'
import { EnvError, loadConfig, loadDotEnv } from '#server/env.ts'

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

  const db = createDb(config.databaseUrl)
  await migrateToLatest(db)
  await seedOils(db)
  const app = await buildApp(config, { db })
  app.addHook('onClose', async () => db.destroy())
  // The API verifies bearer tokens from memory: load the identity service's signing keys now.
  await app.identity.verifier.refresh()

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting')
      process.exit(1)
    }, 10_000)
    force.unref()
    await app.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
  app.log.info(`Accord is running at ${config.publicUrl}`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
