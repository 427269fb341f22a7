// Renders a bench run as the markdown table copied into docs/quality.md.
import type { LoadResult } from './api.ts'
import type { BundleSizes } from './bundles.ts'
import { traceTable, type TraceResult } from './trace.ts'
import type { Installability } from './installability.ts'
import type { InteractionResult } from './interaction.ts'
import type { WebResult } from './web.ts'

export type Machine = {
  date: string
  cores: number
  cpu: string
  memoryGb: number
  /** 1-minute load average when the run started: other work on the machine skews every figure. */
  loadAverage: number
  os: string
  node: string
  chromium: string | null
  lighthouse: string
  commit: string | null
  /** The working tree had uncommitted changes when the app was built. */
  uncommittedChanges: boolean | null
}

export type EngineRun = {
  engine: 'sqlite' | 'postgres'
  seeded: { blends: number; testEntries: number }
  api: LoadResult[]
}

export type BenchResults = {
  machine: Machine
  options: { durationSeconds: number; warmupSeconds: number; connections: number[] }
  engines: EngineRun[]
  web: WebResult[]
  /** Lighthouse 12 has no PWA category: Chromium's own install check (bench/installability.ts). */
  installability: Installability | null
  /** INP of the journal's busiest interactions on the phone profile (bench/interaction.ts). */
  interactions: InteractionResult[]
  bundles: BundleSizes | null
  /** Long tasks of page loads on the phone profile, from a trace (bench/trace.ts, issue 34). */
  traces: TraceResult[]
  problems: string[]
}

/** The stated targets (docs/quality.md). */
export const TARGETS = {
  /** The data the targets are stated for. */
  seededBlends: 5_000,
  authListConnections: 50,
  authListP99Ms: 20,
  /** Of a bare Fastify route sending the same bytes, for the journal's list (first page and a search). */
  authListRatio: 0.35,
  /** Of a bare Fastify route sending the same bytes, for the catalog in every encoding. */
  catalogRatio: 0.5,
  /** API JSON a signed-in page loads: Home, and the journal's first page. */
  apiJsonBytes: { '/': 10 * 1024, '/journal': 50 * 1024 } as Record<string, number>,
  /** For the prerendered public pages; /review-book and /redeem are measured without a target. */
  publicMobilePerformance: 100,
  publicTargetPages: ['/', '/book'],
  /** A share link's page, rendered by the server. */
  sharedPageMobilePerformance: 95,
  signedInMobilePerformance: 95,
  signedInTbtMs: 200,
  cls: 0.02,
  /** Opening a blend, typing a search, saving a test entry: on the phone profile, 5,000 blends. */
  interactionInpMs: 100,
}

const fixed = (n: number | null, digits = 0) => (n === null || Number.isNaN(n) ? '–' : n.toFixed(digits))
const int = (n: number) => Math.round(n).toLocaleString('en-US')
const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const percent = (ratio: number | null) => (ratio === null ? '–' : `${Math.round(ratio * 100)}%`)

function apiTable(rows: LoadResult[]): string[] {
  return [
    '| endpoint | connections | bytes | req/s | p50 ms | p99 ms | errors | non-2xx | vs bare `{"status":"ok"}` | vs bare, same bytes |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.endpoint} | ${r.connections} | ${r.bodyBytes === null ? '–' : int(r.bodyBytes)} | ${int(r.requestsPerSecond)} | ${fixed(r.latencyP50Ms)} | ${fixed(r.latencyP99Ms)} | ${r.errors} | ${r.non2xx} | ${percent(r.ratioToBare)} | ${percent(r.ratioToSameBytes)} |`,
    ),
  ]
}

function apiJsonTable(rows: WebResult[]): string[] {
  const seen = new Set<string>()
  const pages = rows.filter((r) => r.signedIn && r.rendered && !seen.has(r.page) && seen.add(r.page))
  return [
    '| page | API JSON kB | requests |',
    '| --- | ---: | --- |',
    ...pages.map((r) => {
      const json = r.rendered!.apiJson
      return `| ${r.page} | ${kb(json.bytes)} | ${json.requests.map((q) => `${q.path} ${kb(q.bytes)} kB`).join(', ')} |`
    }),
  ]
}

function rendered(r: WebResult): string {
  if (!r.rendered) return '?'
  if (r.rendered.landing) return r.signedIn ? 'landing (cookie not honoured)' : 'landing'
  if (r.rendered.h1) return `“${r.rendered.h1}”`
  return r.rendered.status ? `no h1, only “${r.rendered.status}”` : `no h1 (title “${r.rendered.title}”)`
}

function webTable(rows: WebResult[]): string[] {
  return [
    '| page | session | preset | performance (median) | every run | accessibility | best practices | LCP ms | TBT ms | CLS | CPU benchmark | rendered |',
    '| --- | --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.signedIn ? 'cookie' : 'signed out'} | ${r.preset} | ${fixed(r.performance)} | ${(r.runScores ?? [r.performance]).map((score) => fixed(score)).join(', ')} | ${fixed(r.accessibility)} | ${fixed(r.bestPractices)} | ${fixed(r.lcpMs)} | ${fixed(r.tbtMs)} | ${fixed(r.cls, 3)} | ${fixed(r.benchmarkIndex)} | ${rendered(r)} |`,
    ),
  ]
}

function bundleTable(bundles: BundleSizes): string[] {
  return [
    `Entry (loaded by every page the app renders): ${kb(bundles.entryGzipBytes)} kB gzip. The public pages' islands script: ` +
      `${kb(bundles.islandsGzipBytes)} kB, and the account parts it loads when idle: ${kb(bundles.accountPartsGzipBytes)} kB.`,
    '',
    ...(bundles.entryModules.length > 0
      ? [
          "The entry's largest modules (their size as rendered into the chunk, before minification and gzip: to rank them):",
          '',
          '| module | file | kB |',
          '| --- | --- | ---: |',
          ...bundles.entryModules.map((m) => `| ${m.module} | ${m.file} | ${kb(m.bytes)} |`),
          '',
        ]
      : []),
    '| route | JS total kB gzip | of which the page kB |',
    '| --- | ---: | ---: |',
    ...bundles.routes.map((b) => `| ${b.route} | ${kb(b.gzipBytes)} | ${kb(b.pageGzipBytes)} |`),
  ]
}

function installabilityLines(i: Installability): string[] {
  return [
    `- ${i.page} signed in: ${i.installable ? 'installable, no installability errors' : `not installable: ${i.errors.join('; ')}`}`,
    `- manifest: ${i.manifestUrl ?? 'none found'}; service worker controls the page: ${i.serviceWorkerControls ? 'yes' : 'no'}; files precached: ${i.precachedFiles ?? 'none'}`,
  ]
}

type Check = { target: string; result: string; met: boolean | null }

/** Each target with the figure that decides it; null when this run cannot decide it yet. */
export function targetChecks(results: BenchResults): Check[] {
  const checks: Check[] = []
  const clean = (row: LoadResult) => row.non2xx === 0 && row.errors === 0
  for (const run of results.engines) {
    const seeded = run.seeded.blends >= TARGETS.seededBlends
    const at50 = run.api.filter((r) => r.target === 'app' && r.connections === TARGETS.authListConnections)
    for (const row of at50.filter((r) => /^GET \/api\/blends(\?q=[^ ]*)?$/.test(r.endpoint))) {
      checks.push({
        target: `${row.endpoint} (${run.engine}, ${row.connections} conn.): p99 < ${TARGETS.authListP99Ms} ms, ≥ ${TARGETS.authListRatio * 100}% of a bare route sending the same bytes, with ${int(TARGETS.seededBlends)} blends`,
        result: `p99 ${fixed(row.latencyP99Ms)} ms, ${percent(row.ratioToSameBytes)} of same bytes (${percent(row.ratioToBare)} of {"status":"ok"}), ${int(run.seeded.blends)} blends seeded`,
        met: seeded ? row.latencyP99Ms < TARGETS.authListP99Ms && (row.ratioToSameBytes ?? 0) >= TARGETS.authListRatio && clean(row) : null,
      })
    }
    for (const row of at50.filter((r) => r.endpoint.startsWith('GET /api/essential-oils'))) {
      checks.push({
        target: `${row.endpoint} (${run.engine}, ${row.connections} conn.): ≥ ${TARGETS.catalogRatio * 100}% of a bare route sending the same bytes`,
        result: `${percent(row.ratioToSameBytes)} of same bytes, ${row.bodyBytes === null ? '?' : int(row.bodyBytes)} bytes`,
        met: row.ratioToSameBytes === null ? null : row.ratioToSameBytes >= TARGETS.catalogRatio && clean(row),
      })
    }
  }
  const measuredJson = new Set<string>()
  for (const r of results.web.filter((w) => w.signedIn && w.rendered && !w.rendered.landing && TARGETS.apiJsonBytes[w.page])) {
    if (measuredJson.has(r.page)) continue
    measuredJson.add(r.page)
    const limit = TARGETS.apiJsonBytes[r.page]!
    checks.push({
      target: `${r.page} signed in loads at most ${kb(limit)} kB of API JSON`,
      result: `${kb(r.rendered!.apiJson.bytes)} kB in ${r.rendered!.apiJson.requests.length} requests`,
      met: r.rendered!.apiJson.bytes <= limit,
    })
  }
  const shared = (page: string) => page.startsWith('/s/')
  for (const r of results.web.filter(
    (w) => w.preset === 'mobile' && (w.signedIn || shared(w.page) || TARGETS.publicTargetPages.includes(w.page)),
  )) {
    const goal = r.signedIn
      ? TARGETS.signedInMobilePerformance
      : shared(r.page)
        ? TARGETS.sharedPageMobilePerformance
        : TARGETS.publicMobilePerformance
    const showsTarget = !r.signedIn || (r.rendered !== null && !r.rendered.landing)
    const tbtOk = !r.signedIn || (r.tbtMs ?? Infinity) < TARGETS.signedInTbtMs
    checks.push({
      target: `${r.page} ${r.signedIn ? 'signed in' : 'signed out'}, mobile: performance ≥ ${goal}${r.signedIn ? `, TBT < ${TARGETS.signedInTbtMs} ms` : ''}, CLS < ${TARGETS.cls}`,
      result: `performance ${fixed(r.performance)}${r.signedIn ? `, TBT ${fixed(r.tbtMs)} ms` : ''}, CLS ${fixed(r.cls, 3)}${showsTarget ? '' : ' (rendered the landing page)'}`,
      met: showsTarget ? (r.performance ?? 0) >= goal && tbtOk && (r.cls ?? 1) < TARGETS.cls : null,
    })
  }
  for (const r of results.interactions) {
    checks.push({
      target: `${r.interaction}, phone profile (4x CPU): INP < ${TARGETS.interactionInpMs} ms`,
      result:
        r.inpMs === null
          ? `not measured: ${r.error ?? 'no run finished'}`
          : `${inpText(r.inpMs)} (runs: ${r.runs.map((v) => (v === null ? 'failed' : inpText(v))).join(', ')})`,
      met: r.inpMs === null ? null : r.inpMs < TARGETS.interactionInpMs,
    })
  }
  if (results.installability) {
    const i = results.installability
    checks.push({
      target: 'installable: Chromium reports no installability error, and the service worker controls the page',
      result: i.installable
        ? `no errors${i.serviceWorkerControls ? ', worker in control' : ', worker not in control'}`
        : i.errors.join('; '),
      met: i.installable && i.serviceWorkerControls,
    })
  }
  return checks
}

const inpText = (ms: number) => (ms === 0 ? '< 16 ms' : `${ms} ms`)

export function renderMarkdown(results: BenchResults): string {
  const { machine: m, options: o } = results
  const lines = [
    `# Accord bench, ${m.date}`,
    '',
    `Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGb} GB, ${m.os}, load average ${m.loadAverage.toFixed(2)} at start; Node ${m.node}; ${m.chromium ?? 'Chromium ?'}; Lighthouse ${m.lighthouse}${m.commit ? `; commit ${m.commit.slice(0, 8)}${m.uncommittedChanges ? ' plus uncommitted changes' : ''}` : ''}.`,
    `Load: autocannon, ${o.durationSeconds} s per row after a ${o.warmupSeconds} s warm-up, load generator and servers on the same machine.`,
  ]
  for (const run of results.engines) {
    lines.push(
      '',
      `## API on ${run.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
      '',
      `Bench user's data: ${run.seeded.blends} blends, ${run.seeded.testEntries} test entries (seeded through the API before measuring).`,
      '',
      ...apiTable(run.api),
    )
  }
  if (results.web.length > 0) {
    lines.push('', '## Web (Lighthouse, SQLite server)', '', ...webTable(results.web))
    lines.push(
      '',
      'API JSON each signed-in page loaded (decoded bytes, in a browser with the session cookie):',
      '',
      ...apiJsonTable(results.web),
    )
    const failed = new Map<string, string[]>()
    for (const r of results.web) {
      for (const audit of r.failedAudits) {
        failed.set(audit, [...(failed.get(audit) ?? []), `${r.page}${r.signedIn ? ' (signed in)' : ''} ${r.preset}`])
      }
    }
    if (failed.size > 0) {
      lines.push('', 'Audits that did not pass:', '', ...[...failed].map(([audit, where]) => `- ${audit}: ${where.join(', ')}`))
    }
  }
  if (results.installability)
    lines.push('', '## Installability (Chromium, Page.getInstallabilityErrors)', '', ...installabilityLines(results.installability))
  if (results.interactions.length > 0) {
    lines.push(
      '',
      '## Interactions (INP, phone profile: 390 px, 4x CPU slowdown, SQLite server, timed once the offline fill has begun)',
      '',
      '| interaction | INP (median run) | every run | timed interactions ≥ 16 ms | runs during the offline fill |',
      '| --- | ---: | --- | ---: | ---: |',
      ...results.interactions.map(
        (r) =>
          `| ${r.interaction} | ${r.inpMs === null ? '—' : inpText(r.inpMs)} | ${r.runs.map((v) => (v === null ? 'failed' : inpText(v))).join(', ')} | ${r.interactions} | ${r.runsDuringFill ?? '—'} of ${r.runs.length} |`,
      ),
    )
  }
  if (results.traces.length > 0) lines.push('', '## Page work from a trace (phone profile)', '', ...traceTable(results.traces))
  if (results.bundles) lines.push('', '## JavaScript per route', '', ...bundleTable(results.bundles))
  const checks = targetChecks(results)
  if (checks.length > 0) {
    lines.push(
      '',
      '## Targets',
      '',
      '| target | this run | met |',
      '| --- | --- | --- |',
      ...checks.map((c) => `| ${c.target} | ${c.result} | ${c.met === null ? 'not yet measurable' : c.met ? 'yes' : 'no'} |`),
    )
  }
  if (results.problems.length > 0) lines.push('', '## Problems', '', ...results.problems.map((p) => `- ${p}`))
  return `${lines.join('\n')}\n`
}
