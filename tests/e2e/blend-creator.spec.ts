import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import type { EssentialOil } from '../../src/shared/api/oils.ts'
import { bearerOf } from '../support/e2e-api.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { chooseOption, chosenOption } from '../support/e2e-select.ts'

/** Signs a fresh user up in the page's cookie jar, then opens the blend creator signed in. */
async function openBlendCreator(page: Page) {
  const email = `wizard-${randomBytes(5).toString('hex')}@example.com`
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Nell Neroli', email, password: 'muscatel-blend-1' },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(res.ok()).toBe(true)
  await page.goto('/blend')
  await expect(heading(page, 'Create Your Perfect Blend')).toBeVisible()
}

/** Records the page's product API requests (token requests aside) until stop() returns them. */
function apiRequestsDuring(page: Page) {
  const seen: string[] = []
  const record = (r: { method(): string; url(): string }) => {
    const { pathname } = new URL(r.url())
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/auth/')) seen.push(`${r.method()} ${pathname}`)
  }
  page.on('request', record)
  return {
    stop: () => {
      page.off('request', record)
      return seen
    },
  }
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true })
const resultNames = (page: Page, layer: string) =>
  page
    .getByRole('list', { name: `${layer} note oils` })
    .getByRole('heading', { level: 3 })
    .allTextContents()

/** Picks an option of one of our Radix selects by its visible text. */
const choose = (page: Page, trigger: Locator, option: string | RegExp) => chooseOption(page, trigger, option)

async function selectOil(page: Page, name: string) {
  await page.getByRole('button', { name: `Select ${name}`, exact: true }).click()
  await expect(heading(page, 'Build Your Blend')).toBeVisible()
}

async function chooseLayer(page: Page, layer: 'Top' | 'Middle' | 'Base') {
  await page.getByRole('button', { name: new RegExp(`Choose a ${layer} Note`) }).click()
  await expect(heading(page, `Select Your ${layer} Note`)).toBeVisible()
}

async function continueToSummary(page: Page) {
  await page.getByRole('button', { name: 'Continue to Summary' }).click()
  await expect(heading(page, 'Your Blend Summary')).toBeVisible()
  await expect(page.getByText('3 / 3')).toBeVisible()
}

/** Bergamot (top, via its confirmation), Lavender (middle), Atlas Cedarwood (base), then the summary. */
async function buildFromOil(page: Page) {
  await choose(page, page.getByRole('combobox', { name: 'Essential oil' }), 'Bergamot (Citrus bergamia)')
  await page.getByRole('button', { name: 'Start Your Blend' }).click()
  await expect(heading(page, 'Add as Top Note?')).toBeVisible()
  await page.getByRole('button', { name: 'Yes Add as Top Note' }).click()
  await expect(heading(page, 'Build Your Blend')).toBeVisible()
  await chooseLayer(page, 'Middle')
  await selectOil(page, 'Lavender')
  await chooseLayer(page, 'Base')
  await selectOil(page, 'Atlas Cedarwood')
  await continueToSummary(page)
}

test.describe('blend creator', () => {
  // Whole journeys through three steps: longer than the default 30 s when the machine is busy.
  test.describe.configure({ timeout: 60_000 })

  test('an oil start goes through its confirmation to the summary, and the save opens the journal', async ({ page }) => {
    await openBlendCreator(page)
    const start = page.getByRole('button', { name: 'Start Your Blend' })
    await expect(start).toBeDisabled()
    await expect(page.getByText('1 / 3')).toBeVisible()

    await buildFromOil(page)
    const notes = page.getByRole('region', { name: 'The three notes' })
    for (const oil of ['Bergamot', 'Lavender', 'Atlas Cedarwood']) await expect(notes.getByText(oil, { exact: true })).toBeVisible()
    await expect(page.getByText('A Citrus top, a Floral heart and a Woody base.')).toBeVisible()

    // Typing the title asks, once it pauses, what a save would do (the wizard's label for it); that
    // question belongs to the typing, not to the save, so it is answered before the save is watched.
    const previewed = page.waitForResponse((r) => r.url().includes('/api/blends/save-preview?name=Evening%20Calm'))
    await page.getByLabel('Blend Title').fill('Evening Calm')
    await page.getByLabel('Blend Notes').fill('Soft and warm.')
    expect((await previewed).status()).toBe(200)
    const requests = apiRequestsDuring(page)
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/blends') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Save to Journal' }).click()
    const answer = await saved
    expect(answer.status()).toBe(201)
    // One request, no lookups first: the server decides what the save is and says so.
    expect(await answer.json()).toMatchObject({ outcome: 'created', version: { versionLetter: 'a', referenceNumber: '001a' } })
    expect(requests.stop()[0]).toBe('POST /api/blends')
    await expect(toast(page, 'Blend saved to journal!')).toBeVisible()
    await expect(toast(page, 'Your blend has been added to your journal.')).toBeVisible()
    await expect(page).toHaveURL(/\/journal$/)
  })

  test('a project in the URL saves a new version of it and clears the draft', async ({ page }) => {
    await openBlendCreator(page)
    await buildFromOil(page)
    await page.getByLabel('Blend Title').fill('Morning Zest')
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/blends') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Save to Journal' }).click()
    const blend = (await (await saved).json()) as { id: number }
    await expect(page).toHaveURL(/\/journal$/)

    // A saved blend leaves a fresh draft behind: the next version is built again.
    await page.goto(`/blend?project=${blend.id}&projectName=${encodeURIComponent('Morning Zest')}`)
    await expect(heading(page, 'Create Your Perfect Blend')).toBeVisible()
    await buildFromOil(page)
    await page.getByLabel('Blend Title').fill('Morning Zest')
    const saveVersion = page.getByRole('button', { name: 'Save Version to Morning Zest' })
    await expect(saveVersion).toBeVisible()
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/blend-versions') && r.request().method() === 'POST')
    await saveVersion.click()
    const answer = await posted
    const body = answer.request().postDataJSON() as Record<string, unknown>
    expect(body).toMatchObject({ projectId: blend.id, tested: false, maturationPeriod: 48, crossContaminationPrevented: true })
    // The letter and reference are the server's to choose: the wizard sends none and shows the answer.
    expect(body).not.toHaveProperty('versionLetter')
    expect(await answer.json()).toMatchObject({
      outcome: 'versioned',
      versionLetter: 'b',
      referenceNumber: '001b',
      blend: { id: blend.id },
    })
    await expect(toast(page, 'Version saved to journal!')).toBeVisible()
    await expect(toast(page, 'New version added to Morning Zest project.')).toBeVisible()
    await expect(page).toHaveURL(/\/journal$/)

    await page.goto('/blend')
    await expect(heading(page, 'Create Your Perfect Blend')).toBeVisible()
  })

  test('a blend in the URL that was deleted offers Save as a new blend instead of a retry', async ({ page, consoleErrors }) => {
    await openBlendCreator(page)
    await buildFromOil(page)
    await page.getByLabel('Blend Title').fill('Morning Zest')
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/blends') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Save to Journal' }).click()
    const blend = (await (await saved).json()) as { id: number }
    await expect(page).toHaveURL(/\/journal$/)
    const deleted = await page.request.delete(`/api/blends/${blend.id}`, { headers: await bearerOf(page) })
    expect(deleted.status()).toBe(204)

    await page.goto(`/blend?project=${blend.id}&projectName=${encodeURIComponent('Morning Zest')}`)
    await buildFromOil(page)
    await page.getByLabel('Blend Title').fill('Morning Zest')
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/blend-versions') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Save Version to Morning Zest' }).click()
    const answer = await refused
    expect(answer.status()).toBe(404)
    expect(await answer.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: expect.stringContaining('may have been deleted') } })

    const notice = page.getByRole('alert').filter({ hasText: 'Morning Zest is no longer in your journal' })
    await expect(notice).toBeVisible()
    await expect(page.getByRole('button', { name: 'Save Version to Morning Zest' })).toHaveCount(0)
    await expect(toast(page, 'Error saving version')).toHaveCount(0)

    const created = page.waitForResponse((r) => r.url().endsWith('/api/blends') && r.request().method() === 'POST')
    await notice.getByRole('button', { name: 'Save as a new blend' }).click()
    expect(await (await created).json()).toMatchObject({ name: 'Morning Zest', outcome: 'created', referenceNumber: '002a' })
    await expect(toast(page, 'Blend saved to journal!')).toBeVisible()
    await expect(page).toHaveURL(/\/journal$/)

    // The browser reports the refused request itself; that one error is expected here.
    const refusal = /status of 404/
    expect(consoleErrors.filter((e) => refusal.test(e)).length).toBeLessThanOrEqual(1)
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !refusal.test(e)))
  })

  test('an effect start narrows the top note, then offers the effect checkbox; search, family filter and sort work', async ({ page }) => {
    const catalog = (await (await page.request.get('/api/essential-oils')).json()) as EssentialOil[]
    const byName = new Map(catalog.map((oil) => [oil.name, oil]))
    await openBlendCreator(page)

    await page.getByRole('checkbox', { name: 'Relaxing' }).check()
    await page.getByRole('checkbox', { name: 'Grounding' }).check()
    await page.getByRole('button', { name: 'Start Your Blend' }).click()
    await expect(heading(page, 'Select Your Top Note')).toBeVisible()
    const tops = await resultNames(page, 'Top')
    expect(tops.length).toBeGreaterThan(0)
    for (const name of tops) expect(byName.get(name)!.effects.some((e) => e === 'Relaxing' || e === 'Grounding')).toBe(true)
    await expect(page.getByRole('checkbox', { name: /Show only/ })).toHaveCount(0)
    await selectOil(page, 'Sweet Orange')
    // The page scrolls to the top.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

    await chooseLayer(page, 'Middle')
    // The checkbox uses the FIRST chosen effect.
    const onlyRelaxing = page.getByRole('checkbox', { name: 'Show only Relaxing oils' })
    await expect(onlyRelaxing).toBeVisible()
    const middles = await resultNames(page, 'Middle')
    expect(middles).toContain('Rosemary')
    await expect(page.getByText(`Showing ${middles.length} oils for Middle Note`)).toBeVisible()
    await onlyRelaxing.check()
    // Reads after a filter change poll, so a read cannot race the re-render. An empty list has no
    // Rosemary and no oil without Relaxing either: the filter must leave some oils.
    await expect
      .poll(async () => {
        const names = await resultNames(page, 'Middle')
        return names.length > 0 && !names.includes('Rosemary')
      })
      .toBe(true)
    const relaxing = await resultNames(page, 'Middle')
    expect(relaxing.length, 'oils left by Show only Relaxing oils').toBeGreaterThan(0)
    expect(relaxing).not.toContain('Rosemary')
    for (const name of relaxing) {
      expect(middles).toContain(name)
      expect(byName.get(name)!.effects).toContain('Relaxing')
    }
    await onlyRelaxing.uncheck()

    // Search by name, then clear it.
    const search = page.getByPlaceholder('Search oil names...')
    await search.fill('chamomile')
    await expect.poll(() => resultNames(page, 'Middle')).toEqual(['German Chamomile', 'Roman Chamomile'])
    await search.fill('no such oil')
    await expect(page.getByText('No oils found matching your criteria')).toBeVisible()
    await page.getByRole('button', { name: 'Clear Search' }).click()
    await expect.poll(() => resultNames(page, 'Middle')).toEqual(middles)

    // The compatible-family filter offers Citrus's partners: every family, as each lists Citrus
    // or Citrus lists it (decision 053).
    const family = page.getByRole('combobox', { name: 'Scent family' })
    await expect(chosenOption(family)).toHaveText('All compatible families')
    await expect(family.getByRole('option')).toHaveText([
      'All compatible families',
      'Citrus',
      'Woody',
      'Floral',
      'Herbal',
      'Spicy',
      'Earthy',
      'Minty',
      'Resinous',
      'Camphoraceous',
    ])
    await choose(page, family, 'Floral')
    const onlyFloral = (names: string[]) => names.length > 0 && names.every((name) => byName.get(name)!.scentFamily === 'Floral')
    await expect.poll(async () => onlyFloral(await resultNames(page, 'Middle'))).toBe(true)
    await choose(page, family, 'All compatible families')

    // Each sort orders the list, ties by name.
    const sort = page.getByRole('combobox', { name: 'Sort oils' })
    await expect(chosenOption(sort)).toHaveText('Sort by Name')
    expect(middles).toEqual([...middles].sort((a, b) => a.localeCompare(b, 'en')))
    const isOrdered = (names: string[], key: (oil: EssentialOil) => string) =>
      names.every((name, i) => {
        if (i === 0) return true
        const [a, b] = [byName.get(names[i - 1]!)!, byName.get(name)!]
        return key(a).localeCompare(key(b), 'en') < 0 || (key(a) === key(b) && a.name.localeCompare(b.name, 'en') < 0)
      })
    // A sort shows the same oils in another order: an empty or shortened list is not "sorted".
    const sameOils = (names: string[]) => names.length === middles.length && middles.every((name) => names.includes(name))
    await choose(page, sort, 'Sort by Scent Family')
    await expect
      .poll(async () => {
        const names = await resultNames(page, 'Middle')
        return sameOils(names) && names.join() !== middles.join()
      })
      .toBe(true)
    const byFamily = await resultNames(page, 'Middle')
    expect(byFamily).toHaveLength(middles.length)
    expect(sameOils(byFamily), 'the same oils as by name').toBe(true)
    expect(byFamily).not.toEqual(middles)
    expect(isOrdered(byFamily, (oil) => oil.scentFamily)).toBe(true)
    await choose(page, sort, 'Sort by Effects')
    const effectKey = (oil: EssentialOil) => oil.effects[0] ?? '~'
    await expect
      .poll(async () => {
        const names = await resultNames(page, 'Middle')
        return sameOils(names) && isOrdered(names, effectKey)
      })
      .toBe(true)
    const byEffect = await resultNames(page, 'Middle')
    expect(byEffect).toHaveLength(middles.length)
    expect(sameOils(byEffect), 'the same oils as by name').toBe(true)
    expect(byEffect).not.toEqual(middles)

    await selectOil(page, 'Lavender')
    await chooseLayer(page, 'Base')
    await expect(page.getByRole('checkbox', { name: 'Show only Relaxing oils' })).toBeVisible()
    await selectOil(page, 'Sandalwood')
    await continueToSummary(page)
  })

  test('a note-type start opens that layer at once', async ({ page }) => {
    await openBlendCreator(page)
    await page.getByRole('button', { name: /^Base/ }).click()
    await expect(heading(page, 'Select Your Base Note')).toBeVisible()
    await selectOil(page, 'Vetiver')
    await chooseLayer(page, 'Top')
    await selectOil(page, 'Grapefruit')
    await chooseLayer(page, 'Middle')
    await selectOil(page, 'Geranium')
    await continueToSummary(page)
    await expect(page.getByText('A Citrus top, a Floral heart and an Earthy base.')).toBeVisible()
  })

  test('a scent-family start keeps the first note to that family', async ({ page }) => {
    await openBlendCreator(page)
    await page.getByRole('radio', { name: 'Woody' }).check()
    await expect(page.getByText('Blends well with: Citrus, Floral, Spicy, Herbal, Earthy, Minty, Resinous, Camphoraceous')).toBeVisible()
    await page.getByRole('button', { name: 'Start Your Blend' }).click()
    await expect(heading(page, 'Select Your Top Note')).toBeVisible()
    const family = page.getByRole('combobox', { name: 'Scent family' })
    await expect(family.getByRole('option')).toHaveText(['All compatible families', 'Woody'])
    await selectOil(page, 'Juniper Berry')
    await chooseLayer(page, 'Middle')
    await selectOil(page, 'Black Pepper')
    await chooseLayer(page, 'Base')
    await selectOil(page, 'Atlas Cedarwood')
    await continueToSummary(page)
  })

  test('a reload in the middle of the wizard comes back to the same blend', async ({ page }) => {
    await openBlendCreator(page)
    await page.getByRole('button', { name: /^Top/ }).click()
    await selectOil(page, 'Lemon')
    await chooseLayer(page, 'Middle')
    await selectOil(page, 'Rosemary')
    await page.reload()
    await expect(heading(page, 'Build Your Blend')).toBeVisible()
    await expect(page.getByText('2 / 3')).toBeVisible()
    await expect(page.getByText('Lemon', { exact: true })).toBeVisible()
    await expect(page.getByText('Rosemary', { exact: true })).toBeVisible()
    await chooseLayer(page, 'Base')
    await selectOil(page, 'Atlas Cedarwood')
    await continueToSummary(page)
    await page.getByLabel('Blend Title').fill('Kitchen Fresh')
    await page.reload()
    await expect(page.getByLabel('Blend Title')).toHaveValue('Kitchen Fresh')
  })

  test('saving a second Morning Grove says first that it becomes version 001b, and another name saves a new blend', async ({ page }) => {
    await openBlendCreator(page)
    const headers = await bearerOf(page)
    const ids = (await (await page.request.get('/api/essential-oils')).json()) as { id: number; name: string }[]
    const id = (name: string) => ids.find((o) => o.name === name)!.id
    const first = await page.request.post('/api/blends', {
      headers,
      data: {
        name: 'Morning Grove',
        topNote: id('Lemon'),
        middleNote: id('Lavender'),
        baseNote: id('Vetiver'),
        topPercentage: 30,
        middlePercentage: 50,
        basePercentage: 20,
      },
    })
    expect(first.status()).toBe(201)
    await buildFromOil(page)
    await page.getByLabel('Blend Title').fill('morning grove')
    await expect(
      page.getByText('A blend named Morning Grove is in your journal. Saving adds version 001b to it.', { exact: false }),
    ).toBeVisible()
    const save = page.getByRole('button', { name: 'Save as version 001b' })
    await expect(save).toBeVisible()
    // Another name: the notice goes and the button is the new blend's again.
    await page.getByRole('button', { name: 'Use another name' }).click()
    await expect(page.getByLabel('Blend Title')).toBeFocused()
    await page.getByLabel('Blend Title').fill('Morning Grove Bright')
    await expect(page.getByRole('button', { name: 'Save to Journal' })).toBeVisible()
    await expect(page.getByText(/is in your journal/)).toHaveCount(0)
    // Back to the taken name: the save does what the notice said.
    await page.getByLabel('Blend Title').fill('Morning Grove')
    await expect(save).toBeVisible()
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/blends') && r.request().method() === 'POST')
    await save.click()
    expect(await (await saved).json()).toMatchObject({ outcome: 'versioned', version: { referenceNumber: '001b' } })
    await expect(toast(page, 'Version saved to journal!')).toBeVisible()
  })

  test('saving without a name asks for one and keeps the draft', async ({ page }) => {
    await openBlendCreator(page)
    await buildFromOil(page)
    await page.getByRole('button', { name: 'Save to Journal' }).click()
    await expect(toast(page, 'Incomplete blend')).toBeVisible()
    await expect(toast(page, 'Please ensure all notes are selected and the blend has a name.')).toBeVisible()
    await expect(heading(page, 'Your Blend Summary')).toBeVisible()
    await expect(page).toHaveURL(/\/blend\?step=3$/)
  })

  test('Export PDF downloads a recipe card with the name and the three oils', async ({ page }) => {
    await openBlendCreator(page)
    await buildFromOil(page)
    await page.getByLabel('Blend Title').fill('Lantern Light')
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export PDF' }).click()
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'accord-pdf-')), 'recipe.pdf')
    const pdf = await download
    expect(pdf.suggestedFilename()).toBe('lantern-light-recipe.pdf')
    await pdf.saveAs(file)
    await expect(toast(page, 'Blend recipe exported!')).toBeVisible()
    await expect(toast(page, 'Your blend recipe has been downloaded as a PDF.')).toBeVisible()
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
    for (const expected of ['Lantern Light', 'Bergamot', 'Lavender', 'Atlas Cedarwood', '30%', '50%', '20%', 'Not saved yet']) {
      expect(text).toContain(expected)
    }
    // An unsaved blend has no reference yet: the card does not guess the one a save would get.
    expect(text).not.toContain('Reference')
    await expect(page.getByRole('button', { name: 'Export PDF' })).toBeEnabled()
  })

  test('Create New Blend on the summary starts over once the unsaved blend may go', async ({ page }) => {
    await openBlendCreator(page)
    await buildFromOil(page)
    await page.getByRole('button', { name: 'Create New Blend' }).click()
    const dialog = page.getByRole('dialog', { name: 'Discard this blend?' })
    await dialog.getByRole('button', { name: 'Keep this blend' }).click()
    await expect(heading(page, 'Your Blend Summary')).toBeVisible()
    await page.getByRole('button', { name: 'Create New Blend' }).click()
    await dialog.getByRole('button', { name: 'Discard and start over' }).click()
    await expect(heading(page, 'Create Your Perfect Blend')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Start Your Blend' })).toBeDisabled()
  })

  test('the header’s New Blend asks about a named, unsaved draft as the summary does, from any page', async ({ page }) => {
    await openBlendCreator(page)
    await buildFromOil(page)
    await page.getByLabel('Blend Title').fill('Harbour Dusk')
    await page.getByLabel('Blend Notes').fill('Lemon was too sharp')
    // Away from the creator, the header's New Blend still knows the draft is there.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Glossary' }).click()
    await page.getByRole('banner').getByRole('button', { name: 'New Blend' }).click()
    const dialog = page.getByRole('dialog', { name: 'Discard this blend?' })
    await expect(dialog).toContainText('“Harbour Dusk” is not saved.')
    await dialog.getByRole('button', { name: 'Keep this blend' }).click()
    await expect(page).toHaveURL(/\/glossary$/)
    await page.goto('/blend')
    await expect(heading(page, 'Your Blend Summary')).toBeVisible()
    await expect(page.getByLabel('Blend Title')).toHaveValue('Harbour Dusk')
    await expect(page.getByLabel('Blend Notes')).toHaveValue('Lemon was too sharp')

    await page.getByRole('banner').getByRole('button', { name: 'New Blend' }).click()
    await dialog.getByRole('button', { name: 'Discard and start over' }).click()
    await expect(heading(page, 'Create Your Perfect Blend')).toBeVisible()
    await expect(page).toHaveURL(/\/blend\?step=1$/)
  })

  test('works on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openBlendCreator(page)
    await buildFromOil(page)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
