// The API half of the bench: autocannon against each endpoint of the table below, at each
// connection count, compared with the bare Fastify route measured in the same pass.
import autocannon from 'autocannon'

/** One endpoint under load. `auth` sends the bench user's bearer token. */
export type Endpoint = {
  method: 'GET' | 'POST'
  path: string
  auth: boolean
  /** JSON body sent with every request (POST endpoints). */
  body?: unknown
}

export type Seeded = { blends: number; testEntries: number; versionId: number | null }

/** What the API bench measures, in order, for a user seeded by seedUserData. */
export function endpointsFor(seeded: Seeded): Endpoint[] {
  return [
    { method: 'GET', path: '/api/health', auth: false },
    { method: 'GET', path: '/api/essential-oils', auth: false },
    { method: 'GET', path: '/api/blends', auth: true },
    { method: 'GET', path: '/api/blends?q=lavender', auth: true },
    { method: 'GET', path: '/api/blend-projects', auth: true },
    { method: 'GET', path: '/api/journal-entries', auth: true },
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
  target: 'app' | 'bare'
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

/** The data the targets are stated for: 1,000 blends and 3,000 test entries for the bench user. */
export const SEED_BLENDS = 1_000
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

/** Gives the bench user 1,000 blends with 3 test entries each, through the public API. */
export async function seedUserData(baseUrl: string, token: string): Promise<Seeded> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const oils = (await (await fetch(`${baseUrl}/api/essential-oils`)).json()) as { id: number; noteType: string[] }[]
  const of = (note: string) => oils.filter((o) => o.noteType.includes(note))
  const [tops, middles, bases] = [of('Top'), of('Middle'), of('Base')]
  const versionIds: number[] = []
  await inParallel(
    Array.from({ length: SEED_BLENDS }, (_, i) => i),
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

export type LoadOptions = { connections: number; durationSeconds: number; warmupSeconds: number }

export async function load(
  baseUrl: string,
  endpoint: Endpoint,
  token: string | null,
  target: 'app' | 'bare',
  { connections, durationSeconds, warmupSeconds }: LoadOptions,
): Promise<LoadResult> {
  const request = requestOptions(baseUrl, endpoint, token)
  // A short unrecorded run first: JIT, connection pools and caches reach their steady state.
  if (warmupSeconds > 0) await autocannon({ ...request, connections, duration: warmupSeconds })
  const result = await autocannon({ ...request, connections, duration: durationSeconds })
  return {
    endpoint: target === 'bare' ? 'bare Fastify GET /' : `${endpoint.method} ${endpoint.path}`,
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
  }
}

/** Fills ratioToBare from the bare route's row at the same connection count. */
export function withRatios(rows: LoadResult[]): LoadResult[] {
  return rows.map((row) => {
    if (row.target === 'bare') return row
    const bare = rows.find((r) => r.target === 'bare' && r.connections === row.connections)
    return { ...row, ratioToBare: bare && bare.requestsPerSecond > 0 ? row.requestsPerSecond / bare.requestsPerSecond : null }
  })
}
