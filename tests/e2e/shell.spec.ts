import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e-fixtures.ts'

const LANDING_HEADLINE = 'Create beautiful essential oil blends with confidence'
const origin = () => ({ origin: process.env.E2E_BASE_URL! })

/** Signs a new user up through the API in the page's own cookie jar, then opens `path` signed in. */
async function signedInAt(page: Page, path: string, name = 'Clary Sage') {
  const email = `shell-${randomBytes(5).toString('hex')}@example.com`
  const res = await page.request.post('/api/auth/sign-up/email', { data: { name, email, password: 'muscatel-1' }, headers: origin() })
  expect(res.ok()).toBe(true)
  await page.goto(path)
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  return email
}

/** Removes the browser's reports of the refusals the test provoked on purpose (and nothing else). */
function allowUnauthorized(consoleErrors: string[]) {
  const expected = 'Failed to load resource: the server responded with a status of 401 (Unauthorized)'
  for (let i = consoleErrors.length - 1; i >= 0; i -= 1) if (consoleErrors[i] === expected) consoleErrors.splice(i, 1)
}

test.describe('signed-in shell', () => {
  test("the journal's and the creator's tops are in their HTML, then the app takes their place", async ({ page }) => {
    await signedInAt(page, '/journal')
    for (const [path, title] of [
      ['/journal', 'Blend Journal'],
      ['/blend', 'Create Your Perfect Blend'],
    ] as const) {
      // As served: the heading painted inside #root, hidden from assistive technology.
      const html = await (await page.request.get(path)).text()
      expect(html, path).toMatch(new RegExp(`<div id="root"><div aria-hidden="true" data-skeleton=""[^]*<h1[^>]*>${title}</h1>`))
      await page.goto(path)
      // The app's own heading, the same words, and the painted one gone.
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible()
      await expect(page.locator('[data-skeleton]')).toHaveCount(0)
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    }
  })

  test("Home's top is in its HTML with the user's count, and the app starts from the page's user and summary", async ({ page }) => {
    await signedInAt(page, '/')
    const html = await (await page.request.get('/')).text()
    expect(html).toMatch(
      /<div id="root"><div aria-hidden="true" data-skeleton=""[^]*<h1[^>]*>Welcome to Accord! Let&#39;s create your first blend<\/h1>/,
    )
    // Loaded afresh: no spinner takes the painted top's place, and the session and the summary are not asked for.
    const asked: string[] = []
    page.on('request', (request) => asked.push(new URL(request.url()).pathname))
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { spinnersSeen: string[] }).spinnersSeen = seen
      new MutationObserver(() => {
        for (const spinner of document.querySelectorAll('#root .animate-spin'))
          seen.push(spinner.closest('[role="status"]')?.textContent ?? '?')
      }).observe(document, { childList: true, subtree: true })
    })
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: "Welcome to Accord! Let's create your first blend" })).toBeVisible()
    await expect(page.locator('[data-skeleton]')).toHaveCount(0)
    expect(await page.evaluate(() => (window as unknown as { spinnersSeen: string[] }).spinnersSeen)).toEqual([])
    expect(asked).not.toContain('/api/auth/get-session')
    expect(asked).not.toContain('/api/me/summary')
  })

  test('an unknown path shows 404 Page Not Found with a way home, answered with a 404', async ({ page }) => {
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/no/such/page')
    await signedInAt(page, '/no/such/page')
    expect((await answer).status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible()
    await page.getByRole('link', { name: 'Go to home' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1, name: /Welcome to Accord/ })).toBeVisible()
  })

  test('the header links to the pages and New Blend opens the blend creator', async ({ page }) => {
    await signedInAt(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Glossary' }).click()
    await expect(page).toHaveURL(/\/glossary$/)
    await expect(nav.getByRole('link', { name: 'Glossary' })).toHaveAttribute('aria-current', 'page')
    await page.getByRole('button', { name: 'New Blend' }).click()
    await expect(page).toHaveURL(/\/blend\?step=1$/)
    await page.getByRole('link', { name: 'Accord home' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('on a phone the page links sit in a Menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signedInAt(page, '/')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await page.getByRole('button', { name: 'Menu', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Calculator' }).click()
    await expect(page).toHaveURL(/\/calculator$/)
  })

  test('home cards lead to their pages', async ({ page }) => {
    await signedInAt(page, '/')
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Testing Guide/ })
      .click()
    await expect(page).toHaveURL(/\/testing$/)
  })

  test('a session ended on the server shows the banner; a failed refresh returns to the landing page', async ({ page, consoleErrors }) => {
    await signedInAt(page, '/journal')
    await expect(page.getByRole('heading', { name: 'Authentication Session Expired' })).toBeHidden()

    // Ends every session of this user, as signing out everywhere would; the page is not told.
    const revoked = await page.request.post('/api/auth/revoke-sessions', { data: {}, headers: origin() })
    expect(revoked.ok()).toBe(true)

    const banner = page.getByRole('alert').filter({ hasText: 'Authentication Session Expired' })
    await expect(banner).toBeVisible({ timeout: 5000 })
    await expect(banner).toContainText(
      'Your login session has expired. Please refresh your authentication to save blends and access your data.',
    )
    await banner.getByRole('button', { name: 'Refresh Authentication' }).click()
    await expect(page.getByRole('heading', { level: 1, name: LANDING_HEADLINE })).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
    allowUnauthorized(consoleErrors)
  })
})
