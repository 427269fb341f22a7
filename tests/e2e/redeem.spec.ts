import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e-fixtures.ts'

/** The newest message in the e2e server's outbox addressed to `to`. */
function newestMailTo(to: string): { to: string; text: string; link?: string } | undefined {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox')
  if (!fs.existsSync(dir)) return undefined
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .reverse()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string; link?: string })
    .find((m) => m.to === to)
}

async function fillForm(page: Page, email: string, word: string) {
  await page.goto('/redeem')
  await expect(page.getByRole('heading', { level: 1, name: 'Founding Reader Launch Discount' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Where did you buy the book?').selectOption({ label: 'Amazon UK (amazon.co.uk)' })
  await page.getByLabel('Approximate purchase month').selectOption({ index: 2 })
  await page.getByLabel('Secret word').fill(word)
}

test.describe('/redeem', () => {
  test('a right secret word: "You\'re in!" and the beta link by e-mail', async ({ page }) => {
    const email = `verified-${Date.now()}@example.com`
    await fillForm(page, email, '  LAVENDER ')
    await page.getByRole('button', { name: 'Get My Launch Discount' }).click()
    await expect(page.getByRole('heading', { name: "You're in!" })).toBeVisible()
    await expect(page.getByText("We've emailed your beta link. Your 30% discount is locked in for launch.")).toBeVisible()
    await expect.poll(() => newestMailTo(email)?.link).toBe(`${process.env.E2E_BASE_URL}/`)
    expect(newestMailTo(email)?.text).toContain('locked in for launch')
    await page.getByRole('link', { name: 'Start Using Accord Beta' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Create beautiful essential oil blends with confidence' })).toBeVisible()
  })

  test('a wrong secret word: "Thanks!" with the double-check note', async ({ page }) => {
    const email = `unverified-${Date.now()}@example.com`
    await fillForm(page, email, 'rosemary')
    await page.getByRole('button', { name: 'Get My Launch Discount' }).click()
    await expect(page.getByRole('heading', { name: 'Thanks!' })).toBeVisible()
    await expect(page.getByText(/The discount will be applied once verified — please double-check the secret word\./)).toBeVisible()
    await expect(page.getByText("Need help? Reply to your beta email if you're having trouble with the secret word.")).toBeVisible()
    await expect.poll(() => newestMailTo(email)?.text).toContain('could not verify')
    await expect(page.getByRole('link', { name: 'Start Using Accord Beta' })).toHaveAttribute('href', '/')

    // A way to try again: the form as it was sent, the word to type anew.
    await page.getByRole('button', { name: 'Try the secret word again' }).click()
    await expect(page.getByLabel('Secret word')).toBeFocused()
    await expect(page.getByLabel('Email')).toHaveValue(email)
    await page.getByLabel('Secret word').fill('lavender')
    await page.getByRole('button', { name: 'Get My Launch Discount' }).click()
    await expect(page.getByRole('heading', { name: "You're in!" })).toBeVisible()
  })

  test('the button waits for a word or a code, and the code field is behind a toggle', async ({ page }) => {
    await page.goto('/redeem')
    const submit = page.getByRole('button', { name: 'Get My Launch Discount' })
    await expect(submit).toBeDisabled()
    await expect(page.getByText('Enter the first word on page 41')).toBeVisible()
    await expect(page.getByLabel('Redemption code')).toBeHidden()
    await page.getByRole('button', { name: 'Have a redemption code instead?' }).click()
    await page.getByLabel('Redemption code').fill('ABC-123')
    await expect(page.getByText('If you have a printed code from your book')).toBeVisible()
    await expect(submit).toBeEnabled()
    await expect(page.getByRole('link', { name: 'Back to Landing Page' })).toHaveAttribute('href', '/')
  })

  test('a failed request shows a clear message and keeps the form filled', async ({ page, consoleErrors }) => {
    await page.route('**/api/redeem', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'boom' } }),
      }),
    )
    await fillForm(page, 'failure@example.com', 'lavender')
    await page.getByRole('button', { name: 'Get My Launch Discount' }).click()
    await expect(page.getByRole('alert')).toHaveText("We couldn't submit your claim. Please try again.")
    await expect(page.getByLabel('Email')).toHaveValue('failure@example.com')
    await expect(page.getByLabel('Secret word')).toHaveValue('lavender')
    await expect(page.getByRole('button', { name: 'Get My Launch Discount' })).toBeEnabled()
    // The browser reports the refused request itself; that one error is expected here.
    const expected = consoleErrors.filter((e) => /status of 500/.test(e))
    expect(expected.length).toBeLessThanOrEqual(1)
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 500/.test(e)))
  })
})
