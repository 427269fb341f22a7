import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '../support/e2e-fixtures.ts'
import {
  NOT_ON_DEVICE,
  OFFLINE,
  createBlend,
  deviceText,
  forgiveOfflineErrors,
  openBlendInApp,
  userWithBlend,
  waitForServiceWorker,
} from '../support/offline-journeys.ts'

/**
 * "Everything listed stays readable" (README, docs/product.md "Offline at the bench", issue 34):
 * a blend the maker opened online, or that the journal listed, is readable offline after a
 * reload, whatever the order, within 2 s of its first showing online; the details shown are the
 * last ones seen online, with the "last updated" time. On the phone profile, with the real
 * service worker.
 */

test.use({ serviceWorkers: 'allow', viewport: { width: 412, height: 823 }, hasTouch: true })

/** The promise's delay: what showed online is on the device this long after it first showed. */
const WITHIN_MS = 2000

/** The blends whose details the device holds (the query key's id, from the device's records). */
async function savedDetailIds(page: Page): Promise<Set<number>> {
  const text = await deviceText(page)
  return new Set([...text.matchAll(/detail\\?",(\d+)\]/g)].map((m) => Number(m[1])))
}

async function expectSavedWithin(page: Page, ids: number[], since: number) {
  await expect
    .poll(
      async () => {
        const saved = await savedDetailIds(page)
        return ids.filter((id) => !saved.has(id))
      },
      { timeout: Math.max(100, since + WITHIN_MS - Date.now()), intervals: [100] },
    )
    .toEqual([])
}

/** The app installed (service worker in control) on a page that shows no blend, before the order under test begins. */
async function install(page: Page) {
  await page.goto('/glossary')
  await waitForServiceWorker(page)
}

/** Cuts the connection, reloads the journal and opens the blend inside the app: its heading and `text` show, with the last-updated line. */
async function readOffline(page: Page, id: number, name: string, text: string) {
  await page.context().setOffline(true)
  await page.goto('/journal')
  await expect(
    page.getByRole('status').filter({ hasText: new RegExp(`^${OFFLINE}, last updated (just now|\\d+ minutes? ago)$`) }),
  ).toBeVisible()
  await openBlendInApp(page, id)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible()
  await expect(page.getByText(NOT_ON_DEVICE)).toHaveCount(0)
}

/** `count` more blends for the user, saved in parallel through the API (another device). */
async function moreBlends(request: APIRequestContext, count: number, prefix: string): Promise<number[]> {
  const ids: number[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < count) {
        const n = ++next
        ids.push((await createBlend(request, `${prefix} ${String(n).padStart(3, '0')}`)).id)
      }
    }),
  )
  return ids.sort((a, b) => a - b)
}

test.describe('offline, whatever the order', () => {
  test('details then list: the blend opened first is readable offline after a reload', async ({ page, consoleErrors }) => {
    const api = await userWithBlend(page, 'Details First')
    await install(page)
    await page.goto(`/journal?blend=${api.projectId}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Details First' })).toBeVisible()
    const shown = Date.now()
    await page.goto('/journal')
    await expect(page.getByRole('article', { name: /Details First/ })).toBeVisible()
    await expectSavedWithin(page, [api.projectId], shown)
    await readOffline(page, api.projectId, 'Details First', 'Before going offline')
    forgiveOfflineErrors(consoleErrors)
  })

  test('list then details: a blend listed, then opened, is readable offline after a reload', async ({ page, consoleErrors }) => {
    const api = await userWithBlend(page, 'List First')
    await install(page)
    await page.goto('/journal')
    await expect(page.getByRole('article', { name: /List First/ })).toBeVisible()
    const shown = Date.now()
    await page
      .getByRole('article', { name: /List First/ })
      .getByRole('button', { name: 'View Details' })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: 'List First' })).toBeVisible()
    await expectSavedWithin(page, [api.projectId], shown)
    await readOffline(page, api.projectId, 'List First', 'Before going offline')
    forgiveOfflineErrors(consoleErrors)
  })

  test('a blend listed on page 3 of the journal is readable offline', async ({ page, consoleErrors }) => {
    test.setTimeout(120_000)
    const api = await userWithBlend(page, 'Deep Down')
    // 110 newer blends: the first one is on the journal's third page (50 a page, newest first).
    await moreBlends(api.request, 110, 'Newer')
    await install(page)
    await page.goto('/journal')
    await expect(page.getByRole('article').first()).toBeVisible()
    for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Show more' }).click()
    await expect(page.getByRole('article', { name: /Deep Down/ })).toBeVisible()
    const shown = Date.now()
    await expectSavedWithin(page, [api.projectId], shown)
    await readOffline(page, api.projectId, 'Deep Down', 'Before going offline')
    forgiveOfflineErrors(consoleErrors)
  })

  test('a blend edited on another device: its newer details reach the device', async ({ page, consoleErrors }) => {
    const api = await userWithBlend(page, 'Moving Target')
    await install(page)
    await page.goto(`/journal?blend=${api.projectId}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Moving Target' })).toBeVisible()
    await expectSavedWithin(page, [api.projectId], Date.now())
    // Another device logs a test on it.
    const entry = await api.request.post('/api/journal-entries', { data: { versionId: api.versionId, notes: 'Logged on the other phone' } })
    expect(entry.status()).toBe(201)
    await page.goto('/journal')
    await expect(page.getByRole('article', { name: /Moving Target/ })).toBeVisible()
    const shown = Date.now()
    await expect
      .poll(async () => (await deviceText(page)).includes('Logged on the other phone'), {
        timeout: shown + WITHIN_MS - Date.now(),
        intervals: [100],
      })
      .toBe(true)
    await readOffline(page, api.projectId, 'Moving Target', 'Logged on the other phone')
    forgiveOfflineErrors(consoleErrors)
  })

  test('a reload while the fill is half done: every listed blend still reaches the device', async ({ page, consoleErrors }) => {
    test.setTimeout(120_000)
    const api = await userWithBlend(page, 'Half Done')
    // 49 newer blends: the first page lists 50, three requests of the fill.
    const ids = [api.projectId, ...(await moreBlends(api.request, 49, 'Batch'))]
    await install(page)
    await page.goto('/journal')
    await expect(page.getByRole('article').first()).toBeVisible()
    // Reloaded at once, before the fill can have finished.
    await page.reload()
    await expect(page.getByRole('article').first()).toBeVisible()
    const shown = Date.now()
    await expectSavedWithin(page, ids, shown)
    await readOffline(page, api.projectId, 'Half Done', 'Before going offline')
    forgiveOfflineErrors(consoleErrors)
  })

  test('sign-out, then another user on the same browser: nothing of the first user is readable', async ({ page, consoleErrors }) => {
    const first = await userWithBlend(page, 'First Person Blend', 'Fern First')
    await install(page)
    await page.goto(`/journal?blend=${first.projectId}`)
    await expect(page.getByRole('heading', { level: 1, name: 'First Person Blend' })).toBeVisible()
    await page.goto('/journal')
    await expect(page.getByRole('article', { name: /First Person Blend/ })).toBeVisible()
    await expectSavedWithin(page, [first.projectId], Date.now())

    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page.getByRole('heading', { name: 'Create beautiful essential oil blends with confidence' })).toBeVisible()

    const second = await userWithBlend(page, 'Second Person Blend', 'Sam Second')
    await page.goto('/journal')
    await expect(page.getByRole('article', { name: /Second Person Blend/ })).toBeVisible()
    await expectSavedWithin(page, [second.projectId], Date.now())
    const kept = await deviceText(page)
    expect(kept).not.toContain('First Person Blend')
    expect(kept).not.toContain('Fern First')

    await page.context().setOffline(true)
    await page.goto('/journal')
    await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible()
    await expect(page.getByRole('article', { name: /Second Person Blend/ })).toBeVisible()
    await expect(page.getByText('First Person Blend')).toHaveCount(0)
    await openBlendInApp(page, first.projectId)
    await expect(page.getByText(NOT_ON_DEVICE)).toBeVisible()
    await expect(page.getByText('First Person Blend')).toHaveCount(0)
    forgiveOfflineErrors(consoleErrors)
  })
})
