import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { bearerOf, createBlendInPage, oilIds } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { chooseOption, chosenOption } from '../support/e2e-select.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/** The project calculator (docs/product.md §2 "Calculator", §9), against the built app. */

/** Saves 'Evening Calm' through the API; returns its project id and the catalog's ids by name. */
async function saveBlend(page: Page): Promise<{ id: number; oilId: (name: string) => number }> {
  const { id } = await createBlendInPage(page)
  return { id, oilId: await oilIds(page) }
}

const choose = (page: Page, trigger: Locator, option: string) => chooseOption(page, trigger, option, true)

const blendBox = (page: Page) => page.getByRole('combobox', { name: 'Blend', exact: true })
const versionSelect = (page: Page) => page.getByRole('combobox', { name: 'Version', exact: true })

/** Searches the blend picker for `search` and picks `option` from what it finds. */
async function pickBlend(page: Page, search: string, option: string) {
  await blendBox(page).fill(search)
  await page.getByRole('option', { name: option, exact: true }).click()
  await expect(blendBox(page)).toHaveValue(option)
}
const productSelect = (page: Page) => page.getByRole('combobox', { name: 'Product type' })
const unitSelect = (page: Page) => page.getByRole('combobox', { name: 'Unit' })
const weight = (page: Page) => page.getByRole('textbox', { name: 'Total product weight' })
const percentage = (page: Page) => page.getByRole('textbox', { name: 'Essential oil percentage' })
const total = (page: Page) => page.getByTestId('total-oil')
const row = (page: Page, oil: string) => page.getByRole('row', { name: new RegExp(oil) })
const warnings = (page: Page) => page.getByRole('list', { name: 'Safety warnings' }).getByRole('listitem')

async function openWithBlend(page: Page) {
  await signUpInPage(page)
  const saved = await saveBlend(page)
  await page.goto('/calculator')
  await expect(page.getByRole('heading', { level: 1, name: 'Project Calculator' })).toBeVisible()
  return saved
}

test('with no blends it offers to create one', async ({ page }) => {
  await signUpInPage(page)
  await page.goto('/calculator')
  await expect(page.getByRole('heading', { name: 'No blends to calculate yet' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Create a blend' })).toHaveAttribute('href', '/blend')
  await expect(page.getByRole('heading', { name: 'Usage guidelines' })).toHaveCount(0)
})

test('prompts for what is missing, then turns 500 g at 2% into 10.00 g split 3.00 / 5.00 / 2.00 g', async ({ page }) => {
  await openWithBlend(page)
  await expect(page.getByText('Select a blend to start calculating', { exact: true })).toBeVisible()
  await expect(page.getByText('Missing: blend, total product weight, essential oil percentage')).toBeVisible()

  await pickBlend(page, 'evening', '001a Evening Calm')
  await expect(page.getByText('Enter both weight and percentage to see calculations', { exact: true })).toBeVisible()
  await expect(chosenOption(versionSelect(page))).toHaveText('Version 1 - 001a')
  await expect(page.getByText('Missing: total product weight, essential oil percentage')).toBeVisible()

  await weight(page).fill('500')
  await expect(page.getByText('Missing: essential oil percentage')).toBeVisible()
  await percentage(page).fill('2')

  // To 0.01 g, as the page tells makers to weigh (docs/product.md "Calculator numbers").
  await expect(total(page)).toHaveText('10.00 g')
  await expect(row(page, 'Bergamot')).toContainText('3.00 g')
  await expect(row(page, 'Lavender')).toContainText('5.00 g')
  await expect(row(page, 'Atlas Cedarwood')).toContainText('2.00 g')
  await expect(row(page, 'Batch total')).toContainText('10.00 g')
  await expect(page.getByText('20 drops per mL')).toBeVisible()

  // Blank counts as 0: clearing the weight brings the prompt back.
  await weight(page).fill('')
  await expect(page.getByText('Missing: total product weight')).toBeVisible()
  await expect(total(page)).toHaveCount(0)
})

test('works in ounces and pounds', async ({ page }) => {
  await openWithBlend(page)
  await pickBlend(page, 'calm', '001a Evening Calm')
  await choose(page, unitSelect(page), 'Ounces')
  await weight(page).fill('16')
  await percentage(page).fill('2')
  await expect(total(page)).toHaveText('0.320 oz (9.07 g)')
  await expect(row(page, 'Lavender')).toContainText('0.160 oz')
  await expect(row(page, 'Lavender')).toContainText('4.54 g')
  // Each column adds up to its total: 2.72 + 4.54 + 1.81 g and 0.096 + 0.160 + 0.064 oz.
  await expect(row(page, 'Bergamot')).toContainText('2.72 g')
  await expect(row(page, 'Atlas Cedarwood')).toContainText('1.81 g')
  await expect(row(page, 'Batch total')).toContainText('9.07 g')
  await expect(row(page, 'Batch total')).toContainText('0.320 oz')

  await choose(page, unitSelect(page), 'Pounds')
  await weight(page).fill('2')
  await percentage(page).fill('5')
  // Until the oil reaches 1 lb the column reads in ounces, with grams beside (docs/product.md "Calculator numbers").
  await expect(total(page)).toHaveText('1.600 oz (45.36 g)')
  await expect(row(page, 'Bergamot')).toContainText('13.61 g')
  await expect(row(page, 'Bergamot')).toContainText('0.480 oz')
  await expect(page.getByRole('columnheader', { name: 'Ounces' })).toBeVisible()
  await weight(page).fill('0.5')
  await percentage(page).fill('1')
  await expect(total(page)).toHaveText('0.080 oz (2.27 g)')
  // No amount of oil reads as nothing.
  await expect(page.getByRole('table')).not.toContainText(/(?<![\d.])0\.000? /)
  await weight(page).fill('200')
  await expect(total(page)).toHaveText('2.000 lb (907.18 g)')
  await expect(page.getByRole('columnheader', { name: 'Pounds' })).toBeVisible()
  await expect(row(page, 'Lavender')).toContainText('1.000 lb')
})

test('picks a blend with the keyboard from a searchable list, loading its versions only then', async ({ page }) => {
  await signUpInPage(page)
  await createBlendInPage(page)
  for (const name of ['Morning Zest', 'Forest Floor']) await createBlendInPage(page, { name, oils: ['Lemon', 'Rosemary', 'Vetiver'] })
  const details: string[] = []
  page.on('request', (r) => {
    if (/\/api\/blends\/\d+$/.test(new URL(r.url()).pathname)) details.push(new URL(r.url()).pathname)
  })
  await page.goto('/calculator')
  const box = blendBox(page)
  await box.focus()
  await page.keyboard.press('ArrowDown')
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  const blendOptions = page.getByRole('listbox', { name: 'Blends' }).getByRole('option')
  await expect(blendOptions).toHaveText(['001a Evening Calm', '002a Morning Zest', '003a Forest Floor'])
  await page.keyboard.type('vetiver')
  await expect(blendOptions).toHaveText(['002a Morning Zest', '003a Forest Floor'])
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('option', { name: '003a Forest Floor' })).toHaveAttribute('aria-selected', 'true')
  expect(details).toEqual([])
  await page.keyboard.press('Enter')
  await expect(box).toHaveValue('003a Forest Floor')
  await expect(box).toHaveAttribute('aria-expanded', 'false')
  await expect(chosenOption(versionSelect(page))).toHaveText('Version 1 - 003a')
  expect(details).toHaveLength(1)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Escape')
  await expect(box).toHaveAttribute('aria-expanded', 'false')
  await expect(box).toHaveValue('003a Forest Floor')
})

test('lists every version of a blend by reference', async ({ page }) => {
  const { id, oilId } = await openWithBlend(page)
  const o = (name: string, pct: number) => ({ id: oilId(name), name, percentage: pct })
  const res = await page.request.post('/api/blend-versions', {
    headers: await bearerOf(page),
    data: {
      projectId: id,
      topOils: [o('Bergamot', 20), o('Lemon', 20)],
      middleOils: [o('Lavender', 40)],
      baseOils: [o('Atlas Cedarwood', 20)],
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  await page.reload()

  // The picker names the latest version; it is chosen first, and every version is offered.
  await pickBlend(page, 'lemon', '001b Evening Calm')
  await expect(chosenOption(versionSelect(page))).toHaveText('Version 2 - 001b')
  await choose(page, versionSelect(page), 'Version 1 - 001a')
  await choose(page, versionSelect(page), 'Version 2 - 001b')
  await weight(page).fill('100')
  await percentage(page).fill('5')
  await expect(total(page)).toHaveText('5.00 g')
  await expect(row(page, 'Lemon')).toContainText('1.00 g')
  await expect(row(page, 'Lavender')).toContainText('2.00 g')
})

test('warns about Bergamot in a lotion, not in soap, and shows no skin limits for a diffuser', async ({ page }) => {
  await openWithBlend(page)
  await pickBlend(page, 'bergamot', '001a Evening Calm')
  await weight(page).fill('200')
  await choose(page, productSelect(page), 'Lotion / cream')
  await expect(percentage(page)).toHaveValue('1')
  await expect(warnings(page)).toHaveCount(1)
  await expect(warnings(page).first()).toContainText('Bergamot is phototoxic')

  // 2% of a blend that is 30% Bergamot puts 0.6% Bergamot in the lotion, above its 0.4% maximum.
  await percentage(page).fill('2')
  await expect(warnings(page)).toHaveCount(2)
  await expect(warnings(page).first()).toContainText('Bergamot is 0.6% of the finished product')
  await expect(warnings(page).first()).toContainText('0.4%')
  await expect(warnings(page).first()).toContainText('Tisserand & Young 2014')
  await expect(total(page)).toHaveText('4.00 g')

  await choose(page, productSelect(page), 'Cold process soap')
  await expect(warnings(page)).toHaveCount(0)
  await expect(page.getByText(/phototoxicity warnings do not apply/)).toBeVisible()

  await choose(page, productSelect(page), 'Diffuser')
  await expect(warnings(page)).toHaveCount(0)
  await expect(page.getByText(/no skin limits apply/)).toBeVisible()
})

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`flags 1.0% Lemongrass in a 2% lotion, names the oils it could not check, and says no warnings only when all were checked (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    await signUpInPage(page)
    await createBlendInPage(page, { name: 'Citral Lotion', oils: ['Sweet Orange', 'Lemongrass', 'Vetiver'] })
    await createBlendInPage(page, { name: 'Checked Mint', oils: ['Peppermint', 'Palmarosa', 'Ylang Ylang'] })
    await page.goto('/calculator')
    await pickBlend(page, 'citral', '001a Citral Lotion')
    await weight(page).fill('500')
    await choose(page, productSelect(page), 'Lotion / cream')
    await percentage(page).fill('2')
    // Lemongrass is half the blend: 1.0% of the lotion, above its published 0.7%.
    await expect(warnings(page)).toHaveCount(1)
    await expect(warnings(page).first()).toContainText('Lemongrass is 1% of the finished product, above its leave-on maximum of 0.7%')
    await expect(warnings(page).first()).toContainText('Tisserand Institute')
    const unchecked = page.getByRole('list', { name: 'Oils not checked' }).getByRole('listitem')
    await expect(unchecked).toHaveText([
      'No published maximum on file for Sweet Orange, so its 0.6% of the finished product could not be checked.',
      'No published maximum on file for Vetiver, so its 0.4% of the finished product could not be checked.',
    ])
    const cautions = page.getByRole('list', { name: 'Safety cautions' }).getByRole('listitem')
    await expect(cautions).toHaveText([/^Lemongrass, children:/, /^Lemongrass, pregnancy:/])
    await expect(page.getByText('No safety warnings for this blend at this percentage.')).toHaveCount(0)

    // Every oil of this one has a published maximum, and 1% keeps each under it.
    await pickBlend(page, 'mint', '002a Checked Mint')
    await percentage(page).fill('1')
    await expect(page.getByText('No safety warnings for this blend at this percentage.')).toBeVisible()
    await expect(unchecked).toHaveCount(0)
    await expect(cautions).toHaveText([/^Peppermint, children:/, /^Ylang Ylang, children:/])
    // The notes wrap: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
  })
}

test('shows the usage guidelines and hides the controls when printed', async ({ page }) => {
  await openWithBlend(page)
  // toHaveText retries until the page has loaded the blends and shows the guide; a one-shot
  // allTextContents() read raced the load and saw an empty list.
  await expect(page.getByTestId('usage-guide').locator('div')).toHaveText([
    'Diffuser5-8 drops',
    'Bath salts10-15 drops per cup',
    'Lotion/cream0.5-2%',
    'Cold process soap1-3%',
    'Melt and pour soap2-4%',
    'Room spray1-3%',
    'Bath bombs3-5%',
    'Wax melts6-10%',
    'Candles6-10%',
  ])

  await pickBlend(page, 'Evening Calm', '001a Evening Calm')
  await weight(page).fill('500')
  await percentage(page).fill('2')
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('contentinfo')).toBeHidden()
  await expect(blendBox(page)).toBeHidden()
  await expect(total(page)).toBeVisible()
  await expect(page.getByText('001a Evening Calm: 500 grams at 2% essential oil')).toBeVisible()
})

test('whole drops per oil add up to the total drops shown', async ({ page }) => {
  await openWithBlend(page)
  await pickBlend(page, 'calm', '001a Evening Calm')
  // 37 g at 1.3%: each oil's exact drops have fractions that plain rounding would not add up.
  await weight(page).fill('37')
  await percentage(page).fill('1.3')
  const cells = page.getByRole('table', { name: 'Amount of each oil for this batch' }).locator('tbody tr td:last-child')
  await expect(cells).toHaveCount(3)
  const drops = (await cells.allTextContents()).map(Number)
  drops.forEach((n) => expect(Number.isInteger(n)).toBe(true))
  const totalDrops = Number(await page.getByTestId('total-drops').textContent())
  expect(drops.reduce((sum, n) => sum + n, 0)).toBe(totalDrops)
  await expect(page.getByText(`or ${totalDrops} drops`)).toBeVisible()
})

test('lists amounts to 0.01 g whose column adds up to the batch total, whatever the batch', async ({ page }) => {
  await openWithBlend(page)
  await pickBlend(page, 'calm', '001a Evening Calm')
  const table = page.getByRole('table', { name: 'Amount of each oil for this batch' })
  const grams = (cells: string[]) => cells.map((text) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100))
  for (const [w, pct] of [
    ['37', '1.3'],
    ['333', '2.7'],
    ['1234.5', '0.9'],
  ] as const) {
    await weight(page).fill(w)
    await percentage(page).fill(pct)
    const rows = table.locator('tbody tr td:nth-child(4)')
    await expect(rows).toHaveCount(3)
    const cells = await rows.allTextContents()
    cells.forEach((text) => expect(text).toMatch(/^\d+\.\d{2} g$/))
    const totalText = (await table.locator('tfoot td').first().textContent())!
    expect(
      grams(cells).reduce((a, b) => a + b, 0),
      `${w} g at ${pct}%`,
    ).toBe(grams([totalText])[0])
  }
})

test("doses soap by the weight of its oils, in % or oz per lb, and hands the label the oil's share of the product", async ({ page }) => {
  await openWithBlend(page)
  await pickBlend(page, 'calm', '001a Evening Calm')
  await choose(page, productSelect(page), 'Cold process soap')
  const basis = page.getByRole('group', { name: 'Measure the essential oil as' })
  await expect(basis.getByRole('radio', { name: '% of the product' })).toBeChecked()
  await basis.getByRole('radio', { name: "% of oils' weight" }).check()
  await page.getByRole('textbox', { name: "Weight of the soap's oils" }).fill('1000')
  await page.getByRole('textbox', { name: "Essential oil, % of oils' weight" }).fill('3')
  await expect(total(page)).toHaveText('30.00 g')
  await expect(row(page, 'Lavender')).toContainText('15.00 g')
  await expect(page.getByTestId('product-share')).toHaveText('at most 2.91%')
  await expect(page.getByRole('link', { name: 'Label', exact: true })).toHaveAttribute(
    'href',
    /type=cold-process-soap&weight=1030&unit=g&oil=2\.91262/,
  )

  await basis.getByRole('radio', { name: 'oz per lb of oils' }).check()
  await choose(page, unitSelect(page), 'Pounds')
  await page.getByRole('textbox', { name: "Weight of the soap's oils" }).fill('2')
  await page.getByRole('textbox', { name: 'Essential oil, oz per lb of oils' }).fill('0.5')
  await expect(total(page)).toHaveText('1.000 oz (28.35 g)')
  await expect(row(page, 'Batch total')).toContainText('1.000 oz')
})

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test("stacks each oil's amounts to 0.01 g, adding up to the batch total, and offers the soap rates without scrolling sideways", async ({
    page,
  }) => {
    await openWithBlend(page)
    await pickBlend(page, 'calm', '001a Evening Calm')
    await choose(page, productSelect(page), 'Cold process soap')
    await page.getByRole('group', { name: 'Measure the essential oil as' }).getByRole('radio', { name: "% of oils' weight" }).check()
    await page.getByRole('textbox', { name: "Weight of the soap's oils" }).fill('333')
    await page.getByRole('textbox', { name: "Essential oil, % of oils' weight" }).fill('2.7')
    const cards = page.getByRole('list', { name: 'Amount of each oil for this batch' }).getByRole('listitem')
    await expect(cards).toHaveCount(4)
    // 8.991 g of essential oil: 2.70 + 4.49 + 1.80 g, each to 0.01 g, add up to the 8.99 g shown.
    await expect(total(page)).toHaveText('8.99 g')
    await expect(cards.first()).toContainText('2.70 g')
    const hundredths = (await Promise.all((await cards.all()).map((card) => card.locator('dd').first().textContent()))).map((text) =>
      Math.round(Number(text!.replace(/[^\d.]/g, '')) * 100),
    )
    expect(hundredths.slice(0, 3).reduce((a, b) => a + b, 0)).toBe(hundredths[3])
    await expect(page.getByTestId('product-share')).toHaveText('at most 2.63%')
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    // The rate choice is a labelled group of radios, worked with the keyboard.
    const percentOfProduct = page.getByRole('radio', { name: '% of the product' })
    await percentOfProduct.focus()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('radio', { name: "% of oils' weight" })).toBeChecked()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('radio', { name: 'oz per lb of oils' })).toBeChecked()
    await expect(page.getByRole('textbox', { name: 'Essential oil, oz per lb of oils' })).toHaveValue('2.7')
    await page.waitForLoadState('networkidle')
    const axe = await new AxeBuilder({ page }).analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })
})

test.describe('in German', () => {
  test.use({ locale: 'de-DE' })

  // A German browser gets the German interface (issue 37): the fields, the totals and the
  // messages are German, numbers are read and written the German way.
  const field = (page: Page, name: string) => page.getByRole('textbox', { name })

  test('reads 1,5 as one and a half, groups thousands with points, and says what is wrong next to a field, in German', async ({ page }) => {
    await signUpInPage(page)
    await saveBlend(page)
    await page.goto('/calculator')
    await expect(page.getByRole('heading', { level: 1, name: 'Projektrechner' })).toBeVisible()
    await page.getByRole('combobox', { name: 'Mischung', exact: true }).fill('calm')
    await page.getByRole('option', { name: '001a Evening Calm', exact: true }).click()
    const weightField = field(page, 'Gesamtgewicht des Produkts')
    await weightField.fill('1.000')
    await field(page, 'Anteil an ätherischem Öl').fill('1,5')
    // 1,5% of 1.000 g; the tenfold misreading (15%) would say 150,0 g.
    await expect(total(page)).toHaveText('15,00 g')
    await expect(row(page, 'Lavendel|Lavender')).toContainText('7,50 g')
    await expect(page.getByTestId('product-weight')).toHaveText('1.000 g')

    await weightField.fill('2500,25')
    await expect(page.getByTestId('product-weight')).toHaveText('2.500,25 g')
    await expect(row(page, 'Summe der Charge')).toContainText('37,50 g')

    await weightField.fill('0')
    await expect(weightField).toHaveAccessibleDescription('Muss größer als 0 sein')
    await expect(page.getByText(/Es fehlt:/)).toHaveCount(0)
    await expect(total(page)).toHaveCount(0)

    await weightField.fill('viel')
    await expect(weightField).toHaveAccessibleDescription('Keine Zahl: Geben Sie sie so ein: 1,5')
    await expect(weightField).toHaveValue('viel')
    await expect(page.locator('main')).not.toContainText(/Batch total|Missing|Must be greater/)
  })
})
