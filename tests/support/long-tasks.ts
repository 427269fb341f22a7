// Long tasks of a page load, read from a Chromium trace (issue 34): what a phone's main thread is
// busy with from the navigation on, as Lighthouse reads it, but over a window of our choosing and
// with every task listed. Used by the bench (bench/trace.ts) and the browser test
// tests/e2e/page-work.spec.ts.
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'

/** Lighthouse's mobile profile: a 4x slower CPU, on a phone-sized screen (Moto G Power). */
export const PHONE_PROFILE = { cpuSlowdown: 4, viewport: { width: 412, height: 823 } } as const

/** A task longer than this blocks input (the definition of a long task and of Total Blocking Time). */
export const LONG_TASK_MS = 50

export type LongTask = {
  /** From the navigation's start, in ms. */
  startMs: number
  durationMs: number
  /**
   * What the task did: the time (ms) of its direct parts by the trace's names, the largest first
   * (ParseHTML, UpdateLayoutTree for style, Layout, EvaluateScript, v8.compile, FunctionCall...).
   */
  parts?: [string, number][]
  /**
   * The scripts that ran in it: the time (ms, their children included: a layout a script forced
   * counts here and in `parts`) of each outermost script entry (a module's evaluation, a function
   * call, a timer, a message or an idle callback), by the script's file and the function called,
   * the largest first (`journal-Ab12.js performWorkUntilDeadline`).
   */
  scripts?: [string, number][]
}

export type PageWork = {
  /** Every task of the page's main thread over 50 ms within the window, in order. */
  longTasks: LongTask[]
  /** The sum over those tasks of their time over 50 ms. */
  totalBlockingMs: number
  /** The window measured, from the navigation's start. */
  windowMs: number
  /** The first contentful paint, from the navigation's start (null when the trace has none). */
  firstPaintMs: number | null
  /**
   * The blocking of the tasks that began after the first contentful paint: the page's work once it
   * shows (Lighthouse's TBT starts there too), without the browser's parse and first layout.
   */
  blockingAfterPaintMs: number
}

type TraceEvent = {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: {
    data?: {
      documentLoaderURL?: string
      isLoadingMainFrame?: boolean
      isOutermostMainFrame?: boolean
      url?: string
      functionName?: string
    }
  }
}

/**
 * Reads a trace's long tasks: the top-level tasks (`RunTask`) of the renderer thread that started
 * the navigation to `url`, from its `navigationStart` to `windowMs` after it. Tasks that began
 * before the window ends count whole, as Lighthouse counts them.
 */
export function longTasksOf(trace: { traceEvents: TraceEvent[] }, url: string, windowMs: number): PageWork {
  const events = trace.traceEvents
  const starts = events.filter(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.documentLoaderURL === url &&
      (e.args.data.isOutermostMainFrame ?? e.args.data.isLoadingMainFrame) === true,
  )
  const start = starts.at(-1)
  if (!start) {
    // Said with what the trace did hold, so a failure says why (another URL, or no main-frame navigation at all).
    const seen = events
      .filter((e) => e.name === 'navigationStart')
      .map(
        (e) =>
          `${e.args?.data?.documentLoaderURL ?? '?'} (main frame: ${String(e.args?.data?.isOutermostMainFrame ?? e.args?.data?.isLoadingMainFrame)})`,
      )
    throw new NoNavigationInTrace(
      `The trace has no navigation to ${url}; it holds ${seen.length === 0 ? 'no navigationStart' : seen.join(', ')}`,
    )
  }
  const end = start.ts + windowMs * 1000
  const longTasks = events
    .filter(
      (e) =>
        e.name === 'RunTask' &&
        e.ph === 'X' &&
        e.pid === start.pid &&
        e.tid === start.tid &&
        e.ts >= start.ts &&
        e.ts < end &&
        (e.dur ?? 0) / 1000 > LONG_TASK_MS,
    )
    .sort((a, b) => a.ts - b.ts)
    .map((e) => ({
      startMs: Math.round((e.ts - start.ts) / 1000),
      durationMs: Math.round((e.dur ?? 0) / 1000),
      parts: partsOf(e, events),
      scripts: scriptsOf(e, events),
    }))
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === start.pid && e.ts >= start.ts)
  const firstPaintMs = paint ? Math.round((paint.ts - start.ts) / 1000) : null
  const blocking = (tasks: LongTask[]) => tasks.reduce((sum, t) => sum + t.durationMs - LONG_TASK_MS, 0)
  return {
    longTasks,
    windowMs,
    firstPaintMs,
    totalBlockingMs: blocking(longTasks),
    blockingAfterPaintMs: blocking(longTasks.filter((t) => firstPaintMs !== null && t.startMs >= firstPaintMs)),
  }
}

/**
 * What a task spent its time on: each complete event inside it on its thread counted for its own
 * time (its duration less its children's), summed by name; wrappers such as the scheduler's own
 * tasks come to almost nothing, the work (parsing, style, layout, script) remains.
 */
function partsOf(task: TraceEvent, events: TraceEvent[]): [string, number][] {
  const end = task.ts + (task.dur ?? 0)
  const inside = events
    .filter((e) => e !== task && e.ph === 'X' && e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const self = new Map<TraceEvent, number>()
  const stack: TraceEvent[] = []
  for (const e of inside) {
    while (stack.length > 0 && e.ts >= stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0)) stack.pop()
    const parent = stack.at(-1)
    if (parent) self.set(parent, (self.get(parent) ?? 0) - (e.dur ?? 0))
    self.set(e, (self.get(e) ?? 0) + (e.dur ?? 0))
    stack.push(e)
  }
  const sums = new Map<string, number>()
  for (const [e, us] of self) sums.set(e.name, (sums.get(e.name) ?? 0) + us / 1000)
  return [...sums]
    .map(([name, ms]): [string, number] => [name, Math.round(ms)])
    .filter(([, ms]) => ms >= 2)
    .sort((a, b) => b[1] - a[1])
}

/**
 * The scripts a task ran: each outermost event inside it that names a script (`args.data.url`: the
 * trace's EvaluateScript, v8.evaluateModule, FunctionCall...), its whole duration summed by the
 * script's file name and the function called.
 */
function scriptsOf(task: TraceEvent, events: TraceEvent[]): [string, number][] {
  const end = task.ts + (task.dur ?? 0)
  const named = events
    .filter(
      (e) =>
        e !== task &&
        e.ph === 'X' &&
        e.pid === task.pid &&
        e.tid === task.tid &&
        e.ts >= task.ts &&
        e.ts + (e.dur ?? 0) <= end &&
        typeof e.args?.data?.url === 'string' &&
        // A page's own address (its parser) and images drawn from data: addresses are no script.
        /^https?:/.test(e.args.data.url) &&
        e.name !== 'ParseHTML' &&
        e.name !== 'PaintImage',
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const sums = new Map<string, number>()
  let outerEnd = -Infinity
  for (const e of named) {
    if (e.ts < outerEnd) continue
    outerEnd = e.ts + (e.dur ?? 0)
    const file = e.args!.data!.url!.split(/[?#]/)[0]!.split('/').at(-1) || e.args!.data!.url!
    const key = e.args?.data?.functionName ? `${file} ${e.args.data.functionName}` : `${file} (${e.name})`
    sums.set(key, (sums.get(key) ?? 0) + (e.dur ?? 0) / 1000)
  }
  return [...sums]
    .map(([name, ms]): [string, number] => [name, Math.round(ms)])
    .filter(([, ms]) => ms >= 2)
    .sort((a, b) => b[1] - a[1])
}

/**
 * The long tasks of the thread that made the User Timing mark `mark` (performance.mark on a page:
 * its main thread), from the mark to `windowMs` after it: what a phone's main thread did during
 * something other than a page load (the outbox's sync after reconnecting, bench/outbox-sync.ts).
 */
export function longTasksAfterMark(trace: { traceEvents: TraceEvent[] }, mark: string, windowMs: number): LongTask[] {
  const events = trace.traceEvents
  const at = events.find(
    (e) => e.name === mark && e.ph !== 'e' && (e.ph === 'R' || e.ph === 'I' || e.ph === 'b' || e.ph === 'n' || e.ph === 'X'),
  )
  if (!at) throw new Error(`The trace has no mark ${mark}`)
  const end = at.ts + windowMs * 1000
  return events
    .filter(
      (e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === at.pid && e.tid === at.tid && e.ts + (e.dur ?? 0) >= at.ts && e.ts < end,
    )
    .filter((e) => (e.dur ?? 0) / 1000 > LONG_TASK_MS)
    .sort((a, b) => a.ts - b.ts)
    .map((e) => ({
      startMs: Math.round((e.ts - at.ts) / 1000),
      durationMs: Math.round((e.dur ?? 0) / 1000),
      parts: partsOf(e, events),
      scripts: scriptsOf(e, events),
    }))
}

/** The categories the long tasks and the navigation's start are read from (Lighthouse's own). */
export const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'toplevel']

/**
 * Loads `url` in `page` on the phone profile's CPU (the context should have its viewport) and
 * traces it for `windowMs` from the navigation; `page` may already carry a session cookie.
 */
export async function tracePageLoad(browser: Browser, page: Page, url: string, windowMs: number): Promise<PageWork> {
  // Now and then (about one load in twenty on a busy machine) Chromium's trace holds no
  // navigationStart for the load it traced, though the page loaded: that trace says nothing of
  // the page's work, so the load is traced again from a blank page, up to TRACE_ATTEMPTS loads; the error says what navigations the last trace held.
  for (let attempt = 1; ; attempt++) {
    try {
      return await traceOneLoad(browser, page, url, windowMs)
    } catch (error) {
      if (!(error instanceof NoNavigationInTrace) || attempt === TRACE_ATTEMPTS) throw error
      await page.goto('about:blank')
    }
  }
}

/** Loads traced before a trace with no navigation fails: each such trace measures nothing. */
const TRACE_ATTEMPTS = 3

/** A trace with no navigation to the page it was taken for. */
export class NoNavigationInTrace extends Error {}

async function traceOneLoad(browser: Browser, page: Page, url: string, windowMs: number): Promise<PageWork> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown })
  await browser.startTracing(page, { categories: CATEGORIES })
  let buffer: Buffer
  try {
    const started = Date.now()
    await page.goto(url, { waitUntil: 'commit' })
    // The window runs from the navigation's start, which is a little before `goto` returned.
    await page.waitForTimeout(Math.max(0, windowMs - (Date.now() - started)) + 250)
  } finally {
    buffer = await browser.stopTracing()
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined)
    await cdp.detach().catch(() => undefined)
  }
  return longTasksOf(JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }, new URL(url, page.url()).href, windowMs)
}

/**
 * Lighthouse's benchmark index of this machine: the same page function Lighthouse runs (a
 * fixed loop, unthrottled), so a figure can be read beside Lighthouse's. A fast desktop is
 * 1,500-2,500; the trace figures of a lower index overstate a phone's work.
 */
export async function benchmarkIndex(context: BrowserContext): Promise<number> {
  const page = await context.newPage()
  try {
    await page.goto('about:blank')
    return Math.round(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`))
  } finally {
    await page.close()
  }
}
