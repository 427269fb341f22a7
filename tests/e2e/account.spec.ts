import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/** The account page (docs/product.md §2 "Account"), walked as a new maker would. */

const LANDING_HEADLINE = 'Create beautiful essential oil blends with confidence'
const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true })
const origin = () => ({ origin: process.env.E2E_BASE_URL! })

/** Removes the browser's report of a refusal the test provoked on purpose (and nothing else). */
function allowRefusals(consoleErrors: string[], status: 400 | 401) {
  const expected = `Failed to load resource: the server responded with a status of ${status} (${status === 400 ? 'Bad Request' : 'Unauthorized'})`
  for (let i = consoleErrors.length - 1; i >= 0; i -= 1) if (consoleErrors[i] === expected) consoleErrors.splice(i, 1)
}

async function openAccountPage(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menu').getByRole('menuitem', { name: 'Account settings' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()
  // The reminders load after the page (decision 038): once they show, the page has asked for
  // everything it will, so what a test does next cannot race a request still on its way.
  await expect(
    page.getByRole('region', { name: 'Reminders' }).getByRole('checkbox', { name: 'E-mail me when a blend is ready to test' }),
  ).toBeVisible()
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Password').fill(password)
  await dialog.getByRole('button', { name: 'Sign In' }).click()
  return dialog
}

test.describe('the account page', () => {
  test('a new maker renames themselves, changes the password, and signs in with the new one', async ({ page, consoleErrors }) => {
    const email = uniqueEmail('account')
    await page.goto('/')
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Create an account' }).click()
    await dialog.getByLabel('Name').fill('Neroli Bloom')
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByLabel('Password').fill('orange-blossom')
    await dialog.getByRole('button', { name: 'Create Account' }).click()
    await expect(toast(page, 'Welcome to Accord!')).toBeVisible()

    await openAccountPage(page)
    const profile = page.getByRole('region', { name: 'Profile' })
    await expect(profile.getByText(email)).toBeVisible()
    await expect(profile.getByText('Password', { exact: true })).toBeVisible()
    await profile.getByLabel('Display name').fill('Neroli Petitgrain')
    await profile.getByRole('button', { name: 'Save name' }).click()
    await expect(profile.getByRole('status')).toHaveText('Your name is saved.')
    await page.getByRole('button', { name: 'Account menu' }).click()
    await expect(page.getByRole('menu')).toContainText('Neroli Petitgrain')
    await page.keyboard.press('Escape')

    const password = page.getByRole('region', { name: 'Change password' })
    await password.getByLabel('Current password').fill('not-my-password')
    await password.getByLabel('New password', { exact: true }).fill('bitter-orange')
    await password.getByLabel('Confirm new password').fill('bitter-orange')
    await password.getByRole('button', { name: 'Change password' }).click()
    await expect(password.getByRole('alert')).toHaveText('Your current password is not correct.')
    await expect(password.getByLabel('New password', { exact: true })).toHaveValue('bitter-orange')
    allowRefusals(consoleErrors, 400)
    await password.getByLabel('Current password').fill('orange-blossom')
    await password.getByRole('button', { name: 'Change password' }).click()
    await expect(password.getByRole('status')).toContainText('Every other device was signed out; this one stays signed in.')
    // Still signed in here: the page keeps working with the new session.
    await page.reload()
    await expect(page.getByRole('region', { name: 'Profile' }).getByLabel('Display name')).toHaveValue('Neroli Petitgrain')

    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page.getByRole('heading', { level: 1, name: LANDING_HEADLINE })).toBeVisible()
    await signIn(page, email, 'bitter-orange')
    await expect(toast(page, 'Welcome back!')).toBeVisible()
  })

  test('"Sign out everywhere" signs out this browser and every other one', async ({ page, browser }) => {
    const { email, password } = await signUpInPage(page)
    const elsewhere = await browser.newContext({ baseURL: process.env.E2E_BASE_URL })
    try {
      expect((await elsewhere.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: origin() })).ok()).toBe(true)
      await page.goto('/')
      await openAccountPage(page)
      await page.getByRole('region', { name: 'Sign out everywhere' }).getByRole('button', { name: 'Sign out everywhere' }).click()
      await expect(page.getByRole('heading', { level: 1, name: LANDING_HEADLINE })).toBeVisible()
      await expect(toast(page, 'Signed out everywhere')).toBeVisible()
      expect(await (await elsewhere.request.get('/api/auth/get-session')).json()).toBeNull()
      expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull()
    } finally {
      await elsewhere.close()
    }
  })

  test('deleting the account needs the e-mail typed, lands on the landing page, and the account is gone', async ({
    page,
    consoleErrors,
  }) => {
    const { email, password } = await signUpInPage(page)
    await page.goto('/')
    await openAccountPage(page)
    const danger = page.getByRole('region', { name: 'Delete account' })
    await expect(danger).toContainText('every blend, every version, every test entry and every share link')
    const button = danger.getByRole('button', { name: 'Delete my account' })
    await expect(button).toBeDisabled()
    await danger.getByLabel(/Type your email address/).fill('someone-else@example.com')
    await expect(button).toBeDisabled()
    await danger.getByLabel(/Type your email address/).fill(email.toUpperCase())
    await button.click()
    await expect(page.getByRole('heading', { level: 1, name: LANDING_HEADLINE })).toBeVisible()
    await expect(toast(page, 'Your account has been deleted')).toBeVisible()

    const dialog = await signIn(page, email, password)
    await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password. Please try again.')
    allowRefusals(consoleErrors, 401)
  })

  for (const viewport of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    test(`screenshot of /account on a ${viewport.name}`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport)
      await signUpInPage(page, 'Neroli Bloom')
      await page.goto('/account')
      await expect(page.getByRole('region', { name: 'Delete account' })).toBeVisible()
      await page.screenshot({ path: testInfo.outputPath(`account-${viewport.name}.png`), fullPage: true })
    })
  }
})
