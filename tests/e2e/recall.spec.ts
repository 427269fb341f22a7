import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { bearerOf, createBlendInPage, oilIds } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/**
 * The recall list (issue 36: "A recall view lists, for a lot, the batches and how much of each was
 * made"; decision 086): from a lot's page, "Print recall list" makes a PDF on the device naming the
 * lot and every batch that drew from it, read back with pdftotext.
 */
test('a lot’s recall list prints as a PDF naming the lot, its batches with what each drew, and the totals', async ({ page }) => {
  test.setTimeout(120_000)
  await signUpInPage(page)
  const blend = await createBlendInPage(page)
  const headers = await bearerOf(page)
  const id = await oilIds(page)
  const bottle = await page.request.post('/api/shelf/bottles', {
    headers,
    data: {
      oilId: id('Lavender'),
      unit: 'mL',
      size: 30,
      price: null,
      supplier: 'Hedgerow Oils',
      lotCode: 'LAV-R1',
      purchasedOn: '2026-10-01',
    },
  })
  expect(bottle.status(), await bottle.text()).toBe(201)
  const bottleId = ((await bottle.json()) as { id: number }).id
  const codes: string[] = []
  for (const weight of [500, 250]) {
    const made = await page.request.post(`/api/blends/${blend.id}/batches`, {
      headers,
      data: { madeOn: '2026-11-20', productType: 'lotion', weight, unit: 'g', oilPercentage: 2 },
    })
    expect(made.status(), await made.text()).toBe(201)
    codes.push(((await made.json()) as { code: string }).code)
  }

  await page.goto(`/shelf/bottles/${bottleId}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lavender, lot LAV-R1')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Print recall list' }).click()
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'accord-recall-')), 'recall.pdf')
  await (await download).saveAs(file)
  expect((await download).suggestedFilename()).toBe('lavender-lav-r1-recall-list.pdf')
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
  expect(text).toContain('Recall list')
  expect(text).toContain('Lavender, lot LAV-R1')
  expect(text).toContain('Supplier: Hedgerow Oils')
  expect(text).toContain('Purchased: 2026-10-01')
  expect(text).toContain('No documents are attached to this bottle.')
  for (const code of codes) expect(text).toContain(code)
  expect(text).toContain('Lotion / cream')
  expect(text).toContain('Batches: 2')
  expect(text).toContain('Product made: 750 g')
  expect(text).toContain(`Printed ${new Date().toISOString().slice(0, 10)}`)
})
