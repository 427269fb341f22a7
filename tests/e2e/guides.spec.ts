import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/** The two static guide pages (docs/product.md §2 "Guidelines and Testing", §9). */

test.beforeEach(async ({ page }) => {
  await signUpInPage(page)
})

test('the blending guidelines render their sections and the compatibility table', async ({ page }) => {
  await page.goto('/guidelines')
  await expect(page.getByRole('heading', { level: 1, name: 'Blending Guidelines' })).toBeVisible()
  for (const name of ['Balance the three notes', 'Build from the top down', 'Scent families that get along', 'Dilution and safety basics']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  }
  await expect(page.getByText('Start at 30% top, 50% middle and 20% base.')).toBeVisible()
  await expect(page.getByRole('row', { name: /Citrus\s*Woody, Floral, Herbal/ })).toBeVisible()
})

test('the testing guide renders its sections and links to the journal', async ({ page }) => {
  await page.goto('/testing')
  await expect(page.getByRole('heading', { level: 1, name: 'Testing Guide' })).toBeVisible()
  for (const name of ['Prepare to test', 'Let the blend rest', 'Smell with a fresh nose', 'Record every test']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  }
  await expect(page.getByText(/at least 48 hours/)).toBeVisible()
  await expect(page.getByText(/0\.01 g/)).toBeVisible()
  await expect(page.getByText(/every 3-5 oils/)).toBeVisible()
  await page.getByRole('link', { name: 'Blend Journal' }).click()
  await expect(page).toHaveURL(/\/journal$/)
})
