import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/** The two static guide pages (docs/product.md §2 "Guidelines and Testing", §9). */

test.beforeEach(async ({ page }) => {
  await signUpInPage(page)
})

test('the blending guidelines render their sections and the compatibility table', async ({ page }) => {
  await page.goto('/guidelines')
  await expect(page.getByRole('heading', { level: 1, name: 'Blending Guidelines' })).toBeVisible()
  for (const name of [
    'Balance the three notes',
    'Build around the heart',
    'Scent families that get along',
    'Dilution and safety basics',
    'Oils near young children',
    'Pregnancy',
    'Oxidation and storage',
    'Oil and water: dispersants and solubilisers',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  }
  await expect(page.getByText('Start at 30% top, 50% middle and 20% base.')).toBeVisible()
  await expect(page.getByRole('row', { name: /Citrus\s*Woody, Floral, Herbal/ })).toBeVisible()
  // The heading says what its steps do: the heart first (docs/product.md "The guides' safety advice").
  await expect(page.getByRole('region', { name: 'Build around the heart' }).getByRole('listitem').first()).toHaveText(
    /^Choose the heart first/,
  )
})

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
])
  test(`the guidelines say where Peppermint and Eucalyptus, pregnancy and old oils need care, each with its sources (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    await page.goto('/guidelines')
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Oils near young children' }).click()
    const children = page.getByRole('region', { name: 'Oils near young children' })
    await expect(
      children.getByText('Keep Eucalyptus away from children under 10, and Peppermint away from children under 6.'),
    ).toBeInViewport()
    for (const [name, text] of [
      ['Oils near young children', /Essential Oil Safety, 2nd edition \(2014\), as cited in a peer-reviewed table/],
      ['Pregnancy', /Myrrh: avoid in pregnancy/],
      ['Oxidation and storage', /use Tea Tree within 1-2 years of buying it/],
      ['Oil and water: dispersants and solubilisers', /mix it into a carrier oil or an emulsifier first/],
    ] as const) {
      const section = page.getByRole('region', { name })
      await expect(section).toContainText(text)
      await expect(section.getByText('Sources', { exact: true })).toBeVisible()
    }
    // Nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
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
