import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import { createBlendInPage } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/** Sharing a blend by link (docs/product.md "Sharing"), walked as an owner and a reader would. */

async function newBlendAsOwner(page: Page): Promise<number> {
  await signUpInPage(page, 'Olive Owner')
  const { id } = await createBlendInPage(page, { name: 'Cedar Evening', effects: ['Relaxing'], notes: 'Rest it two days before testing' })
  return id
}

async function readerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL })
  return context.newPage()
}

test('an owner shares a blend, a signed-out reader sees it and copies it after signing up, and a revoked link shows 404', async ({
  page,
  browser,
}) => {
  // Two accounts made, two browsers, two axe scans and a dozen page loads.
  test.setTimeout(120_000)
  const blendId = await newBlendAsOwner(page)
  await page.goto(`/journal?blend=${blendId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Cedar Evening' })).toBeVisible()

  await page.getByRole('button', { name: 'Share' }).click()
  const dialog = page.getByRole('dialog', { name: 'Share this blend' })
  await expect(dialog.getByText('No links yet. Create one above.')).toBeVisible()
  await dialog.getByRole('checkbox', { name: 'Include the blend notes' }).check()
  await dialog.getByRole('button', { name: 'Create link' }).click()
  const linkField = dialog.getByRole('textbox', { name: /^Link to version 001a$/ })
  await expect(linkField).toHaveValue(/\/s\/[A-Za-z0-9_-]{32}$/)
  const url = await linkField.inputValue()
  await expect(dialog.getByText(/notes included · no name/)).toBeVisible()

  // The reader, signed out: the recipe, and nothing of the owner.
  const reader = await readerPage(browser)
  const response = await reader.goto(url)
  expect(response?.status()).toBe(200)
  await expect(reader).toHaveTitle('Cedar Evening · a blend shared on Accord')
  await expect(reader.getByRole('heading', { level: 1, name: 'Cedar Evening' })).toBeVisible()
  for (const text of ['Bergamot', 'Lavender', 'Atlas Cedarwood', '30%', '50%', '20%', 'Rest it two days before testing']) {
    await expect(reader.getByText(text, { exact: false }).first()).toBeVisible()
  }
  await expect(reader.getByText('Olive Owner')).toHaveCount(0)
  expect(await reader.evaluate(() => document.scripts.length)).toBe(0)
  const scan = await new AxeBuilder({ page: reader }).analyze()
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

  // Copy to my journal: signed out, the app says what to do, naming the blend...
  await reader.getByRole('link', { name: 'Copy to my journal' }).click()
  await expect(reader).toHaveURL(/\/journal\?copyShare=/)
  const signIn = reader.getByRole('dialog', { name: 'Sign in to Accord' })
  await expect(signIn.getByText('Sign in or create an account to copy Cedar Evening')).toBeVisible()
  // ...and once they have made an account there, the copy goes on and opens, with no reload.
  await signIn.getByRole('button', { name: 'Create an account' }).click()
  const signUp = reader.getByRole('dialog', { name: 'Create your account' })
  await expect(signUp.getByText('Sign in or create an account to copy Cedar Evening')).toBeVisible()
  await signUp.getByLabel('Name').fill('Rhea Reader')
  await signUp.getByLabel('Email').fill(`rhea-${Date.now()}@example.com`)
  await signUp.getByLabel('Password').fill('muscatel-blend-1')
  await signUp.getByRole('button', { name: 'Create Account' }).click()
  await expect(reader.getByRole('heading', { level: 1, name: 'Cedar Evening' })).toBeVisible()
  await expect(reader.getByText('Copied from a shared blend')).toBeVisible()
  await expect(reader).not.toHaveURL(/copyShare/)
  await reader.goto('/journal')
  await expect(reader.getByRole('article', { name: 'Cedar Evening' })).toHaveCount(1)

  // The owner revokes the link, after saying so; the reader's next visit finds nothing.
  const revoke = async () => {
    await dialog.getByRole('button', { name: 'Revoke the link to version 001a' }).click()
    const confirm = page.getByRole('dialog', { name: 'Revoke this link?' })
    await expect(confirm).toContainText('You can undo it for a few seconds afterwards.')
    await confirm.getByRole('button', { name: 'Revoke link' }).click()
    await expect(confirm).toBeHidden()
    await expect(dialog.getByText('No links yet. Create one above.')).toBeVisible()
  }
  await revoke()
  expect((await reader.goto(url))?.status()).toBe(404)
  // Undo, in the dialog: the same address works again.
  await expect(dialog.getByRole('status').filter({ hasText: 'Link to version 001a revoked.' })).toBeVisible()
  const dialogScan = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
  expect(dialogScan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: '.tmp/share-revoked.png' })
  await dialog.getByRole('button', { name: 'Undo' }).click()
  await expect(dialog.getByText('Link restored: it works again, at the same address.')).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: /^Link to version 001a$/ })).toHaveValue(url)
  expect((await reader.goto(url))?.status()).toBe(200)
  await revoke()
  const gone = await reader.goto(url)
  expect(gone?.status()).toBe(404)
  await expect(reader.getByRole('heading', { level: 1, name: 'This shared blend is not available' })).toBeVisible()
  await expect(reader.getByText('Cedar Evening')).toHaveCount(0)
  await reader.context().close()
})

test("the shared page follows the reader's dark mode, readable (axe) in both themes", async ({ page, browser }) => {
  const blendId = await newBlendAsOwner(page)
  const { token } = (await (await page.request.get('/api/auth/token')).json()) as { token: string }
  const created = await page.request.post(`/api/blends/${blendId}/shares`, {
    headers: { authorization: `Bearer ${token}` },
    data: { includeNotes: true },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { path } = (await created.json()) as { path: string }

  const looks = async (scheme: 'light' | 'dark', cookie?: 'light' | 'dark') => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, colorScheme: scheme })
    if (cookie) await context.addCookies([{ name: 'accord-theme', value: cookie, url: process.env.E2E_BASE_URL! }])
    const reader = await context.newPage()
    await reader.goto(path)
    await expect(reader.getByRole('heading', { level: 1, name: 'Cedar Evening' })).toBeVisible()
    const colours = await reader.evaluate(() => ({
      page: getComputedStyle(document.body).backgroundColor,
      card: getComputedStyle(document.querySelector('.card')!).backgroundColor,
      badge: getComputedStyle(document.querySelector('.effect-uplifting')!).color,
    }))
    const scan = await new AxeBuilder({ page: reader }).analyze()
    expect(
      scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${scheme} ${cookie ?? ''}`,
    ).toEqual([])
    await context.close()
    return colours
  }

  const light = { page: 'rgb(250, 247, 242)', card: 'rgb(255, 255, 255)', badge: 'rgb(122, 90, 0)' }
  const dark = { page: 'rgb(19, 25, 22)', card: 'rgb(27, 35, 31)', badge: 'rgb(240, 211, 107)' }
  expect(await looks('light')).toEqual(light)
  expect(await looks('dark')).toEqual(dark)
  // A theme chosen in Accord wins over the system's, as on the app's pages.
  expect(await looks('light', 'dark')).toEqual(dark)
  expect(await looks('dark', 'light')).toEqual(light)
})
