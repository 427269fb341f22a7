import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { createBlendInPage } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { chooseOption, chosenOption } from '../support/e2e-select.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/** Dilution by who will use it (docs/product.md "Dilution by who will use it", decision 069), on a phone. */

const TOTAL_2_6 = 'Children 2-6 years: at most 2% essential oil in total (1% recommended) (Robert Tisserand, quoted by Thrive Style [TS]).'

async function axeClean(page: Page, label: string) {
  const axe = await new AxeBuilder({ page }).analyze()
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([])
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`on a phone (412 px), ${scheme}`, () => {
    test.use({ viewport: { width: 412, height: 823 }, colorScheme: scheme })

    test('a lotion for a child of 4 lowers the maxima and says why', async ({ page }) => {
      await signUpInPage(page)
      await createBlendInPage(page, { name: 'Little Dreams', oils: ['Peppermint', 'Palmarosa', 'Lavender'] })
      await page.goto('/calculator')
      const blend = page.getByRole('combobox', { name: 'Blend', exact: true })
      await blend.fill('little')
      await page.getByRole('option', { name: '001a Little Dreams', exact: true }).click()
      await chooseOption(page, page.getByRole('combobox', { name: 'Product type' }), 'Lotion / cream', true)
      await page.getByRole('textbox', { name: 'Total product weight' }).fill('100')
      await expect(page.getByRole('textbox', { name: 'Essential oil percentage' })).toHaveValue('1')

      // Adults: the checks as they were, no audience section.
      const who = page.getByRole('combobox', { name: 'Who is it for' })
      await expect(chosenOption(who)).toHaveText('Adults')
      await expect(page.getByRole('heading', { name: /^For / })).toHaveCount(0)

      // Chosen with the keyboard: focus the select and pick the band by its label.
      await who.focus()
      await expect(who).toBeFocused()
      await who.selectOption({ label: 'Children 2-6 years' })
      await expect(who).toHaveAccessibleDescription(TOTAL_2_6)
      await expect(page.getByRole('heading', { name: 'For Children 2-6 years' })).toBeVisible()
      const maxima = page.getByRole('list', { name: 'Maxima for Children 2-6 years' }).getByRole('listitem')
      await expect(maxima.filter({ hasText: /^Peppermint/ })).toHaveText(
        `Peppermint: at most 2% (its own leave-on maximum is 5.4%). ${TOTAL_2_6}`,
      )
      await expect(maxima.filter({ hasText: /^Palmarosa/ })).toHaveText(
        `Palmarosa: at most 2% (its own leave-on maximum is 6.5%). ${TOTAL_2_6}`,
      )
      await expect(maxima.filter({ hasText: /^Lavender/ })).toHaveText(`Lavender: at most 2% (no maximum of its own on file). ${TOTAL_2_6}`)
      // Peppermint near a young child's face becomes a warning; Lavender has no maximum of its own, so no green line.
      const warnings = page.getByRole('list', { name: 'Safety warnings' }).getByRole('listitem')
      await expect(warnings.filter({ hasText: 'Caution for who it is for: Children 2-6 years: Peppermint.' })).toHaveCount(1)
      await expect(page.getByText('No safety warnings for this blend at this percentage.')).toHaveCount(0)

      // Over the band's total: flagged, with the figure and the source.
      await page.getByRole('textbox', { name: 'Essential oil percentage' }).fill('3')
      await expect(warnings.first()).toHaveText(
        'Above the total for who it is for: The blend is 3% of the finished product, above the most for children 2-6 years: 2% in total (Robert Tisserand, quoted by Thrive Style [TS]). Lower the oil percentage to 2% or less.',
      )
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await page.waitForLoadState('networkidle')
      await axeClean(page, `the calculator for a child, ${scheme}`)
    })
  })
}
