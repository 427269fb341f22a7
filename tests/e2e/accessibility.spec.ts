import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/** Every route of docs/product.md §2, each with something that shows it has rendered. */
const PUBLIC_ROUTES: [string, RegExp][] = [
  ['/', /Create beautiful essential oil blends/],
  ['/book', /Essential Oil Blending Guide/],
  ['/review-book', /review/i],
  ['/redeem', /Founding Reader Launch Discount/],
]
const SIGNED_IN_ROUTES: [string, RegExp][] = [
  ['/', /Welcome/],
  ['/blend', /Create Your Perfect Blend/],
  ['/journal', /journal|blends/i],
  ['/glossary', /glossary|oils/i],
  ['/guidelines', /guideline/i],
  ['/testing', /test/i],
  ['/calculator', /calculat/i],
  ['/account', /Account settings/],
  ['/no-such-page', /404 Page Not Found/],
  ['/book', /Essential Oil Blending Guide/],
  ['/redeem', /Founding Reader Launch Discount/],
]
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]

async function expectNoViolations(page: Page, path: string, ready: RegExp) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(ready)
  // Let lazy sections load and entrance transitions finish before scanning colours.
  await page.waitForLoadState('networkidle')
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  const results = await new AxeBuilder({ page }).analyze()
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(summary, `axe violations on ${path}`).toEqual([])
}

for (const viewport of VIEWPORTS) {
  test.describe(`accessibility at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    for (const [path, ready] of PUBLIC_ROUTES) {
      test(`signed out ${path} has no axe violations`, async ({ page }) => {
        await expectNoViolations(page, path, ready)
      })
    }

    test('signed-in routes have no axe violations', async ({ page }) => {
      test.setTimeout(90_000)
      await signUpInPage(page)
      for (const [path, ready] of SIGNED_IN_ROUTES) await expectNoViolations(page, path, ready)
    })
  })
}

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
    [/^New Blend$/, /\/blend$/],
    [/Accord home/, /\/$/],
  ] as const) {
    await page.locator('body').focus()
    await tabTo(name)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(url)
  }
})
