// Page work on the phone profile, from a trace (issue 34): every long task of the page's main
// thread from the navigation to 15 s after, and the total blocking time over those 15 s, for the
// public and the signed-in pages, with the machine's Lighthouse benchmark index beside each figure.
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS } from '../tests/support/chromium.mjs'
import { benchmarkIndex, PHONE_PROFILE, tracePageLoad, type LongTask } from '../tests/support/long-tasks.ts'
import { seedUserData, signUpBenchUser } from './api.ts'
import { onCleanup, startAccord } from './servers.ts'
import { chromePath } from './web.ts'

/** The window every long task is read in, from the navigation's start. */
export const TRACE_WINDOW_MS = 15_000

/** The pages traced; `{blend}` is one of the user's blends. */
const TRACED: { path: string; signedIn: boolean }[] = [
  { path: '/', signedIn: false },
  { path: '/book', signedIn: false },
  // The other public pages with islands (decision 066).
  { path: '/review-book', signedIn: false },
  { path: '/redeem', signedIn: false },
  { path: '/', signedIn: true },
  { path: '/journal', signedIn: true },
  { path: '/journal?blend={blend}', signedIn: true },
  { path: '/blend', signedIn: true },
]

/**
 * The pages `--trace-pages` names: "signed-in", "signed-out", or paths as TRACED spells them
 * (`/journal?blend={blend}`); empty for every page. A name that matches no page is an error.
 */
export function tracedPages(list: string): typeof TRACED {
  if (list.trim() === '') return TRACED
  const names = list.split(',').map((n) => n.trim())
  const chosen = TRACED.filter((p) =>
    names.some((n) => (n === 'signed-in' && p.signedIn) || (n === 'signed-out' && !p.signedIn) || n === p.path),
  )
  const unknown = names.filter((n) => n !== 'signed-in' && n !== 'signed-out' && !TRACED.some((p) => p.path === n))
  if (unknown.length > 0) throw new Error(`--trace-pages: no traced page ${unknown.join(', ')} (${TRACED.map((p) => p.path).join(', ')})`)
  return chosen
}

export type TraceResult = {
  page: string
  signedIn: boolean
  /** Blends of the signed-in user (the public pages are traced with each count too). */
  blends: number
  /** One figure per run, in the order they ran. */
  runs: {
    totalBlockingMs: number
    blockingAfterPaintMs: number
    firstPaintMs: number | null
    benchmarkIndex: number
    longTasks: LongTask[]
  }[]
  /** The median run's total blocking time over the window. */
  totalBlockingMs: number
  /** Lighthouse's benchmark index, measured just before the median run. */
  benchmarkIndex: number
}

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`)

/** A fresh server per blend count, its own user seeded through the API, and every page traced `runs` times. */
export async function measurePageWork(blendCounts: number[], runs: number, problems: string[], pages = TRACED): Promise<TraceResult[]> {
  const out: TraceResult[] = []
  const browser = await chromium.launch({ executablePath: chromePath(), args: CHROMIUM_ARGS })
  const unregister = onCleanup(() => browser.close())
  try {
    for (const blends of blendCounts) {
      const app = await startAccord()
      try {
        const user = await signUpBenchUser(app.baseUrl)
        log(`  traces: seeding ${blends} blends`)
        await seedUserData(app.baseUrl, user.token, blends)
        const list = (await (
          await fetch(`${app.baseUrl}/api/blends?limit=1`, { headers: { authorization: `Bearer ${user.token}` } })
        ).json()) as { items: { id: number }[] }
        const blendId = list.items[0]?.id
        if (blendId === undefined) throw new Error('The bench user has no blend')
        // The public pages are the same whatever the user has: traced with the first count only.
        for (const page of pages.filter((p) => p.signedIn || blends === blendCounts[0])) {
          const path = page.path.replace('{blend}', String(blendId))
          const done: TraceResult['runs'] = []
          for (let i = 0; i < runs; i++) {
            // A fresh context per run: an empty cache, as a first visit is.
            const context = await browser.newContext({
              viewport: PHONE_PROFILE.viewport,
              isMobile: true,
              hasTouch: true,
              serviceWorkers: 'allow',
              ...(page.signedIn ? { extraHTTPHeaders: { Cookie: user.cookie } } : {}),
            })
            try {
              const index = await benchmarkIndex(context)
              const tab = await context.newPage()
              const work = await tracePageLoad(browser, tab, `${app.baseUrl}${path}`, TRACE_WINDOW_MS)
              done.push({
                totalBlockingMs: work.totalBlockingMs,
                blockingAfterPaintMs: work.blockingAfterPaintMs,
                firstPaintMs: work.firstPaintMs,
                benchmarkIndex: index,
                longTasks: work.longTasks,
              })
              log(
                `  trace ${path} (${page.signedIn ? 'signed in' : 'signed out'}, ${blends} blends): ${work.longTasks.length} long tasks, ` +
                  `${work.totalBlockingMs} ms blocking, ${work.blockingAfterPaintMs} after the first paint (benchmark index ${index})`,
              )
            } catch (err) {
              // One failed run (a trace that missed its navigation) leaves the others standing.
              problems.push(`trace ${path} (${blends} blends): ${err instanceof Error ? err.message : String(err)}`)
            } finally {
              await context.close()
            }
          }
          if (done.length === 0) continue
          const median = [...done].sort((a, b) => a.totalBlockingMs - b.totalBlockingMs)[Math.floor((done.length - 1) / 2)]!
          out.push({
            page: page.path.replace('{blend}', 'N'),
            signedIn: page.signedIn,
            blends,
            runs: done,
            totalBlockingMs: median.totalBlockingMs,
            benchmarkIndex: median.benchmarkIndex,
          })
        }
      } finally {
        await app.stop()
      }
    }
    return out
  } finally {
    unregister()
    await browser.close()
  }
}

/** The report's table: one row per page and blend count, each run's long tasks as start+duration. */
export function traceTable(rows: TraceResult[]): string[] {
  // Each task with its two largest parts and its largest script, so the table says what it was.
  const what = (t: LongTask) =>
    [
      ...(t.parts ?? []).slice(0, 2).map(([name, ms]) => `${name} ${ms}`),
      ...(t.scripts ?? []).slice(0, 1).map(([name, ms]) => `${name} ${ms}`),
    ].join('; ')
  const tasks = (list: LongTask[]) =>
    list.length === 0 ? 'none' : list.map((t) => `${t.startMs}+${t.durationMs}${what(t) ? ` (${what(t)})` : ''}`).join(', ')
  return [
    `Phone profile (${PHONE_PROFILE.viewport.width}x${PHONE_PROFILE.viewport.height}, ${PHONE_PROFILE.cpuSlowdown}x CPU slowdown), ` +
      `every main-thread task over 50 ms from the navigation to ${TRACE_WINDOW_MS / 1000} s after (start+duration in ms).`,
    '',
    '| page | session | blends | TBT over 15 s (median run) | after the first paint | first paint ms | every run (TBT / index) | long tasks (median run) | benchmark index |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- | --- | ---: |',
    ...rows.map((r) => {
      const median = r.runs.find((run) => run.totalBlockingMs === r.totalBlockingMs) ?? r.runs[0]!
      const every = r.runs.map((run) => `${run.totalBlockingMs} / ${run.benchmarkIndex}`).join(', ')
      return `| ${r.page} | ${r.signedIn ? 'cookie' : 'signed out'} | ${r.blends} | ${r.totalBlockingMs} | ${median.blockingAfterPaintMs} | ${median.firstPaintMs ?? '—'} | ${every} | ${tasks(median.longTasks)} | ${r.benchmarkIndex} |`
    }),
  ]
}
