import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { bearerOf, createBlendInPage, oilIds } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/**
 * IFRA from the maker's certificates (docs/product.md "IFRA certificates"; decision 070), walked
 * against the built app: two certificates pasted on the shelf, Evening Calm (Bergamot 30 /
 * Lavender 50 / Atlas Cedarwood 20) as a 500 g lotion: the maximum % of the blend and the limiting
 * oil beside the chosen %, a batch over it flagged, the bottle without a certificate named as
 * unknown; then the batch made, whose label screen shows the check it recorded. The screens are
 * scanned with axe at phone and desktop sizes, light and dark.
 */

const BERGAMOT_CERTIFICATE = [
  'IFRA CERTIFICATE OF CONFORMITY',
  'Product: Bergamot essential oil, furocoumarin free - lot BER-2',
  'We certify that this product complies with the 51st Amendment to the IFRA Code of Practice',
  'Date of issue: 9 January 2026',
  'Category 4: 1.25 %',
  'Category 5A: 0.30%',
  'Category 9: 2,0 %',
  'Category 12: No restriction',
].join('\n')

const LAVENDER_CERTIFICATE = [
  'IFRA Certificate - Lavender, lot LAV-7',
  'Amendment No. 51',
  'Dated 2026-03-14',
  'IFRA Category\tDescription\tMaximum in the finished product',
  '5A\tBody lotion products\t0.61 %',
  '9\tRinse-off body products\t4.8 %',
  '11A\tInert substrate, no UV\tsee note 3',
  '12\tNot for skin contact\tNot restricted',
].join('\n')

async function addBottle(page: Page, oil: string, lotCode: string) {
  const id = await oilIds(page)
  const res = await page.request.post('/api/shelf/bottles', {
    headers: await bearerOf(page),
    data: { oilId: id(oil), unit: 'mL', size: 30, price: null, supplier: 'Hedgerow Oils', lotCode, purchasedOn: null },
  })
  expect(res.status(), await res.text()).toBe(201)
}

async function pasteCertificate(page: Page, oil: string, text: string) {
  await page.getByRole('button', { name: `IFRA certificate of ${oil} bottle` }).click()
  const dialog = page.getByRole('dialog', { name: `IFRA certificate of ${oil}` })
  await dialog.getByRole('button', { name: 'Paste from the certificate' }).click()
  await dialog.getByRole('textbox', { name: 'Certificate text' }).fill(text)
  await dialog.getByRole('button', { name: 'Read the certificate' }).click()
  return dialog
}

async function expectNoViolationsNow(page: Page, label: string) {
  await page.waitForLoadState('networkidle')
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  const results = await new AxeBuilder({ page }).analyze()
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(summary, `axe violations on ${label}`).toEqual([])
}

async function lotion(page: Page, percentage: string) {
  await page.goto('/calculator')
  await page.getByRole('combobox', { name: 'Blend', exact: true }).fill('evening')
  await page.getByRole('option', { name: '001a Evening Calm', exact: true }).click()
  await page.getByRole('combobox', { name: 'Product type' }).selectOption({ label: 'Lotion / cream' })
  await page.getByRole('textbox', { name: 'Total product weight' }).fill('500')
  await page.getByRole('textbox', { name: 'Essential oil percentage' }).fill(percentage)
}

test('two certificates pasted: the calculator names the lotion’s maximum and limiting oil, flags a batch over it and an uncertified bottle as unknown', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signUpInPage(page)
  const blend = await createBlendInPage(page)
  await addBottle(page, 'Bergamot', 'BER-2')
  await addBottle(page, 'Lavender', 'LAV-7')
  await addBottle(page, 'Atlas Cedarwood', 'CED-1')

  await page.goto('/shelf')
  await expect(page.getByRole('article', { name: 'Bergamot' })).toContainText('No IFRA certificate')

  let dialog = await pasteCertificate(page, 'Bergamot', BERGAMOT_CERTIFICATE)
  await expect(dialog.getByText('Read 4 categories, the 51st amendment and the date.')).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: /^Category 5A/ })).toHaveValue('0.3')
  await expect(dialog.getByRole('checkbox', { name: 'No restriction in category 12' })).toBeChecked()
  await dialog.getByRole('button', { name: 'Save certificate' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('article', { name: 'Bergamot' })).toContainText('IFRA certificate (51st amendment)')

  // Lavender: a spreadsheet's copy whose note the reader leaves to the maker; Save waits for it.
  dialog = await pasteCertificate(page, 'Lavender', LAVENDER_CERTIFICATE)
  await expect(dialog.getByText('1 line needs you:')).toBeVisible()
  await expect(dialog.getByText('This line gives a note, not a figure: enter the limit the note gives by hand.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Save certificate' }).click()
  await expect(dialog.getByRole('alert')).toContainText('1 line of the certificate was not read')
  await dialog.getByRole('button', { name: 'Dismiss line 7' }).click()
  await dialog.getByRole('button', { name: 'Save certificate' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('article', { name: 'Lavender' })).toContainText('IFRA certificate (51st amendment)')
  await expect(page.getByRole('article', { name: 'Atlas Cedarwood' })).toContainText('No IFRA certificate')

  // 2 % of Evening Calm in a lotion (category 5A): Bergamot 0.3 % ÷ 30 % = 1 %, Lavender 0.61 % ÷ 50 % = 1.22 %.
  await lotion(page, '2')
  const panel = page.getByTestId('ifra-panel')
  await expect(panel.getByTestId('ifra-maximum')).toContainText(
    'Maximum 1% of the blend in this product (at most: some limits are unknown), limited by Bergamot (0.3% of the product at 30% of the blend). You chose 2%.',
  )
  await expect(panel.getByRole('alert')).toContainText('Above the IFRA maximum')
  await expect(panel.getByRole('list', { name: 'Oils whose IFRA limit is unknown' })).toHaveText(
    'Atlas Cedarwood: unknown (its bottle has no IFRA certificate: lot CED-1).',
  )

  // Under the maximum: no flag, and the bottle without a certificate is still unknown, never within.
  await page.getByRole('textbox', { name: 'Essential oil percentage' }).fill('0.8')
  await expect(panel.getByTestId('ifra-maximum')).toContainText('You chose 0.8%.')
  await expect(panel.getByRole('alert')).toHaveCount(0)
  await expect(panel.getByRole('list', { name: 'Oils whose IFRA limit is unknown' })).toContainText('Atlas Cedarwood: unknown')
  await expect(panel.getByText('Within the IFRA limits')).toHaveCount(0)

  // The batch made at 2 % records its check; its label screen shows it with the lots' certificates.
  const made = await page.request.post(`/api/blends/${blend.id}/batches`, {
    headers: await bearerOf(page),
    data: { versionId: blend.version.id, madeOn: '2026-11-20', productType: 'lotion', weight: 500, unit: 'g', oilPercentage: 2 },
  })
  expect(made.status(), await made.text()).toBe(201)
  const batch = (await made.json()) as { id: number }
  await page.goto(`/label?blend=${blend.id}&batch=${batch.id}`)
  const recorded = page.getByTestId('recorded-ifra')
  await expect(recorded).toContainText('Recorded when the batch was made, from certificates of the 51st amendment.')
  await expect(recorded.getByRole('alert')).toContainText('Above the IFRA maximum')
  await recorded.getByText("Each oil's limit and the certificates used").click()
  await expect(recorded).toContainText('Bergamot: 0.3% of the product, from lot BER-2 (51st amendment, 2026-01-09).')
})

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1280, height: 900 },
])
  for (const scheme of ['light', 'dark'] as const)
    test.describe(`IFRA screens at ${viewport.width}x${viewport.height}, ${scheme}`, () => {
      test.use({ viewport, colorScheme: scheme })
      test('the certificate dialog with unread lines and the calculator’s IFRA check have no axe violations', async ({ page }) => {
        test.setTimeout(120_000)
        await signUpInPage(page)
        await createBlendInPage(page)
        await addBottle(page, 'Bergamot', 'BER-2')
        await page.goto('/shelf')
        const dialog = await pasteCertificate(page, 'Bergamot', `${BERGAMOT_CERTIFICATE}\nCategory 11B: 0.2 - 0.4 %`)
        await expect(dialog.getByText('1 line needs you:')).toBeVisible()
        await expectNoViolationsNow(page, '/shelf with the IFRA certificate dialog open')
        await dialog.getByRole('button', { name: 'Dismiss line 9' }).click()
        await dialog.getByRole('button', { name: 'Save certificate' }).click()
        await expect(dialog).toBeHidden()
        await lotion(page, '2')
        await expect(page.getByTestId('ifra-panel').getByRole('alert')).toBeVisible()
        await expectNoViolationsNow(page, '/calculator with the IFRA check')
      })
    })
