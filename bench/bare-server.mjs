// The ceiling: Fastify with one route and no plugins, logging, hooks or database.
// Started as its own process by bench/run.ts so it never shares an event loop with the load generator.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/', async () => ({ status: 'ok' }))

const close = () => void app.close().then(() => process.exit(0))
process.on('SIGTERM', close)
process.on('SIGINT', close)

await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) })
