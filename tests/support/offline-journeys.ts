import { randomBytes } from 'node:crypto'
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test'
import { expect } from './e2e-fixtures.ts'

/** The offline indicator's words (docs/product.md "Offline at the bench"). */
export const OFFLINE = 'Offline, showing what was saved on this device'
export const NOT_ON_DEVICE = "This blend isn't saved on this device. It will load when you're back online."

export type OfflineApi = { request: APIRequestContext; email: string; versionId: number; projectId: number; entryId: number }

/** Catalog oil ids by name, through the test's own API client. */
export async function oilsOf(request: APIRequestContext): Promise<(name: string) => number> {
  const oils = (await (await request.get('/api/essential-oils')).json()) as { id: number; name: string }[]
  return (name: string) => oils.find((oil) => oil.name === name)!.id
}

/** Saves a blend through the test's API client (another device); returns its project and first version. */
export async function createBlend(request: APIRequestContext, name: string): Promise<{ id: number; version: { id: number } }> {
  const id = await oilsOf(request)
  const blend = await request.post('/api/blends', {
    data: {
      name,
      topNote: id('Bergamot'),
      middleNote: id('Lavender'),
      baseNote: id('Atlas Cedarwood'),
      topPercentage: 30,
      middlePercentage: 50,
      basePercentage: 20,
      effects: [],
      notes: null,
    },
  })
  expect(blend.status(), await blend.text()).toBe(201)
  return (await blend.json()) as { id: number; version: { id: number } }
}

/** A new user signed in in the page, with one blend holding one test entry; the API client is the test's own (never offline). */
export async function userWithBlend(page: Page, blendName: string, userName = 'Olive Offline'): Promise<OfflineApi> {
  const email = `offline-${randomBytes(5).toString('hex')}@example.com`
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: userName, email, password: 'muscatel-1' },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(signUp.ok()).toBe(true)
  const { token } = (await (await page.request.get('/api/auth/token')).json()) as { token: string }
  const request = await playwrightRequest.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  })
  const created = await createBlend(request, blendName)
  const entry = await request.post('/api/journal-entries', { data: { versionId: created.version.id, notes: 'Before going offline' } })
  expect(entry.status()).toBe(201)
  return { request, email, versionId: created.version.id, projectId: created.id, entryId: ((await entry.json()) as { id: number }).id }
}

/**
 * The service worker controls the page (the first visit installs it; clientsClaim takes the page).
 * Installing fetches the whole precache (some 350 files, every language's catalogs among them):
 * on a CI machine whose two cores also run the server and another browser it took over 15 s, so
 * up to 45 s here; it returns as soon as the worker is in control.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 45_000 })
}

/** Everything Accord keeps in IndexedDB on this device, as JSON text ('' when there is no database). */
export function deviceText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    // Opening a database that does not exist yet would create it, empty, under the app's feet.
    if (!(await indexedDB.databases()).some((d) => d.name === 'accord-device')) return ''
    return new Promise<string>((resolve) => {
      const open = indexedDB.open('accord-device')
      open.onerror = () => resolve('')
      open.onsuccess = () => {
        const db = open.result
        const names = [...db.objectStoreNames]
        if (names.length === 0) {
          db.close()
          return resolve('')
        }
        const tx = db.transaction(names)
        const out: unknown[] = []
        for (const name of names) {
          const all = tx.objectStore(name).getAll()
          all.onsuccess = () => out.push(all.result)
        }
        // Closed at once: an open connection would hold up the app's deleting the database.
        tx.oncomplete = () => {
          db.close()
          resolve(JSON.stringify(out))
        }
        tx.onerror = () => {
          db.close()
          resolve('')
        }
      }
    })
  })
}

/** The device has saved `text` for offline reading. */
export async function waitUntilSaved(page: Page, text: string): Promise<void> {
  await expect.poll(async () => (await deviceText(page)).includes(text)).toBe(true)
}

/** Loading failures while the browser is offline are the point of these tests, not defects. */
export function forgiveOfflineErrors(consoleErrors: string[]): void {
  const kept = consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))
  consoleErrors.splice(0, consoleErrors.length, ...kept)
}

/** Opens `/journal?blend=id` inside the app (no page load), as a tap on a card does. */
export async function openBlendInApp(page: Page, id: number): Promise<void> {
  await page.evaluate((blend) => {
    window.history.pushState({}, '', `/journal?blend=${blend}`)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, id)
}
