import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { bearerOf, createBlendInPage, oilIds } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { chooseOption, chosenOption } from '../support/e2e-select.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/**
 * "Make it compliant, keep its character" (docs/product.md "Make it compliant", decision 071) on
 * the calculator, against the built app: an over-limit lotion, the proposal shown as two versions
 * are compared, saved as a new version only when asked, and the highest percentage offered when no
 * change inside the layers can do it.
 */

const blendBox = (page: Page) => page.getByRole('combobox', { name: 'Blend', exact: true })
const versionSelect = (page: Page) => page.getByRole('combobox', { name: 'Version', exact: true })
const productSelect = (page: Page) => page.getByRole('combobox', { name: 'Product type' })
const weight = (page: Page) => page.getByRole('textbox', { name: 'Total product weight' })
const percentage = (page: Page) => page.getByRole('textbox', { name: 'Essential oil percentage' })
const warnings = (page: Page) => page.getByRole('list', { name: 'Safety warnings' }).getByRole('listitem')
const panel = (page: Page) => page.locator('[data-make-compliant]')
const layerCard = (page: Page, layer: string) => panel(page).getByRole('region', { name: layer, exact: true })
const oilRow = (card: Locator, oil: string) => card.locator(`[data-oil="${oil}"]`)

/**
 * 'Bright Lotion': version a is Bergamot 30 alone on top (Lavender 50, Atlas Cedarwood 20);
 * version b splits the top into Bergamot 15 and Lemon 15. At 3% in a lotion, b's Bergamot is
 * 0.45% of the product, over its 0.4% leave-on maximum.
 */
async function overLimitBlend(page: Page) {
  await signUpInPage(page)
  const blend = await createBlendInPage(page, { name: 'Bright Lotion' })
  const id = await oilIds(page)
  const o = (name: string, percentage: number) => ({ id: id(name), name, percentage })
  const res = await page.request.post('/api/blend-versions', {
    headers: await bearerOf(page),
    data: {
      projectId: blend.id,
      topOils: [o('Bergamot', 15), o('Lemon', 15)],
      middleOils: [o('Lavender', 50)],
      baseOils: [o('Atlas Cedarwood', 20)],
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  await page.goto('/calculator')
  await expect(page.getByRole('heading', { level: 1, name: 'Project Calculator' })).toBeVisible()
  await blendBox(page).fill('bright')
  await page.getByRole('option', { name: '001b Bright Lotion', exact: true }).click()
  await expect(chosenOption(versionSelect(page))).toHaveText('Version 2 - 001b')
  await weight(page).fill('200')
  await chooseOption(page, productSelect(page), 'Lotion / cream', true)
  return blend
}

test('an over-limit lotion: the proposal meets the limit with the layer totals kept, and saves as a new version in the journal', async ({
  page,
}) => {
  const blend = await overLimitBlend(page)
  await percentage(page).fill('3')
  await expect(warnings(page).filter({ hasText: 'above its leave-on maximum' })).toHaveCount(1)
  await expect(warnings(page).first()).toContainText('Bergamot is 0.45% of the finished product')

  // Keyboard: the action is a button reached and pressed from the keyboard; the panel's heading takes focus.
  const ask = page.getByRole('button', { name: 'Make it compliant' })
  await ask.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Make it compliant' })).toBeFocused()
  await expect(panel(page).getByRole('status').first()).toContainText('every limit on file is met at 3%')

  // The comparison: each layer's total as it was, Bergamot down to 13.33% and Lemon up to 16.67%.
  const top = layerCard(page, 'Top')
  await expect(top).toContainText('30% in both')
  await expect(oilRow(top, 'Bergamot')).toContainText('15% → Proposal 13.33%, \u22121.67')
  await expect(oilRow(top, 'Lemon')).toContainText('15% → Proposal 16.67%, +1.67')
  await expect(layerCard(page, 'Middle')).toContainText('50% in both')
  await expect(oilRow(layerCard(page, 'Middle'), 'Lavender')).toContainText('50% in both')
  await expect(layerCard(page, 'Base')).toContainText('20% in both')
  // Within the limit now: 13.33% of 3% is 0.3999%.
  await expect(panel(page).locator('[data-compliance-limits]')).toContainText(
    'Bergamot: 0.45% → 0.4% of the product, leave-on maximum 0.4%',
  )
  await expect(panel(page).locator('[data-compliance-unknown]')).toContainText('Lavender, Atlas Cedarwood')
  // Grams for a batch of the blend, as the comparison prices it: 10 g of blend to start.
  await expect(oilRow(top, 'Bergamot')).toContainText('1.50 g → 1.33 g')

  // Nothing is saved until the maker says so.
  const letters = async () =>
    (
      (await (await page.request.get(`/api/blends/${blend.id}`, { headers: await bearerOf(page) })).json()) as {
        versions: { referenceNumber: string }[]
      }
    ).versions.map((v) => v.referenceNumber)
  expect(await letters()).toEqual(['001a', '001b'])

  await page.getByRole('button', { name: 'Save as new version' }).click()
  await expect(page.getByText('Saved as version 001c')).toBeVisible()
  expect(await letters()).toEqual(['001a', '001b', '001c'])
  // The calculator moves to the new version: no over-limit warning, the panel gone.
  await expect(chosenOption(versionSelect(page))).toHaveText('Version 3 - 001c')
  await expect(warnings(page).filter({ hasText: 'above its leave-on maximum' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Make it compliant' })).toHaveCount(0)

  // In the journal, compared with the version it came from.
  await page.getByRole('button', { name: 'Compare in the journal' }).click()
  await expect(page).toHaveURL(new RegExp(`/journal\\?blend=${blend.id}&view=compare&a=001b&b=001c`))
  await expect(page.locator('[data-compare-summary]')).toContainText('0 added · 0 removed · 2 changed · 2 the same')
})

test('when no change inside the layers can do it, it says so and offers the highest percentage', async ({ page }) => {
  await overLimitBlend(page)
  await chooseOption(page, versionSelect(page), 'Version 1 - 001a', true)
  await percentage(page).fill('2')
  await page.getByRole('button', { name: 'Make it compliant' }).click()
  const infeasible = panel(page).locator('[data-compliance="infeasible"]')
  await expect(infeasible).toContainText('No change inside the layers brings this blend within every limit')
  await expect(infeasible).toContainText('Highest percentage within every limit: 1.33% of the product')
  await page.getByRole('button', { name: 'Use 1.33%' }).click()
  await expect(percentage(page)).toHaveValue('1.33')
  await expect(warnings(page).filter({ hasText: 'above its leave-on maximum' })).toHaveCount(0)
})

for (const viewport of [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1280, height: 800 },
])
  for (const scheme of ['light', 'dark'] as const)
    test.describe(`on a ${viewport.name}, ${scheme} theme`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height }, colorScheme: scheme })

      test('the proposal has no axe violations and does not scroll sideways', async ({ page }) => {
        await overLimitBlend(page)
        await percentage(page).fill('3')
        await page.getByRole('button', { name: 'Make it compliant' }).click()
        await expect(panel(page).locator('[data-compliance="proposal"]')).toBeVisible()
        await page.waitForLoadState('networkidle')
        const axe = await new AxeBuilder({ page }).analyze()
        expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
        expect(overflow).toBeLessThanOrEqual(0)
      })
    })
