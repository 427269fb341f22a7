import type { Page } from '@playwright/test'
import { createBlendInPage } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { chosenOption } from '../support/e2e-select.ts'
import { signUpInPage } from '../support/e2e-users.ts'

const HOSTILE_NAME = '<img src=x onerror=alert(1)>'
const HOSTILE_NOTES = '<script>alert("notes")</script>'

/** Nothing the name or notes contain became an element on the page as it is now. */
async function expectNothingInjected(page: Page, where: string) {
  expect(await page.locator('img[src="x"]').count(), `${where}: an <img> made from the name`).toBe(0)
  // Playwright's text selectors never look inside <script>, so read every script's source from the DOM.
  const scripts = await page.evaluate(() => Array.from(document.scripts).map((s) => s.textContent ?? ''))
  expect(scripts.length, `${where}: the page's own scripts`).toBeGreaterThan(0)
  expect(
    scripts.filter((text) => text.includes('alert(')),
    `${where}: a <script> made from the notes or the name`,
  ).toEqual([])
}

test('a blend named like markup is shown as text everywhere, never run', async ({ page }) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await signUpInPage(page)
  await createBlendInPage(page, { name: HOSTILE_NAME, oils: ['Bergamot', 'Lavender', 'Vetiver'], notes: HOSTILE_NOTES })

  await page.goto('/journal')
  await expect(page.getByText(HOSTILE_NAME, { exact: true }).first()).toBeVisible()
  await expectNothingInjected(page, 'the journal')
  await page.getByRole('article', { name: HOSTILE_NAME }).getByRole('button', { name: 'View Details' }).click()
  await expect(page.getByRole('heading', { level: 1, name: HOSTILE_NAME })).toBeVisible()
  await expect(page.getByText(HOSTILE_NOTES).first()).toBeVisible()
  await expectNothingInjected(page, 'the blend details')

  await page.goto('/calculator')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The calculator's blend picker: a searchable combobox; its options name the blend as text.
  const blendBox = page.getByRole('combobox', { name: 'Blend', exact: true })
  await blendBox.click()
  await page.getByRole('option', { name: HOSTILE_NAME }).click()
  await expect(blendBox).toHaveValue(`001a ${HOSTILE_NAME}`)
  await expect(chosenOption(page.getByRole('combobox', { name: 'Version', exact: true }))).toHaveText('Version 1 - 001a')

  // Nothing the name or notes contain became an element or ran.
  await expectNothingInjected(page, 'the calculator')
  expect(dialogs).toEqual([])
})
