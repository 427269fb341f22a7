import { randomBytes } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import type { EssentialOil } from '../../src/shared/api/oils.ts'
import { bearerOf } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'

/**
 * The wizard moves as people expect (docs/product.md "The wizard's places", decision 027): the step
 * and the layer being picked are in the address, Back and Forward walk them and a reload keeps them;
 * the proportions can be changed before saving; a filled layer can be swapped; an oil in two layers
 * is asked about; on a phone the picker shows its results first. Also the journal editor's save bar,
 * which never covers the field being edited.
 */

const PHONE = { width: 390, height: 844 }

async function signUp(page: Page) {
  const email = `places-${randomBytes(5).toString('hex')}@example.com`
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Petra Petitgrain', email, password: 'neroli-blend-22' },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(res.ok()).toBe(true)
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true })

async function expectPlace(page: Page, title: string, search: string) {
  await expect(heading(page, title)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/blend\\?${search.replace(/[?&]/g, (c) => `\\${c}`)}$`))
}

async function select(page: Page, oil: string) {
  await page.getByRole('button', { name: `Select ${oil}`, exact: true }).click()
}

/** Top (a note-type start), then Lemon, Lavender and Atlas Cedarwood, ending on the progress. */
async function buildLemonLavenderCedar(page: Page) {
  await page.goto('/blend')
  await expectPlace(page, 'Create Your Perfect Blend', 'step=1')
  await page.getByRole('button', { name: /^Top/ }).click()
  await expectPlace(page, 'Select Your Top Note', 'step=2&layer=top')
  await select(page, 'Lemon')
  await expectPlace(page, 'Build Your Blend', 'step=2')
  await page.getByRole('button', { name: /Choose a Middle Note/ }).click()
  await expectPlace(page, 'Select Your Middle Note', 'step=2&layer=middle')
  await select(page, 'Lavender')
  await expectPlace(page, 'Build Your Blend', 'step=2')
  await page.getByRole('button', { name: /Choose a Base Note/ }).click()
  await select(page, 'Atlas Cedarwood')
  await expectPlace(page, 'Build Your Blend', 'step=2')
}

test.describe('the wizard’s places', () => {
  test.describe.configure({ timeout: 60_000 })

  test('Back and Forward walk the steps, and a reload keeps the place', async ({ page }) => {
    await signUp(page)
    await buildLemonLavenderCedar(page)
    await page.getByRole('button', { name: 'Continue to Summary' }).click()
    await expectPlace(page, 'Your Blend Summary', 'step=3')

    await page.goBack()
    await expectPlace(page, 'Build Your Blend', 'step=2')
    // The pickers that were closed by choosing an oil are not in the way back.
    await page.goBack()
    await expectPlace(page, 'Create Your Perfect Blend', 'step=1')
    await page.goForward()
    await expectPlace(page, 'Build Your Blend', 'step=2')
    await page.goForward()
    await expectPlace(page, 'Your Blend Summary', 'step=3')
    await page.reload()
    await expectPlace(page, 'Your Blend Summary', 'step=3')
    for (const oil of ['Lemon', 'Lavender', 'Atlas Cedarwood']) await expect(page.getByText(oil, { exact: true }).first()).toBeVisible()

    // A picker opened from the blend: Back closes it, Forward opens it again, a reload keeps it.
    await page.getByRole('button', { name: 'Edit Blend' }).click()
    await expectPlace(page, 'Edit Your Blend', 'step=2')
    await page.getByRole('button', { name: 'Change oil for the Base Note' }).click()
    await expectPlace(page, 'Select Your Base Note', 'step=2&layer=base')
    await page.reload()
    await expectPlace(page, 'Select Your Base Note', 'step=2&layer=base')
    await expect(page.getByText('Choosing a replacement')).toBeVisible()
    // Edit mode is not kept across a reload (docs/product.md §3): the same layers, under their usual title.
    await page.goBack()
    await expectPlace(page, 'Build Your Blend', 'step=2')
    await page.goForward()
    await expectPlace(page, 'Select Your Base Note', 'step=2&layer=base')
    await page.getByRole('button', { name: 'Back to Blend' }).click()
    await expectPlace(page, 'Build Your Blend', 'step=2')
    await page.goForward()
    await expectPlace(page, 'Select Your Base Note', 'step=2&layer=base')
  })

  test('the proportions can be changed on the summary, and the saved blend has them', async ({ page }) => {
    await signUp(page)
    await buildLemonLavenderCedar(page)
    await page.getByRole('button', { name: 'Review Your Blend' }).click()
    await expectPlace(page, 'Your Blend Summary', 'step=3')
    await page.getByLabel('Blend Title').fill('Kitchen Window')

    const top = page.getByRole('textbox', { name: 'Top note percentage' })
    const middle = page.getByRole('textbox', { name: 'Middle note percentage' })
    const base = page.getByRole('textbox', { name: 'Base note percentage' })
    await expect(top).toHaveValue('30')
    await expect(middle).toHaveValue('50')
    await expect(base).toHaveValue('20')
    const save = page.getByRole('button', { name: 'Save to Journal' })

    await top.fill('35')
    await expect(page.getByText('Should total 100%')).toBeVisible()
    await expect(save).toBeDisabled()
    await middle.fill('42.5')
    await base.fill('22.5')
    await expect(page.getByText('Should total 100%')).toHaveCount(0)
    await expect(save).toBeEnabled()
    // The changed shares survive a reload, like the rest of the draft.
    await page.reload()
    await expect(page.getByRole('textbox', { name: 'Middle note percentage' })).toHaveValue('42.5')

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/blends') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Save to Journal' }).click()
    const answer = await saved
    expect(answer.status()).toBe(201)
    const { id } = (await answer.json()) as { id: number }
    await expect(toast(page, 'Blend saved to journal!')).toBeVisible()
    await expect(page).toHaveURL(/\/journal$/)

    const detail = (await (await page.request.get(`/api/blends/${id}`, { headers: await bearerOf(page) })).json()) as {
      name: string
      versions: {
        topOils: { name: string; percentage: number }[]
        middleOils: { name: string; percentage: number }[]
        baseOils: { name: string; percentage: number }[]
      }[]
    }
    expect(detail.name).toBe('Kitchen Window')
    expect(detail.versions[0]).toMatchObject({
      topOils: [{ name: 'Lemon', percentage: 35 }],
      middleOils: [{ name: 'Lavender', percentage: 42.5 }],
      baseOils: [{ name: 'Atlas Cedarwood', percentage: 22.5 }],
    })

    // The saved blend is not waiting on the summary for a second save: the wizard starts afresh.
    await page.goBack()
    await expectPlace(page, 'Create Your Perfect Blend', 'step=1')
    await expect(page.getByRole('button', { name: 'Start Your Blend' })).toBeDisabled()
  })

  test('a filled layer can be swapped, and an oil already in the blend is marked and asked about', async ({ page }) => {
    const catalog = (await (await page.request.get('/api/essential-oils')).json()) as EssentialOil[]
    const twoLayerOil = catalog.find((oil) => oil.name === 'Bergamot')!
    expect(twoLayerOil.noteType).toEqual(expect.arrayContaining(['Top', 'Middle']))
    await signUp(page)
    await page.goto('/blend')
    await page.getByRole('button', { name: /^Top/ }).click()
    await select(page, 'Bergamot')
    await expectPlace(page, 'Build Your Blend', 'step=2')
    await page.getByRole('button', { name: /Choose a Middle Note/ }).click()
    await select(page, 'Lavender')
    await expect(page.getByText('Lavender', { exact: true })).toBeVisible()

    // The filled middle card opens its picker without Edit Blend.
    await page.getByRole('button', { name: 'Change oil for the Middle Note' }).click()
    await expectPlace(page, 'Select Your Middle Note', 'step=2&layer=middle')
    const bergamot = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name: 'Bergamot' }) })
    await expect(bergamot.getByText('in your top', { exact: true })).toBeVisible()
    await select(page, 'Bergamot')
    const dialog = page.getByRole('dialog', { name: 'Use Bergamot twice?' })
    await expect(dialog).toContainText('Bergamot is already in your top note.')
    await dialog.getByRole('button', { name: 'Choose another oil' }).click()
    await expect(dialog).toHaveCount(0)
    await select(page, 'Geranium')
    await expectPlace(page, 'Build Your Blend', 'step=2')
    await expect(page.getByText('Geranium', { exact: true })).toBeVisible()
    await expect(page.getByText('Lavender', { exact: true })).toHaveCount(0)

    await page.getByRole('button', { name: 'Change oil for the Middle Note' }).click()
    await select(page, 'Bergamot')
    await dialog.getByRole('button', { name: 'Use it as the Middle Note too' }).click()
    await expectPlace(page, 'Build Your Blend', 'step=2')
    await expect(page.getByText('Bergamot', { exact: true })).toHaveCount(2)
  })

  test('on a phone the picker shows the first oil on the first screen, with the filters behind Filters', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await signUp(page)
    await page.goto('/blend')
    await page.getByRole('button', { name: /^Middle/ }).click()
    await expectPlace(page, 'Select Your Middle Note', 'step=2&layer=middle')
    const first = page.getByRole('list', { name: 'Middle note oils' }).getByRole('article').first()
    await expect(first).toBeVisible()
    const box = (await first.boundingBox())!
    expect(box.y, 'the first oil starts on the first screen').toBeLessThan(PHONE.height - 150)
    await expect(page.getByPlaceholder('Search oil names...')).toHaveCount(0)

    await page.getByRole('button', { name: 'Filters' }).click()
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    await expect(sheet.getByRole('heading', { name: 'Scent-Family Compatibility' })).toBeVisible()
    await sheet.getByPlaceholder('Search oil names...').fill('chamomile')
    await sheet.getByRole('button', { name: 'Show 2 oils' }).click()
    await expect(sheet).toHaveCount(0)
    await expect(page.getByRole('list', { name: 'Middle note oils' }).getByRole('heading', { level: 3 })).toHaveText([
      'German Chamomile',
      'Roman Chamomile',
    ])
    await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

/** No axe violations on what the page shows now, once its animations have finished. */
async function expectNoViolations(page: Page, what: string) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))))
  const results = await new AxeBuilder({ page }).analyze()
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(summary, `axe violations: ${what}`).toEqual([])
}

for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
  test(`the picker, its dialogs and the proportions have no axe violations at ${viewport.width}px`, async ({ page }) => {
    test.setTimeout(90_000)
    await page.setViewportSize(viewport)
    await signUp(page)
    await page.goto('/blend')
    await page.getByRole('button', { name: /^Top/ }).click()
    await select(page, 'Bergamot')
    await page.getByRole('button', { name: /Choose a Middle Note/ }).click()
    await expect(page.getByText('in your top', { exact: true })).toBeAttached()
    await expectNoViolations(page, 'the picker with an oil marked')
    if (viewport === PHONE) {
      await page.getByRole('button', { name: 'Filters' }).click()
      await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible()
      await expectNoViolations(page, 'the Filters sheet')
      await page.keyboard.press('Escape')
    }
    await select(page, 'Bergamot')
    await expect(page.getByRole('dialog', { name: 'Use Bergamot twice?' })).toBeVisible()
    await expectNoViolations(page, 'the duplicate question')
    await page.getByRole('button', { name: 'Choose another oil' }).click()
    await select(page, 'Lavender')
    await page.getByRole('button', { name: /Choose a Base Note/ }).click()
    await select(page, 'Atlas Cedarwood')
    await page.getByRole('button', { name: 'Continue to Summary' }).click()
    await page.getByRole('textbox', { name: 'Top note percentage' }).fill('35')
    await expect(page.getByText('Should total 100%')).toBeVisible()
    await expectNoViolations(page, 'the summary with a total that is off')
    await page.getByRole('button', { name: 'Create New Blend' }).click()
    await expect(page.getByRole('dialog', { name: 'Discard this blend?' })).toBeVisible()
    await expectNoViolations(page, 'the discard question')
  })
}

test('the journal editor’s save bar never covers the field being edited', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await signUp(page)
  const catalog = (await (await page.request.get('/api/essential-oils')).json()) as EssentialOil[]
  const id = (name: string) => catalog.find((oil) => oil.name === name)!.id
  const created = await page.request.post('/api/blends', {
    headers: await bearerOf(page),
    data: {
      name: 'Bench Test',
      topNote: id('Lemon'),
      middleNote: id('Lavender'),
      baseNote: id('Atlas Cedarwood'),
      topPercentage: 30,
      middlePercentage: 50,
      basePercentage: 20,
    },
  })
  expect(created.status()).toBe(201)
  const blend = (await created.json()) as { id: number }
  await page.goto(`/journal?blend=${blend.id}&edit=details`)
  await expect(heading(page, 'Modify Blend')).toBeVisible()

  const bar = page.getByRole('button', { name: 'Save Version' }).locator('xpath=ancestor::div[contains(@class, "sticky")][1]')
  for (const name of ['Lemon percentage', 'Lavender percentage', 'Atlas Cedarwood percentage']) {
    const field = page.getByRole('textbox', { name })
    // Put the field at the very bottom of the screen, under the bar, then give it focus.
    await field.evaluate((el) => {
      el.scrollIntoView({ block: 'end' })
      ;(el as HTMLInputElement).focus()
    })
    await expect(field).toBeFocused()
    await expect
      .poll(
        async () => {
          const [f, b] = [(await field.boundingBox())!, (await bar.boundingBox())!]
          return f.y + f.height <= b.y
        },
        { message: `${name} ends above the save bar` },
      )
      .toBe(true)
  }
})
