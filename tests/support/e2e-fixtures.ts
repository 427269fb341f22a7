import { test as base, expect } from '@playwright/test'

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
    await use(page)
    expect(consoleErrors, 'console errors on the page').toEqual([])
  },
})

export { expect }
