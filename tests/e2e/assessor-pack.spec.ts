import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { bearerOf, createBlendInPage, oilIds } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/**
 * The safety assessor pack (docs/product.md "The safety assessor pack"; decision 083) walked as a
 * maker would, against the built app: a lot with its allergen declaration, a lotion batch made
 * from it, the pack opened from that batch in the journal with a second variant chosen, and the PDF
 * read back with pdftotext, the batch's full record among its pages (decision 091).
 */
test('a maker opens the assessor pack from a batch, adds a second variant and reads the PDF back', async ({ page }) => {
  test.setTimeout(120_000)
  await signUpInPage(page)
  const headers = await bearerOf(page)
  const id = await oilIds(page)
  const blend = await createBlendInPage(page)
  const second = await page.request.post('/api/blend-versions', {
    headers,
    data: {
      projectId: blend.id,
      topOils: [{ id: id('Lemon'), name: 'Lemon', percentage: 30 }],
      middleOils: [{ id: id('Lavender'), name: 'Lavender', percentage: 50 }],
      baseOils: [{ id: id('Atlas Cedarwood'), name: 'Atlas Cedarwood', percentage: 20 }],
    },
  })
  expect(second.status(), await second.text()).toBe(201)
  const bottle = await page.request.post('/api/shelf/bottles', {
    headers,
    data: { oilId: id('Lavender'), unit: 'mL', size: 30, supplier: 'Hedgerow Oils', lotCode: 'LAV-7', purchasedOn: '2026-04-02' },
  })
  expect(bottle.status(), await bottle.text()).toBe(201)
  const declared = await page.request.put(`/api/shelf/bottles/${((await bottle.json()) as { id: number }).id}/declaration`, {
    headers,
    data: { basis: 'w/w', items: [{ entryId: 'linalool', percent: 30 }] },
  })
  expect(declared.status(), await declared.text()).toBe(200)
  const batch = await page.request.post(`/api/blends/${blend.id}/batches`, {
    headers,
    data: { versionId: blend.version.id, madeOn: '2026-11-20', productType: 'lotion', weight: 500, unit: 'g', oilPercentage: 2 },
  })
  expect(batch.status(), await batch.text()).toBe(201)
  const made = (await batch.json()) as { id: number; code: string }
  const code = made.code
  // What the batch drew from the lot, as its record gives it (the pack prints the same figure).
  const traced = await page.request.get(`/api/batches/${made.id}`, { headers })
  expect(traced.status(), await traced.text()).toBe(200)
  const drawn = ((await traced.json()) as { lots: { amount: number; unit: string; lot: { lotCode: string } | null }[] }).lots
  const lavenderDraw = drawn.find((l) => l.lot?.lotCode === 'LAV-7')!
  expect(lavenderDraw.amount).toBeGreaterThan(0)

  // From the batch in the journal: the product and the first variant come chosen.
  await page.goto(`/journal?blend=${blend.id}`)
  await page.getByRole('link', { name: /^Safety assessor pack for batch/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Safety assessor pack' })).toBeVisible()
  await expect(page.getByText('not a safety report', { exact: false }).first()).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Product type' })).toHaveValue('lotion')
  await expect(page.getByRole('textbox', { name: 'Essential oil (% of the product)' })).toHaveValue('2')
  await expect(page.getByRole('list', { name: 'Chosen variants' })).toHaveText(/Evening Calm, version 001a/)

  // A second variant, found by its reference.
  await page.getByRole('searchbox', { name: 'Search your blends' }).fill('001b')
  await page.getByRole('checkbox', { name: 'Evening Calm, version 001b' }).check()
  await expect(page.getByRole('list', { name: 'Chosen variants' }).getByRole('listitem')).toHaveCount(2)

  // A bad percentage is said, and nothing chosen is lost.
  const oil = page.getByRole('textbox', { name: 'Essential oil (% of the product)' })
  await oil.fill('')
  await page.getByRole('button', { name: 'Download the pack' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Enter the essential oil percentage' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Chosen variants' }).getByRole('listitem')).toHaveCount(2)
  await oil.fill('2')

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download the pack' }).click()
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'accord-pack-')), 'pack.pdf')
  await (await download).saveAs(file)
  expect((await download).suggestedFilename()).toBe('evening-calm-assessor-pack.pdf')
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
  expect(text).toContain('not a safety report')
  expect(text.indexOf('A.1 ')).toBeLessThan(text.indexOf('B.4 '))
  expect(text).toContain('What differs between the variants')
  expect(text).toContain('Variant 1: Evening Calm, version 001a')
  expect(text).toContain('Variant 2: Evening Calm, version 001b')
  // Lavender is half the fragrance: 1 % of the lotion; its lot's linalool (30 %) is 0.3 %, labelled.
  expect(text).toMatch(/Lavandula Angustifolia Oil Lavender 50 ?% 1 ?%/)
  expect(text).toMatch(/Linalool 0\.3 ?% Yes Lavender: supplier declaration, lot LAV-7/)
  expect(text).toContain(code)
  expect(text).toContain('Hedgerow Oils')
  expect(text).toContain('No batches of this variant as lotion / cream are recorded yet.')
  expect(text).toContain('What only the maker or the assessor can provide')

  // The batch's full record is in the pack, on the page the index's part (c) points to.
  const pointer = /variant 1: from page (\d+); variant 2: no batch/.exec(text)
  expect(pointer, 'the index points to variant 1’s batch records').not.toBeNull()
  const recordPage = execFileSync('pdftotext', ['-f', pointer![1]!, '-l', pointer![1]!, file, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  )
  expect(recordPage).toContain('Batch record')
  expect(recordPage).toContain(`Batch code: ${code}`)
  expect(recordPage).toMatch(/Weights: 500 g of product at 2 ?% essential oils: 10 g of oils/)
  expect(recordPage).toContain('LAV-7')
  expect(recordPage).toContain('Hedgerow Oils')
  expect(recordPage).toContain(`${Math.round(lavenderDraw.amount * 100) / 100} ${lavenderDraw.unit}`)
  expect(recordPage).toContain('not a safety report')
})
