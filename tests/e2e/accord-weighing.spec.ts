import AxeBuilder from '@axe-core/playwright'
import { bearerOf, createBlendInPage, oilIds } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/**
 * Weighing an accord in the calculator (decision 074), against the built app: a blend holding
 * Citrus Dawn in its middle layer is weighed as its oils by default, or with the accord as one line
 * from a neat batch of it; "Mark as made" draws the neat batch.
 */
test('weighs an accord as its oils or as one line from its neat batch, and marks the batch as made from it', async ({ page }) => {
  await signUpInPage(page)
  const headers = await bearerOf(page)
  const id = await oilIds(page)
  const accord = await createBlendInPage(page, { name: 'Citrus Dawn' })
  const host = await createBlendInPage(page, { name: 'Evening Calm', oils: ['Lemon', 'Lavender', 'Atlas Cedarwood'] })
  const saved = await page.request.post('/api/blend-versions', {
    headers,
    data: {
      projectId: host.id,
      topOils: [{ id: id('Lemon'), name: 'Lemon', percentage: 30 }],
      middleOils: [],
      baseOils: [{ id: id('Atlas Cedarwood'), name: 'Atlas Cedarwood', percentage: 20 }],
      accords: [{ layer: 'middle', versionId: accord.version.id, percentage: 50 }],
      effects: [],
    },
  })
  expect(saved.status(), await saved.text()).toBe(201)
  const neat = await page.request.post(`/api/blends/${accord.id}/batches`, {
    headers,
    data: { madeOn: '2026-11-01', productType: 'neat-accord', weight: 20, unit: 'g', oilPercentage: 100 },
  })
  expect(neat.status(), await neat.text()).toBe(201)

  await page.goto('/calculator')
  await page.getByRole('combobox', { name: 'Blend', exact: true }).fill('evening')
  await page.getByRole('option', { name: '002b Evening Calm', exact: true }).click()
  await page.getByRole('textbox', { name: 'Total product weight' }).fill('100')
  await page.getByRole('textbox', { name: 'Essential oil percentage' }).fill('10')

  const table = page.getByRole('table', { name: 'Amount of each oil for this batch' })
  const choice = page.getByRole('group', { name: 'How to weigh Citrus Dawn 001a' })
  await expect(choice.getByRole('radio', { name: /Weigh its oils/ })).toBeChecked()
  await expect(table.getByRole('row', { name: /Bergamot/ })).toContainText('1.50 g')

  // By keyboard: the arrow moves to the other choice of the group.
  await choice.getByRole('radio', { name: /Weigh its oils/ }).focus()
  await page.keyboard.press('ArrowDown')
  await expect(choice.getByRole('radio', { name: /Weigh Citrus Dawn 001a as one line/ })).toBeChecked()
  await expect(table.getByRole('row', { name: /Citrus Dawn 001a/ })).toContainText('5.00 g')
  await expect(table.getByRole('row', { name: /Bergamot/ })).toHaveCount(0)

  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

  await page.getByRole('button', { name: 'Mark as made' }).click()
  await expect(page.getByText('Batch of 002b made')).toBeVisible()
  const batches = (await (await page.request.get(`/api/blends/${accord.id}/batches`, { headers })).json()) as {
    items: { remainingGrams: number | null }[]
  }
  expect(batches.items[0]!.remainingGrams).toBe(15)
})
