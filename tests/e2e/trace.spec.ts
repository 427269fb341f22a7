import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import type { Page } from '@playwright/test'
import { bearerOf, createBlendInPage } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/**
 * Batches that can be traced (issue 36; docs/product.md "Batch records"), walked as a maker would
 * against the built app, every step on screen: two bottles with lot codes added on the shelf, a
 * declaration PDF attached to one in its Documents dialog and read into its allergen form, two
 * batches of a blend marked as made with the maker's checks, the lot's page listing both, a
 * batch's page listing its lots, its batch record and the safety assessor pack printed and read
 * back with pdftotext.
 */

/** Adds a bottle through the shelf's 'Add a bottle' dialog, as a maker would. */
async function addBottle(page: Page, oil: string, lotCode: string, supplier: string) {
  await page
    .getByRole('button', { name: /^Add (a|your first) bottle$/ })
    .first()
    .click()
  const dialog = page.getByRole('dialog', { name: 'Add a bottle' })
  await dialog.getByRole('combobox', { name: 'Oil' }).selectOption({ label: oil })
  await dialog.getByRole('textbox', { name: 'Bottle size' }).fill('30')
  await dialog.getByRole('textbox', { name: 'Supplier' }).fill(supplier)
  await dialog.getByRole('textbox', { name: 'Lot or batch code' }).fill(lotCode)
  await dialog.getByLabel('Purchase date').fill('2026-10-01')
  await dialog.getByRole('button', { name: 'Add bottle' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { level: 3, name: oil })).toBeVisible()
}

/** A supplier's allergen declaration as a PDF with a text layer: lines the paste reader knows. */
async function declarationPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create()
  const page = pdf.addPage([595, 842])
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const lines = [
    'Hedgerow Oils - Allergen declaration',
    'Lavender essential oil, lot LAV-7',
    'Linalool 78-70-6 32.5 %',
    'Limonene 5989-27-5 0.8 %',
  ]
  lines.forEach((text, i) => page.drawText(text, { x: 50, y: 780 - i * 24, size: 12, font }))
  return Buffer.from(await pdf.save())
}

/** The calculator: Evening Calm as a lotion of `grams` at 2 % essential oil. */
async function calculateLotion(page: Page, grams: string) {
  await page.goto('/calculator')
  await page.getByRole('combobox', { name: 'Blend', exact: true }).fill('evening')
  await page.getByRole('option', { name: '001a Evening Calm', exact: true }).click()
  await page.getByRole('combobox', { name: 'Product type' }).selectOption({ label: 'Lotion / cream' })
  await page.getByRole('textbox', { name: 'Total product weight' }).fill(grams)
  await page.getByRole('textbox', { name: 'Essential oil percentage' }).fill('2')
  await expect(page.getByRole('button', { name: 'Mark as made' })).toBeVisible()
}

test('two lots, two batches: the lot lists both, a batch lists its lots, its record and the assessor pack print', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000)
  await signUpInPage(page)
  const blend = await createBlendInPage(page)
  // Two bottles with lot codes, added on the shelf.
  await page.goto('/shelf')
  await addBottle(page, 'Lavender', 'LAV-7', 'Hedgerow Oils')
  await addBottle(page, 'Bergamot', 'BER-2', 'Citrus Grove')

  // The Lavender lot's declaration, attached in its Documents dialog as its supplier sent it.
  await page.getByRole('button', { name: 'Documents of Lavender bottle' }).click()
  const documents = page.getByRole('dialog', { name: 'Documents of Lavender' })
  await documents.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Allergen declaration' })
  await documents.getByLabel('File').setInputFiles({ name: 'lav7-decl.pdf', mimeType: 'application/pdf', buffer: await declarationPdf() })
  await documents.getByRole('button', { name: 'Upload' }).click()
  await expect(documents.getByRole('listitem').filter({ hasText: 'lav7-decl.pdf' })).toContainText('Allergen declaration')
  await page.keyboard.press('Escape')
  await expect(documents).toBeHidden()

  // Its text read into the allergen form, and the declaration saved.
  await page.getByRole('button', { name: 'Allergens of Lavender bottle' }).click()
  const allergens = page.getByRole('dialog', { name: 'Allergens in Lavender' })
  await allergens.getByRole('button', { name: 'Paste from a supplier sheet' }).click()
  await allergens.getByRole('button', { name: 'Read the PDF' }).click()
  await expect(allergens.getByText('Read 2 allergens from the sheet.')).toBeVisible()
  await expect(allergens.getByRole('combobox', { name: 'Allergen 1' })).toHaveValue('Linalool')
  await allergens.getByRole('button', { name: 'Save declaration' }).click()
  await expect(allergens).toBeHidden()
  await expect(page.getByRole('article', { name: 'Lavender' })).toContainText('2 allergens declared')

  // The first batch: the maker says it was weighed in grams (the version says not); the second keeps the version's checks.
  await calculateLotion(page, '500')
  const weighed = page.getByRole('checkbox', { name: 'Weighed in grams' })
  const prevented = page.getByRole('checkbox', { name: 'Cross-contamination prevented' })
  await expect(weighed).not.toBeChecked()
  await expect(prevented).toBeChecked()
  await weighed.check()
  await page.getByRole('button', { name: 'Mark as made' }).click()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: /^Batch .* made/ })).toBeVisible()
  await calculateLotion(page, '250')
  await page.getByRole('button', { name: 'Mark as made' }).click()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: /^Batch .* made/ })).toHaveCount(1)

  const list = (await (await page.request.get(`/api/blends/${blend.id}/batches`, { headers: await bearerOf(page) })).json()) as {
    items: { id: number; code: string; weight: number }[]
  }
  expect(list.items).toHaveLength(2)
  const second = list.items[0]!
  const first = list.items[1]!

  // From the shelf, the Lavender lot: both batches, newest first, with what was made.
  await page.goto('/shelf')
  await page.getByRole('link', { name: 'Batches and documents of Lavender bottle' }).click()
  await expect(page).toHaveURL(/\/shelf\/bottles\/\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lavender, lot LAV-7')
  const recall = page.getByRole('region', { name: 'Batches made with this lot' })
  await expect(recall).toContainText('2 batches drew from this lot.')
  const rows = recall.getByRole('row')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(1)).toContainText(second.code)
  await expect(rows.nth(1)).toContainText('250 g')
  await expect(rows.nth(2)).toContainText(first.code)
  await expect(rows.nth(2)).toContainText('500 g')
  await expect(page.getByRole('region', { name: 'Documents' })).toContainText('lav7-decl.pdf')
  await page.screenshot({ path: testInfo.outputPath('bottle-page-desktop.png'), fullPage: true })

  // The first batch's page, from the lot: its lots with their codes and suppliers, its checks.
  await recall.getByRole('link', { name: first.code }).click()
  await expect(page).toHaveURL(new RegExp(`/batches/${first.id}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Batch ${first.code}`)
  const lots = page.getByRole('region', { name: 'Lots drawn' })
  await expect(lots.getByRole('link', { name: 'Lavender, lot LAV-7' })).toBeVisible()
  await expect(lots.getByRole('link', { name: 'Bergamot, lot BER-2' })).toBeVisible()
  await expect(lots).toContainText('Citrus Grove')
  await expect(lots).toContainText('lav7-decl.pdf')
  const facts = page.getByRole('region', { name: 'The batch' })
  await expect(facts).toContainText('Weighed in gramsYes')
  await expect(facts).toContainText('Cross-contamination preventedYes')
  await expect(page.getByRole('region', { name: 'Composition' }).getByRole('row')).toHaveCount(4)
  await expect(page.getByRole('region', { name: 'Label' })).toContainText('No label was saved with this batch')
  await page.screenshot({ path: testInfo.outputPath('batch-page-desktop.png'), fullPage: true })

  // The batch record on Letter paper, read back.
  await page.getByRole('combobox', { name: 'Paper' }).selectOption('letter')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Print batch record' }).click()
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'accord-record-')), 'record.pdf')
  await (await download).saveAs(file)
  expect((await download).suggestedFilename()).toBe(`evening-calm-${first.code}-batch-record.pdf`)
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
  expect(text).toContain(`Batch code: ${first.code}`)
  expect(text).toContain('Product: Evening Calm, Lotion / cream')
  expect(text).toContain('Recipe version: 001a')
  expect(text).toContain('500 g of product at 2 % essential oils')
  expect(text).toMatch(/Lavender LAV-7 Hedgerow Oils 20\d\d-\d\d-\d\d [\d.]+ mL/)
  expect(text).toMatch(/Bergamot BER-2 Citrus Grove 20\d\d-\d\d-\d\d [\d.]+ mL/)
  expect(text).toContain('Weighed in grams: Yes')
  expect(text).toContain('Cross-contamination prevented: Yes')
  expect(text).toContain('No label was saved with this batch')
  expect(text).toContain('Ingredients (INCI): ')
  expect(text).toContain(`Batch ${first.code} · Accord · Printed`)
  const size = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
  expect(size).toMatch(/Page size:\s+612 x 792 pts \(letter\)/)

  // The second batch's page from the journal's list: the version's own checks.
  await page.goto(`/journal?blend=${blend.id}`)
  await page
    .getByRole('region', { name: 'Batches made' })
    .getByRole('link', { name: /^Lots and record of batch 001a/ })
    .first()
    .click()
  await expect(page).toHaveURL(new RegExp(`/batches/${second.id}$`))
  await expect(page.getByRole('region', { name: 'The batch' })).toContainText('Weighed in gramsNo')

  // The safety assessor pack for this product, from the same batch: the lots and their documents in it.
  await page.goto(`/journal?blend=${blend.id}`)
  await page
    .getByRole('link', { name: /^Safety assessor pack for batch/ })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Safety assessor pack' })).toBeVisible()
  const packDownload = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download the pack' }).click()
  const packFile = path.join(mkdtempSync(path.join(tmpdir(), 'accord-pack-')), 'pack.pdf')
  await (await packDownload).saveAs(packFile)
  const pack = execFileSync('pdftotext', [packFile, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
  expect(pack).toContain('not a safety report')
  expect(pack).toContain(first.code)
  expect(pack).toContain(second.code)
  expect(pack).toContain('LAV-7')
  expect(pack).toContain('lav7-decl.pdf')
  expect(pack).toContain('BER-2')
  expect(pack).toContain('Linalool')
  await page.goto(`/batches/${second.id}`)

  // At a phone's width.
  await page.setViewportSize({ width: 412, height: 915 })
  await page.screenshot({ path: testInfo.outputPath('batch-page-phone.png'), fullPage: true })
  await page.getByRole('region', { name: 'Lots drawn' }).getByRole('link', { name: 'Lavender, lot LAV-7' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lavender, lot LAV-7')
  await expect(page.getByRole('region', { name: 'Batches made with this lot' }).getByRole('row')).toHaveCount(3)
  await page.screenshot({ path: testInfo.outputPath('bottle-page-phone.png'), fullPage: true })
})

test('an address that names no bottle or batch says so, without asking the server', async ({ page }) => {
  // Another maker's id is a 404 from the API (isolation.test.ts); here the page's own check of the address.
  await signUpInPage(page)
  await page.goto('/batches/0')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Batch not found')
  await expect(page.getByRole('link', { name: 'Back to the journal' })).toBeVisible()
  await page.goto('/shelf/bottles/abc')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bottle not found')
})
