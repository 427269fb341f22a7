import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Picks an option of one of our Selects (components/ui/select.tsx, the browser's own select) by
 * its label: the whole label when `exact`, otherwise the first option whose label contains
 * `option` (as getByRole's name matching does), then checks that the select shows it.
 */
export async function chooseOption(page: Page, select: Locator, option: string | RegExp, exact = false) {
  const label =
    typeof option === 'string' && exact
      ? option
      : ((await select.locator('option').filter({ hasText: option }).first().textContent()) ?? '')
  await select.selectOption({ label })
  await expect(chosenOption(select)).toHaveText(label)
}

/** The option a Select shows (its text, as a person sees the closed select). */
export const chosenOption = (select: Locator) => select.locator('option:checked')
