import { expect, test } from '../support/e2e-fixtures.ts'
import { bearerOf } from '../support/e2e-api.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/** The landing page's opening in each language (src/client/locales, docs/product.md "Languages"). */
const TITLE = {
  en: 'Create beautiful essential oil blends with confidence',
  de: 'Schöne Mischungen aus ätherischen Ölen sicher kreieren',
  fr: 'Créez de belles synergies d’huiles essentielles en toute confiance',
}

test.describe('a visitor whose browser speaks German (decision 093)', () => {
  test.use({ locale: 'de-DE' })

  test('gets the landing page in German from its first byte, switches to Français, and keeps it after a reload', async ({ page }) => {
    // The server's answer itself is German: no English is painted first.
    const first = await page.request.get('/', { headers: { 'accept-language': 'de-DE,de;q=0.9' } })
    const html = await first.text()
    expect(html).toContain('<html lang="de"')
    expect(html).toContain(TITLE.de)
    expect(html).not.toContain(TITLE.en)

    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE.de)
    // The top bar, the free beta notice and the footer are German too, and Anmelden still opens the sign-in dialog.
    const nav = page.getByRole('navigation', { name: 'Hauptmenü' })
    for (const name of ['Funktionen', 'Buch', 'Buch + App']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Kostenloser Beta-Zugang' })).toBeAttached()
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Leserrabatt zum Start' })).toBeAttached()
    // Every section below the opening is German from the first byte too, its title and description with it.
    expect(html).toContain('<title>Accord — Designer für Mischungen aus ätherischen Ölen</title>')
    for (const heading of [
      'Von der ersten Idee zum Rezept, das Sie wiederholen können',
      'Accord bei der Arbeit',
      'Alles, was Sie zum sicheren Mischen brauchen',
      'Erst die Methode lesen, dann damit mischen',
      'Machen Sie bei der Accord-Beta mit',
    ])
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeAttached()
    expect(html).not.toMatch(/Explore the Book|No credit card needed|Example blend|All rights reserved/)
    await page.getByRole('button', { name: 'Anmelden' }).click()
    // The sign-in dialog's words are German too (the account forms' catalog section, decision 097).
    const dialog = page.getByRole('dialog', { name: 'Bei Accord anmelden' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Passwort vergessen?' })).toBeVisible()
    await expect(dialog.getByLabel('Passwort', { exact: true })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    const switcher = page.getByRole('combobox', { name: 'Sprache' })
    await expect(switcher).toHaveValue('de')
    // The address stays the same in every language.
    await switcher.selectOption({ label: 'Français' })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE.fr)
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page).toHaveURL(/\/$/)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE.fr)
    await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr')
    expect(await page.evaluate(() => localStorage.getItem('accord-language'))).toBe('fr')
  })
})

/** The book's pages, prerendered in each language too: a heading in German (/book's h1 is the book's title, a name), and the English it replaces. */
const BOOK_PAGES = [
  { path: '/book', heading: 'Erst die Methode lesen, dann damit mischen', en: 'Read the method, then blend with it' },
  { path: '/review-book', heading: 'Rezension schreiben', en: 'Leave a Review' },
  { path: '/redeem', heading: 'Gründungsleser-Rabatt zum Start', en: 'Founding Reader Launch Discount' },
] as const

test.describe('a visitor whose browser speaks German on the book’s pages (issue 37)', () => {
  test('gets /book, /review-book and /redeem in German from their first byte', async ({ page }) => {
    for (const { path, heading, en } of BOOK_PAGES) {
      const answer = await page.request.get(path, { headers: { 'accept-language': 'de-DE' } })
      expect(answer.ok(), path).toBe(true)
      const html = await answer.text()
      expect(html, path).toContain('<html lang="de"')
      expect(html, path).toContain(heading)
      expect(html, path).not.toContain(en)
    }
  })
})

test.describe('a German maker signing up (issue 37)', () => {
  test.use({ locale: 'de-DE' })

  test('meets the sign-up form, its checks and its greeting in German on the prerendered landing page', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Kostenlose Beta starten' }).first().click()
    const form = page.getByRole('form', { name: 'Konto erstellen' })
    await expect(form).toBeVisible()
    await expect(form.getByText('Mindestens 6 Zeichen')).toBeVisible()
    await form.getByRole('button', { name: 'Konto erstellen' }).click()
    await expect(form.getByRole('alert')).toHaveText('Bitte füllen Sie alle Felder aus')
    await form.getByLabel('Name').fill('Greta Krause')
    await form.getByLabel('E-Mail').fill(`e2e-de-${Date.now()}@example.com`)
    await form.getByLabel('Passwort').fill('kurz')
    await form.getByRole('button', { name: 'Konto erstellen' }).click()
    await expect(form.getByRole('alert')).toHaveText('Das Passwort muss mindestens 6 Zeichen lang sein.')
    await form.getByLabel('Passwort').fill('Lavendel-2026')
    await form.getByRole('button', { name: 'Konto erstellen' }).click()
    await expect(page.getByText('Willkommen bei Accord!')).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  })
})

test.describe('a German maker’s signed-in pages (decision 102)', () => {
  test.use({ locale: 'de-DE' })

  test('are painted in German by the server, Home’s greeting included, before any script has run', async ({ page }) => {
    await signUpInPage(page, 'Greta Krause')
    // No script of ours runs (each answers empty): what shows is the HTML the server sent.
    await page.route('**/*.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }))
    for (const [url, heading, intro] of [
      ['/journal', 'Mischungsjournal', 'Jede Mischung, die Sie gespeichert haben'],
      ['/blend', 'Kreieren Sie Ihre perfekte Mischung', 'Beginnen Sie, wo Sie möchten'],
      ['/', 'Willkommen bei Accord! Erstellen wir Ihre erste Mischung', 'Beginnen Sie mit einem Öl, das Sie lieben'],
    ] as const) {
      const answer = await page.goto(url)
      const html = await answer!.text()
      expect(html, url).toContain('<html lang="de"')
      expect(html, url).toContain(`>${heading}</h1>`)
      expect(html, url).not.toMatch(/Blend Journal|Create Your Perfect Blend|Welcome to Accord|%ACCORD/)
      await expect(page.locator('[data-skeleton] h1'), url).toHaveText(heading)
      await expect(page.locator('[data-skeleton]'), url).toContainText(intro)
      // The install manifest linked is German's, which names the app in German.
      expect(html, url).toContain('<link rel="manifest" href="/manifest.de.webmanifest">')
    }
    const manifest = await page.request.get('/manifest.de.webmanifest')
    expect(manifest.headers()['content-type']).toContain('application/manifest+json')
    expect(await manifest.json()).toMatchObject({
      name: 'Accord: Mischungen aus ätherischen Ölen gestalten',
      short_name: 'Accord',
      lang: 'de',
    })
  })
})

test.describe('a visitor whose browser speaks English', () => {
  test.use({ locale: 'en-US' })

  test('gets the spec’s English, with the switcher on English', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE.en)
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en')
  })
})

test('signed in, choosing Deutsch in the account menu is saved with the account, kept across a reload, and shown on a new device from its first byte', async ({
  page,
  browser,
}) => {
  await signUpInPage(page)
  await page.goto('/journal')
  await page.getByRole('button', { name: 'Account menu' }).click()
  const menu = page.getByRole('menu')
  // The menu shows German at once and saves it with the account after: a reload before the save
  // has answered would cancel it, as it would for anyone, so the test waits for the answer.
  const saved = page.waitForResponse((res) => res.url().endsWith('/api/me/settings') && res.request().method() === 'PUT')
  await menu.getByRole('group', { name: 'Language' }).getByRole('menuitemradio', { name: 'Deutsch' }).click()
  await expect(menu.getByRole('menuitem', { name: 'Abmelden' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  expect((await saved).status()).toBe(200)
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  // The shell speaks German too: its links, New Blend and the avatar menu's name.
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Rechner' })).toBeVisible()
  // Exactly: the empty journal's "Neue Mischung erstellen" is a button too.
  await expect(page.getByRole('button', { name: 'Neue Mischung', exact: true })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText('Alle Rechte vorbehalten.')
  await page.getByRole('button', { name: 'Kontomenü' }).click()
  await expect(page.getByRole('menu').getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Kontoeinstellungen' })).toBeVisible()
  // The account's setting answers de.
  const settings = await page.request.get('/api/me/settings', { headers: await bearerOf(page) })
  expect(await settings.json()).toMatchObject({ language: 'de' })

  // Another device (its browser in English, nothing chosen on it) with the same session: the
  // page's HTML is German and carries the account's language, so its first render is German
  // before any settings are read (decision 093).
  const device = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'en-US', serviceWorkers: 'block' })
  await device.addCookies((await page.context().cookies()).filter((cookie) => cookie.name !== 'accord-language'))
  const other = await device.newPage()
  // The account's settings are held unanswered on this device: only the page itself can say German.
  await device.route('**/api/me/settings', () => {})
  const answer = await other.goto('/journal')
  expect(await answer!.text()).toContain('<html lang="de"')
  await expect(other.locator('html')).toHaveAttribute('lang', 'de')
  await other.getByRole('button', { name: 'Kontomenü' }).click()
  await expect(other.getByRole('menu').getByRole('menuitem', { name: 'Kontoeinstellungen' })).toBeVisible()
  expect(await other.evaluate(() => localStorage.getItem('accord-language'))).toBe('de')
  await device.close()
})

for (const scheme of ['light', 'dark'] as const)
  test.describe(`the German landing page on a 390 px phone, ${scheme} theme`, () => {
    test.use({ locale: 'de-DE', viewport: { width: 390, height: 844 }, colorScheme: scheme })

    test('fits the screen: nothing wider than the page, the opening and the switcher on screen', async ({ page }, testInfo) => {
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE.de)
      const switcher = page.getByRole('combobox', { name: 'Sprache' })
      await switcher.scrollIntoViewIfNeeded()
      await expect(switcher).toBeInViewport()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      for (const control of [page.getByRole('button', { name: 'Kostenlose Beta starten' }).first(), switcher]) {
        const box = (await control.boundingBox())!
        expect(box.x).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width).toBeLessThanOrEqual(390)
      }
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.screenshot({ path: testInfo.outputPath(`landing-de-390-${scheme}.png`), fullPage: false })
    })
  })
