import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { bearerOf, oilIds } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { chooseOption } from '../support/e2e-select.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/** A maker's own ingredients (docs/product.md "Your own ingredients", issue 35), against the built app. */

/** The browser logs each refused save the test asks for; only those are allowed. */
function allowRefusals(consoleErrors: string[]) {
  const expected = 'Failed to load resource: the server responded with a status of 400 (Bad Request)'
  for (let i = consoleErrors.length - 1; i >= 0; i -= 1) if (consoleErrors[i] === expected) consoleErrors.splice(i, 1)
}

const warnings = (page: Page) => page.getByRole('list', { name: 'Safety warnings' }).getByRole('listitem')
const blendBox = (page: Page) => page.getByRole('combobox', { name: 'Blend', exact: true })
const choose = (page: Page, trigger: Locator, option: string) => chooseOption(page, trigger, option, true)

async function pickBlend(page: Page, search: string, option: string) {
  await blendBox(page).fill(search)
  await page.getByRole('option', { name: option, exact: true }).click()
  await expect(blendBox(page)).toHaveValue(option)
}

/** Saves a 30/50/20 blend with the given top oil id through the API. */
async function saveBlend(page: Page, name: string, topId: number) {
  const id = await oilIds(page)
  const res = await page.request.post('/api/blends', {
    headers: await bearerOf(page),
    data: {
      name,
      topNote: topId,
      middleNote: id('Lavender'),
      baseNote: id('Atlas Cedarwood'),
      topPercentage: 30,
      middlePercentage: 50,
      basePercentage: 20,
      effects: [],
      notes: null,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
}

test('Bergamot FCF, based on Bergamot but not phototoxic, is used in a lotion with no phototoxicity warning; catalog Bergamot keeps its', async ({
  page,
  consoleErrors,
}) => {
  await signUpInPage(page)
  await page.goto('/shelf')
  await page.getByRole('link', { name: 'My ingredients' }).click()
  await expect(page).toHaveURL(/\/ingredients$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My ingredients' })).toBeVisible()
  await expect(page.getByText('No ingredients of your own yet')).toBeVisible()

  await page.getByRole('button', { name: 'Add your first ingredient' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add an ingredient' })
  await dialog.getByLabel('Based on').selectOption({ label: 'Bergamot' })
  // The catalog oil's facts fill the form; the maker names theirs and changes what differs.
  await expect(dialog.getByLabel('INCI name')).toHaveValue(/Bergamia/)
  await expect(dialog.getByLabel('Density (g/mL)')).not.toHaveValue('')
  await expect(dialog.getByRole('radio', { name: 'Yes', exact: true })).toBeChecked()
  // A name of the catalog's is refused, and what was typed stays.
  await dialog.getByLabel('Name', { exact: true }).fill('Bergamot')
  await dialog.getByRole('button', { name: 'Add ingredient' }).click()
  await expect(dialog.getByRole('alert')).toContainText('is the name of a catalog oil')
  await expect(dialog.getByLabel('INCI name')).toHaveValue(/Bergamia/)

  allowRefusals(consoleErrors)
  await dialog.getByLabel('Name', { exact: true }).fill('Bergamot FCF')
  await dialog.getByRole('radio', { name: 'No', exact: true }).check()
  // The catalog's maximum is for the phototoxic oil: the maker has no figure for FCF, so none.
  await dialog.getByLabel('Leave-on maximum (% of the finished product)').fill('')
  await dialog.getByLabel('Source of these facts').fill('Supplier data sheet, lot 42')
  await dialog.getByRole('button', { name: 'Add ingredient' }).click()
  await expect(dialog).toBeHidden()

  const card = page.getByRole('list', { name: 'Your ingredients' }).getByRole('listitem')
  await expect(card).toHaveCount(1)
  await expect(card).toContainText('Bergamot FCF')
  await expect(card).toContainText('based on Bergamot')
  await expect(card).toContainText('Not phototoxic')
  await expect(card).toContainText('No published maximum on file')

  const mine = (await (await page.request.get('/api/ingredients', { headers: await bearerOf(page) })).json()) as {
    items: { id: number; name: string }[]
  }
  const fcf = mine.items.find((i) => i.name === 'Bergamot FCF')!
  const id = await oilIds(page)
  await saveBlend(page, 'FCF Calm', fcf.id)
  await saveBlend(page, 'Classic Calm', id('Bergamot'))

  await page.goto('/calculator')
  await expect(page.getByRole('heading', { level: 1, name: 'Project Calculator' })).toBeVisible()
  await pickBlend(page, 'fcf', '001a FCF Calm')
  await page.getByRole('textbox', { name: 'Total product weight' }).fill('200')
  await choose(page, page.getByRole('combobox', { name: 'Product type' }), 'Lotion / cream')
  await expect(page.getByRole('row', { name: /Bergamot FCF/ })).toBeVisible()
  await expect(page.getByText(/No published maximum on file for Bergamot FCF/)).toBeVisible()
  await expect(page.getByText(/Bergamot FCF is phototoxic/)).toHaveCount(0)
  await expect(page.getByText(/is phototoxic/)).toHaveCount(0)

  await pickBlend(page, 'classic', '002a Classic Calm')
  await expect(warnings(page).first()).toContainText('Bergamot is phototoxic')
})

test('My ingredients on a phone: the form scrolls and is usable by keyboard', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 412, height: 823 })
  await signUpInPage(page)
  await page.goto('/ingredients')
  await expect(page.getByRole('heading', { level: 1, name: 'My ingredients' })).toBeVisible()
  const addButton = page.getByRole('button', { name: 'Add an ingredient' })
  // The button waits for the catalog (the form starts from a catalog oil); a disabled button takes no focus.
  await expect(addButton).toBeEnabled()
  await addButton.focus()
  await expect(addButton).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Add an ingredient' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Add ingredient' }).click()
  // Nothing guessed from nothing: the missing fields are named.
  await expect(dialog.getByRole('alert')).toContainText('Give the ingredient a name')
  allowRefusals(consoleErrors)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

for (const viewport of [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1280, height: 800 },
])
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`My ingredients on a ${viewport.name}, ${scheme} theme`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height }, colorScheme: scheme })
      test('the list and the open form have no axe violations', async ({ page }) => {
        await signUpInPage(page)
        const id = await oilIds(page)
        const res = await page.request.post('/api/ingredients', {
          headers: await bearerOf(page),
          data: { name: 'Lavandin Grosso', basedOnOilId: id('Lavender'), kind: 'Essential oil', safety: { maxLeaveOnPercent: 2 } },
        })
        expect(res.status(), await res.text()).toBe(201)
        await page.goto('/ingredients')
        await expect(page.getByRole('list', { name: 'Your ingredients' }).getByRole('listitem')).toHaveCount(1)
        const scan = async (label: string) => {
          await page.waitForLoadState('networkidle')
          const results = await new AxeBuilder({ page }).analyze()
          expect(
            results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
            label,
          ).toEqual([])
        }
        await scan('the list')
        await page.getByRole('button', { name: 'Edit Lavandin Grosso' }).click()
        await expect(page.getByRole('dialog', { name: 'Edit Lavandin Grosso' })).toBeVisible()
        await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))))
        await scan('the form')
      })
    })
  }

test("the Modify Blend editor's oil picker lists the maker's own ingredient, and a version with it saves", async ({ page }) => {
  await signUpInPage(page)
  const id = await oilIds(page)
  const added = await page.request.post('/api/ingredients', {
    headers: await bearerOf(page),
    data: { name: 'Bergamot FCF', basedOnOilId: id('Bergamot'), safety: { maxLeaveOnPercent: 2, phototoxic: false, source: 'Supplier' } },
  })
  expect(added.status(), await added.text()).toBe(201)
  await saveBlend(page, 'Sunny Top', id('Bergamot'))

  await page.goto('/journal')
  await expect(page.getByRole('heading', { level: 1, name: 'Blend Journal' })).toBeVisible()
  await page.getByRole('article', { name: 'Sunny Top' }).getByRole('button', { name: 'Create new version' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Modify Blend' })).toBeVisible()
  const pct = (name: string) => page.getByRole('textbox', { name: `${name} percentage` })
  await expect(pct('Bergamot')).toHaveValue('30')

  await page.getByRole('button', { name: 'Add top note oil' }).click()
  const picker = page.getByRole('region', { name: 'Add a top note oil' })
  const addFcf = picker.getByRole('button', { name: 'Add Bergamot FCF', exact: true })
  await expect(addFcf).toContainText('Yours')
  // The picker's list settles once the catalog with the maker's ingredients is read: click until it takes.
  await expect(async () => {
    await addFcf.click({ timeout: 2000 })
    await expect(pct('Bergamot FCF')).toHaveValue('15', { timeout: 1000 })
  }).toPass({ timeout: 15_000 })
  await page.getByRole('button', { name: 'Remove Bergamot', exact: true }).click()
  await expect(pct('Bergamot FCF')).toHaveValue('30')

  await page.getByRole('button', { name: 'Save Version' }).click()
  await expect(page.getByText('Version Saved')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Version 2 - 001b' })).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByText('Bergamot FCF', { exact: true }).first()).toBeVisible()
})
