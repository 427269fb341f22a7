// Responsiveness of the journal's busiest interactions on the phone profile (issue #25): opening a
// blend, typing a search and saving a test entry, with the bench user's 5,000 blends, measured as
// Interaction to Next Paint from Chromium's Event Timing entries, the source INP is computed from.
// Issue 34 asks for them while the offline fill is running: each interaction starts once the
// device worker has asked for its first blends' details (GET /api/blends/details), and a run
// counts as during the fill when one of those requests was still open, or began, after the
// interaction started.
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { CHROMIUM_ARGS } from '../tests/support/chromium.mjs'
import { chromePath } from './web.ts'
import { onCleanup } from './servers.ts'

/** Lighthouse's mobile profile: a 4x slower CPU on a phone-sized screen. */
export const CPU_SLOWDOWN = 4
const PHONE = { width: 390, height: 844 }

export type InteractionResult = {
  interaction: string
  /**
   * The slowest interaction of the scenario (with fewer than 50, that is INP), in ms; 0 when none
   * reached Event Timing's 16 ms threshold (every interaction painted within 16 ms).
   */
  inpMs: number | null
  /** How many of the scenario's interactions (clicks, key presses) took 16 ms or more, in its last run. */
  interactions: number
  /** Every run's INP, in the order they ran; inpMs is their median. */
  runs: (number | null)[]
  /** How many of the runs had the offline fill working while the interaction was timed. */
  runsDuringFill: number
  error: string | null
}

/**
 * Collects every Event Timing entry that belongs to an interaction (interactionId > 0), from the
 * first render on; an interaction's latency is its longest entry: input delay, handlers and the
 * next paint (what web-vitals and Lighthouse's timespan mode report as INP).
 */
const OBSERVE = `(() => {
  const byInteraction = new Map()
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue
      byInteraction.set(e.interactionId, Math.max(byInteraction.get(e.interactionId) ?? 0, e.duration))
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  window.__accordInteractions = () => [...byInteraction.values()]
  window.__accordInteractionsReset = () => byInteraction.clear()
})()`

/** The offline fill's requests as the page's worker makes them (Playwright reports a dedicated worker's requests with its page's). */
class FillWatch {
  open = 0
  started = false
  lastActivity = 0
  constructor(page: Page) {
    const isFill = (url: string) => url.includes('/api/blends/details?')
    page.on('request', (request) => {
      if (!isFill(request.url())) return
      this.open += 1
      this.started = true
      this.lastActivity = Date.now()
    })
    const done = (request: { url(): string }) => {
      if (!isFill(request.url())) return
      this.open -= 1
      this.lastActivity = Date.now()
    }
    page.on('requestfinished', done)
    page.on('requestfailed', done)
  }
  /** Whether the fill was working at or after `since` (ms). */
  workingSince(since: number): boolean {
    return this.open > 0 || this.lastActivity >= since
  }
}

type Scenario = {
  name: string
  /** Before the page opens: what the context needs (a slowed route). */
  prepare?: (context: BrowserContext) => Promise<void>
  run: (page: Page, settle: () => Promise<void>) => Promise<void>
}

/**
 * How long each of the fill's detail reads is held in the slowed scenario: the fill reads its blends
 * twenty at a time, one read after another, so with a handful held this long it is still running
 * when the entry is saved, whatever the machine's speed (as on a phone on a slow connection).
 */
const SLOWED_DETAILS_MS = 1_500

/** Opens the first blend, writes a note and saves it as a test entry (the save timed). */
async function saveTestEntry(page: Page, settle: () => Promise<void>) {
  await openJournal(page)
  await page.getByRole('article').first().getByRole('button', { name: 'View Details' }).click()
  await page.getByRole('textbox', { name: 'Test notes', exact: true }).fill('Softer on the third day')
  await settle()
  await page.getByRole('button', { name: 'Add Test Entry' }).click()
  await page.getByText('Test Entry Added').waitFor({ timeout: 60_000 })
}

/** The journal open on a phone, its first page of blends on screen. */
async function openJournal(page: Page) {
  await page.goto('/journal')
  await page.getByRole('article').first().waitFor({ timeout: 60_000 })
}

const SCENARIOS: Scenario[] = [
  {
    name: 'open a blend from the journal (tap View Details)',
    run: async (page, settle) => {
      await openJournal(page)
      await settle()
      await page.getByRole('article').first().getByRole('button', { name: 'View Details' }).click()
      await page.getByRole('button', { name: 'Add Test Entry' }).waitFor({ timeout: 60_000 })
    },
  },
  {
    name: 'type a search in the journal ("lavender", a key at a time)',
    run: async (page, settle) => {
      await openJournal(page)
      const search = page.getByRole('searchbox', { name: 'Search blends' })
      await search.click()
      await settle()
      // A person's typing speed: each key is its own interaction.
      await search.pressSequentially('lavender', { delay: 120 })
      await page.waitForTimeout(1_000)
    },
  },
  {
    name: 'save a test entry (tap Add Test Entry)',
    run: saveTestEntry,
  },
  {
    // Issue 34: the save while the fill is surely running (each detail read held), not only when
    // the fill happens to be still at work on this machine.
    name: `save a test entry while the fill runs (its detail reads held ${SLOWED_DETAILS_MS / 1000} s each)`,
    prepare: async (context) => {
      await context.route(/\/api\/blends\/details\?/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, SLOWED_DETAILS_MS))
        await route.continue().catch(() => undefined)
      })
    },
    run: saveTestEntry,
  },
]

/**
 * Just before the timed interaction: the offline fill has begun (its first request is out; the
 * journal's list started it), so what is timed is the interaction while the worker fills, not the
 * load before it. Returns when the interaction starts (ms).
 */
async function settle(page: Page, fill: FillWatch): Promise<number> {
  const deadline = Date.now() + 30_000
  while (!fill.started && Date.now() < deadline) await page.waitForTimeout(50)
  if (!fill.started) throw new Error('The offline fill never began')
  await page.evaluate(() => (window as unknown as { __accordInteractionsReset: () => void }).__accordInteractionsReset())
  return Date.now()
}

/** Each scenario `runs` times, each in a fresh page with the session cookie and the CPU slowed down. */
export async function measureInteractions(baseUrl: string, cookie: string, runs = 3): Promise<InteractionResult[]> {
  const browser = await chromium.launch({ executablePath: chromePath(), args: CHROMIUM_ARGS })
  const unregister = onCleanup(() => browser.close())
  try {
    const results: InteractionResult[] = []
    for (const scenario of SCENARIOS) {
      const inps: (number | null)[] = []
      let interactions = 0
      let runsDuringFill = 0
      let error: string | null = null
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext({
          baseURL: baseUrl,
          viewport: PHONE,
          isMobile: true,
          hasTouch: true,
          extraHTTPHeaders: { Cookie: cookie },
        })
        try {
          await scenario.prepare?.(context)
          const page = await context.newPage()
          await page.addInitScript(OBSERVE)
          const cdp = await context.newCDPSession(page)
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
          const fill = new FillWatch(page)
          let startedAt = Number.POSITIVE_INFINITY
          await scenario.run(page, async () => {
            startedAt = await settle(page, fill)
          })
          if (fill.workingSince(startedAt)) runsDuringFill += 1
          // The last paint's entry is reported after it: give it a frame or two.
          await page.waitForTimeout(300)
          const durations = await page.evaluate(() =>
            (window as unknown as { __accordInteractions: () => number[] }).__accordInteractions(),
          )
          interactions = durations.length
          // The scenario checked its outcome (details shown, the entry added): an empty list means
          // every interaction painted under the 16 ms threshold.
          inps.push(durations.length > 0 ? Math.round(Math.max(...durations)) : 0)
        } catch (err) {
          error = err instanceof Error ? err.message.split('\n')[0]! : String(err)
          inps.push(null)
        } finally {
          await context.close()
        }
      }
      const measured = inps.filter((v): v is number => v !== null).sort((a, b) => a - b)
      results.push({
        interaction: scenario.name,
        inpMs: measured.length > 0 ? measured[Math.floor((measured.length - 1) / 2)]! : null,
        interactions,
        runs: inps,
        runsDuringFill,
        error,
      })
    }
    return results
  } finally {
    unregister()
    await browser.close()
  }
}
