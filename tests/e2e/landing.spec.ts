import { expect, test } from '../support/e2e-fixtures.ts'

test.describe('landing page (signed out)', () => {
  test('renders the hero', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Create beautiful essential oil blends with confidence' })).toBeVisible()
    await expect(page).toHaveTitle(/Accord/)
  })

  test("'Start Free Beta' brings the signup section into view", async ({ page }) => {
    await page.goto('/')
    const signup = page.locator('#signup')
    await expect(signup).not.toBeInViewport()
    await page.getByRole('button', { name: 'Start Free Beta' }).first().click()
    await expect(signup).toBeInViewport()
    await expect(signup.getByText('No credit card needed')).toBeVisible()
  })

  test('shows the three highlights', async ({ page }) => {
    await page.goto('/')
    for (const name of ['Guided blending', 'Smart journal', 'Oil knowledge']) {
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible()
    }
  })

  test('every app path shows the landing page while signed out', async ({ page }) => {
    await page.goto('/journal')
    await expect(page.getByRole('heading', { level: 1, name: 'Create beautiful essential oil blends with confidence' })).toBeVisible()
  })

  test('/book shows its title and a way back', async ({ page }) => {
    await page.goto('/book')
    await expect(page.getByRole('heading', { level: 1, name: /Essential Oil Blending Guide/ })).toBeVisible()
    await page.getByRole('link', { name: /back/i }).first().click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('/redeem and /review-book show their titles', async ({ page }) => {
    await page.goto('/redeem')
    await expect(page.getByRole('heading', { level: 1, name: 'Founding Reader Launch Discount' })).toBeVisible()
    await page.goto('/review-book')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
})

test.describe('server', () => {
  test('serves hashed assets with a long cache and the page with a strict CSP', async ({ page, request }) => {
    const response = await page.goto('/')
    const csp = response?.headers()['content-security-policy'] ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    const script = await page.locator('script[type="module"][src]').first().getAttribute('src')
    expect(script).toMatch(/^\/assets\//)
    const asset = await request.get(script!)
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  test('answers unknown API paths with the JSON error shape', async ({ request }) => {
    const res = await request.get('/api/nope')
    expect(res.status()).toBe(404)
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No API route for GET /api/nope' } })
  })
})
