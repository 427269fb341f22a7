import AxeBuilder from '@axe-core/playwright'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../support/chromium.mjs'
import { expect, test } from '../support/e2e-fixtures.ts'
import {
  OFFLINE,
  forgiveOfflineErrors,
  userWithBlend,
  waitForServiceWorker,
  waitUntilSaved,
  type OfflineApi as Api,
} from '../support/offline-journeys.ts'

/**
 * Installable and useful offline (decision 029), against the built app and its real service
 * worker: install criteria, reading the journal offline, writes queued offline and sent once,
 * a refused write kept and shown, and sign-out clearing the device. The orders in which a blend
 * reaches the device are tests/e2e/offline-orders.spec.ts.
 */

// The other journeys block the service worker (playwright.config.ts); these need it.
test.use({ serviceWorkers: 'allow' })

async function entriesOf(api: Api) {
  const res = await api.request.get(`/api/journal-entries?projectId=${api.projectId}`)
  expect(res.ok()).toBe(true)
  return (await res.json()) as { id: number; notes: string | null; rating: number | null }[]
}

async function expectNoAxeViolations(page: Page, where: string, include?: string) {
  const axe = new AxeBuilder({ page })
  // Only the part this spec adds (the indicator, the dialog); the pages have their own axe runs.
  const results = await (include ? axe.include(include) : axe).analyze()
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(summary, `axe violations ${where}`).toEqual([])
}

/**
 * The new entry's notes. The add-test form arrives in its own chunk after the blend's entries, and
 * until it does the last "Test notes" box is the saved entry's own: wait for the form first.
 */
async function newEntryNotes(page: Page) {
  await expect(page.getByRole('button', { name: 'Add Test Entry' })).toBeVisible()
  return page.getByLabel('Test notes', { exact: true }).last()
}

async function openBlendOffline(page: Page, api: Api, blendName: string) {
  await page.goto(`/journal?blend=${api.projectId}`)
  await expect(page.getByRole('heading', { level: 1, name: blendName })).toBeVisible()
  await expect(page.getByText('Before going offline').filter({ visible: true })).toBeVisible()
  await waitForServiceWorker(page)
  await waitUntilSaved(page, 'Before going offline')
  await page.context().setOffline(true)
  await page.reload()
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: blendName })).toBeVisible()
  await expect(page.getByText('Before going offline').filter({ visible: true })).toBeVisible()
}

test.describe('installable', () => {
  test('the manifest is linked and valid, and the service worker controls the page', async ({ page }) => {
    await userWithBlend(page, 'Install Check')
    await page.goto('/journal')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBe('/manifest.webmanifest')
    const res = await page.request.get(href!)
    expect(res.headers()['content-type']).toContain('application/manifest+json')
    const manifest = (await res.json()) as {
      name: string
      short_name: string
      display: string
      start_url: string
      theme_color: string
      icons: { src: string; sizes: string; purpose: string; type: string }[]
    }
    expect(manifest).toMatchObject({ short_name: 'Accord', display: 'standalone', start_url: '/', theme_color: '#1f4d3a' })
    for (const size of ['192x192', '512x512'])
      expect(manifest.icons.some((i) => i.sizes === size && i.purpose === 'any' && i.type === 'image/png')).toBe(true)
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true)
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src)
      expect(image.status(), icon.src).toBe(200)
      expect(image.headers()['content-type']).toBe(icon.type)
    }

    await waitForServiceWorker(page)
    // The worker's script is never cached long: an update reaches browsers on their next visit.
    const sw = await page.request.get('/sw.js')
    expect(sw.headers()['cache-control']).toBe('no-cache')
    expect(sw.headers()['content-type']).toContain('javascript')
    expect(sw.headers()['content-security-policy']).toContain("worker-src 'self'")
    expect(sw.headers()['content-security-policy']).toContain("manifest-src 'self'")
  })

  test('Chromium finds nothing in the way of installing it', async () => {
    // A profile on disk: Chromium never offers to install from an incognito-like context.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-install-'))
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: findChromium() ?? undefined,
      args: CHROMIUM_ARGS,
      baseURL: process.env.E2E_BASE_URL,
      serviceWorkers: 'allow',
    })
    try {
      const page = context.pages()[0] ?? (await context.newPage())
      await userWithBlend(page, 'Install Check')
      await page.goto('/journal')
      await waitForServiceWorker(page)
      const cdp = await context.newCDPSession(page)
      // Chromium fetches the manifest and its icons on its own time (slower on a busy machine): what
      // is in the way until then is asked again; a real obstacle stays and fails the test.
      await expect
        .poll(
          async () =>
            ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors,
          { timeout: 20_000, intervals: [250, 500, 1000] },
        )
        .toEqual([])
    } finally {
      await context.close()
      fs.rmSync(profile, { recursive: true, force: true })
    }
  })

  test('pages come from the server while it answers; offline, the app shell stands in', async ({ page, consoleErrors }) => {
    await userWithBlend(page, 'Fresh Pages')
    await page.goto('/journal')
    await waitForServiceWorker(page)
    // The prerendered /book is the server's answer (its request id), not a copy kept by the worker.
    const online = await page.goto('/book')
    expect(await online!.headerValue('x-request-id')).not.toBeNull()
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', /.+/)
    await page.context().setOffline(true)
    await page.goto('/glossary')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText(/Showing \d+ of \d+ essential oils/)).toBeVisible()
    forgiveOfflineErrors(consoleErrors)
  })
})

test.describe('public pages offline', () => {
  /** The islands' build (vite.islands.config.ts): the islands script, its chunks and the boot script. */
  function islandsFiles(): string[] {
    const client = path.join(process.cwd(), 'dist/client')
    const manifest = JSON.parse(fs.readFileSync(path.join(client, '.vite/islands-manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >
    const boot = (JSON.parse(fs.readFileSync(path.join(client, '.vite/boot-script.json'), 'utf8')) as { file: string }).file
    // Not the layout tests' pseudo-locale (decision 101): the worker leaves it out on purpose.
    const pseudo = /^assets\/_virtual_accord-pseudo-catalog-/
    return [...new Set([...Object.values(manifest).map((entry) => entry.file), boot])].filter((file) => !pseudo.test(file)).sort()
  }

  test("the islands' files are precached: a public page's controls work when the network cannot serve them (decision 066)", async ({
    page,
    consoleErrors,
  }) => {
    await userWithBlend(page, 'Public Offline')
    await page.goto('/journal')
    await waitForServiceWorker(page)
    const precached = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname.slice(1))
      return urls
    })
    const files = islandsFiles()
    expect(files.some((file) => /^assets\/islands-/.test(file))).toBe(true)
    expect(files.filter((file) => !precached.includes(file))).toEqual([])

    // Signed out, the network answers the pages but none of their scripts: what runs comes from the precache.
    await page.context().clearCookies()
    const refused: string[] = []
    await page.context().route(/\/assets\/.+\.js$/, (route) => {
      refused.push(new URL(route.request().url()).pathname)
      return route.abort('internetdisconnected')
    })
    await page.goto('/redeem')
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'redeem')
    await expect(page.getByLabel('Secret word')).toBeVisible()
    await page.goto('/')
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', /.+/)
    await page.getByRole('button', { name: 'Sign In' }).first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    expect(refused).toEqual([])
    forgiveOfflineErrors(consoleErrors)
  })
})

test.describe('offline', () => {
  test('reads the journal offline, queues a test entry and a rating, and sends them once when back online', async ({
    page,
    consoleErrors,
  }) => {
    const api = await userWithBlend(page, 'Bench Notes')
    await openBlendOffline(page, api, 'Bench Notes')

    // A rating on the entry already there…
    await page
      .getByRole('group', { name: /^Rating for TB-001a-/ })
      .getByRole('button', { name: '4 stars' })
      .click()
    // …and a new test entry with its own rating and notes.
    await page.getByRole('group', { name: 'Rating for the new entry' }).getByRole('button', { name: '5 stars' }).click()
    await (await newEntryNotes(page)).fill('Offline sniff: bright top, soft dry-down')
    await page.getByRole('button', { name: 'Add Test Entry' }).click()
    // The toast of the new entry, and the rating's own status: kept on the device, not "Saved".
    await expect(page.getByText('Saved on this device', { exact: true })).toHaveCount(2)
    await expect(page.getByRole('status').filter({ hasText: OFFLINE }).filter({ hasText: '· 2 changes waiting' })).toBeVisible()
    await expectNoAxeViolations(page, 'in the offline indicator', '[role="status"]')
    // Nothing reached the server yet.
    expect((await entriesOf(api)).length).toBe(1)
    forgiveOfflineErrors(consoleErrors)

    await page.context().setOffline(false)
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 15_000 })
    const entries = await entriesOf(api)
    expect(entries).toHaveLength(2)
    expect(entries.find((e) => e.id === api.entryId)?.rating).toBe(4)
    const added = entries.filter((e) => e.notes === 'Offline sniff: bright top, soft dry-down')
    expect(added).toHaveLength(1)
    expect(added[0]!.rating).toBe(5)
    // The page shows the entry as the server has it.
    await expect(page.getByText('Offline sniff: bright top, soft dry-down').filter({ visible: true })).toBeVisible()
    // A reload sends nothing again.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Bench Notes' })).toBeVisible()
    expect(await entriesOf(api)).toHaveLength(2)
  })

  test('a write the server refuses is shown with what was typed, until discarded', async ({ page, consoleErrors }) => {
    const api = await userWithBlend(page, 'Gone Elsewhere')
    await openBlendOffline(page, api, 'Gone Elsewhere')
    await (await newEntryNotes(page)).fill('Written offline, blend deleted meanwhile')
    await page.getByRole('button', { name: 'Add Test Entry' }).click()
    await expect(page.getByRole('status').filter({ hasText: '1 change waiting' })).toBeVisible()
    forgiveOfflineErrors(consoleErrors)
    // Another device deletes the blend.
    expect((await api.request.delete(`/api/blends/${api.projectId}`)).status()).toBe(204)

    await page.context().setOffline(false)
    await expect(page.getByText('1 change could not be saved')).toBeVisible({ timeout: 15_000 })
    await page.getByRole('button', { name: 'Review' }).click()
    const dialog = page.getByRole('dialog', { name: 'Changes that could not be saved' })
    await expect(dialog.getByText('Test entry for Gone Elsewhere (001a)')).toBeVisible()
    await expect(dialog.getByLabel('What you wrote')).toHaveValue('Written offline, blend deleted meanwhile')
    await expectNoAxeViolations(page, 'with the refused changes open', '[role="dialog"]')
    await dialog.getByRole('button', { name: 'Discard' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText('1 change could not be saved')).toBeHidden()
    forgiveOfflineErrors(consoleErrors)
    // The refused entry, and the deleted blend's details asked for again, answered 404.
    const others = consoleErrors.filter((e) => !e.includes('status of 404'))
    consoleErrors.splice(0, consoleErrors.length, ...others)
  })

  test("a write made offline is kept and sent by the device worker, not the page's thread (decision 065)", async ({
    page,
    consoleErrors,
  }) => {
    // The page's own writes to the queue and its own requests that change something (a worker has
    // its own globals: these wrappers see only the page).
    await page.addInitScript(() => {
      const seen = { sent: [] as string[], queued: 0 }
      ;(window as unknown as { __pageWork: typeof seen }).__pageWork = seen
      const pageFetch = window.fetch.bind(window)
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        if ((init?.method ?? 'GET') !== 'GET') seen.sent.push(String(input))
        return pageFetch(input, init)
      }
      const add = IDBObjectStore.prototype.add
      IDBObjectStore.prototype.add = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['add']>) {
        if (this.name === 'outbox') seen.queued += 1
        return add.apply(this, args)
      }
    })
    const pageWork = () => page.evaluate(() => (window as unknown as { __pageWork: { sent: string[]; queued: number } }).__pageWork)
    const api = await userWithBlend(page, 'Worker Sends')
    await openBlendOffline(page, api, 'Worker Sends')
    await (await newEntryNotes(page)).fill('Kept by the worker')
    await page.getByRole('button', { name: 'Add Test Entry' }).click()
    await expect(page.getByRole('status').filter({ hasText: '1 change waiting' })).toBeVisible()
    await expect(page.getByText('Waiting to sync').filter({ visible: true })).toBeVisible()
    forgiveOfflineErrors(consoleErrors)

    await page.context().setOffline(false)
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 15_000 })
    expect((await entriesOf(api)).filter((e) => e.notes === 'Kept by the worker')).toHaveLength(1)
    // Kept in IndexedDB and sent, and none of it by the page.
    expect(await pageWork()).toEqual({ sent: [], queued: 0 })
  })

  test('a blend only listed online opens offline; an entry made there shows at once, waiting and counted, and reaches the server once', async ({
    page,
    consoleErrors,
  }) => {
    const api = await userWithBlend(page, 'Listed Only')
    // The journal is listed; the blend itself is never opened online.
    await page.goto('/journal')
    await expect(page.getByRole('article', { name: /Listed Only/ })).toBeVisible()
    await waitForServiceWorker(page)
    // Filled in the background while idle (one request for the listed blends' details, decision 039).
    await waitUntilSaved(page, 'Before going offline')

    await page.context().setOffline(true)
    await page.reload()
    await expect(
      page.getByRole('status').filter({ hasText: new RegExp(`^${OFFLINE}, last updated (just now|\\d+ minutes? ago)$`) }),
    ).toBeVisible()
    await page
      .getByRole('article', { name: /Listed Only/ })
      .getByRole('button', { name: 'View Details' })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: 'Listed Only' })).toBeVisible()
    await expect(page.getByText('Before going offline').filter({ visible: true })).toBeVisible()
    await expect(page.getByText('1 test', { exact: true }).first()).toBeVisible()

    await (await newEntryNotes(page)).fill('Written at the bench, offline')
    await page.getByRole('button', { name: 'Add Test Entry' }).click()
    // At once where it belongs, marked, and counted.
    await expect(page.getByText('Written at the bench, offline').filter({ visible: true })).toBeVisible()
    await expect(page.getByText('Waiting to sync').filter({ visible: true })).toBeVisible()
    await expect(page.getByText('2 tests', { exact: true }).first()).toBeVisible()
    await expectNoAxeViolations(page, 'with an entry waiting to sync', 'main')
    expect(await entriesOf(api)).toHaveLength(1)
    forgiveOfflineErrors(consoleErrors)

    await page.context().setOffline(false)
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 15_000 })
    await expect(page.getByText('Waiting to sync')).toHaveCount(0)
    await expect(page.getByText('Written at the bench, offline').filter({ visible: true })).toHaveCount(1)
    await expect(page.getByText('2 tests', { exact: true }).first()).toBeVisible()
    const entries = await entriesOf(api)
    expect(entries.filter((e) => e.notes === 'Written at the bench, offline')).toHaveLength(1)
    expect(entries).toHaveLength(2)
  })

  test('a blend with a batch, only listed online, offers that batch in the add-test form offline (decision 055)', async ({
    page,
    consoleErrors,
  }) => {
    const api = await userWithBlend(page, 'Soap Run')
    const madeOn = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10)
    const made = await api.request.post(`/api/blends/${api.projectId}/batches`, {
      data: { madeOn, productType: 'lotion', weight: 200, unit: 'g', oilPercentage: 2 },
    })
    expect(made.status(), await made.text()).toBe(201)
    const batch = (await made.json()) as { id: number; code: string }
    // The journal is listed; the blend itself, and so its batches, never opened online.
    await page.goto('/journal')
    await expect(page.getByRole('article', { name: /Soap Run/ })).toBeVisible()
    await waitForServiceWorker(page)
    // The idle fill brings the blend's details with its first page of batches.
    await waitUntilSaved(page, batch.code)

    await page.context().setOffline(true)
    await page.reload()
    await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible()
    await page
      .getByRole('article', { name: /Soap Run/ })
      .getByRole('button', { name: 'View Details' })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: 'Soap Run' })).toBeVisible()
    await newEntryNotes(page)
    const choice = page.getByLabel('Batch', { exact: true })
    await expect(choice.getByRole('option', { name: /^Made .+ · 200 g lotion \/ cream$/ })).toHaveCount(1)
    await expect(page.getByText("This blend's batches aren't saved on this device", { exact: false })).toHaveCount(0)
    // Choosing it sets the day it was made.
    await choice.selectOption(String(batch.id))
    await expect(page.getByLabel('Date made')).toHaveValue(madeOn)
    forgiveOfflineErrors(consoleErrors)
  })

  test('a blend never saved on the device says so within a second offline, and loads when back online', async ({ page, consoleErrors }) => {
    const api = await userWithBlend(page, 'Saved Blend')
    await page.goto('/journal')
    await expect(page.getByRole('article', { name: /Saved Blend/ })).toBeVisible()
    await waitForServiceWorker(page)
    await waitUntilSaved(page, 'Before going offline')
    // Made on another device after this one listed the journal: this device has never seen it.
    const oils = (await (await api.request.get('/api/essential-oils')).json()) as { id: number; name: string }[]
    const oil = (name: string) => oils.find((o) => o.name === name)!.id
    const other = await api.request.post('/api/blends', {
      data: {
        name: 'Made Elsewhere',
        topNote: oil('Lemon'),
        middleNote: oil('Lavender'),
        baseNote: oil('Atlas Cedarwood'),
        topPercentage: 30,
        middlePercentage: 50,
        basePercentage: 20,
        effects: [],
        notes: null,
      },
    })
    expect(other.status(), await other.text()).toBe(201)
    const elsewhere = ((await other.json()) as { id: number }).id

    await page.context().setOffline(true)
    await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible()
    const opened = Date.now()
    await page.evaluate((id) => {
      window.history.pushState({}, '', `/journal?blend=${id}`)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, elsewhere)
    await expect(page.getByText("This blend isn't saved on this device. It will load when you're back online.")).toBeVisible({
      timeout: 1000,
    })
    expect(Date.now() - opened).toBeLessThan(1500)
    await expect(page.getByText('Loading the blend...')).toHaveCount(0)
    forgiveOfflineErrors(consoleErrors)

    await page.context().setOffline(false)
    await expect(page.getByRole('heading', { level: 1, name: 'Made Elsewhere' })).toBeVisible({ timeout: 10_000 })
  })

  test('signing out deletes the data saved on the device', async ({ page, consoleErrors }) => {
    const api = await userWithBlend(page, 'Private Blend')
    await page.goto(`/journal?blend=${api.projectId}`)
    await expect(page.getByText('Before going offline').filter({ visible: true })).toBeVisible()
    await waitUntilSaved(page, 'Private Blend')
    expect(await page.evaluate(() => localStorage.getItem('accord.signed-in-user'))).toContain('Olive Offline')

    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page.getByRole('heading', { name: 'Create beautiful essential oil blends with confidence' })).toBeVisible()
    await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).not.toContain('accord-device')
    expect(await page.evaluate(() => localStorage.getItem('accord.signed-in-user'))).toBeNull()
    forgiveOfflineErrors(consoleErrors)
  })
})
