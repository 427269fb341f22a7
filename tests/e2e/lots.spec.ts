import { createBlendInPage } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/**
 * Lots that age (issue 36; docs/product.md "Lots and expiry"): a maker adds a bottle whose
 * best-before has passed, sees it at the top of the shelf and on its card, and the calculator and
 * Mark as made name it before drawing from it. Nothing is blocked.
 */
test('a bottle past its best-before is listed on the shelf and named by the calculator and Mark as made', async ({ page }) => {
  test.setTimeout(90_000)
  await signUpInPage(page)
  await page.goto('/shelf')
  await expect(page.getByRole('heading', { level: 1, name: 'Oil shelf' })).toBeVisible()

  await page
    .getByRole('button', { name: /^Add (a|your first) bottle$/ })
    .first()
    .click()
  const dialog = page.getByRole('dialog', { name: 'Add a bottle' })
  await dialog.getByRole('combobox', { name: 'Oil' }).selectOption({ label: 'Bergamot' })
  await dialog.getByRole('textbox', { name: 'Bottle size' }).fill('10')
  await dialog.getByRole('textbox', { name: 'Lot or batch code' }).fill('BER-OLD')
  await dialog.getByLabel('Purchase date').fill('2024-03-01')
  // The best-before is filled from Bergamot's shelf life (a year: it oxidises sooner), saying so.
  await expect(dialog.getByLabel('Best before')).toHaveValue('2025-03-01')
  await expect(dialog.getByText(/From the oil’s shelf life: 1 year: this oil oxidises sooner than most/)).toBeVisible()
  // The maker changes it to the date on the label; an opened day before the purchase is refused, keeping what was typed.
  await dialog.getByLabel('Best before').fill('2025-02-15')
  await dialog.getByLabel('Opened on').fill('2024-02-01')
  await dialog.getByRole('button', { name: 'Add bottle' }).click()
  await expect(dialog.getByText("The opened date can't be before the purchase date.")).toBeVisible()
  await expect(dialog.getByLabel('Best before')).toHaveValue('2025-02-15')
  await dialog.getByLabel('Opened on').fill('2024-03-02')
  await dialog.getByRole('button', { name: 'Add bottle' }).click()
  await expect(dialog).toBeHidden()

  const ageing = page.getByRole('region', { name: 'Expired or expiring soon' })
  await expect(ageing).toContainText('Expired: Bergamot, lot BER-OLD (10 mL left). Past its best-before (2025-02-15).')
  await expect(page.getByRole('article', { name: 'Bergamot' }).getByTestId('lot-status')).toHaveText(
    'Expired: Past its best-before (2025-02-15)',
  )

  const made = await createBlendInPage(page)

  // The label screen names it too, from the draw its preview plans.
  await page.goto(`/label?blend=${made.id}&version=${made.version.id}&type=lotion&weight=500&unit=g&oil=1`)
  await expect(page.getByRole('region', { name: 'This batch draws from an expired or old bottle' })).toContainText(
    'Bergamot, lot BER-OLD: Past its best-before (2025-02-15).',
  )

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calculator' }).click()
  const blend = page.getByRole('combobox', { name: 'Blend', exact: true })
  await blend.fill('evening')
  await page.getByRole('option', { name: '001a Evening Calm', exact: true }).click()
  await page.getByRole('textbox', { name: 'Total product weight' }).fill('500')
  await page.getByRole('textbox', { name: 'Essential oil percentage' }).fill('1')

  const warning = page.getByRole('region', { name: 'This batch draws from an expired or old bottle' })
  await expect(warning).toContainText('Bergamot, lot BER-OLD: Past its best-before (2025-02-15).')
  await expect(page.getByTestId('mark-as-made-lot-warning')).toHaveText(
    'It draws from Bergamot, lot BER-OLD: Past its best-before (2025-02-15).',
  )
  // Nothing is blocked: the batch is recorded and draws from the bottle.
  await page.getByRole('button', { name: 'Mark as made' }).click()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: /^Batch .* made/ })).toBeVisible()
})
