import { expect, test } from '../support/e2e-fixtures.ts'
import { authorizePath, connectE2eClient, E2E_REDIRECT_URI, exchangeE2eCode, pkcePair, registerE2eClient } from '../support/e2e-oauth.ts'
import { signUpInPage, TEST_PASSWORD } from '../support/e2e-users.ts'

/**
 * Connecting an AI assistant (docs/product.md, "Connect an AI assistant"; decision 046): the
 * consent page a maker lands on from their assistant, and "Connected apps" on the account page.
 */

/** The assistant's redirect address answers here (nothing listens on port 9). */
async function catchRedirect(page: import('@playwright/test').Page) {
  await page.route(`${E2E_REDIRECT_URI}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'Back in the assistant' }),
  )
}

test.describe('connecting an AI assistant', () => {
  test('the maker sees the app and what it asks, unticks a write, allows, and the app gets a code for what was allowed', async ({
    page,
  }) => {
    await signUpInPage(page)
    const client = await registerE2eClient('Claude Test')
    await catchRedirect(page)
    const { verifier, challenge } = pkcePair()
    await page.goto(authorizePath(client, challenge))
    await expect(page).toHaveURL(/\/oauth\/consent\?/)
    await expect(page.getByRole('heading', { name: 'Allow Claude Test to use your Accord account?' })).toBeVisible()
    await expect(page.getByText('127.0.0.1:9')).toBeVisible()
    const read = page.getByRole('checkbox', { name: /Read your blends and tests/ })
    await expect(read).toBeChecked()
    await expect(read).toBeDisabled()
    const write = page.getByRole('checkbox', { name: 'Add blends, versions and test entries' })
    await expect(write).toBeChecked()
    // By keyboard, as anyone can.
    await write.focus()
    await page.keyboard.press('Space')
    await expect(write).not.toBeChecked()
    await page.getByRole('button', { name: 'Allow' }).click()

    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:9\/callback\?code=/)
    const back = new URL(page.url())
    expect(back.searchParams.get('state')).toBe('e2e-state')
    const tokens = await exchangeE2eCode(client, back.searchParams.get('code')!, verifier)
    expect(tokens.status).toBe(200)
    expect(tokens.body.scope?.split(' ').sort()).toEqual(['journal:read', 'offline_access', 'shelf:read', 'shelf:write'])
  })

  test('Deny sends the maker back to the app with access_denied and no code', async ({ page }) => {
    await signUpInPage(page)
    const client = await registerE2eClient('Denied Assistant')
    await catchRedirect(page)
    await page.goto(authorizePath(client, pkcePair().challenge))
    await page.getByRole('button', { name: 'Deny' }).click()
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:9\/callback\?/)
    const back = new URL(page.url())
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('code')).toBeNull()
  })

  test('a signed-out maker signs in first and comes back to the consent', async ({ page }) => {
    const { email } = await signUpInPage(page)
    const client = await registerE2eClient('Returning Assistant')
    await page.request.post('/api/auth/sign-out', { data: {}, headers: { origin: process.env.E2E_BASE_URL! } })
    await page.context().clearCookies()
    await page.goto(authorizePath(client, pkcePair().challenge))
    await expect(page).toHaveURL(/\/oauth\/consent\?/)
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByLabel('Password').fill(TEST_PASSWORD)
    await dialog.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('heading', { name: 'Allow Returning Assistant to use your Accord account?' })).toBeVisible()
    await expect(page).toHaveURL(/\/oauth\/consent\?/)
  })

  test('a signed-out maker who continues with Google comes back to the consent, not to Home', async ({ page }) => {
    const email = `connect-google-${Date.now()}@example.com`
    // The test's account on the OpenID provider that stands in for Google (auth.spec.ts).
    await page.route('**/api/auth/sign-in/social', (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), loginHint: email }) }),
    )
    const client = await registerE2eClient('Google Maker Assistant')
    await catchRedirect(page)
    const { verifier, challenge } = pkcePair()
    await page.goto(authorizePath(client, challenge))
    await expect(page).toHaveURL(/\/oauth\/consent\?/)
    await page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' }).click()
    // Five hops before the heading (sign-in, the provider, its callback, the consent page and its
    // request): on two cores shared with the rest of the suite that took longer than 7 s once.
    await expect(page.getByRole('heading', { name: 'Allow Google Maker Assistant to use your Accord account?' })).toBeVisible({
      timeout: 30_000,
    })
    await expect(page).toHaveURL(/\/oauth\/consent\?/)
    // The request came back whole: allowing it gives the assistant a code it can exchange.
    await page.getByRole('button', { name: 'Allow' }).click()
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:9\/callback\?code=/)
    const tokens = await exchangeE2eCode(client, new URL(page.url()).searchParams.get('code')!, verifier)
    expect(tokens.status).toBe(200)
  })

  test('Connected apps lists the app with what it may do, and Disconnect asks first and removes it', async ({ page }) => {
    await signUpInPage(page)
    await page.goto('/account')
    const section = page.getByRole('region', { name: 'Connected apps' })
    await expect(section.getByText('No apps are connected.')).toBeVisible()
    await expect(section.getByText(`${process.env.E2E_BASE_URL!}/mcp`)).toBeVisible()

    const client = await registerE2eClient('Bench Helper')
    await connectE2eClient(page, client)
    await page.reload()
    await expect(section.getByText('Bench Helper')).toBeVisible()
    await expect(section.getByText('Signs in through 127.0.0.1:9')).toBeVisible()
    await expect(section.getByText('Change the bottles on your shelf')).toBeVisible()
    await expect(section.getByText(/Not used yet/)).toBeVisible()

    await section.getByRole('button', { name: 'Disconnect Bench Helper' }).click()
    const dialog = page.getByRole('dialog', { name: 'Disconnect Bench Helper?' })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(section.getByText('Bench Helper')).toBeVisible()
    await section.getByRole('button', { name: 'Disconnect Bench Helper' }).click()
    await dialog.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.locator('[data-sonner-toast]').getByText('Bench Helper was disconnected')).toBeVisible()
    await expect(section.getByText('No apps are connected.')).toBeVisible()
    const list = (await (
      await page.request.get('/api/me/connected-apps', {
        headers: { authorization: `Bearer ${((await (await page.request.get('/api/auth/token')).json()) as { token: string }).token}` },
      })
    ).json()) as { items: unknown[] }
    expect(list.items).toEqual([])
  })
})
