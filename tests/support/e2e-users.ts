import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'

export const TEST_PASSWORD = 'muscatel-1'

/** Signs a new user up through the API in the page's own cookie jar (the page is then signed in). */
export async function signUpInPage(page: Page, name = 'Ada Lovelace'): Promise<{ email: string; password: string }> {
  const email = `e2e-${randomBytes(6).toString('hex')}@example.com`
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: TEST_PASSWORD },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`)
  return { email, password: TEST_PASSWORD }
}
