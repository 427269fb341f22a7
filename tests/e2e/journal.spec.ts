import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '../support/e2e-fixtures.ts'
import { chooseOption } from '../support/e2e-select.ts'

/** Browser journeys through the journal (docs/product.md §2 "Journal", §4, §5), against the built app. */

type Trio = [top: string, middle: string, base: string]
interface SeedBlend {
  name: string
  oils: Trio
}
interface Seeded {
  id: number
  name: string
  versionId: number
}

const origin = () => ({ origin: process.env.E2E_BASE_URL! })

class Api {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
    readonly oils: Record<string, { id: number; name: string }>,
  ) {}

  private get headers() {
    return { authorization: `Bearer ${this.token}` }
  }

  async blend({ name, oils: [top, middle, base] }: SeedBlend): Promise<Seeded> {
    const res = await this.request.post('/api/blends', {
      headers: this.headers,
      data: {
        name,
        topNote: this.oils[top]!.id,
        middleNote: this.oils[middle]!.id,
        baseNote: this.oils[base]!.id,
        topPercentage: 30,
        middlePercentage: 50,
        basePercentage: 20,
        effects: [],
        notes: 'First try',
      },
    })
    expect(res.status(), await res.text()).toBe(201)
    const body = (await res.json()) as { id: number; name: string; version: { id: number } }
    return { id: body.id, name: body.name, versionId: body.version.id }
  }

  async testEntry(versionId: number, fields: { notes?: string; rating?: number; dateMade?: string; dateTested?: string } = {}) {
    const res = await this.request.post('/api/journal-entries', { headers: this.headers, data: { versionId, ...fields } })
    expect(res.status(), await res.text()).toBe(201)
  }
}

/** A new user, signed in in the page's cookie jar, with an API client holding their bearer token. */
async function signUp(page: Page): Promise<Api> {
  const email = `journal-${randomBytes(5).toString('hex')}@example.com`
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Jo Journal', email, password: 'muscatel-1' },
    headers: origin(),
  })
  expect(signUp.ok()).toBe(true)
  const { token } = (await (await page.request.get('/api/auth/token')).json()) as { token: string }
  const catalog = (await (await page.request.get('/api/essential-oils')).json()) as { id: number; name: string }[]
  return new Api(page.request, token, Object.fromEntries(catalog.map((oil) => [oil.name, oil])))
}

const CALM: SeedBlend = { name: 'Evening Calm', oils: ['Bergamot', 'Lavender', 'Atlas Cedarwood'] }
const LIFT: SeedBlend = { name: 'Morning Lift', oils: ['Grapefruit', 'Rosemary', 'Vetiver'] }

const cards = (page: Page) => page.getByRole('article')
const cardNamed = (page: Page, name: string) => page.getByRole('article', { name })

async function openJournal(page: Page) {
  await page.goto('/journal')
  await expect(page.getByRole('heading', { level: 1, name: 'Blend Journal' })).toBeVisible()
}

async function openDetails(page: Page, name: string) {
  await cardNamed(page, name).getByRole('button', { name: 'View Details' }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

test.describe('journal list', () => {
  test('searching by an oil name finds the blend', async ({ page }) => {
    const api = await signUp(page)
    await api.blend(CALM)
    await api.blend(LIFT)
    await openJournal(page)
    await expect(cards(page)).toHaveCount(2)
    await page.getByRole('searchbox', { name: 'Search blends' }).fill('vetiver')
    await expect(cards(page)).toHaveCount(1)
    await expect(cardNamed(page, 'Morning Lift')).toBeVisible()
    await page.getByRole('searchbox', { name: 'Search blends' }).fill('CALM')
    await expect(cards(page)).toHaveCount(1)
    await expect(cardNamed(page, 'Evening Calm')).toBeVisible()
  })

  test('sorts by name and by reference number', async ({ page }) => {
    const api = await signUp(page)
    await api.blend({ name: 'Zest', oils: CALM.oils })
    await api.blend({ name: 'Amber Dusk', oils: LIFT.oils })
    await openJournal(page)
    const names = cards(page).getByRole('heading', { level: 2 })
    await expect(names).toHaveText(['Zest', 'Amber Dusk'])
    await chooseOption(page, page.getByRole('combobox', { name: 'Sort by' }), 'Name (A-Z)')
    await expect(names).toHaveText(['Amber Dusk', 'Zest'])
    await chooseOption(page, page.getByRole('combobox', { name: 'Sort by' }), 'Reference Number')
    await expect(names).toHaveText(['Zest', 'Amber Dusk'])
  })

  test('the Tested and Untested tabs split the blends, and a card opens its details', async ({ page }) => {
    const api = await signUp(page)
    const calm = await api.blend(CALM)
    await api.blend(LIFT)
    await api.testEntry(calm.versionId, { notes: 'Soft' })
    await openJournal(page)
    // Each tab says how many blends it holds.
    await expect(page.getByRole('tab', { name: 'All Blends 2' })).toBeVisible()
    await page.getByRole('tab', { name: 'Tested 1', exact: true }).click()
    const tested = page.getByRole('tabpanel').getByRole('button')
    await expect(tested).toHaveCount(1)
    await expect(tested).toContainText('Evening Calm')
    await expect(tested).toContainText('1 test')
    await page.getByRole('tab', { name: /^Untested/ }).click()
    const untested = page.getByRole('tabpanel').getByRole('button')
    await expect(untested).toHaveCount(1)
    await expect(untested).toContainText('Morning Lift')
    await expect(untested).toContainText('Untested')
    await untested.click()
    await expect(page.getByRole('heading', { level: 1, name: 'Morning Lift' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Original Blend' })).toBeVisible()
  })

  test('renames with Enter and cancels with Escape', async ({ page }) => {
    const api = await signUp(page)
    await api.blend(CALM)
    await openJournal(page)
    await page.getByRole('button', { name: 'Rename Evening Calm' }).click()
    await page.getByRole('textbox', { name: 'Blend name' }).fill('Night Calm')
    await page.getByRole('textbox', { name: 'Blend name' }).press('Enter')
    await expect(page.getByText('Blend renamed')).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Night Calm' })).toBeVisible()

    await page.getByRole('button', { name: 'Rename Night Calm' }).click()
    await page.getByRole('textbox', { name: 'Blend name' }).fill('Something else')
    await page.getByRole('textbox', { name: 'Blend name' }).press('Escape')
    await expect(page.getByRole('textbox', { name: 'Blend name' })).toBeHidden()
    await expect(page.getByRole('heading', { level: 2, name: 'Night Calm' })).toBeVisible()

    await page.reload()
    await expect(page.getByRole('heading', { level: 2, name: 'Night Calm' })).toBeVisible()
  })

  test('deletes a blend after the confirm dialog', async ({ page }) => {
    const api = await signUp(page)
    await api.blend(CALM)
    await api.blend(LIFT)
    await openJournal(page)
    await cardNamed(page, 'Evening Calm').getByRole('button', { name: 'Delete' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('Are you sure you want to delete "Evening Calm"? You can undo it for a few seconds afterwards.')
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Blend deleted')).toBeVisible()
    await expect(cards(page)).toHaveCount(1)
    await page.reload()
    await expect(cardNamed(page, 'Morning Lift')).toBeVisible()
    await expect(cardNamed(page, 'Evening Calm')).toHaveCount(0)
  })

  test('Undo in the toast brings a deleted blend back, with its tests', async ({ page }) => {
    const api = await signUp(page)
    const calm = await api.blend(CALM)
    await api.testEntry(calm.versionId, { notes: 'Round and soft', rating: 4 })
    await api.blend(LIFT)
    await openJournal(page)
    await cardNamed(page, 'Evening Calm').getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(cardNamed(page, 'Evening Calm')).toHaveCount(0)
    await page.getByRole('button', { name: 'Undo' }).click()
    await expect(page.getByText('Blend restored')).toBeVisible()
    await expect(cardNamed(page, 'Evening Calm')).toBeVisible()
    // Back on the server, as it was: after a reload, with its test and rating.
    await page.reload()
    await cardNamed(page, 'Evening Calm').getByRole('button', { name: 'View Details' }).click()
    await expect(page.getByText('Round and soft').filter({ visible: true })).toBeVisible()
    await expect(page.getByRole('img', { name: /001a: 4 stars after/ })).toBeVisible()
  })

  test("a blend's details chart its ratings by days since made, with the same data as a table", async ({ page }) => {
    const api = await signUp(page)
    const calm = await api.blend(CALM)
    const day = (n: number) => `2025-03-${String(n).padStart(2, '0')}`
    await api.testEntry(calm.versionId, { dateMade: day(1), dateTested: day(3), rating: 2 })
    await api.testEntry(calm.versionId, { dateMade: day(1), dateTested: day(15), rating: 4 })
    await openJournal(page)
    await expect(cardNamed(page, 'Evening Calm').getByRole('img', { name: 'Latest ratings, oldest first: 2, 4 of 5 stars' })).toBeVisible()
    await cardNamed(page, 'Evening Calm').getByRole('button', { name: 'View Details' }).click()
    await expect(page.getByRole('heading', { name: 'How it matures' })).toBeVisible()
    const chart = page.getByTestId('rating-chart')
    await expect(chart).toBeVisible()
    await expect(chart).toHaveAttribute('aria-label', /001a: 2 stars after 2 days, 4 stars after 14 days/)
    await expect(page.getByTestId('composition-chart')).toBeVisible()
    const table = page.getByRole('table', { name: 'Ratings by days since made' })
    await expect(table.getByRole('row')).toHaveCount(3)
    await page.getByRole('button', { name: 'Show as a table' }).click()
    await expect(table).toBeVisible()
    await expect(table.getByRole('row').nth(2)).toContainText('14 days')
  })
})

test.describe('the token of a loaded journal', () => {
  test('is asked for once and reused: the session checks (every 1.5 s here) go through the cookie (issue 34)', async ({ page }) => {
    const api = await signUp(page)
    await api.blend(CALM)
    const asked = { token: 0, sessionCheck: 0 }
    // The context's requests: the page's and its device worker's alike.
    page.context().on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (path === '/api/auth/token') asked.token += 1
      if (path === '/api/auth/get-session') asked.sessionCheck += 1
    })
    await openJournal(page)
    await expect(cardNamed(page, CALM.name)).toBeVisible()
    // Three session checks' time: before, each check asked for a new token.
    // E2E_SESSION_CHECK_INTERVAL_MS (tests/support/e2e-server.ts, not imported here: it brings the OpenID provider) is 1.5 s.
    await expect.poll(() => asked.sessionCheck, { timeout: 9000 }).toBeGreaterThanOrEqual(3)
    expect(asked.token).toBeLessThanOrEqual(1)
  })
})

test.describe('a journal of many blends', () => {
  test('shows 50 at a time, asks the server for one page, and keeps the pages and place on the way back', async ({ page }) => {
    const api = await signUp(page)
    for (let start = 1; start <= 60; start += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => api.blend({ name: `Blend ${String(start + i).padStart(2, '0')}`, oils: CALM.oils })),
      )
    }
    const lists: string[] = []
    page.on('request', (r) => {
      const url = new URL(r.url())
      // The offline fill (decisions 039, 065: the device worker) reads the calculator's first
      // page (?limit=) and the listed blends' details: the device's copy, not the journal's list.
      const offlineFill = url.pathname === '/api/blends/details' || url.searchParams.has('limit')
      if (url.pathname.startsWith('/api/blend') && !offlineFill) lists.push(`${url.pathname}${url.search}`)
    })
    await openJournal(page)
    await expect(cards(page)).toHaveCount(50)
    await expect(page.getByText('Showing 50 of 60 blends')).toBeVisible()
    expect(lists).toEqual(['/api/blends?sort=reference&status=all'])

    await page.getByRole('button', { name: 'Show more' }).click()
    await expect(cards(page)).toHaveCount(60)
    await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0)
    await openDetails(page, 'Blend 57')
    await page.getByRole('button', { name: 'Back to Journal' }).click()
    await expect(cards(page)).toHaveCount(60)
    await expect(cardNamed(page, 'Blend 57').getByRole('button', { name: 'View Details' })).toBeFocused()
    await expect(cardNamed(page, 'Blend 57')).toBeInViewport()

    // The browser's Back does the same.
    await openDetails(page, 'Blend 58')
    await page.goBack()
    await expect(cardNamed(page, 'Blend 58').getByRole('button', { name: 'View Details' })).toBeFocused()
  })

  test('a link to one blend loads that blend alone', async ({ page }) => {
    const api = await signUp(page)
    const calm = await api.blend(CALM)
    const lists: string[] = []
    page.on('request', (r) => {
      const url = new URL(r.url())
      // The device worker's reads for offline use (decision 065: the calculator's first page,
      // ?limit=, and the fill of the blends it names, /api/blends/details, asked by nothing else)
      // are the device's copy, not the page's: whether the fill starts before the details show is a race.
      if (url.searchParams.has('limit') || url.pathname === '/api/blends/details') return
      if (url.pathname.startsWith('/api/blend') || url.pathname.startsWith('/api/journal')) lists.push(url.pathname)
    })
    await page.goto(`/journal?blend=${calm.id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Evening Calm' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Original Blend' })).toBeVisible()
    // The blend's own batches (one bounded page) may load beside it; no list of blends does.
    expect(lists.filter((p) => p !== `/api/blends/${calm.id}/batches`)).toEqual([`/api/blends/${calm.id}`])
  })
})

test.describe('journal details', () => {
  test('adds a test entry with 4 stars; the 4th star again clears the rating', async ({ page }) => {
    const api = await signUp(page)
    await api.blend(CALM)
    await openJournal(page)
    await openDetails(page, 'Evening Calm')
    const add = page.getByRole('button', { name: 'Add Test Entry' })
    await expect(add).toBeDisabled()
    await page.getByRole('textbox', { name: 'Test notes', exact: true }).fill('Soft and round after two days')
    await page.getByRole('group', { name: 'Rating for the new entry' }).getByRole('button', { name: '4 stars' }).click()
    await add.click()
    await expect(page.getByText('Test Entry Added')).toBeVisible()

    const entry = page.getByRole('article', { name: /^TB-001a-/ })
    const stars = entry.getByRole('group', { name: /^Rating for TB-001a-/ })
    await expect(stars.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true')
    await expect(entry.getByText(/^Ready to test from /)).toBeVisible()
    await stars.getByRole('button', { name: '4 stars' }).click()
    await expect(stars.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'false')
    await expect(entry.getByText('Saved')).toBeVisible()

    await page.reload()
    await expect(page.getByRole('group', { name: /^Rating for TB-001a-/ }).getByRole('button', { pressed: true })).toHaveCount(0)
  })

  test('logs a test made four days ago and tested yesterday: both days and "day 3", kept after a reload and changed in place', async ({
    page,
  }) => {
    const api = await signUp(page)
    await api.blend(CALM)
    await openJournal(page)
    await openDetails(page, 'Evening Calm')
    // The browser's own day, as the form reads it.
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'))
    const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
    const [made, yesterday] = [shift(today, -4), shift(today, -1)]
    await expect(page.getByLabel('Date tested', { exact: true })).toHaveValue(today)
    await page.getByLabel('Date made', { exact: true }).fill(made)
    await page.getByLabel('Date tested', { exact: true }).fill(yesterday)
    await page.getByRole('textbox', { name: 'Test notes', exact: true }).fill('Rounder on the fourth day')
    await page.getByRole('button', { name: 'Add Test Entry' }).click()
    await expect(page.getByText('Test Entry Added')).toBeVisible()

    const entry = page.getByRole('article', { name: /^TB-001a-/ })
    const line = entry.getByTestId('entry-dates')
    await expect(line).toHaveText(/^Made \d{1,2} \w{3}( \d{4})? · Tested \d{1,2} \w{3}( \d{4})? · day 3$/)
    await page.reload()
    await expect(page.getByRole('article', { name: /^TB-001a-/ }).getByTestId('entry-dates')).toHaveText(/ · day 3$/)

    // Changed on the entry: tested the day it was made is day 0; before it is refused beside the field.
    const again = page.getByRole('article', { name: /^TB-001a-/ })
    await again.getByRole('button', { name: /^Change dates TB-001a-/ }).click()
    const tested = again.getByLabel('Date tested', { exact: true })
    await tested.fill(shift(made, -1))
    await expect(again.getByText("The test date can't be before the day the blend was made.")).toBeVisible()
    await tested.fill(made)
    await expect(again.getByTestId('entry-dates')).toHaveText(/ · day 0$/)
    await expect(again.getByText('Saved')).toBeVisible()
    await page.reload()
    await expect(page.getByRole('article', { name: /^TB-001a-/ }).getByTestId('entry-dates')).toHaveText(/ · day 0$/)
  })

  test('autosaved blend notes and test notes survive a reload', async ({ page }) => {
    const api = await signUp(page)
    const calm = await api.blend(CALM)
    await api.testEntry(calm.versionId, { notes: 'Sharp at first' })
    await openJournal(page)
    await openDetails(page, 'Evening Calm')
    const blendNotes = page.getByRole('textbox', { name: 'Blend notes' })
    await expect(blendNotes).toHaveValue('First try')
    await blendNotes.fill('First try, bergamot a touch loud')
    const testNotes = page.getByRole('textbox', { name: /^Test notes TB-001a-/ })
    await testNotes.fill('Sharp at first, rounder the next day')
    await expect(page.getByText('Saved')).toHaveCount(2)

    await page.reload()
    await expect(page.getByRole('textbox', { name: 'Blend notes' })).toHaveValue('First try, bergamot a touch loud')
    await expect(page.getByRole('textbox', { name: /^Test notes TB-001a-/ })).toHaveValue('Sharp at first, rounder the next day')
  })

  test('the header journal link returns from the details to the list', async ({ page }) => {
    const api = await signUp(page)
    await api.blend(CALM)
    await openJournal(page)
    await openDetails(page, 'Evening Calm')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Journal' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Blend Journal' })).toBeVisible()
    await expect(cardNamed(page, 'Evening Calm')).toBeVisible()
    await expect(page).toHaveURL(/\/journal$/)
  })
})

test.describe('Modify Blend editor', () => {
  test('adds and removes oils, guards the total, and saves Version 2 - 001b', async ({ page }) => {
    const api = await signUp(page)
    await api.blend(CALM)
    await openJournal(page)
    await cardNamed(page, 'Evening Calm').getByRole('button', { name: 'Create new version' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Modify Blend' })).toBeVisible()
    const pct = (name: string) => page.getByRole('textbox', { name: `${name} percentage` })
    await expect(pct('Bergamot')).toHaveValue('30')

    await page.getByRole('button', { name: 'Add top note oil' }).click()
    await page.getByRole('region', { name: 'Add a top note oil' }).getByRole('button', { name: 'Add Lemon', exact: true }).click()
    await expect(pct('Bergamot')).toHaveValue('15')
    await expect(pct('Lemon')).toHaveValue('15')
    await page.getByRole('region', { name: 'Add a top note oil' }).getByRole('button', { name: 'Add Grapefruit', exact: true }).click()
    await expect(pct('Grapefruit')).toHaveValue('10')

    await page.getByRole('button', { name: 'Remove Grapefruit' }).click()
    await expect(pct('Bergamot')).toHaveValue('15')
    await expect(pct('Lemon')).toHaveValue('15')

    const total = page.getByRole('status').filter({ hasText: 'Total' })
    await pct('Lemon').fill('14.8')
    await expect(total).toContainText('99.8%')
    await expect(total).toContainText('Should total 100%')
    await expect(page.getByRole('button', { name: 'Save Version' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Save as New Blend' })).toBeDisabled()

    await pct('Lemon').fill('15')
    await expect(total).not.toContainText('Should total 100%')
    await page.getByRole('button', { name: 'Save Version' }).click()
    await expect(page.getByText('Version Saved')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Evening Calm' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Version 1 - 001a' })).toBeVisible()
    const second = page.getByRole('button', { name: 'Version 2 - 001b' })
    await expect(second).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByText('Lemon', { exact: true })).toBeVisible()
  })
})
