import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Picks an option of one of our Selects (components/ui/select.tsx): opens the list unless it is
 * open, clicks the option, and tries again until the list has closed on the choice (on a slow
 * machine a click can land while the list is still opening). The list itself says whether it is
 * open.
 */
export async function chooseOption(page: Page, trigger: Locator, option: string | RegExp, exact = false) {
  // An open list is placed last in its landmark, after any other listbox on the page.
  const list = page.getByRole('listbox').last()
  await expect(async () => {
    if (!(await list.isVisible())) await trigger.click()
    await page.getByRole('option', { name: option, exact }).click({ timeout: 3_000 })
    await expect(list).toBeHidden({ timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
}
