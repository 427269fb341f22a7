import { benchmarkIndex, PHONE_PROFILE, tracePageLoad } from '../support/long-tasks.ts'
import { expect, test } from '../support/e2e-fixtures.ts'

// Issue 34, decision 066: the public pages hydrate only their controls, so a phone's main thread
// is not busy after their first paint. Read from a Chromium trace at 4x CPU slowdown.

/** The window read from the navigation's start. */
const WINDOW_MS = 10_000
/**
 * The target is under 100 ms of blocking over 15 s (docs/quality.md "Page work"). This 2-core
 * machine, shared by several runs (load average 12-15), measured over 15 s, three runs each:
 * /book 260-380 ms in all, every long task but one the browser's own (committing the navigation,
 * parsing, the first layout), and 0-46 ms after its first paint (it was 616-856 and 219-282 while
 * it hydrated the app); the landing page 690-860 in all and 190-280 after the first paint, the
 * sign-up form's code loaded once the browser is idle (it was 1,106-1,275 and 495-948). The bounds
 * are those figures with margin, and hydrating the page again fails /book's.
 */
const BOUNDS: Record<string, { totalMs: number; afterPaintMs: number }> = {
  '/': { totalMs: 1_500, afterPaintMs: 600 },
  '/book': { totalMs: 1_000, afterPaintMs: 150 },
  // Prerendered with their islands since (decision 066), measured as above, four runs each:
  // /review-book (a highlight to move, no React) 49-324 ms in all, 0-20 after its first paint;
  // /redeem (its form rendered once painted: React, the form, its schemas) 180-398, 19-44.
  '/review-book': { totalMs: 1_000, afterPaintMs: 150 },
  '/redeem': { totalMs: 1_000, afterPaintMs: 300 },
}

/**
 * The bounds hold on a machine of Lighthouse's benchmark index 800 or more (this one reads 2,300-2,800
 * quiet, where the pages above block 11-180 ms in all). A trace on a slower or busier machine
 * (CI once read 1,461 ms for /book while the whole run took 2.6 times as long as usual) is held
 * to the bounds times 800 / its index, measured just before and just after the trace (the lower
 * one), at most 4 times: below an index of 200 the figures say more of the machine than of the page.
 */
const REFERENCE_INDEX = 800
const MAX_SCALE = 4
const boundScale = (index: number) => Math.min(MAX_SCALE, Math.max(1, REFERENCE_INDEX / Math.max(1, index)))

// No Playwright trace of the tests themselves: its snapshots are work on the page's thread.
test.use({ trace: 'off' })

test.describe('page work on a phone (4x CPU, trace)', () => {
  test.use({ viewport: PHONE_PROFILE.viewport, isMobile: true, hasTouch: true })

  for (const [path, bound] of Object.entries(BOUNDS)) {
    test(`${path} signed out: at most ${bound.totalMs} ms of blocking over ${WINDOW_MS / 1000} s, ${bound.afterPaintMs} ms after the first paint`, async ({
      browser,
      page,
      baseURL,
    }) => {
      test.setTimeout(60_000)
      const before = await benchmarkIndex(page.context())
      const work = await tracePageLoad(browser, page, `${baseURL}${path}`, WINDOW_MS)
      const index = Math.min(before, await benchmarkIndex(page.context()))
      const tasks =
        work.longTasks
          .map(
            (t) =>
              `${t.startMs}+${t.durationMs} ms (${(t.parts ?? [])
                .slice(0, 3)
                .map(([name, ms]) => `${name} ${ms}`)
                .join(', ')})`,
          )
          .join(', ') || 'none'
      const said = `${work.totalBlockingMs} ms blocking, ${work.blockingAfterPaintMs} after the first paint at ${work.firstPaintMs} ms, benchmark index ${index} (bounds times ${boundScale(index).toFixed(2)}); long tasks: ${tasks}`
      const scale = boundScale(index)
      test.info().annotations.push({ type: 'page work', description: said })
      expect(work.firstPaintMs, said).not.toBeNull()
      expect(work.totalBlockingMs, said).toBeLessThanOrEqual(Math.round(bound.totalMs * scale))
      expect(work.blockingAfterPaintMs, said).toBeLessThanOrEqual(Math.round(bound.afterPaintMs * scale))
      // The page is the one the build rendered, and it responds.
      await expect(page.locator('#root')).toHaveAttribute('data-hydrated', 'true')
    })
  }
})

test.describe('the landing page before its script runs', () => {
  test('a press on Sign In before the islands script has loaded opens the dialog once it has', async ({ page }) => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/islands-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    // The fixture's goto waits for the page to respond: it resolves only once the script is let through.
    const navigation = page.goto('/')
    const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign In' })
    await expect(signIn).toBeVisible()
    await expect(page.locator('#root')).not.toHaveAttribute('data-hydrated', 'true')
    await signIn.click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    release()
    await navigation
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Sign in to Accord' })).toBeVisible()
    // Keyboard as before: Escape closes it and the focus goes back to Sign In.
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(signIn).toBeFocused()
  })

  test('Sign In opens the dialog from the keyboard, and the sign-up form arrives in its place', async ({ page }) => {
    await page.goto('/')
    const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign In' })
    await signIn.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Sign in to Accord' })).toBeVisible()
    await expect(dialog.locator(':focus')).toHaveCount(1)
    await page.keyboard.press('Escape')
    await expect(signIn).toBeFocused()
    // The form loads once its section nears the screen (decision 066, amended).
    await page.locator('#signup').scrollIntoViewIfNeeded()
    await expect(page.locator('#signup-form').getByRole('form', { name: 'Create account' })).toBeVisible()
  })
})
