import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { EXPORT_VERSION } from '#shared/api/export.ts'
import { bearerOf } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/**
 * Your data is yours (docs/product.md "Your data: export and import", "Your account"), walked as a
 * maker would: a journal goes out as a file, the account is deleted, and the file brings the same
 * journal back into a new account.
 */

/** Two blends, the first with a second version, and dated, rated test entries: all through the API. */
async function fillJournal(page: Page) {
  const headers = await bearerOf(page)
  const oils = (await (await page.request.get('/api/essential-oils')).json()) as { id: number; name: string }[]
  const id = (name: string) => oils.find((o) => o.name === name)!.id
  const blend = async (name: string, [top, middle, base]: [string, string, string]) => {
    const res = await page.request.post('/api/blends', {
      headers,
      data: {
        name,
        topNote: id(top),
        middleNote: id(middle),
        baseNote: id(base),
        topPercentage: 30,
        middlePercentage: 50,
        basePercentage: 20,
        effects: [],
        notes: `${name} notes`,
      },
    })
    expect(res.status()).toBe(201)
    return (await res.json()) as { id: number; version: { id: number } }
  }
  const calm = await blend('Evening Calm', ['Bergamot', 'Lavender', 'Atlas Cedarwood'])
  await blend('Morning Lift', ['Grapefruit', 'Rosemary', 'Vetiver'])
  const v2 = await page.request.post('/api/blend-versions', {
    headers,
    data: {
      projectId: calm.id,
      topOils: [
        { id: id('Bergamot'), name: 'Bergamot', percentage: 20 },
        { id: id('Lemon'), name: 'Lemon', percentage: 10 },
      ],
      middleOils: [{ id: id('Lavender'), name: 'Lavender', percentage: 50 }],
      baseOils: [{ id: id('Atlas Cedarwood'), name: 'Atlas Cedarwood', percentage: 20 }],
      formulationNotes: 'Brighter top',
    },
  })
  expect(v2.status()).toBe(201)
  for (const [versionId, notes, rating] of [
    [calm.version.id, 'Soft after two days', 4],
    [(await v2.json()).id, 'Too sharp', 2],
  ] as const) {
    const res = await page.request.post('/api/journal-entries', {
      headers,
      data: { versionId, notes, rating, dateMade: '2026-11-01T09:00:00.000Z' },
    })
    expect(res.status()).toBe(201)
  }
}

/** What the journal shows of each blend, read through the API the journal uses. */
async function journalOf(page: Page) {
  const headers = await bearerOf(page)
  const list = (await (await page.request.get('/api/blends?sort=name', { headers })).json()) as { items: { id: number; name: string }[] }
  return Promise.all(
    list.items.map(async (item) => {
      const detail = (await (await page.request.get(`/api/blends/${item.id}`, { headers })).json()) as {
        versions: {
          versionLetter: string
          referenceNumber: string
          topOils: unknown
          middleOils: unknown
          baseOils: unknown
          formulationNotes: string | null
        }[]
        entries: { notes: string; rating: number | null; dateMade: string }[]
      }
      return {
        name: item.name,
        versions: detail.versions.map((v) => [v.versionLetter, v.referenceNumber, v.topOils, v.middleOils, v.baseOils, v.formulationNotes]),
        entries: detail.entries.map((e) => [e.notes, e.rating, e.dateMade]),
      }
    }),
  )
}

async function openAccount(page: Page) {
  await page.goto('/account')
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()
  // The reminders load after the page (decision 038): once they show, the page has asked for
  // everything it will, so deleting the account cannot race a request still on its way.
  await expect(
    page.getByRole('region', { name: 'Reminders' }).getByRole('checkbox', { name: 'E-mail me when a blend is ready to test' }),
  ).toBeVisible()
}

test('a maker downloads their journal, deletes the account, and imports the file into a new one', async ({ page }, testInfo) => {
  const first = await signUpInPage(page, 'Nell Export')
  await fillJournal(page)
  const before = await journalOf(page)
  expect(before.map((b) => b.name)).toEqual(['Evening Calm', 'Morning Lift'])

  // Download my data.
  await openAccount(page)
  const data = page.getByRole('region', { name: 'Your data' })
  const [download] = await Promise.all([page.waitForEvent('download'), data.getByRole('button', { name: 'Download my data' }).click()])
  expect(download.suggestedFilename()).toMatch(/^accord-export-\d{4}-\d{2}-\d{2}\.json$/)
  const file = testInfo.outputPath('accord-export.json')
  await download.saveAs(file)
  const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as { format: string; version: number; blends: unknown[] }
  expect([exported.format, exported.version, exported.blends.length]).toEqual(['accord-export', EXPORT_VERSION, 2])

  // Delete the account.
  const danger = page.getByRole('region', { name: 'Delete account' })
  await danger.getByLabel(/Type your email address/).fill(first.email)
  await danger.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page.locator('[data-sonner-toast]').getByText('Your account has been deleted', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Create beautiful essential oil blends with confidence' })).toBeVisible()

  // A new account, and the file: a preview first, then the same journal.
  await signUpInPage(page, 'Nell Again')
  await openAccount(page)
  await page.getByLabel('Choose a file to import').setInputFiles(file)
  const importButton = page.getByRole('button', { name: /^Import 2 blends/ })
  await expect(importButton).toBeVisible()
  await expect(page.getByRole('list', { name: 'Blends in the file' })).toContainText('Evening Calm')
  expect(await journalOf(page)).toEqual([])
  await importButton.click()
  await expect(page.getByText('Import complete')).toBeVisible()
  expect(await journalOf(page)).toEqual(before)

  // The journal screen shows them too.
  await page.goto('/journal')
  await expect(page.getByRole('article', { name: 'Evening Calm' })).toBeVisible()
  await expect(page.getByRole('article', { name: 'Morning Lift' })).toBeVisible()

  // The same file again creates nothing twice.
  await openAccount(page)
  await page.getByLabel('Choose a file to import').setInputFiles(file)
  await expect(page.getByRole('button', { name: 'Nothing new to import' })).toBeDisabled()
  expect((await journalOf(page)).length).toBe(2)
})
