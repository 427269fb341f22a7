// The ceiling: Fastify with no plugins, logging, hooks or database. GET / answers {"status":"ok"};
// GET /bytes/:key answers exactly the bytes (and content type and encoding) that the bench captured
// from one of Accord's endpoints and registered with PUT /bytes/:key, so each endpoint is compared
// with a bare route that sends the same bytes.
// Started as its own process by bench/run.ts so it never shares an event loop with the load generator.
import Fastify from 'fastify'

const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 })
const bodies = new Map()

app.get('/', async () => ({ status: 'ok' }))
app.put('/bytes/:key', async (request) => {
  const { contentType, contentEncoding, base64 } = request.body
  bodies.set(request.params.key, { contentType, contentEncoding, body: Buffer.from(base64, 'base64') })
  return { stored: request.params.key }
})
app.get('/bytes/:key', async (request, reply) => {
  const stored = bodies.get(request.params.key)
  if (!stored) return reply.status(404).send({ error: 'unknown key' })
  reply.type(stored.contentType)
  if (stored.contentEncoding) reply.header('content-encoding', stored.contentEncoding)
  return reply.send(stored.body)
})

const close = () => void app.close().then(() => process.exit(0))
process.on('SIGTERM', close)
process.on('SIGINT', close)

await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) })
