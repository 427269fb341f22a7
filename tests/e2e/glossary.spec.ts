import type { Locator, Page } from '@playwright/test'
import type { EssentialOil } from '../../src/shared/api/oils.ts'
import { expect, test } from '../support/e2e-fixtures.ts'
import { chooseOption, chosenOption } from '../support/e2e-select.ts'
import { signUpInPage } from '../support/e2e-users.ts'

/** The oil glossary (docs/product.md §2 "Glossary"), against the built app and its seeded catalog. */

let catalog: EssentialOil[] = []

const choose = (page: Page, trigger: Locator, option: string) => chooseOption(page, trigger, option, true)

const count = (page: Page) => page.getByText(/^Showing \d+ of \d+ essential oils$/)
const cardNames = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents()
const expectCount = (page: Page, shown: number) => expect(count(page)).toHaveText(`Showing ${shown} of ${catalog.length} essential oils`)

test.beforeEach(async ({ page }) => {
  await signUpInPage(page)
  catalog = (await (await page.request.get('/api/essential-oils')).json()) as EssentialOil[]
  await page.goto('/glossary')
  await expect(page.getByRole('heading', { level: 1, name: 'Oil Glossary' })).toBeVisible()
})

test('lists every oil sorted by name with its details and sourced safety facts', async ({ page }) => {
  await expectCount(page, catalog.length)
  const names = await cardNames(page)
  expect(names).toEqual(catalog.map((oil) => oil.name).sort((a, b) => a.localeCompare(b, 'en')))

  const bergamot = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Bergamot', exact: true }) })
  await expect(bergamot).toContainText('Citrus bergamia')
  await expect(bergamot).toContainText('Top / Middle note')
  await expect(bergamot).toContainText('Blends with')
  await expect(bergamot).toContainText('At most 0.4% in leave-on skin products')
  await expect(bergamot).toContainText('Source: Tisserand & Young 2014')
  // An oil with no maximum on file says so, never passing in silence (issue 31).
  const vetiver = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Vetiver', exact: true }) })
  await expect(vetiver).toContainText('No published maximum on file.')
  const lemongrass = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Lemongrass', exact: true }) })
  await expect(lemongrass).toContainText('At most 0.7% in leave-on skin products.')
  await expect(lemongrass).toContainText('Pregnancy: Tisserand & Young note a risk of teratogenicity (citral).')
})

test('searches by botanical name and shows No oils found', async ({ page }) => {
  await page.getByRole('searchbox', { name: 'Search' }).fill('lavandula')
  await expect.poll(() => cardNames(page)).toEqual(['Lavender'])
  await expectCount(page, 1)

  await page.getByRole('searchbox', { name: 'Search' }).fill('no such oil')
  await expect(page.getByText('No oils found', { exact: true })).toBeVisible()
  await expectCount(page, 0)
})

/** What each filter shows for the seeded catalog (src/server/db/seed/oils-data.ts), written out by hand. */
const CITRUS = [
  'Bergamot',
  'Bitter Orange',
  'Grapefruit',
  'Lemon',
  'Lemongrass',
  'Lime',
  'Litsea',
  'Mandarin',
  'Petitgrain',
  'Sweet Orange',
]
const BASE_NOTES = [
  'Atlas Cedarwood',
  'Benzoin',
  'Black Pepper',
  'Cinnamon Bark',
  'Clove Bud',
  'Cypress',
  'Frankincense',
  'Ginger',
  'Helichrysum',
  'Jasmine',
  'Myrrh',
  'Patchouli',
  'Rose',
  'Sandalwood',
  'Spikenard',
  'Vetiver',
  'Ylang Ylang',
]
/** The base notes above without Cinnamon Bark, Jasmine, Rose and Ylang Ylang, which are not Grounding. */
const GROUNDING_BASE_NOTES = [
  'Atlas Cedarwood',
  'Benzoin',
  'Black Pepper',
  'Clove Bud',
  'Cypress',
  'Frankincense',
  'Ginger',
  'Helichrysum',
  'Myrrh',
  'Patchouli',
  'Sandalwood',
  'Spikenard',
  'Vetiver',
]

test('filters by scent profile, note type and effect, and Clear All resets them', async ({ page }) => {
  const expectNames = (names: string[]) => expect.poll(() => cardNames(page)).toEqual(names)

  await choose(page, page.getByRole('combobox', { name: 'Scent profile' }), 'Citrus')
  await expectNames(CITRUS)
  await expectCount(page, 10)

  await choose(page, page.getByRole('combobox', { name: 'Scent profile' }), 'All scent profiles')
  await choose(page, page.getByRole('combobox', { name: 'Note type' }), 'Base')
  await expectNames(BASE_NOTES)
  await expectCount(page, 17)

  await choose(page, page.getByRole('combobox', { name: 'Effect' }), 'Grounding')
  await expectNames(GROUNDING_BASE_NOTES)
  await expectCount(page, 13)

  await page.getByRole('button', { name: 'Clear All' }).click()
  await expectCount(page, catalog.length)
  await expect(chosenOption(page.getByRole('combobox', { name: 'Note type' }))).toHaveText('All note types')
  await expect(chosenOption(page.getByRole('combobox', { name: 'Effect' }))).toHaveText('All effects')
})
