import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { bearerOf, createBlendInPage, oilIds } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { connectE2eClient, consentPath, registerE2eClient } from '../support/e2e-oauth.ts'
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES, seedRatedBlend, seedReadyBlend } from '../support/e2e-routes.ts'
import { signUpInPage } from '../support/e2e-users.ts'
import { LANGUAGE_NAMES } from '#shared/i18n/languages.ts'

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]

const SCHEMES = ['light', 'dark'] as const

async function expectNoViolations(page: Page, path: string, ready: RegExp) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(ready)
  await expectNoViolationsNow(page, path)
}

/** Scans the page as it is now (a menu or a list may be open). */
async function expectNoViolationsNow(page: Page, label: string, include?: string, rules?: string[]) {
  // Let lazy sections load and entrance transitions finish before scanning colours.
  await page.waitForLoadState('networkidle')
  // At most 3 s: an animation that never plays out (one paused off screen) must not hold the scan.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  )
  const builder = new AxeBuilder({ page })
  if (include) builder.include(include)
  if (rules) builder.withRules(rules)
  const results = await builder.analyze()
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${v.id === 'color-contrast' ? n.failureSummary : ''}`).join(', ')}`,
  )
  expect(summary, `axe violations on ${label}`).toEqual([])
}

for (const viewport of VIEWPORTS)
  for (const scheme of SCHEMES) {
    // Every screen in both themes: the system's dark setting themes the page (decision 028).
    test.describe(`accessibility at ${viewport.width}x${viewport.height}, ${scheme} theme`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height }, colorScheme: scheme })

      for (const [path, ready] of PUBLIC_ROUTES) {
        test(`signed out ${path} has no axe violations`, async ({ page }) => {
          await expectNoViolations(page, path, ready)
          if (path !== '/') return
          // The sign-up form loads once its section nears the screen (decision 066): scanned there.
          await page.locator('#signup').scrollIntoViewIfNeeded()
          await expect(page.getByRole('form', { name: 'Create account' })).toBeVisible()
          await expectNoViolationsNow(page, '/ with its sign-up form')
        })
      }

      test.describe('the landing page in German (decision 093)', () => {
        test.use({ locale: 'de-DE' })
        test('has no axe violations', async ({ page }) => {
          await expectNoViolations(page, '/', /Schöne Mischungen/)
          await expect(page.locator('html')).toHaveAttribute('lang', 'de')
        })
      })

      test('the shelf with expired and expiring lots, and the bottle form with its dates, have no axe violations', async ({ page }) => {
        test.setTimeout(120_000)
        await signUpInPage(page)
        const headers = await bearerOf(page)
        const id = await oilIds(page)
        // Expired (its default best-before passed), opened long ago (an oil that oxidises soon), and in date.
        for (const data of [
          { oilId: id('Bergamot'), unit: 'mL', size: 10, lotCode: 'BER-1', purchasedOn: '2024-01-01' },
          {
            oilId: id('Lemon'),
            unit: 'mL',
            size: 10,
            lotCode: 'LEM-2',
            purchasedOn: '2025-01-01',
            openedOn: '2025-01-02',
            bestBefore: '2099-01-01',
          },
          { oilId: id('Lavender'), unit: 'mL', size: 10 },
        ]) {
          const res = await page.request.post('/api/shelf/bottles', { headers, data })
          expect(res.status(), await res.text()).toBe(201)
        }
        await expectNoViolations(page, '/shelf', /Oil shelf/)
        await expect(page.getByRole('heading', { name: 'Expired or expiring soon' })).toBeVisible()
        await page.getByRole('button', { name: 'Add a bottle' }).first().click()
        const dialog = page.getByRole('dialog', { name: 'Add a bottle' })
        await dialog.getByRole('combobox', { name: 'Oil' }).selectOption({ label: 'Sandalwood' })
        await expect(dialog.getByText(/From the oil’s shelf life: 4 years/)).toBeVisible()
        await expectNoViolationsNow(page, '/shelf with the bottle form open')
      })

      test('Mark as made with a From list, and the scanner picking a bottle, have no axe violations', async ({ page }) => {
        test.setTimeout(120_000)
        await signUpInPage(page)
        const headers = await bearerOf(page)
        const id = await oilIds(page)
        // Two bottles of Lavender, one expired, so the From list and the lot warning both show (decision 090).
        for (const data of [
          { oilId: id('Lavender'), unit: 'mL', size: 10, lotCode: 'LAV-1', purchasedOn: '2020-01-01' },
          { oilId: id('Lavender'), unit: 'mL', size: 30, lotCode: 'LAV-2', supplier: 'Hedgerow Oils' },
        ]) {
          const res = await page.request.post('/api/shelf/bottles', { headers, data })
          expect(res.status(), await res.text()).toBe(201)
        }
        await createBlendInPage(page)
        await page.goto('/calculator')
        await page.getByRole('combobox', { name: 'Blend', exact: true }).fill('Evening')
        await page.getByRole('option', { name: /Evening Calm/ }).click()
        await page.getByRole('textbox', { name: 'Total product weight' }).fill('500')
        await page.getByRole('textbox', { name: 'Essential oil percentage' }).fill('1')
        await expect(page.getByRole('combobox', { name: 'From: Lavender' })).toBeVisible()
        await expectNoViolationsNow(page, '/calculator with Mark as made and its From list')
        // Here without a camera: the pick-mode scanner's message and the bottle number to type.
        await page.getByRole('button', { name: 'Scan a bottle of Lavender' }).click()
        const scanner = page.getByRole('dialog', { name: 'Scan a bottle of Lavender' })
        await expect(scanner.getByRole('textbox', { name: 'Bottle number' })).toBeFocused()
        await page.keyboard.type('999999')
        await page.keyboard.press('Enter')
        await expect(scanner.getByText('Bottle no. 999999 is not one of your bottles of Lavender with oil left.')).toBeVisible()
        await expectNoViolationsNow(page, '/calculator with the scanner picking a bottle')
      })

      test('signed-in routes have no axe violations', async ({ page }) => {
        test.setTimeout(300_000)
        await signUpInPage(page)
        const blendRoutes = await seedRatedBlend(page)
        await seedReadyBlend(page)
        // A connected AI assistant, so /account's Connected apps lists one, and another one asking (decision 046).
        await connectE2eClient(page, await registerE2eClient('Connected Assistant'))
        const consent: [string, RegExp] = [await consentPath(page, await registerE2eClient('Asking Assistant')), /Connect an app/]
        for (const [path, ready] of [...SIGNED_IN_ROUTES, ...blendRoutes, consent]) await expectNoViolations(page, path, ready)
        // A test entry's date fields, opened (decision 036).
        const details = blendRoutes[0]!
        await page.goto(details[0])
        // The blend has two versions: the tests are inside the first version's panel.
        await page.getByRole('button', { name: 'Version 1 - 001a' }).click()
        await page
          .getByRole('button', { name: /^Change dates TB-/ })
          .first()
          .click()
        await expect(page.getByRole('article', { name: /^TB-/ }).first().getByLabel('Date tested', { exact: true })).toBeVisible()
        await expectNoViolationsNow(page, `${details[0]} with a test's dates open`)
        // A bottle's allergen declaration, open, with a pasted sheet read (rows and problems shown).
        await page.goto('/shelf')
        await page.getByRole('button', { name: 'Allergens of Lavender bottle' }).click()
        const allergens = page.getByRole('dialog', { name: 'Allergens in Lavender' })
        await allergens.getByRole('button', { name: 'Paste from a supplier sheet' }).click()
        await allergens.getByRole('textbox', { name: 'Supplier sheet' }).fill('Linalool 78-70-6 32.5 %\nTerpinen-4-ol 562-74-3 4.2 %')
        await allergens.getByRole('button', { name: 'Read the sheet' }).click()
        await expect(allergens.getByText('1 line needs you:')).toBeVisible()
        await expectNoViolationsNow(page, '/shelf with the allergen dialog open')
        // A bottle's documents, open, with one listed and a refused file's message shown.
        await page.keyboard.press('Escape')
        await page.getByRole('button', { name: 'Documents of Lavender bottle' }).click()
        const documents = page.getByRole('dialog', { name: 'Documents of Lavender' })
        await expect(documents.getByText('lavender-sds.pdf')).toBeVisible()
        await documents
          .getByLabel('File')
          .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('plain words') })
        await expect(documents.getByRole('alert')).toBeVisible()
        await expectNoViolationsNow(page, '/shelf with the documents dialog open')
        await page.keyboard.press('Escape')
        await expect(documents).toBeHidden()
        // A bottle's QR code, and the scanner (here without a camera: its message and the number to type).
        await page.getByRole('button', { name: 'QR code of Lavender bottle' }).click()
        const code = page.getByRole('dialog', { name: 'QR code of Lavender' })
        await expect(code.getByRole('button', { name: 'Print QR code' })).toBeVisible()
        await expectNoViolationsNow(page, "/shelf with a bottle's QR code open")
        await page.keyboard.press('Escape')
        await expect(code).toBeHidden()
        await page.getByRole('button', { name: 'Scan a code' }).click()
        const scanner = page.getByRole('dialog', { name: 'Scan a code' })
        await expect(scanner.getByRole('textbox', { name: 'Number' })).toBeFocused()
        await expectNoViolationsNow(page, '/shelf with the scanner open')
      })
    })
  }

/**
 * Every route in every other language, both themes (issue 37): the same scan, the same rules. One
 * account and one page per language: the public pages in the browser's language, then the account
 * set to it; each route scanned light, then dark by the system's setting (decision 028), as the
 * theme tests switch it.
 */
for (const language of ['de', 'fr', 'es', 'it'] as const)
  test.describe(`accessibility in ${LANGUAGE_NAMES[language]} at 390x844`, () => {
    test.use({ locale: language, viewport: { width: 390, height: 844 } })

    test(`every route has no axe violations in ${language}, light and dark`, async ({ page }) => {
      test.setTimeout(480_000)
      const scanBothThemes = async (path: string) => {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
        // The app has drawn the page in the language (a signed-in page's painted top is English).
        await expect(page.locator('[data-skeleton]')).toHaveCount(0)
        await expect(page.locator('html'), path).toHaveAttribute('lang', language)
        // Every rule in the light theme; in the dark one the rule a theme changes, the colours'
        // contrast (the page's structure, names and language are the light theme's): the English
        // scans above run every rule in both themes.
        await page.emulateMedia({ colorScheme: 'light' })
        await expectNoViolationsNow(page, `${path} in ${language}, light theme`)
        await page.emulateMedia({ colorScheme: 'dark' })
        await expectNoViolationsNow(page, `${path} in ${language}, dark theme`, undefined, ['color-contrast'])
        await page.emulateMedia({ colorScheme: 'light' })
      }
      for (const [path] of PUBLIC_ROUTES) await scanBothThemes(path)
      await signUpInPage(page)
      const saved = await page.request.put('/api/me/settings', { headers: await bearerOf(page), data: { language } })
      expect(saved.status(), await saved.text()).toBe(200)
      const blendRoutes = await seedRatedBlend(page)
      await seedReadyBlend(page)
      await connectE2eClient(page, await registerE2eClient('Connected Assistant'))
      const consent = await consentPath(page, await registerE2eClient('Asking Assistant'))
      for (const [path] of [...SIGNED_IN_ROUTES, ...blendRoutes]) await scanBothThemes(path)
      await scanBothThemes(consent)
    })
  })

test('a keyboard-only user signs in and reaches every header destination', async ({ page }) => {
  test.setTimeout(60_000)
  const { email, password } = await signUpInPage(page)
  await page.request.post('/api/auth/sign-out', { data: {}, headers: { origin: process.env.E2E_BASE_URL! } })
  await page.context().clearCookies()
  await page.goto('/')

  /** Presses Tab until the focused element's accessible text matches, like a person would. */
  async function tabTo(name: RegExp, max = 60) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab')
      const label = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        return el ? (el.getAttribute('aria-label') ?? el.innerText ?? '').trim() : ''
      })
      if (name.test(label)) return
    }
    throw new Error(`Tab never reached ${name}`)
  }

  await tabTo(/^Sign In$/)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await dialog.getByLabel(/email/i).focus()
  await page.keyboard.type(email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(password)
  await page.keyboard.press('Enter')
  await expect(page.getByText('Welcome back!')).toBeVisible()

  for (const [name, url] of [
    [/^Journal$/, /\/journal$/],
    [/^Glossary$/, /\/glossary$/],
    [/^Guidelines$/, /\/guidelines$/],
    [/^Testing$/, /\/testing$/],
    [/^Calculator$/, /\/calculator$/],
    [/^Shelf$/, /\/shelf$/],
    [/^New Blend$/, /\/blend\?step=1$/],
    [/Accord home/, /\/$/],
  ] as const) {
    await page.locator('body').focus()
    await tabTo(name)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(url)
  }
})

/** Saves 'Evening Calm' through the API, so the journal and the calculator have a blend to sort and pick. */
async function saveBlend(page: Page) {
  const { token } = (await (await page.request.get('/api/auth/token')).json()) as { token: string }
  const oils = Object.fromEntries(
    ((await (await page.request.get('/api/essential-oils')).json()) as { id: number; name: string }[]).map((o) => [o.name, o.id]),
  )
  const res = await page.request.post('/api/blends', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Evening Calm',
      topNote: oils.Bergamot,
      middleNote: oils.Lavender,
      baseNote: oils['Atlas Cedarwood'],
      topPercentage: 30,
      middlePercentage: 50,
      basePercentage: 20,
      effects: ['Relaxing'],
      notes: null,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
}

/**
 * An open menu or list follows the WAI-ARIA menu button and listbox patterns: it does not hide the
 * rest of the page (no aria-hidden around focusable parts; the main landmark and the page's heading
 * stay in the accessibility tree, which Playwright's role queries respect).
 */
async function expectOpenWithoutHidingThePage(page: Page, popup: 'menu' | 'listbox', label: string) {
  await expect(page.getByRole(popup)).toBeVisible()
  await expect(page.getByRole('main')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expectNoViolationsNow(page, label)
}

/**
 * Our Select is the browser's own select (decision 042): its open list is the browser's, outside
 * the page, so it cannot hide the page. The check: the control is a native select, named, it
 * takes the keyboard's focus, and the page with it focused stays whole and passes axe.
 */
async function expectNativeSelect(page: Page, name: string, label: string, scope: 'page' | 'control' = 'page') {
  const select = page.getByRole('combobox', { name, exact: true })
  await expect(select).toHaveJSProperty('tagName', 'SELECT')
  await select.focus()
  await expect(select).toBeFocused()
  await expect(page.getByRole('main')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  if (scope === 'page') return expectNoViolationsNow(page, label)
  // Another select of a page already scanned whole with one of them focused: only the focus moved,
  // so the scan covers the control with its label (a long page's whole scan is the test's cost).
  await select.evaluate((el) => el.parentElement?.setAttribute('data-axe-scope', ''))
  await expectNoViolationsNow(page, label, '[data-axe-scope]')
  await select.evaluate((el) => el.parentElement?.removeAttribute('data-axe-scope'))
}

for (const scheme of SCHEMES) {
  test.describe(`axe with each menu, dropdown and select open, ${scheme} theme`, () => {
    test.use({ colorScheme: scheme })

    test('on a phone: the page menu and the avatar menu', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 })
      await signUpInPage(page)
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Welcome/)
      await page.getByRole('button', { name: 'Menu', exact: true }).click()
      await expectOpenWithoutHidingThePage(page, 'menu', 'the open page menu')
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'Account menu' }).click()
      await expectOpenWithoutHidingThePage(page, 'menu', 'the open avatar menu on a phone')
    })

    // Three tests, so each journey is short on a busy machine and they can run side by side.
    test('on a desktop: the glossary filters', async ({ page }) => {
      await signUpInPage(page)
      await page.goto('/glossary')
      await expectNativeSelect(page, 'Scent profile', "the glossary's Scent profile filter")
      for (const filter of ['Note type', 'Effect']) {
        await expectNativeSelect(page, filter, `the glossary's ${filter} filter`, 'control')
      }
    })

    test('on a desktop: the avatar menu and the blend creator selects', async ({ page }) => {
      await signUpInPage(page)
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Welcome/)
      await page.getByRole('button', { name: 'Account menu' }).click()
      await expectOpenWithoutHidingThePage(page, 'menu', 'the open avatar menu')
      await page.keyboard.press('Escape')

      await page.goto('/blend')
      await expectNativeSelect(page, 'Essential oil', "the blend creator's oil list")
      await page.getByRole('checkbox', { name: 'Relaxing' }).check()
      await page.getByRole('button', { name: 'Start Your Blend' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Select Your Top Note' })).toBeVisible()
      await expectNativeSelect(page, 'Sort oils', "the picker's sort list")
    })

    test('on a desktop: the journal sort and the calculator selects', async ({ page }) => {
      await signUpInPage(page)
      await saveBlend(page)
      await page.goto('/journal')
      await expectNativeSelect(page, 'Sort by', "the journal's sort list")

      await page.goto('/calculator')
      await page.getByRole('combobox', { name: 'Blend', exact: true }).fill('Evening')
      await expectOpenWithoutHidingThePage(page, 'listbox', "the calculator's open blend list")
      await page.getByRole('option', { name: /Evening Calm/ }).click()
      await expectNativeSelect(page, 'Product type', "the calculator's product list")
    })
  })
}
