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

test('a public page whose chunk fails shows the full-screen Reload screen', async ({ page, consoleErrors }) => {
  await breakChunk(page, 'redeem-page')
  await page.goto('/redeem')
  const alert = page.getByRole('alert')
  await expect(alert.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible()
  allowChunkFailure(consoleErrors)
})
