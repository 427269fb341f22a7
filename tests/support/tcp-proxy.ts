import net from 'node:net'

/**
 * A TCP proxy on 127.0.0.1 for database fault tests: it forwards to target, and can drop every
 * connection and stop listening (the database went away), listen again on the same port (it came
 * back), or freeze (a network partition: connections stay open, nothing flows either way).
 */
export type TcpProxy = {
  port: number
  /** Destroys every connection through the proxy and stops listening: connecting is refused. */
  kill: () => Promise<void>
  /** Listens again on the same port (if it stopped) and forwards new connections. */
  restore: () => Promise<void>
  /** Open connections stop passing data and new ones are accepted but never answered. */
  freeze: () => void
  /** Open connections pass their held data on; new ones are forwarded again. */
  thaw: () => void
  /**
   * Resolves once `count` things wait at the frozen proxy: a message a client sent on an open
   * connection, or a new connection. A test waits for its requests to reach the database with
   * this, rather than for a while.
   */
  whenHeld: (count: number) => Promise<void>
  close: () => Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  const upstreams = new Set<net.Socket>()
  const held: net.Socket[] = []
  /** What clients sent on open connections while frozen, passed on in order by thaw. */
  let heldWrites: { upstream: net.Socket; chunk: Buffer }[] = []
  let frozen = false
  const waiters = new Set<{ count: number; resolve: () => void }>()
  const heldCount = () => held.length + heldWrites.length
  const notify = () => {
    for (const waiter of waiters) {
      if (heldCount() >= waiter.count) {
        waiters.delete(waiter)
        waiter.resolve()
      }
    }
  }

  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    // The other side going away is part of these tests, not a failure of the proxy.
    socket.on('error', () => {})
  }
  const forward = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host)
    track(upstream)
    upstreams.add(upstream)
    upstream.on('close', () => upstreams.delete(upstream))
    // Client to database by hand: a frozen proxy still reads what a client sends, and holds it.
    client.on('data', (chunk: Buffer) => {
      if (!frozen) return void upstream.write(chunk)
      heldWrites.push({ upstream, chunk })
      notify()
    })
    client.on('end', () => upstream.end())
    upstream.pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  }
  const onConnection = (client: net.Socket) => {
    track(client)
    if (frozen) {
      client.pause()
      held.push(client)
      notify()
    } else {
      forward(client)
    }
  }

  let server = net.createServer(onConnection)
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port))
    })
  const port = await listen(0)

  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()))
  const kill = async () => {
    const closed = stopListening()
    for (const socket of sockets) socket.destroy()
    held.length = 0
    heldWrites = []
    await closed
  }

  return {
    port,
    kill,
    restore: async () => {
      if (server.listening) return
      server = net.createServer(onConnection)
      await listen(port)
    },
    freeze: () => {
      frozen = true
      // Nothing comes back; what clients send is held as it arrives (forward).
      for (const socket of upstreams) socket.pause()
    },
    thaw: () => {
      frozen = false
      for (const { upstream, chunk } of heldWrites.splice(0)) if (!upstream.destroyed) upstream.write(chunk)
      for (const socket of upstreams) socket.resume()
      for (const client of held.splice(0)) if (!client.destroyed) forward(client)
    },
    whenHeld: (count) =>
      new Promise<void>((resolve) => {
        waiters.add({ count, resolve })
        notify()
      }),
    close: kill,
  }
}

/** A TCP server that accepts connections and never says a word: a database that hangs. */
export async function startBlackHole(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
