import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { bearerOf, createBlendInPage } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/**
 * Issue 35 in the blend wizard (decision 077), against the built app: a signed-in maker with one
 * saved blend builds a new blend whose middle note is that blend's version, taken from the layer
 * picker's "My accords" source, sees it named on the summary, saves it, and finds the accord and
 * its flattened oils in the journal. The picker with the source open is scanned by axe, light and
 * dark, desktop and phone.
 */

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })

async function noAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

async function selectOil(page: Page, name: string) {
  await page.getByRole('button', { name: `Select ${name}`, exact: true }).click()
  await expect(heading(page, 'Build Your Blend')).toBeVisible()
}

test('the wizard takes a saved blend version as the middle note and saves it as an accord', async ({ page }) => {
  await signUpInPage(page)
  // Citrus Dawn 001a: Bergamot 30, Lavender 50, Atlas Cedarwood 20.
  await createBlendInPage(page, { name: 'Citrus Dawn' })

  await page.goto('/blend')
  await expect(heading(page, 'Create Your Perfect Blend')).toBeVisible()
  await page.getByRole('button', { name: /^Base/ }).click()
  await expect(heading(page, 'Select Your Base Note')).toBeVisible()
  await selectOil(page, 'Vetiver')
  await page.getByRole('button', { name: /Choose a Top Note/ }).click()
  await selectOil(page, 'Grapefruit')
  await page.getByRole('button', { name: /Choose a Middle Note/ }).click()
  await expect(heading(page, 'Select Your Middle Note')).toBeVisible()
  await expect(page).toHaveURL(/step=2&layer=middle/)

  // The source switch is reached and pressed from the keyboard.
  const source = page.getByRole('group', { name: 'Choose the Middle Note from' })
  await expect(source.getByRole('button', { name: 'Catalog' })).toHaveAttribute('aria-pressed', 'true')
  await source.getByRole('button', { name: 'My accords' }).focus()
  await page.keyboard.press('Enter')
  const picker = page.getByRole('region', { name: 'Use one of my blends as the Middle Note' })
  const choice = picker.getByRole('button', { name: 'Add Citrus Dawn 001a' })
  await expect(choice).toBeVisible()
  // Light and dark (decision 028), desktop and phone.
  await noAxeViolations(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  await noAxeViolations(page)
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(choice).toBeVisible()
  await noAxeViolations(page)
  await page.emulateMedia({ colorScheme: 'light' })
  await noAxeViolations(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await choice.focus()
  await page.keyboard.press('Enter')

  await expect(heading(page, 'Build Your Blend')).toBeVisible()
  await expect(page.getByText('Citrus Dawn 001a')).toBeVisible()
  // The wizard's place in the address (decision 027) follows: the picker closed.
  await expect(page).toHaveURL(/step=2$/)
  await page.getByRole('button', { name: 'Continue to Summary' }).click()
  await expect(heading(page, 'Your Blend Summary')).toBeVisible()
  const middle = page.getByRole('heading', { level: 3, name: 'Middle Note' }).locator('xpath=ancestor::li[1]')
  await expect(middle).toContainText('Citrus Dawn 001a')
  await expect(middle).toContainText('50%')

  await page.getByRole('textbox', { name: 'Blend Title' }).fill('Dawn Over Vetiver')
  await page.getByRole('button', { name: 'Save to Journal' }).click()
  await expect(page.locator('[data-sonner-toast]').getByText('Blend saved to journal!', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(/\/journal/, { timeout: 10_000 })

  // The journal: the accord line in the middle note, and its oils flattened (Bergamot 30 % of 50 % = 15 %).
  // Blend ids are shared by every user of the database: the new blend's is looked up by its name.
  const projects = (await (await page.request.get('/api/blend-projects', { headers: await bearerOf(page) })).json()) as {
    id: number
    name: string
  }[]
  const saved = projects.find((p) => p.name === 'Dawn Over Vetiver')
  expect(saved).toBeDefined()
  await page.goto(`/journal?blend=${saved!.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Dawn Over Vetiver' })).toBeVisible()
  const accords = page.getByRole('region', { name: 'Accords in this version' })
  await expect(accords.getByRole('button', { name: 'Citrus Dawn 001a · 50 % of the blend' })).toBeVisible()
  await expect(page.getByText('15%', { exact: true })).toBeVisible()
  await expect(page.getByText('25%', { exact: true })).toBeVisible()
})
