import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { bearerOf } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { chooseOption } from '../support/e2e-select.ts'

/** One intent, one write: a double click on a create button saves once. */

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })

/** Signs a fresh user up, then walks the wizard to the summary: Bergamot, Lavender, Atlas Cedarwood. */
async function toSummary(page: Page) {
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Dee Double', email: `double-${randomBytes(5).toString('hex')}@example.com`, password: 'muscatel-blend-1' },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(res.ok()).toBe(true)
  await page.goto('/blend')
  await chooseOption(page, page.getByRole('combobox', { name: 'Essential oil' }), 'Bergamot (Citrus bergamia)')
  await page.getByRole('button', { name: 'Start Your Blend' }).click()
  await page.getByRole('button', { name: 'Yes Add as Top Note' }).click()
  for (const [layer, oil] of [
    ['Middle', 'Lavender'],
    ['Base', 'Atlas Cedarwood'],
  ] as const) {
    await page.getByRole('button', { name: new RegExp(`Choose a ${layer} Note`) }).click()
    await page.getByRole('button', { name: `Select ${oil}`, exact: true }).click()
    await expect(heading(page, 'Build Your Blend')).toBeVisible()
  }
  await page.getByRole('button', { name: 'Continue to Summary' }).click()
  await expect(heading(page, 'Your Blend Summary')).toBeVisible()
}

test('a double click on Save to Journal saves one blend', async ({ page }) => {
  await toSummary(page)
  await page.getByLabel('Blend Title').fill('Twice Pressed')
  const posts: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/blends') posts.push(r.headers()['idempotency-key'] ?? '')
  })
  await page.getByRole('button', { name: 'Save to Journal' }).dblclick()
  await expect(page).toHaveURL(/\/journal$/)
  await expect(page.getByRole('article', { name: 'Twice Pressed' })).toHaveCount(1)

  expect(posts).toHaveLength(1)
  expect(posts[0]).toMatch(/^[0-9a-f-]{36}$/)
  // A second save of the same name would have become its version b.
  const blends = (
    (await (await page.request.get('/api/blends', { headers: await bearerOf(page) })).json()) as {
      items: { name: string; versionCount: number }[]
    }
  ).items
  expect(blends.map((b) => [b.name, b.versionCount])).toEqual([['Twice Pressed', 1]])
})
