import { test as base, expect, type Page } from '@playwright/test'

/** How Chromium reports a 404 answer in the console. */
const NOT_FOUND_REPORT = 'Failed to load resource: the server responded with a status of 404 (Not Found)'

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
    // An address that is no page answers 404 with the app, which shows its own "404 Page Not
    // Found" (decision 054); the browser reports that status for the page's address, which is the
    // answer the test asked for, not a defect of the page. Only that report, for that address.
    const notFoundPages = new Set<string>()
    const notFoundReports: string[] = []
    page.on('response', (response) => {
      const request = response.request()
      if (response.status() === 404 && request.isNavigationRequest() && request.frame() === page.mainFrame())
        notFoundPages.add(response.url())
    })
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return
      consoleErrors.push(msg.text())
      if (msg.text() === NOT_FOUND_REPORT) notFoundReports.push(msg.location().url)
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
    for (const url of notFoundReports) {
      const at = consoleErrors.indexOf(NOT_FOUND_REPORT)
      if (notFoundPages.has(url) && at !== -1) consoleErrors.splice(at, 1)
    }
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
