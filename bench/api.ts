// The API half of the bench: autocannon against each endpoint of the table below, at each
// connection count, compared with the bare Fastify route measured in the same pass: its
// {"status":"ok"} route, and a route sending exactly the bytes the endpoint answered.
import http from 'node:http'
import autocannon from 'autocannon'

/** One endpoint under load. `auth` sends the bench user's bearer token. */
export type Endpoint = {
  method: 'GET' | 'POST'
  path: string
  auth: boolean
  /** JSON body sent with every request (POST endpoints). */
  body?: unknown
  /** Sent with every request, e.g. the Accept-Encoding a browser sends. */
  headers?: Record<string, string>
  /** Also load a bare route that sends the same bytes this endpoint answers (GET endpoints). */
  sameBytes?: boolean
}

/** How a row names an endpoint: method, path, and the encoding it asked for. */
export const endpointLabel = (e: Endpoint) =>
  `${e.method} ${e.path}${e.headers?.['accept-encoding'] ? ` (${e.headers['accept-encoding']})` : ''}`

export type Seeded = { blends: number; testEntries: number; versionId: number | null }

/** What the API bench measures, in order, for a user seeded by seedUserData. */
export function endpointsFor(seeded: Seeded): Endpoint[] {
  return [
    { method: 'GET', path: '/api/health', auth: false },
    // The catalog in every encoding a client may ask for: each is made once and then sent as it is.
    { method: 'GET', path: '/api/essential-oils', auth: false, sameBytes: true },
    { method: 'GET', path: '/api/essential-oils', auth: false, sameBytes: true, headers: { 'accept-encoding': 'gzip' } },
    { method: 'GET', path: '/api/essential-oils', auth: false, sameBytes: true, headers: { 'accept-encoding': 'br' } },
    { method: 'GET', path: '/api/me/summary', auth: true, sameBytes: true },
    { method: 'GET', path: '/api/blends', auth: true, sameBytes: true },
    { method: 'GET', path: '/api/blends?q=lavender', auth: true, sameBytes: true },
    { method: 'GET', path: '/api/blend-projects', auth: true, sameBytes: true },
    { method: 'GET', path: '/api/journal-entries', auth: true, sameBytes: true },
    ...(seeded.versionId === null
      ? []
      : [
          {
            method: 'POST' as const,
            path: '/api/journal-entries',
            auth: true,
            body: { versionId: seeded.versionId, notes: 'Bench test entry', rating: 4 },
          },
        ]),
  ]
}

/** The route of bench/bare-server.mjs. */
export const BARE_ENDPOINT: Endpoint = { method: 'GET', path: '/', auth: false }

export type LoadResult = {
  endpoint: string
  target: 'app' | 'bare' | 'same-bytes'
  connections: number
  durationSeconds: number
  requestsPerSecond: number
  latencyP50Ms: number
  latencyP99Ms: number
  requests: number
  /** Connection errors and timeouts. */
  errors: number
  non2xx: number
  /** This endpoint's requests/s over the bare route's at the same connection count (null for the bare route). */
  ratioToBare: number | null
  /** This endpoint's requests/s over the bare route sending its exact bytes, at the same connection count. */
  ratioToSameBytes: number | null
  /** Bytes of one answer as sent (compressed when the endpoint asked for an encoding); null for POST rows. */
  bodyBytes: number | null
}

export type BenchUser = { email: string; token: string; cookie: string }

/**
 * Signs up one user for the authenticated endpoints and the signed-in pages: the session cookie
 * from sign-up, and a bearer token from GET /api/auth/token (valid 15 minutes, longer than a run).
 */
export async function signUpBenchUser(baseUrl: string): Promise<BenchUser> {
  const email = `bench-${Date.now()}@example.com`
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: 'Bench User', email, password: 'bench-password-1' }),
  })
  if (!signUp.ok) throw new Error(`Sign-up answered ${signUp.status}: ${await signUp.text()}`)
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  if (!cookie.includes('session_token=')) throw new Error(`Sign-up set no session cookie (got "${cookie}")`)
  const tokenRes = await fetch(`${baseUrl}/api/auth/token`, { headers: { cookie } })
  if (!tokenRes.ok) throw new Error(`GET /api/auth/token answered ${tokenRes.status}: ${await tokenRes.text()}`)
  const { token } = (await tokenRes.json()) as { token: string }
  return { email, token, cookie }
}

/** The data the targets are stated for: 5,000 blends and 15,000 test entries for the bench user. */
export const SEED_BLENDS = 5_000
export const SEED_ENTRIES_PER_BLEND = 3

/** Runs `task` over `items` with at most `width` in flight. */
async function inParallel<T>(items: T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++] as T)
    }),
  )
}

/** Gives the bench user 5,000 blends (or `blends`) with 3 test entries each, through the public API. */
export async function seedUserData(baseUrl: string, token: string, blends = SEED_BLENDS): Promise<Seeded> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const oils = (await (await fetch(`${baseUrl}/api/essential-oils`)).json()) as { id: number; noteType: string[] }[]
  const of = (note: string) => oils.filter((o) => o.noteType.includes(note))
  const [tops, middles, bases] = [of('Top'), of('Middle'), of('Base')]
  const versionIds: number[] = []
  await inParallel(
    Array.from({ length: blends }, (_, i) => i),
    8,
    async (i) => {
      const res = await fetch(`${baseUrl}/api/blends`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: `Bench Blend ${i + 1}`,
          topNote: tops[i % tops.length]!.id,
          middleNote: middles[i % middles.length]!.id,
          baseNote: bases[i % bases.length]!.id,
          topPercentage: 30,
          middlePercentage: 50,
          basePercentage: 20,
          effects: ['Relaxing'],
          notes: 'Seeded for the benchmark',
        }),
      })
      if (res.status !== 201) throw new Error(`Seeding a blend answered ${res.status}: ${await res.text()}`)
      versionIds.push(((await res.json()) as { version: { id: number } }).version.id)
    },
  )
  const entries = versionIds.flatMap((id) => Array.from({ length: SEED_ENTRIES_PER_BLEND }, () => id))
  await inParallel(entries, 8, async (versionId) => {
    const res = await fetch(`${baseUrl}/api/journal-entries`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ versionId, notes: 'Seeded test', rating: 3 }),
    })
    if (res.status !== 201) throw new Error(`Seeding a test entry answered ${res.status}: ${await res.text()}`)
    await res.arrayBuffer()
  })
  return { blends: versionIds.length, testEntries: entries.length, versionId: versionIds[0] ?? null }
}

function requestOptions(baseUrl: string, endpoint: Endpoint, token: string | null) {
  const headers: Record<string, string> = {}
  if (endpoint.auth) {
    if (!token) throw new Error(`${endpoint.path} needs a bearer token`)
    headers.authorization = `Bearer ${token}`
  }
  if (endpoint.body !== undefined) headers['content-type'] = 'application/json'
  Object.assign(headers, endpoint.headers)
  return {
    url: `${baseUrl}${endpoint.path}`,
    method: endpoint.method,
    headers,
    ...(endpoint.body !== undefined ? { body: JSON.stringify(endpoint.body) } : {}),
  }
}

/** One request first, so a misconfigured endpoint fails the run loudly instead of benching a 401. */
export async function checkEndpoint(baseUrl: string, endpoint: Endpoint, token: string | null): Promise<void> {
  const { url, ...init } = requestOptions(baseUrl, endpoint, token)
  const res = await fetch(url, init)
  await res.arrayBuffer()
  if (!res.ok) throw new Error(`${endpoint.method} ${endpoint.path} answered ${res.status} before the bench`)
}

export type Answer = { status: number; contentType: string; contentEncoding: string | null; body: Buffer }

/** One answer exactly as sent: status, type, encoding and the raw (still compressed) bytes. */
export function captureAnswer(baseUrl: string, endpoint: Endpoint, token: string | null): Promise<Answer> {
  const { url, method, headers } = requestOptions(baseUrl, endpoint, token)
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? 'application/octet-stream'),
          contentEncoding: res.headers['content-encoding'] ?? null,
          body: Buffer.concat(chunks),
        }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** Gives the bare server an endpoint's answer to send; returns the bare route that sends it. */
export async function registerSameBytes(bareUrl: string, key: string, answer: Answer): Promise<Endpoint> {
  const res = await fetch(`${bareUrl}/bytes/${key}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      contentType: answer.contentType,
      contentEncoding: answer.contentEncoding,
      base64: answer.body.toString('base64'),
    }),
  })
  if (!res.ok) throw new Error(`The bare server did not take the bytes for ${key}: ${res.status}`)
  return { method: 'GET', path: `/bytes/${key}`, auth: false }
}

export type LoadOptions = { connections: number; durationSeconds: number; warmupSeconds: number }

export async function load(
  baseUrl: string,
  endpoint: Endpoint,
  token: string | null,
  target: LoadResult['target'],
  { connections, durationSeconds, warmupSeconds }: LoadOptions,
  names: { label?: string; bodyBytes?: number | null } = {},
): Promise<LoadResult> {
  const request = requestOptions(baseUrl, endpoint, token)
  // A short unrecorded run first: JIT, connection pools and caches reach their steady state.
  if (warmupSeconds > 0) await autocannon({ ...request, connections, duration: warmupSeconds })
  const result = await autocannon({ ...request, connections, duration: durationSeconds })
  return {
    endpoint: names.label ?? (target === 'bare' ? 'bare Fastify GET / ({"status":"ok"})' : endpointLabel(endpoint)),
    target,
    connections,
    durationSeconds: result.duration,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    ratioToBare: null,
    ratioToSameBytes: null,
    bodyBytes: names.bodyBytes ?? null,
  }
}

/** The row label of the bare route sending an endpoint's bytes. */
export const sameBytesLabel = (endpoint: Endpoint) => `bare Fastify, same bytes as ${endpointLabel(endpoint)}`

/** Fills ratioToBare from the bare route's row, and ratioToSameBytes from the same-bytes row, at the same connection count. */
export function withRatios(rows: LoadResult[]): LoadResult[] {
  const ratio = (row: LoadResult, to: LoadResult | undefined) =>
    to && to.requestsPerSecond > 0 ? row.requestsPerSecond / to.requestsPerSecond : null
  return rows.map((row) => {
    if (row.target !== 'app') return row
    const bare = rows.find((r) => r.target === 'bare' && r.connections === row.connections)
    const same = rows.find(
      (r) => r.target === 'same-bytes' && r.connections === row.connections && r.endpoint === `bare Fastify, same bytes as ${row.endpoint}`,
    )
    return { ...row, ratioToBare: ratio(row, bare), ratioToSameBytes: ratio(row, same) }
  })
}
