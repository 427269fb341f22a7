import fs from 'node:fs'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import { bearerOf, oilIds } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

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

/**
 * A lot's documents (docs/product.md "A lot's documents"; decision 080), against the built app: a
 * declaration PDF attached to a bottle, its text read into the allergen form, downloaded, deleted.
 */
test('a maker attaches a declaration PDF to a bottle, reads it into the allergen form, downloads and deletes it', async ({ page }) => {
  test.setTimeout(90_000)
  await signUpInPage(page)
  const id = await oilIds(page)
  const bottle = await page.request.post('/api/shelf/bottles', {
    headers: await bearerOf(page),
    data: { oilId: id('Lavender'), unit: 'mL', size: 30, lotCode: 'LAV-7' },
  })
  expect(bottle.status(), await bottle.text()).toBe(201)
  const pdf = await declarationPdf()

  await page.goto('/shelf')
  await page.getByRole('button', { name: 'Documents of Lavender bottle' }).click()
  const documents = page.getByRole('dialog', { name: 'Documents of Lavender' })
  await expect(documents.getByText('No documents yet.', { exact: false })).toBeVisible()
  await expect(documents.getByText('at most 5 MB', { exact: false })).toBeVisible()

  // A page that is not a PDF, named like one, is refused on the device before it is sent.
  await documents
    .getByLabel('File')
    .setInputFiles({ name: 'declaration.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><script>alert(1)</script></html>') })
  await expect(documents.getByRole('alert')).toContainText('declaration.pdf is not a PDF, PNG, JPEG or WebP file')
  await expect(documents.getByRole('button', { name: 'Upload' })).toBeDisabled()

  await documents.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Allergen declaration' })
  await documents.getByLabel('File').setInputFiles({ name: 'lavender-declaration.pdf', mimeType: 'application/pdf', buffer: pdf })
  await documents.getByRole('button', { name: 'Upload' }).click()
  const item = documents.getByRole('listitem').filter({ hasText: 'lavender-declaration.pdf' })
  await expect(item).toContainText('Allergen declaration')

  // Downloaded, it is the very file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('button', { name: 'Download lavender-declaration.pdf' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('lavender-declaration.pdf')
  expect(fs.readFileSync((await download.path())!).equals(pdf)).toBe(true)
  await page.keyboard.press('Escape')
  await expect(documents).toBeHidden()

  // Its text goes through the declaration's paste reader.
  await page.getByRole('button', { name: 'Allergens of Lavender bottle' }).click()
  const allergens = page.getByRole('dialog', { name: 'Allergens in Lavender' })
  await allergens.getByRole('button', { name: 'Paste from a supplier sheet' }).click()
  await expect(allergens.getByRole('combobox', { name: 'Or read an attached PDF' })).toHaveValue(/\d+/)
  await allergens.getByRole('button', { name: 'Read the PDF' }).click()
  await expect(allergens.getByText('Read 2 allergens from the sheet.')).toBeVisible()
  await expect(allergens.getByRole('textbox', { name: 'Supplier sheet' })).toHaveValue(/Linalool 78-70-6 32\.5 %/)
  await allergens.getByRole('button', { name: 'Cancel' }).click()

  // Deleted after a confirmation.
  await page.getByRole('button', { name: 'Documents of Lavender bottle' }).click()
  await documents.getByRole('button', { name: 'Delete lavender-declaration.pdf' }).click()
  await page.getByRole('dialog', { name: 'Delete this document?' }).getByRole('button', { name: 'Delete document' }).click()
  await expect(documents.getByText('No documents yet.', { exact: false })).toBeVisible()
})

/**
 * The documents travel with the maker's data (decision 084): attached in the browser, downloaded
 * with "Download my data" as an archive, imported into a second account through "Your data", and
 * there the very file again.
 */
test('a document goes with the downloaded archive into a second account, byte for byte', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await signUpInPage(page, 'Ada Archive')
  const id = await oilIds(page)
  const bottle = await page.request.post('/api/shelf/bottles', {
    headers: await bearerOf(page),
    data: { oilId: id('Lavender'), unit: 'mL', size: 30, lotCode: 'LAV-9' },
  })
  expect(bottle.status(), await bottle.text()).toBe(201)
  const pdf = await declarationPdf()
  await page.goto('/shelf')
  await page.getByRole('button', { name: 'Documents of Lavender bottle' }).click()
  const documents = page.getByRole('dialog', { name: 'Documents of Lavender' })
  await documents.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Allergen declaration' })
  await documents.getByLabel('File').setInputFiles({ name: 'lavender-declaration.pdf', mimeType: 'application/pdf', buffer: pdf })
  await documents.getByRole('button', { name: 'Upload' }).click()
  await expect(documents.getByRole('listitem').filter({ hasText: 'lavender-declaration.pdf' })).toBeVisible()
  await page.keyboard.press('Escape')

  await page.goto('/account')
  const data = page.getByRole('region', { name: 'Your data' })
  await expect(data.getByText('it is a .zip archive holding that file and the documents', { exact: false })).toBeVisible()
  const [download] = await Promise.all([page.waitForEvent('download'), data.getByRole('button', { name: 'Download my data' }).click()])
  expect(download.suggestedFilename()).toMatch(/^accord-export-\d{4}-\d{2}-\d{2}\.zip$/)
  const archive = testInfo.outputPath('accord-export.zip')
  await download.saveAs(archive)

  // A second maker, signed up in the same browser, imports the archive.
  const other = page
  await signUpInPage(other, 'Bea Archive')
  await other.goto('/account')
  await other.getByLabel('Choose a file to import').setInputFiles(archive)
  const importButton = other.getByRole('button', { name: /^Import/ })
  await expect(importButton).toBeVisible()
  await importButton.click()
  await expect(other.getByText('Import complete')).toBeVisible()

  await other.goto('/shelf')
  await other.getByRole('button', { name: 'Documents of Lavender bottle' }).click()
  const theirs = other.getByRole('dialog', { name: 'Documents of Lavender' })
  const item = theirs.getByRole('listitem').filter({ hasText: 'lavender-declaration.pdf' })
  await expect(item).toContainText('Allergen declaration')
  const [again] = await Promise.all([
    other.waitForEvent('download'),
    item.getByRole('button', { name: 'Download lavender-declaration.pdf' }).click(),
  ])
  expect(fs.readFileSync((await again.path())!).equals(pdf)).toBe(true)
})
