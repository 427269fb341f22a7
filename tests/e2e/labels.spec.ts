import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { bearerOf, createBlendInPage, oilIds } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/**
 * Allergen labels (docs/product.md "Allergen labels") walked as a maker would, against the built
 * app: supplier declarations pasted on the shelf, a 500 g lotion at 2 % in the calculator, its
 * label, the label sheet's PDF read back with pdftotext, and the label saved with the batch, whose
 * printed sheet (batch code, nominal quantity, responsible person, period after opening) says word
 * for word what the screen's preview says (decision 050).
 */

const LAVENDER_SHEET = [
  'ALLERGEN DECLARATION - Lavandula angustifolia, lot LAV-7',
  'Component\tCAS No.\tConcentration (%)',
  'Linalool\t78-70-6\t32,5',
  'Linalyl acetate\t115-95-7\t38',
  'Limonene\t5989-27-5\t0,5',
  'Terpinen-4-ol\t562-74-3\t4,2',
  'Geraniol\t106-24-1\t<0,01',
].join('\n')

const BERGAMOT_SHEET = ['Limonene 5989-27-5 40 %', 'Linalool 78-70-6 12 %', 'Linalyl acetate 115-95-7 30 %'].join('\n')

async function addBottle(page: Page, oil: string, lotCode: string) {
  const id = await oilIds(page)
  const res = await page.request.post('/api/shelf/bottles', {
    headers: await bearerOf(page),
    data: { oilId: id(oil), unit: 'mL', size: 30, price: null, supplier: 'Hedgerow Oils', lotCode, purchasedOn: null },
  })
  expect(res.status(), await res.text()).toBe(201)
}

/** Opens a bottle's Allergens, pastes the sheet, reads it and returns the dialog. */
async function pasteDeclaration(page: Page, oil: string, sheet: string) {
  await page.getByRole('button', { name: `Allergens of ${oil} bottle` }).click()
  const dialog = page.getByRole('dialog', { name: `Allergens in ${oil}` })
  await dialog.getByRole('button', { name: 'Paste from a supplier sheet' }).click()
  await dialog.getByRole('textbox', { name: 'Supplier sheet' }).fill(sheet)
  await dialog.getByRole('button', { name: 'Read the sheet' }).click()
  return dialog
}

/** The calculator, from the header: Evening Calm as a 500 g lotion at 2 % essential oil. */
async function calculateLotion(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calculator' }).click()
  await page.getByRole('combobox', { name: 'Blend', exact: true }).fill('evening')
  await page.getByRole('option', { name: '001a Evening Calm', exact: true }).click()
  await page.getByRole('combobox', { name: 'Product type' }).selectOption({ label: 'Lotion / cream' })
  await page.getByRole('textbox', { name: 'Total product weight' }).fill('500')
  await page.getByRole('textbox', { name: 'Essential oil percentage' }).fill('2')
  await expect(page.getByRole('link', { name: 'Label', exact: true })).toBeVisible()
}

test('a maker pastes two supplier declarations, labels a 500 g lotion, prints it and saves it with the batch', async ({ page }) => {
  test.setTimeout(120_000)
  await signUpInPage(page)
  const blend = await createBlendInPage(page)
  const settings = await page.request.put('/api/me/label-settings', {
    headers: await bearerOf(page),
    data: { batchCodePattern: '{YYMMDD}-{n}', responsibleName: 'Ana Maker', responsibleAddress: '1 Rue des Fleurs\n75001 Paris' },
  })
  expect(settings.status(), await settings.text()).toBe(200)
  await addBottle(page, 'Lavender', 'LAV-7')
  await addBottle(page, 'Bergamot', 'BER-2')
  await addBottle(page, 'Atlas Cedarwood', 'CED-1')

  await page.goto('/shelf')
  const lavenderCard = page.getByRole('article', { name: 'Lavender' })
  await expect(lavenderCard).toContainText('No allergen declaration')

  // Lavender: a spreadsheet's copy, with a substance that is not an annex entry and an upper limit
  // (read as the most the lot holds). Save waits until the unread line is dismissed.
  let dialog = await pasteDeclaration(page, 'Lavender', LAVENDER_SHEET)
  await expect(dialog.getByText('Read 4 allergens from the sheet.')).toBeVisible()
  await expect(dialog.getByText('1 line needs you:')).toBeVisible()
  await expect(dialog.getByText('Terpinen-4-ol (562-74-3) is not an allergen of Annex III, so it was skipped.')).toBeVisible()
  await expect(dialog.getByRole('combobox', { name: 'Allergen 2' })).toHaveValue('Linalyl Acetate')
  await expect(dialog.getByRole('textbox', { name: 'Percentage of allergen 4' })).toHaveValue('0.01')
  await dialog.getByRole('button', { name: 'Save declaration' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('1 line of the sheet was not read. Add each as a row or dismiss it before saving.')
  await dialog.getByRole('button', { name: 'Dismiss line 6' }).click()
  await dialog.getByRole('button', { name: 'Save declaration' }).click()
  await expect(dialog).toBeHidden()
  await expect(lavenderCard).toContainText('4 allergens declared')

  // Bergamot: plain text.
  dialog = await pasteDeclaration(page, 'Bergamot', BERGAMOT_SHEET)
  await expect(dialog.getByText('Read 3 allergens from the sheet.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Save declaration' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('article', { name: 'Bergamot' })).toContainText('3 allergens declared')
  await expect(page.getByRole('article', { name: 'Atlas Cedarwood' })).toContainText('No allergen declaration')

  // The calculator: a 500 g lotion at 2 %, then its label.
  await calculateLotion(page)
  await page.getByRole('link', { name: 'Label', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/label\\?blend=${blend.id}&version=${blend.version.id}&type=lotion&weight=500&unit=g&oil=2$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Batch label' })).toBeVisible()
  await expect(page.getByText('It does not replace the cosmetic product safety report the regulation requires.')).toBeVisible()

  // 10 g of oil in 500 g: bergamot 3 g (0.6 %), lavender 5 g (1 %), cedarwood 2 g (0.4 %) of the product.
  // Linalool 1 × 32.5 % + 0.6 × 12 % = 0.397 %; linalyl acetate 1 × 38 % + 0.6 × 30 % = 0.56 %;
  // limonene 1 × 0.5 % + 0.6 × 40 % = 0.245 %.
  const declared = page.getByRole('list', { name: 'Allergens to declare' })
  const row = (name: string) => declared.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) })
  await expect(row('Linalool')).toContainText('0.397 %')
  await expect(row('Linalool')).toContainText('Lavender, lot LAV-7: 0.325 %')
  await expect(row('Linalool')).toContainText('Bergamot, lot BER-2: 0.072 %')
  await expect(row('Linalyl Acetate')).toContainText('0.56 %')
  await expect(row('Limonene')).toContainText('0.245 %')
  await expect(row('Citrus Aurantium Bergamia Peel Oil')).toContainText('0.6 %')
  await expect(row('Citrus Aurantium Bergamia Peel Oil')).toContainText('From the recipe: Bergamot is this annex entry')

  // The cedarwood bottle has no declaration: named, and the label is incomplete.
  const warning = page.getByRole('alert').filter({ hasText: 'This label is incomplete' })
  await expect(warning).toContainText('Atlas Cedarwood, lot CED-1 from Hedgerow Oils has no allergen declaration')
  await expect(page.getByText('Incomplete', { exact: true })).toBeVisible()
  const ingredients = page.getByTestId('ingredient-text')
  await expect(ingredients).toContainText('Linalool')
  await expect(ingredients).toContainText('Limonene')

  // The oils as Parfum, with a base ingredient.
  await page.getByRole('radio', { name: 'Parfum' }).click()
  await page.getByRole('button', { name: 'Add a base ingredient' }).click()
  await page.getByRole('textbox', { name: 'INCI name of ingredient 1' }).fill('Aqua')
  await page.getByRole('textbox', { name: 'Percentage of ingredient 1' }).fill('80')
  // Lavender, bergamot and cedarwood are annex entries themselves: as declared allergens they follow Parfum by name.
  await expect(ingredients).toHaveText(/^Aqua, Parfum, .*Lavandula Angustifolia Oil, .*Linalool/)

  // Print the label sheet and read it back.
  await page.getByRole('combobox', { name: 'Label size' }).selectOption({ label: '99.1 × 67.7 mm labels, 8 per A4 (L7165)' })
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Print label sheet' }).click()
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'accord-labels-')), 'labels.pdf')
  await (await download).saveAs(file)
  expect((await download).suggestedFilename()).toBe('evening-calm-labels.pdf')
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
  expect(text.split('Evening Calm').length - 1).toBe(8)
  expect(text).not.toContain('001a')
  expect(text).toContain('Lotion / cream · 500 g')
  expect(text).toContain('INCOMPLETE: a bottle has no allergen declaration; no batch code until the batch is recorded. Not for sale.')
  expect(text).toContain('Ingredients: Aqua, Parfum')
  // As Parfum the list names the whole oils after it, so the allergen line does too.
  expect(text).toMatch(/Allergens: Lavandula Angustifolia Oil, .*Linalool.*Limonene/)
  expect(text).toContain('Batch: - · After opening: 12M')
  expect(text).toContain('Ana Maker, 1 Rue des Fleurs, 75001 Paris')

  // Mark as made, then save the label with the batch and see it in the journal.
  await calculateLotion(page)
  await page.getByRole('button', { name: 'Mark as made' }).click()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: /^Batch .* made/ })).toBeVisible()
  await page.goto(`/journal?blend=${blend.id}`)
  const batches = page.getByRole('region', { name: 'Batches made' })
  await expect(batches.getByRole('article')).toHaveCount(1)
  await expect(batches.getByRole('article')).toContainText('No label saved')
  await batches.getByRole('link', { name: /^Label of batch 001a/ }).click()
  await expect(page).toHaveURL(/\/label\?blend=\d+&batch=\d+$/)
  await expect(page.getByRole('heading', { name: 'No label saved yet' })).toBeVisible()
  await page.getByRole('button', { name: 'Save with this batch' }).click()
  await expect(page.getByText('Label saved with this batch')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Allergens to declare' }).getByText('Linalool', { exact: true })).toBeVisible()
  await expect(page.getByText(/^Last saved /)).toBeVisible()

  // The recorded batch's sheet: its code, not the recipe's reference; only the substances on the
  // allergen line (the list names the whole oils); the screen's preview and the PDF say the same.
  const preview = page.getByRole('figure', { name: 'Label preview' })
  await expect(preview).toContainText(/Batch: \d{6}-1\s+·\s+After opening: 12M/)
  await page.getByRole('combobox', { name: 'Period after opening' }).selectOption('6M')
  await expect(preview).toContainText(/Batch: \d{6}-1\s+·\s+After opening: 6M/)
  await expect(preview).toContainText('Allergens: Linalyl Acetate, Linalool, Limonene.')
  await expect(preview).toContainText('Lotion / cream · 500 g')
  await expect(preview).toContainText('INCOMPLETE: a bottle has no allergen declaration. Not for sale.')
  await page.getByRole('combobox', { name: 'Label size' }).selectOption({ label: 'One label per A4 page' })
  const batchDownload = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Print label sheet' }).click()
  const batchFile = path.join(mkdtempSync(path.join(tmpdir(), 'accord-labels-')), 'batch-labels.pdf')
  await (await batchDownload).saveAs(batchFile)
  const printed = execFileSync('pdftotext', [batchFile, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim()
  const onScreen = (await preview.evaluate((figure) => [...figure.querySelectorAll('p')].map((p) => p.textContent).join(' ')))
    .replace(/\s+/g, ' ')
    .trim()
  expect(printed).toBe(onScreen)
  expect(printed).not.toMatch(/Allergens:[^.]*Lavandula/)

  // The same label for the French market (decision 099): its particulars in French, the INCI list as
  // it is, the PDF read back saying what the screen says; the interface stays English.
  await page.getByRole('combobox', { name: 'Label language' }).selectOption({ label: 'Français' })
  await page.getByRole('checkbox', { name: 'For external use only.' }).check()
  await expect(preview).toContainText(/Lot : \d{6}-1\s+·\s+Après ouverture : 6M/)
  await expect(preview).toContainText('Précautions : Usage externe uniquement.')
  await expect(preview).toContainText('Lotion / crème · 500 g')
  const frenchDownload = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Print label sheet' }).click()
  const frenchFile = path.join(mkdtempSync(path.join(tmpdir(), 'accord-labels-')), 'batch-labels-fr.pdf')
  await (await frenchDownload).saveAs(frenchFile)
  const french = execFileSync('pdftotext', [frenchFile, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim()
  const frenchOnScreen = (await preview.evaluate((figure) => [...figure.querySelectorAll('p')].map((p) => p.textContent).join(' ')))
    .replace(/\s+/g, ' ')
    .trim()
  expect(french).toBe(frenchOnScreen)
  expect(french).toContain('Ingredients: ')
  expect(french).not.toMatch(/Batch:|After opening|Not for sale/)
  await expect(page.getByRole('button', { name: 'Print label sheet' })).toBeVisible()

  await page.goto(`/journal?blend=${blend.id}`)
  await expect(page.getByRole('region', { name: 'Batches made' }).getByRole('article')).toContainText('Label incomplete')
})

test('the Frankincense sheet is read whole, and the Cedarwood "none" sheet saves and completes the label', async ({ page }) => {
  test.setTimeout(90_000)
  await signUpInPage(page)
  const blend = await createBlendInPage(page)
  await addBottle(page, 'Frankincense', 'FRK-3')
  await addBottle(page, 'Lavender', 'LAV-7')
  await addBottle(page, 'Bergamot', 'BER-2')
  await addBottle(page, 'Atlas Cedarwood', 'CED-1')
  await page.goto('/shelf')

  // Isomers by their common names, a range and a "max": Limonene 12, Pinene up to 35, Linalool up to 0.5.
  let dialog = await pasteDeclaration(page, 'Frankincense', ['d-Limonene 12 %', 'alpha-Pinene 30-35 %', 'Linalool max 0.5%'].join('\n'))
  await expect(dialog.getByText('Read 3 allergens from the sheet.')).toBeVisible()
  await expect(dialog.getByText(/needs? you/)).toHaveCount(0)
  await expect(dialog.getByRole('combobox', { name: 'Allergen 2' })).toHaveValue('Pinene')
  await expect(dialog.getByRole('textbox', { name: 'Percentage of allergen 2' })).toHaveValue('35')
  await expect(dialog.getByRole('textbox', { name: 'Percentage of allergen 3' })).toHaveValue('0.5')
  await dialog.getByRole('button', { name: 'Save declaration' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('article', { name: 'Frankincense' })).toContainText('3 allergens declared')

  dialog = await pasteDeclaration(page, 'Lavender', LAVENDER_SHEET)
  await dialog.getByRole('button', { name: 'Dismiss line 6' }).click()
  await dialog.getByRole('button', { name: 'Save declaration' }).click()
  await expect(dialog).toBeHidden()
  dialog = await pasteDeclaration(page, 'Bergamot', BERGAMOT_SHEET)
  await dialog.getByRole('button', { name: 'Save declaration' }).click()
  await expect(dialog).toBeHidden()

  // The cedarwood's sheet lists every allergen as nd: a declaration of none.
  dialog = await pasteDeclaration(
    page,
    'Atlas Cedarwood',
    ['Atlas cedarwood oil, lot CED-1', 'Linalool\t78-70-6\tnd', 'Limonene\t5989-27-5\tnd', 'Geraniol\t106-24-1\t0'].join('\n'),
  )
  await expect(dialog.getByText('The sheet declares no Annex III allergen.')).toBeVisible()
  await expect(dialog.getByRole('checkbox', { name: /Declares no Annex III allergen/ })).toBeChecked()
  await dialog.getByRole('button', { name: 'Save declaration' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('article', { name: 'Atlas Cedarwood' })).toContainText('Declares no Annex III allergen')

  // Every oil of the lotion is declared: the label is complete.
  await page.goto(`/label?blend=${blend.id}&version=${blend.version.id}&type=lotion&weight=500&unit=g&oil=2`)
  await expect(page.getByRole('heading', { level: 1, name: 'Batch label' })).toBeVisible()
  await expect(page.getByText('Complete', { exact: true })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'This label is incomplete' })).toHaveCount(0)
})

test('home fragrance is told a CLP label applies, and which allergens it would name', async ({ page }) => {
  await signUpInPage(page)
  const blend = await createBlendInPage(page)
  await page.goto(`/label?blend=${blend.id}&version=${blend.version.id}&type=candles&weight=200&unit=g&oil=8`)
  await expect(page.getByRole('heading', { name: 'Candles: a CLP hazard label applies' })).toBeVisible()
  await expect(
    page.getByText(
      "Candles, wax melts, room sprays and diffusers aren't cosmetics: they need a CLP hazard label, not the cosmetic allergen label.",
    ),
  ).toBeVisible()
  // The whole oils are annex entries: lavender 4 %, bergamot 2.4 %, cedarwood 1.6 % of the candle, from the recipe alone.
  await expect(
    page.getByText(/^Contains Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil, .*\. May produce an allergic reaction\.$/),
  ).toBeVisible()
  await expect(page.getByText(/usually classifies the product itself as H317/)).toBeVisible()
  await expect(page.getByText(/This is not a CLP classification/)).toBeVisible()
  // No bottle on the shelf: unknown is never read as none.
  await expect(page.getByRole('alert').filter({ hasText: 'Incomplete' })).toContainText('Lavender is not on your shelf')
})
