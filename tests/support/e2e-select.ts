import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Picks an option of one of our Radix Selects. Radix ignores a pointer-up that lands too soon after
 * the list opened (so the opening click cannot select what appears under it); on a slow machine a
 * quick click can land in that window, so try again until the list has closed on the choice. While
 * the list is open Radix hides the rest of the page from the accessibility tree, the trigger
 * included, so the list itself says whether it is open.
 */
export async function chooseOption(page: Page, trigger: Locator, option: string | RegExp, exact = false) {
  // Radix renders an open list last in the body, after any other listbox on the page.
  const list = page.getByRole('listbox').last()
  await expect(async () => {
    if (!(await list.isVisible())) await trigger.click()
    await page.getByRole('option', { name: option, exact }).click({ timeout: 3_000 })
    await expect(list).toBeHidden({ timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
}
