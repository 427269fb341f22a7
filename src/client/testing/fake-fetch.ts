import { vi } from 'vitest'

export interface FetchCall {
  method: string
  path: string
  headers: Headers
  body: unknown
}

type Reply = Response | ((call: FetchCall) => Response | Promise<Response>)

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A JWT-shaped token (only its payload is read by the client) that expires in `seconds`. */
export function fakeJwt(name: string, seconds = 900): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '')
  return `${part({ alg: 'none' })}.${part({ sub: name, exp: Math.floor(Date.now() / 1000) + seconds })}.sig`
}

/**
 * Replaces global fetch with answers keyed by "METHOD /path". A key may hold a list of replies,
 * used in turn (the last one repeats). An unknown request fails the test loudly.
 */
export function fakeFetch(routes: Record<string, Reply | Reply[]>) {
  const calls: FetchCall[] = []
  const served = new Map<string, number>()
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const call: FetchCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }
    calls.push(call)
    const key = `${call.method} ${call.path}`
    const route = routes[key]
    if (!route) throw new Error(`Unexpected request: ${key}`)
    const list = Array.isArray(route) ? route : [route]
    const index = Math.min(served.get(key) ?? 0, list.length - 1)
    served.set(key, (served.get(key) ?? 0) + 1)
    const reply = list[index]!
    return typeof reply === 'function' ? reply(call) : reply.clone()
  })
  vi.stubGlobal('fetch', fetchMock)
  return { calls, fetchMock, callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) }
}
