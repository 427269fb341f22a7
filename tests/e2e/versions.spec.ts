import type { Page } from '@playwright/test'
import { bearerOf, createBlendInPage, oilIds } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/** Versions the maker can trust and compare (docs/decisions/037-comparing-versions.md), in the built app. */

/**
 * Morning Grove in three versions: 001a Bergamot 30 / Lavender 50 / Atlas Cedarwood 20, 001b the
 * same, 001c Lemon 20 + Bergamot 20 / Lavender 40 / Vetiver 20; 001a tested twice (4, 2),
 * 001c once (5). Returns the blend's id.
 */
async function seedGrove(page: Page): Promise<number> {
  const headers = await bearerOf(page)
  const id = await oilIds(page)
  const blend = await createBlendInPage(page, { name: 'Morning Grove' })
  const oil = (name: string, percentage: number) => ({ id: id(name), name, percentage })
  const version = async (top: ReturnType<typeof oil>[], lavender: number, base: string) => {
    const res = await page.request.post('/api/blend-versions', {
      headers,
      data: { projectId: blend.id, topOils: top, middleOils: [oil('Lavender', lavender)], baseOils: [oil(base, 20)] },
    })
    expect(res.status(), await res.text()).toBe(201)
    return ((await res.json()) as { id: number }).id
  }
  await version([oil('Bergamot', 30)], 50, 'Atlas Cedarwood')
  const c = await version([oil('Lemon', 20), oil('Bergamot', 20)], 40, 'Vetiver')
  for (const [versionId, rating] of [
    [blend.version.id, 4],
    [blend.version.id, 2],
    [c, 5],
  ] as const) {
    const res = await page.request.post('/api/journal-entries', { headers, data: { versionId, rating } })
    expect(res.status(), await res.text()).toBe(201)
  }
  return blend.id
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

test.describe('versions', () => {
  test.describe.configure({ timeout: 60_000 })

  test('the journal card shows the latest version, and a search names the older version it matched', async ({ page }) => {
    await signUpInPage(page)
    await seedGrove(page)
    await page.goto('/journal')
    const card = page.getByRole('article', { name: 'Morning Grove' })
    await expect(card.getByText('001c', { exact: true })).toBeVisible()
    await expect(card.getByText('Lemon, Bergamot')).toBeVisible()
    // Lemon is only in 001c, the card's own version: nothing more to say.
    await page.getByRole('searchbox', { name: 'Search blends' }).fill('lemon')
    await expect(page.getByRole('article')).toHaveCount(1)
    await expect(card.getByText(/^matches/)).toHaveCount(0)
    // Atlas Cedarwood is only in 001a and 001b: the card still shows 001c, and names the newest that matched.
    await page.getByRole('searchbox', { name: 'Search blends' }).fill('cedarwood')
    await expect(card.getByText('matches 001b')).toBeVisible()
    await expect(card.getByText('001c', { exact: true })).toBeVisible()
  })

  test('compares 001a with 001c on a phone, stacked and never wider than the screen, at an address of its own', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signUpInPage(page)
    const blendId = await seedGrove(page)
    await page.goto(`/journal?blend=${blendId}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Morning Grove' })).toBeVisible()
    await page.getByRole('button', { name: 'Compare versions' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Compare versions' })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/journal\\?blend=${blendId}&view=compare&a=001a&b=001c$`))

    const layer = (name: string) => page.getByRole('region', { name })
    const row = (layerName: string, oil: string) => layer(layerName).getByRole('listitem').filter({ hasText: oil })
    await expect(row('Middle', 'Lavender')).toContainText('Changed')
    await expect(row('Middle', 'Lavender')).toContainText('001a 50% → 001c 40%, \u221210')
    await expect(row('Middle', 'Lavender')).toContainText('5.00 g → 4.00 g')
    await expect(row('Top', 'Lemon')).toContainText('Added')
    await expect(row('Top', 'Bergamot')).toContainText('001a 30% → 001c 20%, \u221210')
    await expect(row('Base', 'Atlas Cedarwood')).toContainText('Removed')
    await expect(row('Base', 'Vetiver')).toContainText('001a none → 001c 20%, +20')
    await expect(page.getByText('2 added · 1 removed · 2 changed · 0 the same')).toBeVisible()
    await expect(page.locator('[data-version-stats="001a"]')).toContainText('Average rating3 of 5')
    await expect(page.locator('[data-version-stats="001c"]')).toContainText('Latest rating5 of 5')

    // The maker's own batch size.
    await page.getByLabel('Batch size').fill('50')
    await expect(row('Middle', 'Lavender')).toContainText('25.00 g → 20.00 g')

    // A phone: the layers stack, nothing scrolls sideways.
    await page.waitForLoadState('networkidle')
    expect(await noSidewaysScroll(page)).toBe(true)

    // The address alone opens the same comparison (another device, or a reload).
    await page.reload()
    await expect(row('Middle', 'Lavender')).toContainText('001a 50% → 001c 40%, \u221210')
    expect(await noSidewaysScroll(page)).toBe(true)

    // Choosing another version keeps the address in step.
    await page.getByLabel('Compare version').selectOption('001b')
    await expect(page).toHaveURL(/a=001b&b=001c$/)
    await expect(row('Middle', 'Lavender')).toContainText('001b 50% → 001c 40%')
  })
})
