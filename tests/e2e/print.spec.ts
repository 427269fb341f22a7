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

test("a blend's details print as the recipe with every version and its test log, without navigation or buttons", async ({
  page,
}) => {
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
  for (const text of ['Version 1 - 001a', 'Version 2 - 001b', 'Brighter top with Lemon', 'Soft and round after a week', 'Sharper, lifts quickly']) {
    await expect(page.getByText(text, { exact: true }).filter({ visible: true }).first(), text).toBeVisible()
  }
  await expect(page.getByRole('group', { name: /rating/i }).first()).toBeVisible()
  // The printed page is in the light theme, whatever the screen's.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)')
  await expectFitsThePaper(page)

  for (const format of ['A4', 'Letter'] as const) {
    const text = await printedText(page, format)
    for (const expected of ['Evening Calm', 'Version 1 - 001a', 'Version 2 - 001b', 'Lemon', 'Soft and round after a week', 'Sharper, lifts quickly']) {
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
    for (const absent of ['Print recipe', 'Batch details', 'New Blend', 'Journal']) {
      expect(text, `${format}: ${absent}`).not.toContain(absent)
    }
    // The batch sheet is one page.
    expect(text.split('\f').filter((p) => p.trim()).length, format).toBe(1)
  }
})
