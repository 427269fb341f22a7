import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/**
 * Print stylesheets (decision 028): a blend's details (the recipe with every version and its test
 * log) and the calculator's batch sheet print without the site's navigation or buttons, on A4 and
 * on Letter, in the light theme whatever the screen's.
 */

test.use({ colorScheme: 'dark' })

async function api(page: Page, url: string, data: unknown) {
  const { token } = (await (await page.request.get('/api/auth/token')).json()) as { token: string }
  const res = await page.request.post(url, { headers: { authorization: `Bearer ${token}` }, data })
  expect(res.status(), await res.text()).toBe(201)
  return res.json() as Promise<{ id: number; version?: { id: number } }>
}

/** 'Evening Calm' with two versions, each with a test note, through the API; returns the blend's id. */
async function blendWithTwoVersions(page: Page): Promise<number> {
  const list = (await (await page.request.get('/api/essential-oils')).json()) as { id: number; name: string }[]
  const oil = (name: string) => list.find((o) => o.name === name)!.id
  const blend = await api(page, '/api/blends', {
    name: 'Evening Calm',
    topNote: oil('Bergamot'),
    middleNote: oil('Lavender'),
    baseNote: oil('Atlas Cedarwood'),
    topPercentage: 30,
    middlePercentage: 50,
    basePercentage: 20,
    effects: ['Relaxing'],
    notes: 'The first try, a classic balance',
  })
  await api(page, '/api/journal-entries', { versionId: blend.version!.id, notes: 'Soft and round after a week', rating: 4 })
  const second = await api(page, '/api/blend-versions', {
    projectId: blend.id,
    topOils: [
      { id: oil('Bergamot'), name: 'Bergamot', percentage: 15 },
      { id: oil('Lemon'), name: 'Lemon', percentage: 15 },
    ],
    middleOils: [{ id: oil('Lavender'), name: 'Lavender', percentage: 50 }],
    baseOils: [{ id: oil('Atlas Cedarwood'), name: 'Atlas Cedarwood', percentage: 20 }],
    effects: ['Uplifting'],
    formulationNotes: 'Brighter top with Lemon',
  })
  await api(page, '/api/journal-entries', { versionId: second.id, notes: 'Sharper, lifts quickly', rating: 3 })
  return blend.id
}

/** A third version of the blend, with a test note. */
async function addThirdVersion(page: Page, blendId: number) {
  const list = (await (await page.request.get('/api/essential-oils')).json()) as { id: number; name: string }[]
  const oil = (name: string) => list.find((o) => o.name === name)!.id
  const third = await api(page, '/api/blend-versions', {
    projectId: blendId,
    topOils: [{ id: oil('Lemon'), name: 'Lemon', percentage: 25 }],
    middleOils: [
      { id: oil('Lavender'), name: 'Lavender', percentage: 35 },
      { id: oil('Geranium'), name: 'Geranium', percentage: 15 },
    ],
    baseOils: [{ id: oil('Atlas Cedarwood'), name: 'Atlas Cedarwood', percentage: 25 }],
    effects: ['Balancing'],
    formulationNotes: 'Geranium softens the middle',
  })
  await api(page, '/api/journal-entries', { versionId: third.id, notes: 'Rounder, the best so far', rating: 5 })
}

/**
 * The page printed to PDF on this paper, as Ctrl+P would (the screen's page, no media emulated
 * first), kept in the test's output folder to look at when it fails.
 */
async function printToPdf(page: Page, format: 'A4' | 'Letter'): Promise<{ file: string; pages: number }> {
  const file = test.info().outputPath(`${format}.pdf`)
  await page.pdf({ path: file, format })
  const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1])
  return { file, pages }
}

/** How many pixels of a printed page's rendering (pdftoppm, 72 dpi) are far from white, in a box of points. */
function inkIn(file: string, pageNumber: number, box: { x: number; y: number; width: number; height: number }): number {
  const ppm = execFileSync('pdftoppm', ['-f', String(pageNumber), '-l', String(pageNumber), '-r', '72', file], { maxBuffer: 64 << 20 })
  // Binary PPM (P6): a header of magic, width, height and depth, then RGB triplets.
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 40).toString('latin1'))!
  const width = Number(header[1])
  const offset = header[0].length
  let ink = 0
  for (let y = Math.round(box.y); y < Math.round(box.y + box.height); y++) {
    for (let x = Math.round(box.x); x < Math.round(box.x + box.width); x++) {
      const i = offset + (y * width + x) * 3
      if (Math.min(ppm[i]!, ppm[i + 1]!, ppm[i + 2]!) < 200) ink++
    }
  }
  return ink
}

/** The text of the page printed to PDF on this paper. */
async function printedText(page: Page, format: 'A4' | 'Letter'): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'accord-print-')), `${format}.pdf`)
  try {
    await page.pdf({ path: file, format, printBackground: true })
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true })
  }
}

/** On paper-width pages (A4 and Letter less their margins), nothing is wider than the paper. */
async function expectFitsThePaper(page: Page) {
  for (const width of [688, 708]) {
    await page.setViewportSize({ width, height: 1000 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width}px`).toBeLessThanOrEqual(width)
  }
}

test("a blend's details print as the recipe with every version and its test log, without navigation or buttons", async ({ page }) => {
  test.setTimeout(60_000)
  await signUpInPage(page)
  const id = await blendWithTwoVersions(page)
  await page.goto(`/journal?blend=${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Evening Calm' })).toBeVisible()
  // On screen the versions are closed disclosures.
  await expect(page.getByText('Sharper, lifts quickly')).toBeHidden()

  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('navigation')).toHaveCount(0)
  for (const name of ['Back to Journal', 'Create New Version', 'New Blend', 'Add Test Entry']) {
    await expect(page.getByRole('button', { name, exact: true }), name).toBeHidden()
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Evening Calm' })).toBeVisible()
  for (const text of [
    'Version 1 - 001a',
    'Version 2 - 001b',
    'Brighter top with Lemon',
    'Soft and round after a week',
    'Sharper, lifts quickly',
  ]) {
    await expect(page.getByText(text, { exact: true }).filter({ visible: true }).first(), text).toBeVisible()
  }
  await expect(page.getByRole('group', { name: /rating/i }).first()).toBeVisible()
  // The printed page is in the light theme, whatever the screen's.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)')
  await expectFitsThePaper(page)

  for (const format of ['A4', 'Letter'] as const) {
    const text = await printedText(page, format)
    for (const expected of [
      'Evening Calm',
      'Version 1 - 001a',
      'Version 2 - 001b',
      'Lemon',
      'Soft and round after a week',
      'Sharper, lifts quickly',
    ]) {
      expect(text, `${format}: ${expected}`).toContain(expected)
    }
    for (const absent of ['Back to Journal', 'Create New Version', 'New Blend', 'Sign out', 'Calculator']) {
      expect(text, `${format}: ${absent}`).not.toContain(absent)
    }
  }
})

test("the calculator's batch sheet prints the recipe for the batch, without the controls", async ({ page }) => {
  test.setTimeout(60_000)
  await signUpInPage(page)
  await blendWithTwoVersions(page)
  await page.goto('/calculator')
  const blend = page.getByRole('combobox', { name: 'Blend', exact: true })
  await blend.fill('Evening')
  await page.getByRole('option', { name: /Evening Calm/ }).click()
  await page.getByRole('textbox', { name: 'Total product weight' }).fill('100')
  await page.getByRole('textbox', { name: 'Essential oil percentage' }).fill('2')
  await expect(page.getByRole('button', { name: 'Print recipe' })).toBeVisible()

  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print recipe' })).toBeHidden()
  await expect(page.getByRole('textbox', { name: 'Total product weight' })).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Your batch' })).toBeVisible()
  await expect(page.getByText(/100 grams at 2% essential oil/)).toBeVisible()
  await expect(page.getByRole('row', { name: /Lemon/ })).toBeVisible()
  await expectFitsThePaper(page)

  for (const format of ['A4', 'Letter'] as const) {
    const text = await printedText(page, format)
    for (const expected of ['Your batch', 'Bergamot', 'Lemon', 'Lavender', 'Atlas Cedarwood', '100 grams at 2% essential oil']) {
      expect(text, `${format}: ${expected}`).toContain(expected)
    }
    // With no prices on the shelf, there is no cost to print.
    for (const absent of ['Print recipe', 'Batch details', 'New Blend', 'Journal', 'Cost from your shelf', 'Mark as made']) {
      expect(text, `${format}: ${absent}`).not.toContain(absent)
    }
    // The batch sheet is one page.
    expect(text.split('\f').filter((p) => p.trim()).length, format).toBe(1)
  }
})

test("a blend's three versions print on two pages of A4 and of Letter, with their composition bars drawn", async ({ page }) => {
  test.setTimeout(90_000)
  await signUpInPage(page)
  const id = await blendWithTwoVersions(page)
  await addThirdVersion(page, id)
  await page.goto(`/journal?blend=${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Evening Calm' })).toBeVisible()
  // The page as a maker sees it before printing: the rating chart and the batches loaded.
  await expect(page.getByRole('img', { name: /^Line chart of ratings/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Batches made' })).toBeVisible()
  // Printed at once from the screen, where the versions are closed: they open for paper, bars and all.
  for (const format of ['A4', 'Letter'] as const) {
    const printed = await printToPdf(page, format)
    expect(printed.pages, format).toBe(2)
    const text = execFileSync('pdftotext', ['-layout', printed.file, '-'], { encoding: 'utf8' })
    for (const expected of ['Version 1 - 001a', 'Version 2 - 001b', 'Version 3 - 001c', 'Rounder, the best so far', 'Geranium']) {
      expect(text, `${format}: ${expected}`).toContain(expected)
    }
    // Each version's bar is drawn on paper: ink across the bar's box (below each version's
    // title, found by its text's position on the printed page).
    const bbox = execFileSync('pdftotext', ['-bbox', printed.file, '-'], { encoding: 'utf8' })
    const pageOf = bbox.split('<page ').slice(1)
    let bars = 0
    pageOf.forEach((pageXml, index) => {
      // A version's title is on the page of its bar (the key's 'Top' under it).
      const titles = [...pageXml.matchAll(/>Version<\/word>/g)].length
      const keys = [...pageXml.matchAll(/>Top<\/word>/g)].length
      expect(titles, `${format}: version titles and bars on page ${index + 1}`).toBe(keys)
      for (const match of pageXml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">Top<\/word>/g)) {
        // The key's 'Top 30%' sits just under the bar: the bar is the 16 points above it.
        const yMin = Number(match[2])
        const ink = inkIn(printed.file, index + 1, { x: Number(match[1]) - 6, y: yMin - 18, width: 400, height: 10 })
        expect(ink, `${format}: the bar above the key on page ${index + 1}`).toBeGreaterThan(400 * 10 * 0.9)
        bars++
      }
    })
    expect(bars, format).toBe(3)
  }
})

test('with prices on the shelf, the batch sheet carries the batch cost and fits one Letter page', async ({ page }) => {
  test.setTimeout(60_000)
  await signUpInPage(page)
  await blendWithTwoVersions(page)
  const list = (await (await page.request.get('/api/essential-oils')).json()) as { id: number; name: string }[]
  const { token } = (await (await page.request.get('/api/auth/token')).json()) as { token: string }
  const auth = { authorization: `Bearer ${token}` }
  expect((await page.request.put('/api/me/settings', { headers: auth, data: { currency: 'USD' } })).status()).toBe(200)
  for (const [name, price] of [
    ['Lavender', 12],
    ['Lemon', 8],
    ['Bergamot', 15],
  ] as const) {
    await api(page, '/api/shelf/bottles', { oilId: list.find((o) => o.name === name)!.id, unit: 'mL', size: 10, price })
  }
  await page.goto('/calculator')
  await page.getByRole('combobox', { name: 'Blend', exact: true }).fill('Evening')
  await page.getByRole('option', { name: /Evening Calm/ }).click()
  await page.getByRole('textbox', { name: 'Total product weight' }).fill('100')
  await page.getByRole('textbox', { name: 'Essential oil percentage' }).fill('2')
  const cost = page.getByTestId('batch-cost')
  await expect(cost).toHaveText(/^\$\d+\.\d\d$/)
  const batchCost = (await cost.textContent())!

  const printed = await printToPdf(page, 'Letter')
  expect(printed.pages).toBe(1)
  const text = execFileSync('pdftotext', ['-layout', printed.file, '-'], { encoding: 'utf8' })
  for (const expected of ['Your batch', 'Lemon', 'Cost from your shelf', 'Batch cost', batchCost]) expect(text).toContain(expected)
  // Not the screen's parts: the per-oil prices, the units field, 'Mark as made'.
  for (const absent of ['Units in this batch', 'Mark as made', 'Made this batch', 'Print recipe']) expect(text).not.toContain(absent)
})
