import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import { PRERENDERED_PAGES } from '../../src/shared/config/prerendered-pages.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/** The colour theme (decision 028, docs/product.md "Themes"): the system's, or a choice remembered in a cookie. */

const LIGHT_BACKGROUND = 'rgb(250, 247, 242)'
const DARK_BACKGROUND = 'rgb(19, 25, 22)'
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
const themeAttribute = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'))

async function chooseTheme(page: Page, name: 'System' | 'Light' | 'Dark') {
  await page.getByRole('button', { name: 'Account menu' }).click()
  const item = page.getByRole('menuitemradio', { name })
  await item.click()
  await expect(item).toHaveAttribute('aria-checked', 'true')
  await page.keyboard.press('Escape')
}

test.describe('with a light system setting', () => {
  test.use({ colorScheme: 'light' })

  test('the avatar menu switches to dark at once, and the choice survives a reload and a new session', async ({ page }) => {
    const { email, password } = await signUpInPage(page)
    await page.goto('/journal')
    expect(await background(page)).toBe(LIGHT_BACKGROUND)
    await page.getByRole('button', { name: 'Account menu' }).click()
    await expect(page.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true')
    await page.keyboard.press('Escape')

    await chooseTheme(page, 'Dark')
    expect(await themeAttribute(page)).toBe('dark')
    await expect.poll(() => background(page)).toBe(DARK_BACKGROUND)

    await page.reload()
    expect(await themeAttribute(page)).toBe('dark')
    expect(await background(page)).toBe(DARK_BACKGROUND)
    await page.getByRole('button', { name: 'Account menu' }).click()
    await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true')
    await page.keyboard.press('Escape')

    // Signed out and back in, the browser keeps the choice: the landing page is dark too.
    await page.request.post('/api/auth/sign-out', { data: {}, headers: { origin: process.env.E2E_BASE_URL! } })
    await page.goto('/')
    expect(await themeAttribute(page)).toBe('dark')
    expect(await background(page)).toBe(DARK_BACKGROUND)
    const res = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password },
      headers: { origin: process.env.E2E_BASE_URL! },
    })
    expect(res.ok()).toBe(true)

    // Light overrides a dark system too; System hands the page back to the setting.
    await page.goto('/glossary')
    await chooseTheme(page, 'Light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.reload()
    expect(await themeAttribute(page)).toBe('light')
    expect(await background(page)).toBe(LIGHT_BACKGROUND)
    await chooseTheme(page, 'System')
    expect(await themeAttribute(page)).toBeNull()
    await expect.poll(() => background(page)).toBe(DARK_BACKGROUND)
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('accord-theme')
  })

  test('with the toggle set to dark, the screens have no axe violations', async ({ page }) => {
    // Nine pages, each with a full axe scan: 60-90 s on a two-core machine running two browsers.
    test.setTimeout(180_000)
    await signUpInPage(page)
    await page.goto('/')
    await chooseTheme(page, 'Dark')
    for (const path of ['/', '/blend', '/journal', '/glossary', '/guidelines', '/testing', '/calculator', '/account', '/book']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(await background(page), path).toBe(DARK_BACKGROUND)
      const results = await new AxeBuilder({ page }).analyze()
      const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
      expect(summary, `axe violations on ${path} with the toggle set to dark`).toEqual([])
    }
  })
})

/** A page with no script at all: what shows is the served HTML and its CSS, the first paint. */
async function scriptlessPage(browser: Browser, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ colorScheme, javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL })
  return { context, page: await context.newPage() }
}

test.describe('no flash of the wrong theme', () => {
  test('a saved dark choice is on <html> of every prerendered page as served, so it paints dark with no script', async ({ browser }) => {
    const { context, page } = await scriptlessPage(browser, 'light')
    const url = new URL(process.env.E2E_BASE_URL!)
    await context.addCookies([{ name: 'accord-theme', value: 'dark', domain: url.hostname, path: '/' }])
    for (const { path } of PRERENDERED_PAGES) {
      const response = await page.goto(path)
      const served = await response!.text()
      expect(served, path).toMatch(/<html lang="en" data-theme="dark">/)
      expect(served, path).toContain('data-prerendered=')
      expect(await background(page), path).toBe(DARK_BACKGROUND)
    }
    // The app's own pages carry it as well.
    expect(await (await page.request.get('/journal')).text()).toMatch(/<html lang="en" data-theme="dark">/)
    await context.close()
  })

  test('without a saved choice the system setting themes the prerendered pages, by CSS alone', async ({ browser }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await scriptlessPage(browser, colorScheme)
      for (const { path } of PRERENDERED_PAGES) {
        const response = await page.goto(path)
        expect(await response!.text(), path).toMatch(/<html lang="en">/)
        expect(await background(page), `${path} ${colorScheme}`).toBe(colorScheme === 'dark' ? DARK_BACKGROUND : LIGHT_BACKGROUND)
      }
      await context.close()
    }
  })
})
