import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Picks an option of one of our Radix Selects. Radix ignores a pointer-up that lands too soon after
 * the list opened (so the opening click cannot select what appears under it); on a slow machine a
 * quick click can land in that window, so try again until the list has closed on the choice.
 */
export async function chooseOption(page: Page, trigger: Locator, option: string | RegExp, exact = false) {
  await expect(async () => {
    if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click()
    await page.getByRole('option', { name: option, exact }).click({ timeout: 3_000 })
    await expect(trigger).toHaveAttribute('aria-expanded', 'false', { timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
}
