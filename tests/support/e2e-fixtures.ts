import { test as base, expect, type Page } from '@playwright/test'

/**
 * `page` that fails the test when the page logs a console error or throws:
 * a journey that "works" while the console shows errors is not done.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructured first argument
  consoleErrors: async ({}, use) => {
    await use([])
  },
  page: async ({ page, consoleErrors }, use) => {
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text())
    })
    page.on('pageerror', (err) => consoleErrors.push(err.message))
    // A Content-Security-Policy violation is a defect too, even when the page catches the error.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline code'}`)
      })
    })
    // A prerendered page (decision 012) shows its buttons before React handles them: after each
    // goto, wait until the page has hydrated, as a person would wait for it to respond.
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      await waitForHydration(page)
      return response
    }
    await use(page)
    expect(consoleErrors, 'console errors on the page').toEqual([])
  },
})

/** Resolves at once for a page rendered in the browser; a prerendered one marks its root when hydrated. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root')
    return !root?.dataset.prerendered || root.dataset.hydrated === 'true'
  })
}

export { expect }
