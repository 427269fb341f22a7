import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '../support/e2e-fixtures.ts'

const FIRST_BLEND_HEADING = "Welcome to Accord! Let's create your first blend"
const LANDING_HEADLINE = 'Create beautiful essential oil blends with confidence'

const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`

/** Creates an account through the API with its own cookie jar (the page stays signed out). */
async function createAccount(request: APIRequestContext, email: string, password: string, name = 'Rose Otto') {
  const res = await request.post('/api/auth/sign-up/email', {
    data: { name, email, password },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(res.ok()).toBe(true)
  // This context is only for setting up: forget its session.
  await request.post('/api/auth/sign-out', { data: {}, headers: { origin: process.env.E2E_BASE_URL! } })
}

/** Removes the browser's report of a refusal the test provoked on purpose (and nothing else). */
function allowRefusals(consoleErrors: string[], status: 401) {
  const expected = `Failed to load resource: the server responded with a status of ${status} (Unauthorized)`
  for (let i = consoleErrors.length - 1; i >= 0; i -= 1) if (consoleErrors[i] === expected) consoleErrors.splice(i, 1)
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true })

async function openSignIn(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Sign in to Accord' })).toBeVisible()
  return dialog
}

async function signIn(page: Page, email: string, password: string) {
  const dialog = await openSignIn(page)
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Password').fill(password)
  await dialog.getByRole('button', { name: 'Sign In' }).click()
  return dialog
}

test.describe('accounts', () => {
  test('a new visitor signs up from the Sign In dialog, signs out and signs in again', async ({ page }) => {
    const email = uniqueEmail('new-visitor')
    await page.goto('/')
    const dialog = await openSignIn(page)
    await dialog.getByRole('button', { name: 'Create an account' }).click()
    await expect(dialog).toHaveAccessibleName('Create your account')
    await dialog.getByLabel('Name').fill('Neroli Bloom')
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByLabel('Password').fill('orange-blossom')
    await dialog.getByRole('button', { name: 'Create Account' }).click()

    await expect(toast(page, 'Welcome to Accord!')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: FIRST_BLEND_HEADING })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Ready to Start Blending?' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create Your First Blend' })).toBeVisible()

    await page.getByRole('button', { name: 'Account menu' }).click()
    const menu = page.getByRole('menu')
    await expect(menu).toContainText('Neroli Bloom')
    await expect(menu).toContainText(email)
    await menu.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page.getByRole('heading', { level: 1, name: LANDING_HEADLINE })).toBeVisible()

    await signIn(page, email, 'orange-blossom')
    await expect(toast(page, 'Welcome back!')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: FIRST_BLEND_HEADING })).toBeVisible()
  })

  test('the signup section holds the sign-up card', async ({ page }) => {
    const email = uniqueEmail('section')
    await page.goto('/')
    await page.getByRole('button', { name: 'Start Free Beta' }).first().click()
    const section = page.locator('#signup')
    await expect(section.getByRole('heading', { name: 'Create your account' })).toBeVisible()
    await section.getByLabel('Name').fill('Vetiver Root')
    await section.getByLabel('Email').fill(email)
    await section.getByLabel('Password').fill('earthy-one')
    await section.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByRole('heading', { level: 1, name: FIRST_BLEND_HEADING })).toBeVisible()
  })

  test('a wrong password is refused with the spec message and the form keeps the email', async ({ page, request, consoleErrors }) => {
    const email = uniqueEmail('wrong-password')
    await createAccount(request, email, 'right-password')
    await page.goto('/')
    const dialog = await signIn(page, email, 'not-the-password')
    await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password. Please try again.')
    await expect(dialog.getByLabel('Email')).toHaveValue(email)
    await expect(dialog.getByRole('button', { name: 'Sign In' })).toBeEnabled()
    allowRefusals(consoleErrors, 401)
  })

  test('a forgotten password is reset through the e-mailed link', async ({ page, request }) => {
    const email = uniqueEmail('reset')
    await createAccount(request, email, 'old-password')
    await page.goto('/')
    const dialog = await openSignIn(page)
    await dialog.getByRole('button', { name: 'Forgot password?' }).click()
    await expect(dialog).toHaveAccessibleName('Reset your password')
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(toast(page, 'Reset email sent!')).toBeVisible()

    await expect.poll(() => newestResetLink(email)).not.toBeNull()
    const link = newestResetLink(email)!
    await page.goto(link)
    await expect(page).toHaveURL(/\/reset-password\?token=/)
    await page.getByLabel('New password', { exact: true }).fill('new-password')
    await page.getByLabel('Confirm new password').fill('new-password')
    await page.getByRole('button', { name: 'Update Password' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Password updated' })).toBeVisible()

    await page.getByRole('link', { name: 'Sign In' }).click()
    const signInDialog = page.getByRole('dialog')
    await expect(signInDialog).toHaveAccessibleName('Sign in to Accord')
    await signInDialog.getByLabel('Email').fill(email)
    await signInDialog.getByLabel('Password').fill('new-password')
    await signInDialog.getByRole('button', { name: 'Sign In' }).click()
    await expect(toast(page, 'Welcome back!')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: FIRST_BLEND_HEADING })).toBeVisible()

    // The link works once.
    await page.goto(link)
    await expect(page.getByRole('heading', { level: 1, name: 'This reset link no longer works' })).toBeVisible()
  })

  test('Google sign-in goes through the OpenID provider and back', async ({ page }) => {
    const email = uniqueEmail('google')
    // The test's account on the provider (a person picks theirs on Google's chooser).
    await page.route('**/api/auth/sign-in/social', (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), loginHint: email }) }),
    )
    await page.goto('/')
    const dialog = await openSignIn(page)
    await dialog.getByRole('button', { name: 'Continue with Google' }).click()
    // Four hops (sign-in, the provider, its callback, Home): slower than 7 s under the full suite.
    await expect(toast(page, 'Welcome to Accord!')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('heading', { level: 1, name: FIRST_BLEND_HEADING })).toBeVisible()
    await expect(page).toHaveURL(/\/$/)

    await page.getByRole('button', { name: 'Account menu' }).click()
    await expect(page.getByRole('menu')).toContainText('Gia Google')
    await expect(page.getByRole('menu')).toContainText(email)
    await page.getByRole('menuitem', { name: 'Sign out' }).click()

    await (await openSignIn(page)).getByRole('button', { name: 'Continue with Google' }).click()
    await expect(toast(page, 'Welcome back!')).toBeVisible({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Account menu' }).click()
    await expect(page.getByRole('menu')).toContainText(email)
  })

  test('a Google sign-in that comes back failed says so in the dialog', async ({ page }) => {
    await page.goto('/?signInError=google&error=invalid_code')
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('alert')).toHaveText('Failed to sign in with Google')
    await expect(page).toHaveURL(/\/$/)
  })
})

/** The reset link of the newest message to `email` in the server's outbox. */
function newestResetLink(email: string): string | null {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox')
  if (!fs.existsSync(dir)) return null
  const messages = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as { to: string; link?: string })
    .filter((message) => message.to === email && message.link)
  return messages.at(-1)?.link ?? null
}
