import type { Page } from '@playwright/test'
import { bearerOf, oilIds } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/**
 * The narrowest phones in common use are 360 px wide (issue 31, "On a phone"): the summary's
 * proportions and the shelf's table fit there, with nothing wider than the screen and no label cut.
 */
test.use({ viewport: { width: 360, height: 780 } })

/** Every element whose box reaches past the viewport's right edge (a page that scrolls sideways). */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const out: string[] = []
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const box = el.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      // Off-screen on purpose (skip links, the bots' trap field) is not on the page.
      if (box.right <= 0 || box.left >= width) continue
      if (box.right > width + 0.5)
        out.push(
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}" right=${Math.round(box.right)}`,
        )
    }
    return out
  })
}

/** Elements whose text is cut by their own box (an ellipsis or clipped overflow). */
async function clipped(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => (el.textContent ?? '').trim()))
}

test('the summary at 360 px: the proportions show each oil’s whole name and nothing runs off the screen', async ({ page }) => {
  await signUpInPage(page)
  const oils = (await (await page.request.get('/api/essential-oils')).json()) as { name: string }[]
  const oil = (name: string) => oils.find((o) => o.name === name)
  // A complete draft, as the creator keeps it, with long names in every layer.
  const draft = {
    state: {
      currentStep: 3,
      startingPoint: { type: 'note-type', value: 'Top' },
      composition: {
        topNote: oil('Bergamot'),
        middleNote: oil('Roman Chamomile'),
        baseNote: oil('Atlas Cedarwood'),
        topPercentage: 30,
        middlePercentage: 50,
        basePercentage: 20,
      },
      blendName: 'Narrow Evening',
      notes: '',
    },
    version: 1,
  }
  await page.addInitScript((value) => localStorage.setItem('accord-blend-draft', value), JSON.stringify(draft))
  await page.goto('/blend?step=3')
  await expect(page.getByRole('heading', { level: 1, name: 'Your Blend Summary' })).toBeVisible()
  const proportions = page.getByRole('group', { name: 'Proportions' })
  for (const name of ['Bergamot', 'Roman Chamomile', 'Atlas Cedarwood'])
    await expect(proportions.getByText(name, { exact: true })).toBeVisible()
  expect(await clipped(page, '[aria-labelledby="proportions-title"] label span')).toEqual([])
  expect(await overflowing(page)).toEqual([])
})

test('the shelf at 360 px: the cost per mL column is on the screen, priced, and nothing runs off it', async ({ page }) => {
  await signUpInPage(page)
  const headers = await bearerOf(page)
  expect((await page.request.put('/api/me/settings', { headers, data: { currency: 'EUR' } })).ok()).toBe(true)
  const id = await oilIds(page)
  for (const [name, price] of [
    ['Roman Chamomile', 48.5],
    ['Atlas Cedarwood', 6.4],
    ['Bergamot', 1234.56],
  ] as const) {
    const res = await page.request.post('/api/shelf/bottles', { headers, data: { oilId: id(name), unit: 'mL', size: 10, price } })
    expect(res.status(), await res.text()).toBe(201)
  }
  await page.goto('/shelf')
  await expect(page.getByRole('heading', { level: 1, name: 'Oil shelf' })).toBeVisible()
  const table = page.getByRole('table', { name: /Your oils/ })
  const row = table.getByRole('row', { name: /Roman Chamomile/ })
  await expect(row).toContainText('€4.85')
  const cost = row.getByRole('cell').last()
  await expect(cost).toBeInViewport({ ratio: 1 })
  const box = await cost.boundingBox()
  expect(box!.x + box!.width).toBeLessThanOrEqual(360)
  expect(await overflowing(page)).toEqual([])
})
