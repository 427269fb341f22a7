import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { httpTarget } from '#tests/support/api-target.ts'

/**
 * The HTTP target the built-server specs send through (tests/e2e/built-server-contract.spec.ts):
 * an answer given before the body is read is the answer, whatever the socket says after it, and a
 * request that truly fails says which request it was. Against small servers written on node:net,
 * so each behaves exactly as a test needs (issue 33: a hostile-input run on PostgreSQL failed once
 * with no word of which case).
 */

type Behaviour = (socket: net.Socket, head: string) => void
let servers: net.Server[] = []

/** A server that calls `behaviour` once a request's head (request line and headers) has arrived. */
async function serve(behaviour: Behaviour): Promise<string> {
  const server = net.createServer((socket) => {
    let received = ''
    let answered = false
    socket.on('error', () => {})
    socket.on('data', (chunk) => {
      if (answered) return
      received += chunk.toString('latin1')
      const end = received.indexOf('\r\n\r\n')
      if (end === -1) return
      answered = true
      // Like a server that answers from the head alone: the body is left unread.
      socket.pause()
      behaviour(socket, received.slice(0, end))
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`
}

const REFUSAL = '{"error":{"code":"PAYLOAD_TOO_LARGE","message":"too large"}}'
const refusal = `HTTP/1.1 413 Payload Too Large\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: ${REFUSAL.length}\r\n\r\n${REFUSAL}`

/**
 * As a server does with a body it refuses by its Content-Length: the answer, then the connection
 * closes with the body unread, which resets it (the reset can drop the answer before the client reads it).
 */
const refuseAndClose: Behaviour = (socket) => {
  socket.write(refusal, () => socket.destroy())
}

afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  servers = []
})

describe('the HTTP target of the built-server specs', () => {
  it.each([
    ['a body it holds back (1 MB)', 1024 * 1024],
    ['a body it sends at once (32 kB)', 32 * 1024],
  ])('reads an answer the server gives before reading %s and closes, as the answer', async (_, size) => {
    const target = httpTarget(await serve(refuseAndClose))
    try {
      for (let i = 0; i < 5; i++) {
        const res = await target.send({ method: 'POST', url: '/api/blends', payload: { name: 'x'.repeat(size) } })
        expect(res.statusCode).toBe(413)
        expect(res.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'too large' } })
      }
    } finally {
      target.close()
    }
  })

  it('reads the answer of a server slower to refuse than the target waits, while the body is on its way', async () => {
    // The refusal comes after the target's short hold: the body is streaming as the connection closes.
    const target = httpTarget(await serve((socket) => setTimeout(() => refuseAndClose(socket, ''), 300)))
    try {
      for (let i = 0; i < 5; i++) {
        const res = await target.send({ method: 'POST', url: '/api/blends', payload: { name: 'x'.repeat(32 * 1024 * 1024) } })
        expect(res.statusCode).toBe(413)
      }
    } finally {
      target.close()
    }
  })

  it('sends a request again, its large body held back, when its answer was lost as the body went', async () => {
    let connections = 0
    const target = httpTarget(
      await serve((socket) => {
        connections += 1
        // The first answer is lost: the connection resets once the body comes (as EPIPE loses it).
        if (connections === 1) setTimeout(() => socket.resetAndDestroy(), 300)
        else refuseAndClose(socket, '')
      }),
    )
    try {
      const res = await target.send({ method: 'POST', url: '/api/blends', payload: { name: 'x'.repeat(1024 * 1024) } })
      expect(res.statusCode).toBe(413)
      expect(connections).toBe(2)
    } finally {
      target.close()
    }
  })

  it('takes a complete answer followed by a reset as the answer', async () => {
    const target = httpTarget(
      await serve((socket) => {
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}', () => socket.resetAndDestroy())
      }),
    )
    try {
      const res = await target.send({ method: 'GET', url: '/api/health' })
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe('{}')
    } finally {
      target.close()
    }
  })

  it('refuses an answer cut short, naming the request', async () => {
    const target = httpTarget(
      await serve((socket) => {
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"half":', () => socket.destroy())
      }),
    )
    try {
      await expect(target.send({ method: 'GET', url: '/api/blends?limit=5' })).rejects.toThrow(
        /^GET \/api\/blends\?limit=5 \(a body of 0 bytes\): the connection closed in the answer's body \(status 200\)/,
      )
    } finally {
      target.close()
    }
  })

  it('sends once more a request whose connection was reset before any answer, and names it when that fails too', async () => {
    let requests = 0
    const target = httpTarget(
      await serve((socket) => {
        requests += 1
        socket.resetAndDestroy()
      }),
    )
    try {
      await expect(target.send({ method: 'POST', url: '/api/journal-entries', payload: { versionId: 1 } })).rejects.toThrow(
        /^POST \/api\/journal-entries \(a body of 15 bytes\): ECONNRESET before any answer.*; sent once more after: POST \/api\/journal-entries/,
      )
      expect(requests).toBe(2)
    } finally {
      target.close()
    }
  })
})
