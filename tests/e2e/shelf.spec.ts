import type { Page } from '@playwright/test'
import { bearerOf, createBlendInPage, oilIds } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/** The oil shelf (docs/product.md, "The oil shelf") walked by a new user, against the built app. */

async function addBottle(page: Page, oil: string, size: string, price: string) {
  await page
    .getByRole('button', { name: /^Add (a|your first) bottle$/ })
    .first()
    .click()
  const dialog = page.getByRole('dialog', { name: 'Add a bottle' })
  await dialog.getByRole('combobox', { name: 'Oil' }).selectOption({ label: oil })
  await dialog.getByRole('textbox', { name: 'Bottle size' }).fill(size)
  await dialog.getByRole('textbox', { name: 'Price paid (EUR)' }).fill(price)
  await dialog.getByRole('textbox', { name: 'Supplier' }).fill('Hedgerow Oils')
  await dialog.getByRole('button', { name: 'Add bottle' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { level: 3, name: oil })).toBeVisible()
}

const shelfRow = (page: Page, oil: string) => page.getByRole('table', { name: /Your oils/ }).getByRole('row', { name: new RegExp(oil) })
/** The row's "Left" cell (Bottles, Left, Cost per mL), as a number of mL. */
const leftOf = async (page: Page, oil: string) =>
  Number(/^([\d.]+) mL$/.exec((await shelfRow(page, oil).getByRole('cell').nth(1).textContent()) ?? '')?.[1])

test('a new maker fills the shelf, prices a 500 g batch at 3%, marks it made and undoes it', async ({ page }) => {
  test.setTimeout(90_000)
  await signUpInPage(page)
  await page.goto('/shelf')
  await expect(page.getByRole('heading', { level: 1, name: 'Oil shelf' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your shelf is empty' })).toBeVisible()

  // The browser's language (en-US) chose the currency at first; a choice is saved as it is made.
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD')
  await expect(page.getByText("Set from your browser's language", { exact: false })).toBeVisible()
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR')
  await expect(page.getByText('Prices are now in EUR')).toBeVisible()

  await addBottle(page, 'Bergamot', '10', '9.50')
  await addBottle(page, 'Lavender', '30', '12')
  await addBottle(page, 'Atlas Cedarwood', '10', '6,40')
  await expect(shelfRow(page, 'Bergamot')).toContainText('10 mL')
  await expect(shelfRow(page, 'Bergamot')).toContainText('€0.95')
  await expect(shelfRow(page, 'Lavender')).toContainText('€0.40')

  await createBlendInPage(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calculator' }).click()
  const blend = page.getByRole('combobox', { name: 'Blend', exact: true })
  await blend.fill('evening')
  await page.getByRole('option', { name: '001a Evening Calm', exact: true }).click()
  await page.getByRole('textbox', { name: 'Total product weight' }).fill('500')
  await page.getByRole('textbox', { name: 'Essential oil percentage' }).fill('3')

  // 15 g of oil: each oil's millilitres at its cost per mL, summed.
  const costs = page.getByRole('list', { name: 'Cost of each oil in this batch' })
  await expect(costs.getByRole('listitem')).toHaveCount(3)
  await expect(costs).not.toContainText('No price on your shelf')
  await expect(page.getByTestId('batch-cost')).toHaveText(/^€\d+\.\d\d$/)
  await expect(page.getByRole('heading', { name: 'Not enough on your shelf' })).toHaveCount(0)
  await page.getByRole('textbox', { name: 'Units in this batch' }).fill('5')
  await expect(page.getByTestId('unit-cost')).toHaveText(/^€\d+\.\d\d$/)

  await page.getByRole('button', { name: 'Mark as made' }).click()
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: /^Batch .* made/ })
  await expect(toast).toBeVisible()

  // The shelf went down by what the batch took.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shelf' }).click()
  await expect(shelfRow(page, 'Bergamot')).toBeVisible()
  await expect.poll(() => leftOf(page, 'Bergamot')).toBeLessThan(10)
  await expect.poll(() => leftOf(page, 'Lavender')).toBeLessThan(30)
  await expect.poll(() => leftOf(page, 'Atlas Cedarwood')).toBeLessThan(10)

  // Undo puts it all back.
  await toast.getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByText('Batch undone')).toBeVisible()
  await expect.poll(() => leftOf(page, 'Bergamot')).toBe(10)
  await expect.poll(() => leftOf(page, 'Lavender')).toBe(30)
  await expect.poll(() => leftOf(page, 'Atlas Cedarwood')).toBe(10)
})

test('the journal lists a batch made, and removing it puts its oil back', async ({ page }) => {
  test.setTimeout(60_000)
  await signUpInPage(page)
  const { id: blendId } = await createBlendInPage(page)
  const auth = await bearerOf(page)
  const oilId = await oilIds(page)
  const created = await page.request.post('/api/shelf/bottles', {
    headers: auth,
    data: { oilId: oilId('Lavender'), unit: 'mL', size: 30, price: 12 },
  })
  expect(created.status(), await created.text()).toBe(201)

  await page.goto(`/journal?blend=${blendId}`)
  await expect(page.getByRole('heading', { name: 'Batches made' })).toBeVisible()
  await expect(page.getByText(/No batches yet/)).toBeVisible()

  const made = await page.request.post(`/api/blends/${blendId}/batches`, {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { madeOn: '2026-11-24', productType: 'lotion', weight: 100, unit: 'g', oilPercentage: 2, units: null },
  })
  expect(made.status(), await made.text()).toBe(201)
  const { reference } = (await made.json()) as { reference: string }
  await page.reload()
  const batch = page.getByRole('article', { name: new RegExp(`^${reference} · `) })
  await expect(batch).toContainText('100 g at 2%')
  await expect(batch).toContainText('No price on your shelf')

  await batch.getByRole('button', { name: new RegExp(`^Remove batch ${reference}, `) }).click()
  await page.getByRole('dialog', { name: 'Remove this batch?' }).getByRole('button', { name: 'Remove batch' }).click()
  await expect(page.getByText(/No batches yet/)).toBeVisible()
  const shelf = (await (await page.request.get('/api/shelf/oils', { headers: auth })).json()) as {
    items: { oilName: string; remainingMl: number }[]
  }
  expect(shelf.items.find((item) => item.oilName === 'Lavender')?.remainingMl).toBe(30)
})
