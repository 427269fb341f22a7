import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { activateLanguage } from '#client/lib/i18n.ts'
import { json } from '#client/testing/fake-fetch.ts'
import { renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'
import { at, version } from '#client/testing/api-fixtures.ts'
import { CalculatorPage } from '#client/features/calculator/components/calculator-page.tsx'
import { detailOf, fakeBlendsApi, listItem, type FakeBlend } from '#tests/support/fake-blends-api.ts'
import { makeOil } from '#tests/support/oil-fixtures.ts'

const bergamot = makeOil({
  id: 101,
  name: 'Bergamot',
  noteType: ['Top'],
  scentFamily: 'Citrus',
  densityGPerMl: 0.85,
  safety: {
    maxLeaveOnPercent: 0.4,
    maximumNote: null,
    phototoxic: true,
    source: 'Tisserand & Young 2014',
    oxidation: null,
    children: null,
    pregnancy: null,
  },
})
const lemon = makeOil({ id: 104, name: 'Lemon', noteType: ['Top'], scentFamily: 'Citrus' })
const lavender = makeOil({ id: 102, name: 'Lavender', noteType: ['Middle'], scentFamily: 'Floral' })
const cedar = makeOil({ id: 103, name: 'Atlas Cedarwood', noteType: ['Base'], scentFamily: 'Woody' })

const a = version({
  id: 11,
  projectId: 1,
  versionLetter: 'a',
  topOils: [at(bergamot, 30)],
  middleOils: [at(lavender, 50)],
  baseOils: [at(cedar, 20)],
})
const b = version({
  id: 12,
  projectId: 1,
  versionLetter: 'b',
  topOils: [at(bergamot, 20), at(lemon, 20)],
  middleOils: [at(lavender, 40)],
  baseOils: [at(cedar, 20)],
})
const calmItem = listItem({ id: 1, name: 'Evening Calm', oilNames: ['bergamot', 'lavender', 'atlas cedarwood'] })
const calm: FakeBlend = { ...calmItem, detail: detailOf(calmItem, [a]) }
const zest = listItem({ id: 2, name: 'Morning Zest', oilNames: ['lemon', 'rosemary', 'vetiver'] })

function renderPage(blends: FakeBlend[], routes: Parameters<typeof fakeBlendsApi>[1] = {}) {
  const api = fakeBlendsApi(blends, { 'GET /api/essential-oils': json([bergamot, lemon, lavender, cedar]), ...routes })
  renderSignedIn(<CalculatorPage />)
  return api
}

const blendBox = () => screen.getByRole('combobox', { name: 'Blend' })

async function chooseBlend(option: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: 'Blend' }))
  await userEvent.click(await within(screen.getByRole('listbox', { name: 'Blends' })).findByRole('option', { name: option }))
}

/** Chooses from one of the page's selects (the browser's own). */
async function choose(name: string, option: string) {
  await userEvent.selectOptions(await screen.findByRole('combobox', { name }), option)
}

/** The options of the blend picker's list (the page's selects have options too). */
const blendOptions = () => within(screen.getByRole('listbox', { name: 'Blends', hidden: true })).queryAllByRole('option')

signInEachTest()

describe('calculator page', () => {
  it('links to the blend creator when there are no blends', async () => {
    renderPage([])
    expect(await screen.findByRole('heading', { name: 'No blends to calculate yet' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create a blend' })).toHaveAttribute('href', '/blend')
  })

  it('speaks German when German is the language: its own words, none of the English', async () => {
    await activateLanguage('de')
    try {
      renderPage([calm, zest])
      expect(await screen.findByText('Wählen Sie eine Mischung, um mit der Berechnung zu beginnen')).toBeInTheDocument()
      expect(screen.getByRole('heading', { name: 'Projektrechner' })).toBeInTheDocument()
      expect(screen.getByText('Es fehlt: Mischung, Gesamtgewicht des Produkts, Anteil an ätherischem Öl')).toBeInTheDocument()
      expect(screen.getByRole('textbox', { name: 'Gesamtgewicht des Produkts' })).toBeInTheDocument()
      expect(screen.getByText('Dosierempfehlungen')).toBeInTheDocument()
      for (const english of [
        'Project Calculator',
        'Select a blend to start calculating',
        'Batch details',
        'Usage guidelines',
        'Product type',
      ])
        expect(screen.queryByText(english)).not.toBeInTheDocument()
    } finally {
      await activateLanguage('en')
    }
  })

  it('writes the amounts and names the oils in German: a decimal comma, Tropfen, German names, no English (decision 104)', async () => {
    await activateLanguage('de')
    try {
      renderPage([calm, zest])
      await userEvent.click(await screen.findByRole('combobox', { name: 'Mischung' }))
      await userEvent.click(
        await within(screen.getByRole('listbox', { name: 'Mischungen' })).findByRole('option', { name: '001a Evening Calm' }),
      )
      await userEvent.type(await screen.findByRole('textbox', { name: 'Gesamtgewicht des Produkts' }), '500')
      await userEvent.type(screen.getByRole('textbox', { name: 'Anteil an ätherischem Öl' }), '2')
      expect(screen.getByTestId('total-oil')).toHaveTextContent(/^10,00 g$/)
      expect(screen.getByText(/^Etwa .* mL oder \d+ Tropfen$/)).toBeInTheDocument()
      const table = await screen.findByRole('table', { name: 'Menge jedes Öls für diese Charge' })
      expect(within(table).getByRole('row', { name: /Bergamotte/ })).toHaveTextContent('3,00 g')
      expect(within(table).getByRole('row', { name: /Lavendel/ })).toBeInTheDocument()
      expect(within(table).getByRole('row', { name: /Atlaszeder/ })).toBeInTheDocument()
      for (const english of ['Bergamot', 'Lavender', 'Atlas Cedarwood']) expect(within(table).queryByText(english), english).toBeNull()
      expect(screen.queryByText(/\bdrops?\b/)).not.toBeInTheDocument()
      expect(screen.queryByText(/\d\.\d\d g/)).not.toBeInTheDocument()
    } finally {
      await activateLanguage('en')
    }
  })

  it('prompts with what is missing, loads the chosen blend alone, then shows the amounts per oil', async () => {
    const { callsTo } = renderPage([calm, zest])
    expect(await screen.findByText('Select a blend to start calculating')).toBeInTheDocument()
    expect(screen.getByText('Missing: blend, total product weight, essential oil percentage')).toBeInTheDocument()
    expect(callsTo('GET /api/blends/1')).toHaveLength(0)

    await chooseBlend('001a Evening Calm')
    expect(blendBox()).toHaveValue('001a Evening Calm')
    expect(await screen.findByText('Enter both weight and percentage to see calculations')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Version' })).toHaveDisplayValue('Version 1 - 001a')
    expect(callsTo('GET /api/blends/1')).toHaveLength(1)
    await userEvent.type(screen.getByRole('textbox', { name: 'Total product weight' }), '500')
    await userEvent.type(screen.getByRole('textbox', { name: 'Essential oil percentage' }), '2')

    expect(screen.getByTestId('total-oil')).toHaveTextContent(/^10.00 g$/)
    const table = screen.getByRole('table', { name: 'Amount of each oil for this batch' })
    expect(within(table).getByRole('row', { name: /Bergamot/ })).toHaveTextContent('3.00 g')
    expect(within(table).getByRole('row', { name: /Lavender/ })).toHaveTextContent('5.00 g')
    expect(within(table).getByRole('row', { name: /Atlas Cedarwood/ })).toHaveTextContent('2.00 g')
  })

  it('says next to a field what is wrong with it, and reads 1,5 as one and a half', async () => {
    renderPage([calm])
    await chooseBlend('001a Evening Calm')
    const weight = await screen.findByRole('textbox', { name: 'Total product weight' })
    const pct = screen.getByRole('textbox', { name: 'Essential oil percentage' })
    expect(weight).toHaveAttribute('inputmode', 'decimal')

    await userEvent.type(weight, '0')
    await userEvent.type(pct, '2')
    expect(weight).toHaveAccessibleDescription('Must be greater than 0')
    expect(screen.queryByText(/Missing:/)).not.toBeInTheDocument()

    await userEvent.clear(weight)
    await userEvent.type(weight, '12 g')
    expect(weight).toHaveAccessibleDescription('Not a number: type it like 1.5')
    expect(weight).toHaveValue('12 g')
    expect(screen.queryByTestId('total-oil')).not.toBeInTheDocument()

    await userEvent.clear(weight)
    await userEvent.type(weight, '1,000')
    await userEvent.clear(pct)
    await userEvent.type(pct, '1,5')
    expect(weight).not.toHaveAccessibleDescription()
    expect(screen.getByTestId('total-oil')).toHaveTextContent(/^15.00 g$/)
    expect(screen.getByTestId('product-weight')).toHaveTextContent('1,000 g')
  })

  it('starts from the latest version and offers every version', async () => {
    renderPage([{ ...calmItem, versionCount: 2, detail: detailOf(calmItem, [a, b]) }])
    await chooseBlend('001a Evening Calm')
    expect(await screen.findByRole('combobox', { name: 'Version' })).toHaveDisplayValue('Version 2 - 001b')
    await userEvent.type(screen.getByRole('textbox', { name: 'Total product weight' }), '100')
    await userEvent.type(screen.getByRole('textbox', { name: 'Essential oil percentage' }), '5')
    expect(screen.getByRole('row', { name: /Lemon/ })).toHaveTextContent('1.00 g')
    await choose('Version', 'Version 1 - 001a')
    expect(screen.queryByRole('row', { name: /Lemon/ })).not.toBeInTheDocument()
    expect(screen.getByRole('row', { name: /Bergamot/ })).toHaveTextContent('1.50 g')
  })

  it('searches the blends on the server and is worked with the keyboard', async () => {
    const { listQueries } = renderPage([calm, zest])
    const box = await screen.findByRole('combobox', { name: 'Blend' })
    await userEvent.click(box)
    expect(box).toHaveAttribute('aria-expanded', 'true')
    await userEvent.type(box, 'vetiver')
    // One search for the word, once typing pauses: the oil of Morning Zest.
    await waitFor(() => expect(blendOptions().map((o) => o.textContent)).toEqual(['002a Morning Zest']))
    expect(listQueries.map((q) => q.get('q'))).toEqual([null, 'vetiver'])
    expect(screen.getByText('1 blend matches "vetiver"')).toBeInTheDocument()

    await userEvent.keyboard('{ArrowDown}')
    const option = screen.getByRole('option', { name: '002a Morning Zest' })
    expect(option).toHaveAttribute('aria-selected', 'true')
    expect(box).toHaveAttribute('aria-activedescendant', option.id)
    await userEvent.keyboard('{Enter}')
    expect(box).toHaveValue('002a Morning Zest')
    expect(box).toHaveAttribute('aria-expanded', 'false')

    // Escape closes the list and keeps the choice; closed, it clears the field.
    await userEvent.keyboard('{ArrowDown}')
    expect(box).toHaveAttribute('aria-expanded', 'true')
    await userEvent.keyboard('{Escape}')
    expect(box).toHaveAttribute('aria-expanded', 'false')
    expect(box).toHaveValue('002a Morning Zest')
    await userEvent.keyboard('{Escape}')
    expect(box).toHaveValue('')
    expect(await screen.findByText('Select a blend to start calculating')).toBeInTheDocument()
  })

  it('says when no blend matches', async () => {
    renderPage([calm, zest])
    await userEvent.type(await screen.findByRole('combobox', { name: 'Blend' }), 'peony')
    expect(await screen.findByText('No blends match "peony".', { selector: '[role="status"]' })).toBeInTheDocument()
    expect(blendOptions()).toHaveLength(0)
  })

  it('loads the next page when the arrows reach the end of the list', async () => {
    const many = Array.from({ length: 45 }, (_, i) => listItem({ id: i + 1, name: `Blend ${i + 1}` }))
    const { listQueries } = renderPage(many)
    const box = await screen.findByRole('combobox', { name: 'Blend' })
    await waitFor(() => expect(listQueries).toHaveLength(1))
    box.focus()
    await userEvent.keyboard('{ArrowDown}')
    expect(blendOptions()).toHaveLength(20)
    for (let i = 0; i < 19; i++) await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(blendOptions()).toHaveLength(40))
    expect(listQueries.map((q) => q.get('cursor'))).toEqual([null, 'o20'])
    expect(screen.getByRole('option', { name: '020a Blend 20' })).toHaveAttribute('aria-selected', 'true')
  })

  it('says when the chosen blend’s versions cannot be loaded, and tries again', async () => {
    renderPage([calm], { 'GET /api/blends/1': [json({ error: { code: 'INTERNAL', message: 'x' } }, 500), json(calm.detail)] })
    await chooseBlend('001a Evening Calm')
    expect(await screen.findByText(/versions could not be loaded just now/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('combobox', { name: 'Version' })).toHaveDisplayValue('Version 1 - 001a')
  })

  it('fills a typical percentage from the product type and warns for leave-on products only', async () => {
    renderPage([calm])
    await chooseBlend('001a Evening Calm')
    await userEvent.type(await screen.findByRole('textbox', { name: 'Total product weight' }), '100')
    await screen.findByText('Enter both weight and percentage to see calculations')
    await choose('Product type', 'Other leave-on skin product')
    expect(screen.getByRole('textbox', { name: 'Essential oil percentage' })).toHaveValue('2')
    const warnings = within(await screen.findByRole('list', { name: 'Safety warnings' })).getAllByRole('listitem')
    expect(warnings.map((w) => w.textContent)).toEqual([
      expect.stringContaining('Bergamot is 0.6% of the finished product, above its leave-on maximum of 0.4%'),
      expect.stringContaining('Bergamot is phototoxic'),
    ])
    // The oils with no maximum on file are named, not passed over in silence.
    const unchecked = within(screen.getByRole('list', { name: 'Oils not checked' })).getAllByRole('listitem')
    expect(unchecked.map((u) => u.textContent)).toEqual([
      'No published maximum on file for Lavender, so its 1% of the finished product could not be checked.',
      'No published maximum on file for Atlas Cedarwood, so its 0.4% of the finished product could not be checked.',
    ])

    await choose('Product type', 'Bath bombs')
    expect(screen.queryByRole('list', { name: 'Safety warnings' })).not.toBeInTheDocument()
    expect(screen.getByText(/phototoxicity warnings do not apply/)).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Oils not checked' })).not.toBeInTheDocument()
  })

  it("links a cosmetic batch to its label with the calculator's inputs, and home fragrance to the CLP allergens it would name", async () => {
    renderPage([calm])
    await chooseBlend('001a Evening Calm')
    await userEvent.type(await screen.findByRole('textbox', { name: 'Total product weight' }), '500')
    await userEvent.type(screen.getByRole('textbox', { name: 'Essential oil percentage' }), '2')
    expect(await screen.findByText("Choose a product type above to see this batch's allergen label.")).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Label' })).not.toBeInTheDocument()

    await choose('Product type', 'Lotion / cream')
    await userEvent.clear(screen.getByRole('textbox', { name: 'Essential oil percentage' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Essential oil percentage' }), '2')
    expect(await screen.findByRole('link', { name: 'Label' })).toHaveAttribute(
      'href',
      '/label?blend=1&version=11&type=lotion&weight=500&unit=g&oil=2',
    )

    await choose('Product type', 'Candles')
    expect(screen.queryByRole('link', { name: 'Label' })).not.toBeInTheDocument()
    expect(
      screen.getByText(
        "Candles, wax melts, room sprays and diffusers aren't cosmetics: they need a CLP hazard label, not the cosmetic allergen label.",
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'CLP allergens' })).toHaveAttribute('href', expect.stringContaining('type=candles'))
  })

  it('lists a 500 g lotion at 2 % in amounts to 0.01 g that add up to the batch total of 10.00 g', async () => {
    const geranium = makeOil({ id: 105, name: 'Geranium', noteType: ['Middle'], scentFamily: 'Floral' })
    const four = version({
      id: 13,
      projectId: 3,
      versionLetter: 'a',
      topOils: [at(bergamot, 27.5)],
      middleOils: [at(lavender, 50), at(geranium, 12.5)],
      baseOils: [at(cedar, 10)],
    })
    const item = listItem({ id: 3, name: 'Four Oils', oilNames: ['bergamot', 'lavender', 'geranium', 'atlas cedarwood'] })
    renderPage([{ ...item, detail: detailOf(item, [four]) }])
    await chooseBlend('003a Four Oils')
    await choose('Product type', 'Lotion / cream')
    await userEvent.type(await screen.findByRole('textbox', { name: 'Total product weight' }), '500')
    await userEvent.clear(screen.getByRole('textbox', { name: 'Essential oil percentage' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Essential oil percentage' }), '2')
    const table = screen.getByRole('table', { name: 'Amount of each oil for this batch' })
    const grams = within(table)
      .getAllByRole('row')
      .slice(1, -1)
      .map((row) => within(row).getAllByRole('cell')[2]!.textContent)
    // One decimal read 2.8 + 5.0 + 1.3 + 1.0 = 10.1 g against a total of 10.0 g.
    expect(grams).toEqual(['2.75 g', '5.00 g', '1.25 g', '1.00 g'])
    expect(within(table).getByRole('row', { name: /Batch total/ })).toHaveTextContent('10.00 g')
  })

  it("doses soap by the weight of its oils, and checks and labels the oil's share of the product", async () => {
    renderPage([calm])
    await chooseBlend('001a Evening Calm')
    await choose('Product type', 'Cold process soap')
    const basis = screen.getByRole('group', { name: 'Measure the essential oil as' })
    expect(within(basis).getByRole('radio', { name: '% of the product' })).toBeChecked()
    await userEvent.click(within(basis).getByRole('radio', { name: "% of oils' weight" }))
    expect(screen.getByText(/Missing: weight of the soap's oils/)).toBeInTheDocument()
    await userEvent.type(screen.getByRole('textbox', { name: "Weight of the soap's oils" }), '1000')
    await userEvent.clear(screen.getByRole('textbox', { name: "Essential oil, % of oils' weight" }))
    await userEvent.type(screen.getByRole('textbox', { name: "Essential oil, % of oils' weight" }), '3')
    expect(screen.getByTestId('total-oil')).toHaveTextContent(/^30.00 g$/)
    expect(screen.getByRole('row', { name: /Lavender/ })).toHaveTextContent('15.00 g')
    expect(screen.getByTestId('product-weight')).toHaveTextContent('1,000 g')
    // 30 g of oil in 1,030 g of oils and essential oil.
    expect(screen.getByTestId('product-share')).toHaveTextContent('at most 2.91%')
    expect(screen.getByRole('link', { name: 'Label' })).toHaveAttribute(
      'href',
      `/label?blend=1&version=11&type=cold-process-soap&weight=1030&unit=g&oil=${String(300 / 103)}`,
    )
    // The printed sheet says what the rate was of.
    expect(
      screen.getByText('001a Evening Calm: 1,000 grams of soap oils with essential oil at 3% of their weight (Cold process soap).'),
    ).toBeInTheDocument()
  })

  it("doses soap in oz per lb of its oils, up to the oils' own weight, and checks a lotion dosed so by its share", async () => {
    renderPage([calm])
    await chooseBlend('001a Evening Calm')
    await choose('Product type', 'Cold process soap')
    const basis = screen.getByRole('group', { name: 'Measure the essential oil as' })
    // Ounces per pound of oils: 0.5 oz per lb of 2 lb is 1 oz.
    await userEvent.click(within(basis).getByRole('radio', { name: 'oz per lb of oils' }))
    await choose('Unit', 'Pounds')
    await userEvent.type(screen.getByRole('textbox', { name: "Weight of the soap's oils" }), '2')
    await userEvent.clear(screen.getByRole('textbox', { name: 'Essential oil, oz per lb of oils' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Essential oil, oz per lb of oils' }), '0.5')
    expect(screen.getByTestId('total-oil')).toHaveTextContent(/^1.000 oz \(28.35 g\)$/)
    // More essential oil than the soap's oils is refused: 17 oz per lb is over 100 %.
    await userEvent.clear(screen.getByRole('textbox', { name: 'Essential oil, oz per lb of oils' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Essential oil, oz per lb of oils' }), '17')
    expect(screen.getByText("The essential oil can weigh at most as much as the soap's oils (100%, or 16 oz per lb).")).toBeInTheDocument()
    expect(screen.queryByTestId('total-oil')).not.toBeInTheDocument()

    // In a lotion dosed this way, the skin check reads Bergamot's share of the product: 30% of 2/102.
    await choose('Unit', 'Grams')
    await userEvent.click(within(basis).getByRole('radio', { name: "% of oils' weight" }))
    await choose('Product type', 'Other leave-on skin product')
    await userEvent.clear(screen.getByRole('textbox', { name: "Weight of the soap's oils" }))
    await userEvent.type(screen.getByRole('textbox', { name: "Weight of the soap's oils" }), '100')
    await userEvent.clear(screen.getByRole('textbox', { name: "Essential oil, % of oils' weight" }))
    await userEvent.type(screen.getByRole('textbox', { name: "Essential oil, % of oils' weight" }), '2')
    const warnings = within(await screen.findByRole('list', { name: 'Safety warnings' })).getAllByRole('listitem')
    expect(warnings[0]).toHaveTextContent('Bergamot is 0.59% of the finished product')
  })

  it('lowers the maxima of a lotion for a child of 4 and says why', async () => {
    renderPage([calm])
    await chooseBlend('001a Evening Calm')
    await choose('Product type', 'Lotion / cream')
    await userEvent.type(screen.getByRole('textbox', { name: 'Total product weight' }), '100')
    const who = screen.getByRole('combobox', { name: 'Who is it for' })
    expect(who).toHaveDisplayValue('Adults')
    expect(screen.queryByRole('heading', { name: /^For / })).not.toBeInTheDocument()

    await choose('Who is it for', 'Children 2-6 years')
    expect(who).toHaveAccessibleDescription(
      'Children 2-6 years: at most 2% essential oil in total (1% recommended) (Robert Tisserand, quoted by Thrive Style [TS]).',
    )
    expect(await screen.findByRole('heading', { name: 'For Children 2-6 years' })).toBeInTheDocument()
    // The printed recipe says who it is for, beside the product type.
    expect(screen.getByText(/\(Lotion \/ cream, for Children 2-6 years\)\.$/)).toBeInTheDocument()
    const maxima = within(screen.getByRole('list', { name: 'Maxima for Children 2-6 years' })).getAllByRole('listitem')
    expect(maxima.map((m) => m.textContent)).toEqual([
      expect.stringMatching(/^Bergamot: at most 0.4%\. Leave-on maximum 0.4%\./),
      'Lavender: at most 2% (no maximum of its own on file). Children 2-6 years: at most 2% essential oil in total (1% recommended) (Robert Tisserand, quoted by Thrive Style [TS]).',
      expect.stringMatching(/^Atlas Cedarwood: at most 2% \(no maximum of its own on file\)/),
    ])
    // The oils without a maximum of their own stay "not checked": never the green line.
    expect(screen.queryByText('No safety warnings for this blend at this percentage.')).not.toBeInTheDocument()

    const pct = screen.getByRole('textbox', { name: 'Essential oil percentage' })
    await userEvent.clear(pct)
    await userEvent.type(pct, '3')
    const warnings = within(await screen.findByRole('list', { name: 'Safety warnings' })).getAllByRole('listitem')
    expect(warnings[0]).toHaveTextContent(
      'Above the total for who it is for: The blend is 3% of the finished product, above the most for children 2-6 years: 2% in total',
    )
  })

  it('says a pregnancy product’s total could not be checked, as no figure is on file', async () => {
    renderPage([calm])
    await chooseBlend('001a Evening Calm')
    await choose('Product type', 'Lotion / cream')
    await userEvent.type(screen.getByRole('textbox', { name: 'Total product weight' }), '100')
    await choose('Who is it for', 'Pregnancy')
    const unchecked = within(await screen.findByRole('list', { name: 'Oils not checked' })).getAllByRole('listitem')
    expect(unchecked[0]).toHaveTextContent(/^Pregnancy: no published figure on file for the total essential oil/)
  })
})
