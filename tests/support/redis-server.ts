import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A Redis of the test's own on 127.0.0.1, never the machine's, that the test stops and starts. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  })
  const deadline = Date.now() + 5000
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end()
        resolve(true)
      })
      socket.on('error', () => resolve(false))
    })
    if (up) return child
    if (Date.now() > deadline) throw new Error('redis-server did not start')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export async function stopRedis(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}
