import { randomBytes, randomUUID } from 'node:crypto'
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client'
import type { Page } from '@playwright/test'
import type { BlendListPage } from '#shared/api/blend-list.ts'
import { MCP_TOOLS, type CalculateBatchAnswer, type SaveAnswer } from '#shared/api/mcp-tools.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { E2E_REDIRECT_URI } from '../support/e2e-oauth.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/**
 * An AI assistant connects to Accord as a real one does (issue #27, "Tests"; decisions 046 and
 * 047): the MCP SDK's own client meets a 401 at /mcp, discovers the metadata from its
 * WWW-Authenticate, registers itself, sends the maker to the consent page in Chromium, exchanges
 * the code with PKCE, then lists the tools, creates and searches a blend, adds a test entry and
 * calculates a batch. The maker sees the blend and the test in the app, disconnects the assistant
 * from the account page, and the assistant's next call is refused.
 */

const APP_NAME = 'Bench Assistant'

/** Every tool the MCP server offers (src/shared/api/mcp-tools.ts). */
const TOOLS = Object.keys(MCP_TOOLS).sort()

/**
 * What an MCP client keeps between runs, in memory: its registration, tokens, PKCE verifier and
 * what it discovered.
 * It cannot open a browser itself: it records the authorisation address for the test to open.
 */
class MemoryOAuthProvider implements OAuthClientProvider {
  readonly authorizationUrls: URL[] = []
  readonly expectedState = randomBytes(16).toString('base64url')
  private information: StoredOAuthClientInformation | undefined
  private saved: StoredOAuthTokens | undefined
  private verifier: string | undefined
  private discovery: OAuthDiscoveryState | undefined

  get redirectUrl() {
    return E2E_REDIRECT_URI
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: APP_NAME,
      redirect_uris: [E2E_REDIRECT_URI],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    }
  }

  state() {
    return this.expectedState
  }

  clientInformation() {
    return this.information
  }

  saveClientInformation(information: StoredOAuthClientInformation) {
    this.information = information
  }

  tokens() {
    return this.saved
  }

  saveTokens(tokens: StoredOAuthTokens) {
    this.saved = tokens
  }

  redirectToAuthorization(authorizationUrl: URL) {
    this.authorizationUrls.push(authorizationUrl)
  }

  saveCodeVerifier(codeVerifier: string) {
    this.verifier = codeVerifier
  }

  codeVerifier() {
    if (!this.verifier) throw new Error('No PKCE verifier was saved')
    return this.verifier
  }

  /** Kept with the verifier, so the SDK can check the code comes back from the server it discovered. */
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state
  }

  discoveryState() {
    return this.discovery
  }

  /** What the server said is no longer good (a refused refresh token drops the tokens), as a real client forgets it. */
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'client') this.information = undefined
    if (scope === 'all' || scope === 'tokens') this.saved = undefined
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined
  }
}

type Exchange = { method: string; path: string; status: number }

/** The SDK's transport to /mcp, recording every request it (and its OAuth flow) makes. */
function mcpTransport(provider: OAuthClientProvider, log: Exchange[]) {
  return new StreamableHTTPClientTransport(new URL('/mcp', process.env.E2E_BASE_URL!), {
    authProvider: provider,
    fetch: async (input, init) => {
      const res = await fetch(input, init)
      log.push({
        method: init?.method ?? 'GET',
        path: new URL(String(input instanceof Request ? input.url : input)).pathname,
        status: res.status,
      })
      return res
    },
  })
}

const newClient = () => new Client({ name: 'accord-e2e-assistant', version: '1.0.0' })

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> }

/** Calls a tool and answers its structured result; a tool error fails the test with its text. */
async function call<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as ToolResult
  expect(result.isError, `${name}: ${result.content.map((c) => c.text).join(' ')}`).toBeFalsy()
  return result.structuredContent as T
}

/** The assistant's redirect address answers here (nothing listens on port 9). */
async function catchRedirect(page: Page) {
  await page.route(`${E2E_REDIRECT_URI}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'Back in the assistant' }),
  )
}

test('an assistant connects with the MCP SDK, works in the journal, and is refused once disconnected', async ({ page }) => {
  // About 12 s alone (three page loads, two dozen requests, the refusal at once); more when the suite runs in parallel.
  test.setTimeout(60_000)
  const baseUrl = process.env.E2E_BASE_URL!
  const provider = new MemoryOAuthProvider()
  const log: Exchange[] = []

  // 1-2. The first connection: a 401 whose WWW-Authenticate leads the SDK to the metadata; it registers and asks for authorisation.
  const firstTransport = mcpTransport(provider, log)
  const refused = await newClient()
    .connect(firstTransport)
    .then(
      () => null,
      (err: unknown) => err,
    )
  expect(UnauthorizedError.isInstance(refused), `the first connect fails with UnauthorizedError, not: ${String(refused)}`).toBe(true)
  expect(log[0]).toEqual({ method: 'POST', path: '/mcp', status: 401 })
  expect(log).toContainEqual({ method: 'GET', path: '/.well-known/oauth-protected-resource/mcp', status: 200 })
  expect(log.filter((e) => e.path === '/api/auth/oauth2/register').map((e) => e.status)).toEqual([201])
  const registration = provider.clientInformation()
  expect(registration?.client_id, 'the SDK registered the client dynamically').toEqual(expect.any(String))
  expect(provider.authorizationUrls).toHaveLength(1)
  const authorizationUrl = provider.authorizationUrls[0]!
  expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${baseUrl}/api/auth/oauth2/authorize`)
  expect(authorizationUrl.searchParams.get('client_id')).toBe(registration!.client_id)
  expect(authorizationUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorizationUrl.searchParams.get('resource')).toBe(`${baseUrl}/mcp`)
  expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(E2E_REDIRECT_URI)
  expect(provider.tokens()).toBeUndefined()

  // 3. The maker, signed in, opens the address in the browser and allows.
  await signUpInPage(page)
  await catchRedirect(page)
  await page.goto(authorizationUrl.toString())
  await expect(page).toHaveURL(/\/oauth\/consent\?/)
  await expect(page.getByRole('heading', { name: `Allow ${APP_NAME} to use your Accord account?` })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'Add blends, versions and test entries' })).toBeChecked()
  await page.getByRole('button', { name: 'Allow' }).click()
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:9\/callback\?(.+&)?code=/)
  const callback = new URL(page.url()).searchParams
  expect(callback.get('state')).toBe(provider.expectedState)

  // 4. The SDK exchanges the code with its PKCE verifier, and a fresh connection gets through.
  await firstTransport.finishAuth(callback)
  expect(provider.tokens()).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) })
  expect(log).toContainEqual({ method: 'POST', path: '/api/auth/oauth2/token', status: 200 })
  const client = newClient()
  await client.connect(mcpTransport(provider, log))
  try {
    // 5. The tools.
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS)

    // 6. Create, search, test and calculate, as an assistant would.
    const oils = new Map(
      ((await (await page.request.get('/api/essential-oils')).json()) as EssentialOil[]).map((oil) => [oil.name, oil.id]),
    )
    const name = `Assistant Grove ${randomBytes(3).toString('hex')}`
    const saved = await call<SaveAnswer>(client, 'create_blend', {
      name,
      topNote: oils.get('Bergamot'),
      middleNote: oils.get('Lavender'),
      baseNote: oils.get('Atlas Cedarwood'),
      topPercentage: 30,
      middlePercentage: 50,
      basePercentage: 20,
      idempotencyKey: randomUUID(),
    })
    expect(saved).toMatchObject({ outcome: 'created', blendName: name, versionLetter: 'a' })

    const found = await call<BlendListPage>(client, 'search_blends', { query: name })
    expect(found.items.map((item) => [item.id, item.name])).toEqual([[saved.blendId, name]])

    const notes = 'Bright at first, soft cedar after an hour'
    const entry = await call<{ id: number; versionId: number; rating: number | null; notes: string | null }>(client, 'add_test_entry', {
      versionId: saved.versionId,
      rating: 4,
      notes,
      idempotencyKey: randomUUID(),
    })
    expect(entry).toMatchObject({ versionId: saved.versionId, rating: 4, notes })

    const batch = await call<CalculateBatchAnswer>(client, 'calculate_batch', {
      blendId: saved.blendId,
      weight: 500,
      unit: 'g',
      oilPercentage: 2,
      productType: 'lotion',
    })
    expect(batch.blend).toMatchObject({ id: saved.blendId, versionId: saved.versionId })
    expect(batch.totalOil.grams).toBeCloseTo(10, 1)
    expect(batch.baseGrams).toBeCloseTo(490, 1)
    expect(batch.oils.map((oil) => [oil.name, oil.percentage])).toEqual([
      ['Bergamot', 30],
      ['Lavender', 50],
      ['Atlas Cedarwood', 20],
    ])
    expect(batch.oils.find((oil) => oil.name === 'Lavender')?.grams).toBeCloseTo(5, 1)
    for (const oil of batch.oils) expect(oil.drops).toBeGreaterThan(0)
    expect(batch.safety).not.toBeNull()

    // 7. The maker sees them in the app.
    await page.goto('/journal')
    await expect(page.getByRole('heading', { level: 1, name: 'Blend Journal' })).toBeVisible()
    const card = page.getByRole('article', { name })
    await expect(card).toBeVisible()
    await card.getByRole('button', { name: 'View Details' }).click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByRole('textbox', { name: /^Test notes / })).toHaveValue(notes)

    // 8. Disconnect, from the account page.
    await page.goto('/account')
    const section = page.getByRole('region', { name: 'Connected apps' })
    await expect(section.getByText(APP_NAME)).toBeVisible()
    await section.getByRole('button', { name: `Disconnect ${APP_NAME}` }).click()
    await page
      .getByRole('dialog', { name: `Disconnect ${APP_NAME}?` })
      .getByRole('button', { name: 'Disconnect' })
      .click()
    await expect(page.locator('[data-sonner-toast]').getByText(`${APP_NAME} was disconnected`)).toBeVisible()
    await expect(section.getByText('No apps are connected.')).toBeVisible()

    // 9. The assistant's next call is refused (every process re-checks within 5 s, so the wait is
    // bounded): its token gets a 401, its refresh token is refused, and the SDK asks for consent again.
    const refusal = async () => {
      try {
        await client.callTool({ name: 'search_blends', arguments: { query: name } })
        return 'answered'
      } catch (err) {
        return UnauthorizedError.isInstance(err) ? 'refused' : `failed otherwise: ${String(err)}`
      }
    }
    const sinceDisconnect = log.length
    await expect.poll(refusal, { timeout: 10_000, intervals: [250] }).toBe('refused')
    const after = log.slice(sinceDisconnect)
    expect(after).toContainEqual({ method: 'POST', path: '/mcp', status: 401 })
    const refreshes = after.filter((e) => e.path === '/api/auth/oauth2/token')
    expect(refreshes.length, 'the SDK tried its refresh token').toBeGreaterThan(0)
    expect(
      refreshes.filter((e) => e.status < 400),
      'no new token after the disconnect',
    ).toEqual([])
    expect(provider.tokens(), 'the refused refresh token made the SDK drop its tokens').toBeUndefined()
    expect(provider.authorizationUrls.length, 'the SDK asks for authorisation again').toBeGreaterThan(1)
  } finally {
    await client.close().catch(() => {})
  }
})
