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

/**
 * What the API bench measures, in order. Later issues add their endpoints here:
 * GET and POST /api/journal-entries with the journal (issue #6).
 */
export const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/health', auth: false },
  { method: 'GET', path: '/api/essential-oils', auth: false },
  { method: 'GET', path: '/api/blends', auth: true },
]

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

/**
 * Gives the bench user the data the targets are stated for. Nothing to store yet: blends arrive
 * with issue #5 (then: 1,000 blends for this user) and the journal with issue #6 (then: 3,000
 * test entries across those blends). Until then the authenticated lists are empty.
 */
export async function seedUserData(_baseUrl: string, _token: string): Promise<{ blends: number; testEntries: number }> {
  return { blends: 0, testEntries: 0 }
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
