import { expect, test } from '../support/e2e-fixtures.ts'
import { createBlend, userWithBlend, waitForServiceWorker } from '../support/offline-journeys.ts'

/**
 * The timing group of the browser tests (issue 34, decision 065): `/journal` with 300 blends at
 * Chromium's 4x CPU slowdown, on the phone profile, must have no long task over 100 ms more
 * than 2 s after its first render: the offline fill (15 requests of 20 blends' details for 300
 * listed... at most the 200 of the bound) and the writing of the device's copy run in the device
 * worker, not on the page's thread. It runs in its own Playwright project after every other
 * browser test (playwright.config.ts), alone on the machine's cores, as the vitest "scale" group
 * does for the server's timing budgets.
 */

test.use({ serviceWorkers: 'allow', viewport: { width: 412, height: 823 }, hasTouch: true })

/** 300 in npm test; JOURNAL_TIMING_BLENDS measures more for docs/quality.md (the 1,000). */
const BLENDS = Number(process.env.JOURNAL_TIMING_BLENDS ?? 300)
const SLOWDOWN = 4
/** How long after navigation the page is watched (the 12 s). */
const WATCH_MS = 12_000
const AFTER_RENDER_MS = 2000
const LONG_MS = 100

type Watched = { firstRender: number | null; longTasks: { start: number; duration: number }[] }

test(`/journal with ${BLENDS} blends at 4x slowdown: no long task over 100 ms later than 2 s after the first render`, async ({ page }) => {
  test.setTimeout(120_000 + BLENDS * 200)
  const api = await userWithBlend(page, 'Timing 000')
  let next = 1
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < BLENDS) await createBlend(api.request, `Timing ${String(next++).padStart(3, '0')}`)
    }),
  )
  // Installed first, as a maker's phone is: the service worker's own first run is not the page's work.
  await page.goto('/glossary')
  await waitForServiceWorker(page)

  // Watching starts before the page's first script: every long task, and when the first blend card shows.
  await page.addInitScript(() => {
    const watched: Watched = { firstRender: null, longTasks: [] }
    ;(window as unknown as { __watched: Watched }).__watched = watched
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) watched.longTasks.push({ start: entry.startTime, duration: entry.duration })
    }).observe({ type: 'longtask', buffered: true })
    new MutationObserver((_, observer) => {
      if (watched.firstRender === null && document.querySelector('article, [role="article"]')) {
        watched.firstRender = performance.now()
        observer.disconnect()
      }
    }).observe(document, { childList: true, subtree: true })
  })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN })
  await page.goto('/journal', { waitUntil: 'commit' })
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 30_000 })
  await page.waitForTimeout(WATCH_MS)
  const watched = await page.evaluate(() => (window as unknown as { __watched: Watched }).__watched)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })

  expect(watched.firstRender).not.toBeNull()
  const firstRender = watched.firstRender!
  const blocking = watched.longTasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0)
  console.log(
    `journal-timing: first render ${Math.round(firstRender)} ms; ${watched.longTasks.length} long tasks, ${Math.round(blocking)} ms blocking: ` +
      watched.longTasks.map((t) => `${Math.round(t.start)}+${Math.round(t.duration)}`).join(', '),
  )
  const late = watched.longTasks.filter((t) => t.duration > LONG_MS && t.start > firstRender + AFTER_RENDER_MS)
  expect(
    late,
    `long tasks over ${LONG_MS} ms more than ${AFTER_RENDER_MS} ms after the first render (${Math.round(firstRender)} ms)`,
  ).toEqual([])
})
