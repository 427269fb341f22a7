import { randomBytes } from 'node:crypto'
import type { Page, Route } from '@playwright/test'
import { expect, test } from '../support/e2e-fixtures.ts'

/**
 * A page whose code cannot be fetched (after a deploy the old chunk names are gone) shows a
 * recoverable screen with Reload, not a blank page (src/client/app/error-boundary.tsx).
 */

async function signUp(page: Page) {
  const email = `chunk-${randomBytes(5).toString('hex')}@example.com`
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Vetiver Vale', email, password: 'muscatel-blend-1' },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(res.ok()).toBe(true)
}

/** Fails every request for a chunk whose file name starts with `prefix` until the returned function is called. */
async function breakChunk(page: Page, prefix: string): Promise<() => Promise<void>> {
  const pattern = new RegExp(`/assets/${prefix}-[^/]*\\.js$`)
  const abort = (route: Route) => route.abort('failed')
  await page.route(pattern, abort)
  return () => page.unroute(pattern, abort)
}

/** The browser's and React's reports of the failure the test caused on purpose; anything else still fails the test. */
function allowChunkFailure(consoleErrors: string[]) {
  const expected = /net::ERR_FAILED|Failed to fetch dynamically imported module|error boundary|The above error occurred/i
  const unexpected = consoleErrors.filter((e) => !expected.test(e))
  consoleErrors.splice(0, consoleErrors.length, ...unexpected)
}

test('a page chunk that fails to load keeps the header and offers Reload, which recovers', async ({ page, consoleErrors }) => {
  await signUp(page)
  const restore = await breakChunk(page, 'journal-page')
  await page.goto('/journal')
  const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' })
  await expect(alert).toBeVisible()
  await expect(alert.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
  // The shell's header is still there, with its links.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()

  await restore()
  await alert.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Blend Journal' })).toBeVisible()
  allowChunkFailure(consoleErrors)
})

test('a public page the app renders whose chunk fails shows the full-screen Reload screen', async ({ page, consoleErrors }) => {
  await breakChunk(page, 'reset-password-page')
  await page.goto('/reset-password?token=abc')
  const alert = page.getByRole('alert')
  await expect(alert.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible()
  allowChunkFailure(consoleErrors)
})

test("a prerendered page whose island cannot load keeps its text and offers Reload in the island's place, which recovers", async ({
  page,
  consoleErrors,
}) => {
  // /redeem is prerendered (decision 066): its claim form is an island, loaded after the paint.
  const restore = await breakChunk(page, 'redeem-island')
  await page.goto('/redeem')
  await expect(page.getByRole('heading', { level: 1, name: 'Founding Reader Launch Discount' })).toBeVisible()
  const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' })
  await expect(alert.getByRole('heading', { level: 2, name: 'Something went wrong' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveCount(0)

  await restore()
  await alert.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByRole('button', { name: 'Get My Launch Discount' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toHaveCount(0)
  allowChunkFailure(consoleErrors)
})

test('Sign In whose code cannot load says so with Reload, and the next press tries again', async ({ page, consoleErrors }) => {
  const restore = await breakChunk(page, 'public-islands')
  await page.goto('/')
  // The sign-up form, mounted once its section nears the screen, says so in its place.
  const failed = page.getByRole('alert').filter({ hasText: 'Something went wrong' })
  await page.locator('#signup').scrollIntoViewIfNeeded()
  await expect(page.locator('#signup-form').getByRole('alert').getByRole('button', { name: 'Reload' })).toBeVisible()
  // A press on Sign In says so at the foot of the screen.
  await page.getByRole('button', { name: 'Sign In' }).first().click()
  await expect(failed).toHaveCount(2)

  await restore()
  await page.getByRole('button', { name: 'Sign In' }).first().click()
  await expect(page.getByRole('dialog')).toBeVisible()
  // The foot's message goes once the dialog has opened (the form's place keeps its own).
  await expect(page.locator('body > [data-island-failure]')).toHaveCount(0)
  await expect(page.locator('#signup-form [data-island-failure]')).toHaveCount(1)
  allowChunkFailure(consoleErrors)
})
