// npm run bench: builds, starts the built server (SQLite, then PostgreSQL when TEST_DATABASE_URL is
// set) and a bare Fastify route, loads the API with autocannon, scores pages with Lighthouse, reads
// the bundle sizes, and writes bench/results/latest.{json,md}. It measures; it never fails on a figure.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import {
  BARE_ENDPOINT,
  captureAnswer,
  endpointLabel,
  endpointsFor,
  registerSameBytes,
  sameBytesLabel,
  type Seeded,
  checkEndpoint,
  load,
  SEED_BLENDS,
  seedUserData,
  signUpBenchUser,
  withRatios,
  type BenchUser,
  type LoadOptions,
  type LoadResult,
} from './api.ts'
import { bundleSizes } from './bundles.ts'
import { checkInstallability } from './installability.ts'
import { renderMarkdown, type BenchResults, type EngineRun, type Machine } from './report.ts'
import { cleanupAll, createPostgresSchema, startAccord, startBare, type Server } from './servers.ts'
import { measureInteractions } from './interaction.ts'
import { measurePageWork, tracedPages } from './trace.ts'
import { PAGES, chromePath, checkRendering, medianRun, runLighthouse, type Preset, type WebPage, type WebResult } from './web.ts'

const HELP = `Usage: npm run bench -- [options]

  --duration <s>      seconds of load per endpoint and connection count (default 5)
  --warmup <s>        unrecorded seconds before each measurement (default 1)
  --connections <l>   comma-separated connection counts (default 10,50)
  --no-build          use the existing dist/ (built anyway when it is missing)
  --skip-api          no autocannon
  --skip-web          no Lighthouse, no installability check, no interactions
  --skip-interactions no INP of opening a blend, searching and saving a test entry
  --presets <l>       Lighthouse presets: mobile,desktop (default both)
  --lighthouse-runs <n>  Lighthouse runs per page and preset; the report shows the median run
                      by performance, and every run's score (default 3)
  --trace             also trace page loads on the phone profile (4x CPU, 412x823): every long
                      task over 15 s and the total blocking time, with 1,000 and 5,000 blends
  --trace-only        only the traces (and the bundle sizes): no API load, no Lighthouse
  --interactions-only only the interactions on the phone profile (--blends of them): no API load,
                      no Lighthouse, no traces
  --trace-blends <l>  blend counts for the traces, each on a fresh server (default 1000,5000)
  --trace-runs <n>    traces per page and count; the report shows the median (default 1)
  --trace-pages <l>   only these traced pages, e.g. "signed-in" or "/journal,/book" (a path
                      matches the page's path signed in and out; default every page)
  --blends <n>        blends to seed for the bench user, 3 test entries each (default 5000;
                      the targets are stated for 5,000, so fewer leaves them "not yet measurable")

Environment: TEST_DATABASE_URL=postgres://... adds an API pass on PostgreSQL (a fresh schema,
dropped afterwards); CHROME_PATH picks the Chromium (default /usr/bin/chromium).`

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '10,50' },
    'no-build': { type: 'boolean', default: false },
    'skip-api': { type: 'boolean', default: false },
    'skip-web': { type: 'boolean', default: false },
    'skip-interactions': { type: 'boolean', default: false },
    presets: { type: 'string', default: 'mobile,desktop' },
    'lighthouse-runs': { type: 'string', default: '3' },
    blends: { type: 'string', default: String(SEED_BLENDS) },
    trace: { type: 'boolean', default: false },
    'trace-only': { type: 'boolean', default: false },
    'interactions-only': { type: 'boolean', default: false },
    'trace-blends': { type: 'string', default: '1000,5000' },
    'trace-runs': { type: 'string', default: '1' },
    'trace-pages': { type: 'string', default: '' },
    help: { type: 'boolean', default: false },
  },
})
if (args.help) {
  console.log(HELP)
  process.exit(0)
}

const positive = (name: string, value: string, min = 1) => {
  const n = Number(value)
  const max = name === 'blends' || name === 'trace-blends' ? 100_000 : 600
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be a whole number from ${min} to ${max} (got "${value}")`)
  return n
}
const durationSeconds = positive('duration', args.duration)
const warmupSeconds = positive('warmup', args.warmup, 0)
const seedBlends = positive('blends', args.blends)
const traceBlends = args['trace-blends'].split(',').map((c) => positive('trace-blends', c.trim()))
const traceRuns = positive('trace-runs', args['trace-runs'])
const tracePages = tracedPages(args['trace-pages'])
const connections = args.connections.split(',').map((c) => positive('connections', c.trim()))
const presets = args.presets.split(',').map((p) => p.trim()) as Preset[]
if (presets.some((p) => p !== 'mobile' && p !== 'desktop')) throw new Error('--presets takes mobile and/or desktop')
const lighthouseRuns = Number(args['lighthouse-runs'])
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1) throw new Error('--lighthouse-runs takes a whole number of at least 1')

const RESULTS_DIR = path.join(import.meta.dirname, 'results')
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`)

function machine(): Machine {
  const quiet = (cmd: string, cmdArgs: string[]) => {
    try {
      // GIT_OPTIONAL_LOCKS=0: git status must not refresh the index of a tree others work in.
      const env = { ...process.env, GIT_OPTIONAL_LOCKS: '0' }
      return execFileSync(cmd, cmdArgs, { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null
    } catch {
      return null
    }
  }
  const lighthouse = JSON.parse(fs.readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }
  let chromium: string | null
  try {
    chromium = quiet(chromePath(), ['--version'])
  } catch {
    chromium = null
  }
  const commit = quiet('git', ['rev-parse', 'HEAD'])
  return {
    date: new Date().toISOString(),
    cores: Number(quiet('nproc', [])) || os.availableParallelism(),
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg()[0] ?? 0,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    chromium,
    lighthouse: lighthouse.version,
    // Read-only: which commit the figures belong to, and whether the build had local changes.
    commit,
    uncommittedChanges: commit ? quiet('git', ['status', '--porcelain', '--untracked-files=no']) !== null : null,
  }
}

function build() {
  const missing = !fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/client/.vite/manifest.json')
  if (args['no-build'] && !missing) return
  log('npm run build')
  const { status } = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' })
  if (status !== 0) throw new Error(`npm run build failed (exit ${status})`)
}

async function benchApi(app: Server, bare: Server, user: BenchUser, seeded: Seeded): Promise<LoadResult[]> {
  const ENDPOINTS = endpointsFor(seeded)
  for (const endpoint of ENDPOINTS) await checkEndpoint(app.baseUrl, endpoint, user.token)
  const rows: LoadResult[] = []
  for (const c of connections) {
    const options: LoadOptions = { connections: c, durationSeconds, warmupSeconds }
    // The ceiling is measured in the same pass, just before the endpoints it is compared with.
    log(`  bare route, ${c} connections`)
    rows.push(await load(bare.baseUrl, BARE_ENDPOINT, null, 'bare', options))
    for (const [i, endpoint] of ENDPOINTS.entries()) {
      let bodyBytes: number | null = null
      if (endpoint.sameBytes) {
        // Captured just before its load, so the bare route sends what the endpoint sends now.
        const answer = await captureAnswer(app.baseUrl, endpoint, user.token)
        if (answer.status !== 200) throw new Error(`${endpointLabel(endpoint)} answered ${answer.status} when captured`)
        bodyBytes = answer.body.length
        const bareRoute = await registerSameBytes(bare.baseUrl, `e${i}`, answer)
        log(`  bare route with the same ${bodyBytes} bytes as ${endpointLabel(endpoint)}, ${c} connections`)
        rows.push(await load(bare.baseUrl, bareRoute, null, 'same-bytes', options, { label: sameBytesLabel(endpoint), bodyBytes }))
      }
      log(`  ${endpointLabel(endpoint)}, ${c} connections`)
      rows.push(await load(app.baseUrl, endpoint, user.token, 'app', options, { bodyBytes }))
    }
  }
  return withRatios(rows)
}

/** A share link to one of the bench user's blends, so its public page gets a Lighthouse row. */
async function sharedPage(app: Server, user: BenchUser): Promise<WebPage> {
  const blends = (await (
    await fetch(`${app.baseUrl}/api/blends?limit=1`, { headers: { authorization: `Bearer ${user.token}` } })
  ).json()) as {
    items: { id: number }[]
  }
  const blend = blends.items[0]
  if (!blend) throw new Error('The bench user has no blend to share')
  const res = await fetch(`${app.baseUrl}/api/blends/${blend.id}/shares`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ includeNotes: true }),
  })
  if (res.status !== 201) throw new Error(`Sharing a blend answered ${res.status}: ${await res.text()}`)
  return { path: ((await res.json()) as { path: string }).path, signedIn: false, label: '/s/{token} (a share link)' }
}

async function benchWeb(app: Server, user: BenchUser): Promise<WebResult[]> {
  const pages = [...PAGES, await sharedPage(app, user)]
  const rendered = await checkRendering(app.baseUrl, pages, user.cookie)
  const out: WebResult[] = []
  for (const preset of presets) {
    for (const page of pages) {
      log(`  Lighthouse ${preset} ${page.path} (${page.signedIn ? 'session cookie' : 'signed out'}), ${lighthouseRuns} run(s)`)
      const runs = []
      for (let i = 0; i < lighthouseRuns; i++)
        runs.push(await runLighthouse(`${app.baseUrl}${page.path}`, preset, page.signedIn ? user.cookie : null))
      out.push({ page: page.label ?? page.path, signedIn: page.signedIn, ...medianRun(runs), rendered: rendered.get(page) ?? null })
    }
  }
  return out
}

async function engineRun(engine: EngineRun['engine'], bare: Server | null, results: BenchResults): Promise<void> {
  let schema: Awaited<ReturnType<typeof createPostgresSchema>> | null = null
  let app: Server | null = null
  try {
    if (engine === 'postgres') schema = await createPostgresSchema(process.env.TEST_DATABASE_URL as string)
    log(`starting Accord on ${engine}`)
    app = await startAccord(schema ? { databaseUrl: schema.url } : {})
    const user = await signUpBenchUser(app.baseUrl)
    log(`seeding ${seedBlends} blends and ${seedBlends * 3} test entries through the API`)
    const seeded = await seedUserData(app.baseUrl, user.token, seedBlends)
    if (bare) {
      log(`API on ${engine} (${durationSeconds} s per row)`)
      results.engines.push({ engine, seeded, api: await benchApi(app, bare, user, seeded) })
    }
    // Page loads do not depend on the engine: Lighthouse runs once, against the SQLite server.
    if (engine === 'sqlite' && !args['skip-web']) {
      log('Lighthouse')
      results.web = await benchWeb(app, user)
      log('  installability (Chromium over the DevTools protocol)')
      try {
        results.installability = await checkInstallability(app.baseUrl, user.cookie)
        if (!results.installability.installable) results.problems.push(`not installable: ${results.installability.errors.join('; ')}`)
      } catch (err) {
        results.problems.push(`installability: ${err instanceof Error ? err.message : String(err)}`)
      }
      if (!args['skip-interactions']) {
        log('  interactions: INP on the phone profile (4x CPU), 3 runs each')
        results.interactions = await measureInteractions(app.baseUrl, user.cookie)
        for (const r of results.interactions) if (r.error) results.problems.push(`interaction "${r.interaction}": ${r.error}`)
      }
      for (const r of results.web) {
        const which = `Lighthouse ${r.preset} ${r.page}${r.signedIn ? ' (signed in)' : ''}`
        if (r.errors.length > 0) results.problems.push(`${which}: ${r.errors.join('; ')}`)
      }
    }
  } catch (err) {
    results.problems.push(`${engine}: ${err instanceof Error ? err.message : String(err)}`)
    console.error(err)
  } finally {
    await app?.stop()
    await schema?.drop()
  }
}

async function main(): Promise<BenchResults> {
  build()
  const results: BenchResults = {
    machine: machine(),
    options: { durationSeconds, warmupSeconds, connections },
    engines: [],
    web: [],
    installability: null,
    interactions: [],
    bundles: null,
    traces: [],
    problems: [],
  }
  const traceOnly = args['trace-only']
  const bare = args['skip-api'] || traceOnly || args['interactions-only'] ? null : await startBare()
  try {
    if (traceOnly) return withBundles(await withTraces(results))
    if (args['interactions-only']) return await interactionsOnly(results)
    await engineRun('sqlite', bare, results)
    if (process.env.TEST_DATABASE_URL && bare) await engineRun('postgres', bare, results)
    else if (!process.env.TEST_DATABASE_URL) log('TEST_DATABASE_URL is not set: no PostgreSQL pass')
    if (args.trace) await withTraces(results)
  } finally {
    await bare?.stop()
  }
  return withBundles(results)
}

/** The interactions alone (bench/interaction.ts), on a SQLite server seeded with --blends blends. */
async function interactionsOnly(results: BenchResults): Promise<BenchResults> {
  const app = await startAccord()
  try {
    const user = await signUpBenchUser(app.baseUrl)
    log(`seeding ${seedBlends} blends and ${seedBlends * 3} test entries through the API`)
    await seedUserData(app.baseUrl, user.token, seedBlends)
    log('  interactions: INP on the phone profile (4x CPU), 3 runs each')
    results.interactions = await measureInteractions(app.baseUrl, user.cookie)
    for (const r of results.interactions) if (r.error) results.problems.push(`interaction "${r.interaction}": ${r.error}`)
  } catch (err) {
    results.problems.push(`interactions: ${err instanceof Error ? err.message : String(err)}`)
  } finally {
    await app.stop()
  }
  return results
}

/** Traces of the page loads (bench/trace.ts), each blend count on a server of its own. */
async function withTraces(results: BenchResults): Promise<BenchResults> {
  log(`traces on the phone profile: ${traceBlends.join(' and ')} blends, ${traceRuns} run(s) per page`)
  try {
    results.traces = await measurePageWork(traceBlends, traceRuns, results.problems, tracePages)
  } catch (err) {
    results.problems.push(`traces: ${err instanceof Error ? err.message : String(err)}`)
    console.error(err)
  }
  return results
}

function withBundles(results: BenchResults): BenchResults {
  try {
    results.bundles = bundleSizes()
  } catch (err) {
    results.problems.push(`bundle sizes: ${err instanceof Error ? err.message : String(err)}`)
  }
  return results
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping every server and browser`)
    void cleanupAll().finally(() => process.exit(130))
  })
}

const started = Date.now()
let exitCode = 0
try {
  const results = await main()
  fs.mkdirSync(RESULTS_DIR, { recursive: true })
  const markdown = renderMarkdown(results)
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`)
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.md'), markdown)
  console.log(`\n${markdown}`)
  log(`wrote bench/results/latest.json and latest.md in ${Math.round((Date.now() - started) / 1000)} s`)
  if (results.problems.length > 0) exitCode = 1
} catch (err) {
  console.error(err)
  exitCode = 1
} finally {
  await cleanupAll()
}
process.exit(exitCode)
