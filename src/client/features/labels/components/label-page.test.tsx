import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ClpNotice, Label, LabelSettings } from '#shared/api/labels.ts'
import type { Batch } from '#shared/api/shelf.ts'
import { json, type FetchCall } from '#client/testing/fake-fetch.ts'
import { at, version } from '#client/testing/api-fixtures.ts'
import { renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'
import { LabelPage } from '#client/features/labels/components/label-page.tsx'
import { activateLanguage } from '#client/lib/i18n.ts'
import { detailOf, fakeBlendsApi, listItem, type FakeBlend } from '#tests/support/fake-blends-api.ts'
import { makeOil } from '#tests/support/oil-fixtures.ts'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), dismiss: vi.fn() }))
vi.mock('#client/components/ui/toast.tsx', () => ({ toast }))

const lavender = makeOil({ id: 102, name: 'Lavender', noteType: ['Middle'], scentFamily: 'Floral' })
const bergamot = makeOil({ id: 101, name: 'Bergamot', noteType: ['Top'], scentFamily: 'Citrus' })
const a = version({ id: 11, projectId: 1, versionLetter: 'a', topOils: [at(bergamot, 30)], middleOils: [at(lavender, 70)], baseOils: [] })
const calmItem = listItem({ id: 1, name: 'Evening Calm' })
const calm: FakeBlend = { ...calmItem, detail: detailOf(calmItem, [a]) }

const NOTICE =
  'Accord computes this label from the allergen declarations you entered for your bottles. It does not replace the cosmetic product safety report the regulation requires.'

/** The worked example of docs/product.md: a 1,000 g lotion at 2 %, lavender with linalool 30 %, bergamot undeclared. */
function label(overrides: Partial<Label> = {}): Label {
  return {
    productType: 'lotion',
    productLabel: 'Lotion / cream',
    use: 'leave-on',
    thresholdPercent: 0.001,
    productGrams: 1000,
    oilPercentage: 2,
    fragranceAs: 'inci',
    complete: false,
    declared: [
      {
        entryId: 'citrus-aurantium-bergamia-peel-oil',
        name: 'Citrus Aurantium Bergamia Peel Oil',
        inci: 'Citrus Aurantium Bergamia Peel Oil',
        cas: ['8007-75-8'],
        percent: 0.6,
        fromRecipe: true,
        sources: [{ oilId: 101, oilName: 'Bergamot', bottleId: null, lotCode: null, percent: 0.6 }],
      },
      {
        entryId: 'linalool',
        name: 'Linalool',
        inci: 'Linalool',
        cas: ['78-70-6'],
        percent: 0.42,
        fromRecipe: false,
        sources: [{ oilId: 102, oilName: 'Lavender', bottleId: 5, lotCode: 'L-42', percent: 0.42 }],
      },
    ],
    belowThreshold: [
      {
        entryId: 'geraniol',
        name: 'Geraniol',
        inci: 'Geraniol',
        cas: ['106-24-1'],
        percent: 0.0007,
        fromRecipe: false,
        sources: [{ oilId: 102, oilName: 'Lavender', bottleId: 5, lotCode: 'L-42', percent: 0.0007 }],
      },
    ],
    missing: [{ oilId: 101, oilName: 'Bergamot', bottleId: 6, lotCode: 'B-7', supplier: 'Citrus Co', grams: 6, reason: 'no-declaration' }],
    ingredients: [
      { name: 'Lavandula Angustifolia Oil', percent: 1.4, kind: 'fragrance' },
      { name: 'Citrus Aurantium Bergamia Peel Oil', percent: 0.6, kind: 'fragrance' },
      { name: 'Linalool', percent: 0.42, kind: 'allergen' },
    ],
    ingredientText: 'Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil, Linalool',
    notice: NOTICE,
    computedAt: '2026-11-24T10:00:00.000Z',
    ...overrides,
  }
}

function batch(overrides: Partial<Batch> = {}): Batch {
  return {
    id: 9,
    projectId: 1,
    versionId: 11,
    reference: '001a',
    code: '261124-1',
    madeOn: '2026-11-24',
    productType: 'lotion',
    weight: 1000,
    unit: 'g',
    oilPercentage: 2,
    units: null,
    oils: [],
    totalCost: null,
    costIsPartial: false,
    costPerUnit: null,
    currency: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    label: null,
    ...overrides,
  }
}

const PREVIEW = '/label?blend=1&version=11&type=lotion&weight=1000&unit=g&oil=2'

/** The account's label settings (decision 050): a responsible person, the default pattern. */
const SETTINGS: LabelSettings = {
  batchCodePattern: '{YYMMDD}-{n}',
  responsibleName: 'Ana Maker',
  responsibleAddress: '1 Rue des Fleurs\n75001 Paris',
}

function renderLabel(path: string, routes: Parameters<typeof fakeBlendsApi>[1] = {}) {
  const api = fakeBlendsApi([calm], { 'GET /api/me/label-settings': json(SETTINGS), ...routes })
  renderSignedIn(<LabelPage />, path)
  return api
}

signInEachTest()
// The label language a test chose is kept on the device; the next test starts from the interface's.
afterEach(() => localStorage.removeItem('accord-label-language'))

describe('the label of a calculated batch', () => {
  it('asks for a preview with the calculator’s inputs and shows what to declare, the margin and the missing bottle', async () => {
    const { callsTo } = renderLabel(PREVIEW, { 'POST /api/labels/preview': json(label()) })
    expect(screen.getByRole('heading', { level: 1, name: 'Batch label' })).toBeInTheDocument()
    expect(screen.getByText(NOTICE)).toBeInTheDocument()

    const declared = await screen.findByRole('list', { name: 'Allergens to declare' })
    const rows = within(declared)
      .getAllByRole('listitem', { name: '' })
      .filter((li) => li.parentElement === declared)
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Citrus Aurantium Bergamia Peel OilFrom the recipe: Bergamot is this annex entry.*0\.6 %$/),
      expect.stringMatching(/^LinaloolLavender, lot L-42: 0\.42 %0\.42 %$/),
    ])
    const under = screen.getByRole('list', { name: 'Allergens under the threshold' })
    expect(under).toHaveTextContent('Geraniol')
    expect(under).toHaveTextContent('0.0007 %0.0003 % under')

    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('This label is incomplete')
    expect(alert).toHaveTextContent('Bergamot, lot B-7 from Citrus Co has no allergen declaration (6 g of oil).')
    expect(screen.getByText('Incomplete')).toBeInTheDocument()
    expect(screen.getByText('Lotion / cream (leave-on)')).toBeInTheDocument()
    expect(screen.getByText('0.001 % of the product')).toBeInTheDocument()
    expect(screen.getByTestId('ingredient-text')).toHaveTextContent(
      'Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil, Linalool',
    )
    expect((await screen.findAllByText('Evening Calm')).length).toBeGreaterThan(0)

    // The sheet as printed: only what must be declared on the allergen line, not the whole oil the list names.
    const sheet = await screen.findByRole('figure', { name: 'Label preview' })
    expect(sheet).toHaveTextContent('Allergens: Linalool.')
    expect(sheet).not.toHaveTextContent(/Allergens:[^.]*Bergamia/)
    expect(sheet).toHaveTextContent('Lotion / cream · 1000 g')
    expect(sheet).toHaveTextContent(
      'INCOMPLETE: a bottle has no allergen declaration; no batch code until the batch is recorded. Not for sale.',
    )
    expect(sheet).toHaveTextContent('Batch: - · After opening: 12M')
    expect(sheet).toHaveTextContent('Ana Maker, 1 Rue des Fleurs, 75001 Paris')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period after opening' }), '6M')
    expect(sheet).toHaveTextContent('Batch: - · After opening: 6M')

    expect(callsTo('POST /api/labels/preview').map((call) => call.body)).toEqual([
      { versionId: 11, productType: 'lotion', weight: 1000, unit: 'g', oilPercentage: 2, fragranceAs: 'inci', base: [] },
    ])
  })

  it('prints the label in the market’s language chosen for it, with the precautions ticked, and keeps the choice on the device', async () => {
    renderLabel(PREVIEW, { 'POST /api/labels/preview': json(label()) })
    const sheet = await screen.findByRole('figure', { name: 'Label preview' })
    const language = screen.getByRole('combobox', { name: 'Label language' })
    expect(language).toHaveValue('en')
    expect(sheet).not.toHaveTextContent('Precautions:')

    await userEvent.click(screen.getByRole('checkbox', { name: 'Keep out of reach of children.' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'For external use only.' }))
    expect(sheet).toHaveTextContent('Precautions: For external use only. Keep out of reach of children.')

    await userEvent.selectOptions(language, 'Deutsch')
    expect(sheet).toHaveTextContent('Lotion / Creme · 1000 g')
    expect(sheet).toHaveTextContent('Warnhinweise: Nur zur äußerlichen Anwendung. Außerhalb der Reichweite von Kindern aufbewahren.')
    expect(sheet).toHaveTextContent('Charge: - · Nach dem Öffnen: 12M')
    expect(sheet).toHaveTextContent('Ingredients: Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil, Linalool')
    expect(sheet).toHaveTextContent('Allergene: Linalool.')
    expect(sheet).not.toHaveTextContent(/Batch:|After opening|Precautions/)
    // The interface stays English: only the label changed.
    expect(screen.getByRole('heading', { level: 1, name: 'Batch label' })).toBeInTheDocument()
    expect(localStorage.getItem('accord-label-language')).toBe('de')
  })

  it('asks again with the oils as Parfum and with the base’s ingredients once they hold', { timeout: 15_000 }, async () => {
    const { callsTo } = renderLabel(PREVIEW, {
      'POST /api/labels/preview': (call: FetchCall) => {
        const body = call.body as { fragranceAs: 'inci' | 'parfum'; base: { inci: string }[] }
        const text = [
          ...body.base.map((b) => b.inci),
          body.fragranceAs === 'parfum' ? 'Parfum' : 'Lavandula Angustifolia Oil',
          'Linalool',
        ].join(', ')
        return json(label({ fragranceAs: body.fragranceAs, ingredientText: text }))
      },
    })
    await screen.findByRole('list', { name: 'Allergens to declare' })
    await userEvent.click(screen.getByRole('radio', { name: 'Parfum' }))
    await waitFor(() => expect(screen.getByTestId('ingredient-text')).toHaveTextContent(/^Parfum, Linalool$/))

    await userEvent.click(screen.getByRole('button', { name: 'Add a base ingredient' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'INCI name of ingredient 1' }), 'Aqua')
    // Half typed: no percentage yet, so nothing is asked.
    const asked = callsTo('POST /api/labels/preview').length
    await userEvent.type(screen.getByRole('textbox', { name: 'Percentage of ingredient 1' }), '80,5')
    await waitFor(() => expect(screen.getByTestId('ingredient-text')).toHaveTextContent(/^Aqua, Parfum, Linalool$/))
    const bodies = callsTo('POST /api/labels/preview')
      .slice(asked)
      .map((call) => call.body)
    expect(bodies.at(-1)).toMatchObject({ fragranceAs: 'parfum', base: [{ inci: 'Aqua', percent: 80.5 }] })
    expect(bodies.every((body) => (body as { base: unknown[] }).base.length === 1)).toBe(true)
  })

  it('marks a base the server refuses (base and oils over 100 %) on the form', { timeout: 15_000 }, async () => {
    renderLabel(PREVIEW, {
      'POST /api/labels/preview': (call: FetchCall) =>
        (call.body as { base: unknown[] }).base.length === 0
          ? json(label())
          : json(
              {
                error: {
                  code: 'VALIDATION_ERROR',
                  message: 'body.base: The base and the essential oils total at most 100%',
                  details: [{ path: 'body.base', message: 'The base and the essential oils total at most 100%' }],
                },
              },
              400,
            ),
    })
    await screen.findByRole('list', { name: 'Allergens to declare' })
    await userEvent.click(screen.getByRole('button', { name: 'Add a base ingredient' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'INCI name of ingredient 1' }), 'Aqua')
    await userEvent.type(screen.getByRole('textbox', { name: 'Percentage of ingredient 1' }), '99')
    expect(await screen.findByText('The base and the essential oils total at most 100%', {}, { timeout: 3000 })).toBeInTheDocument()
    // The last label stays on screen.
    expect(screen.getByRole('list', { name: 'Allergens to declare' })).toBeInTheDocument()
  })

  it('says a CLP label applies to a home product and names the declared allergens it would list as "Contains ..."', async () => {
    const notice: ClpNotice = {
      productType: 'candles',
      productLabel: 'Candles',
      productGrams: 200,
      oilPercentage: 8,
      containsPercent: 0.1,
      sensitiserPercent: 1,
      contains: [
        { ...label().declared[1]!, percent: 1.68 },
        { entryId: 'limonene', name: 'Limonene', inci: 'Limonene', cas: ['5989-27-5'], percent: 0.2, fromRecipe: false, sources: [] },
      ],
      overSensitiserPercent: [{ ...label().declared[1]!, percent: 1.68 }],
      missing: [],
      complete: true,
      containsText: 'Contains Linalool, Limonene. May produce an allergic reaction.',
    }
    const { callsTo } = renderLabel('/label?blend=1&version=11&type=candles&weight=200&unit=g&oil=8', {
      'POST /api/labels/home-preview': json(notice),
    })
    expect(await screen.findByRole('heading', { name: 'Candles: a CLP hazard label applies' })).toBeInTheDocument()
    expect(
      screen.getByText(
        "Candles, wax melts, room sprays and diffusers aren't cosmetics: they need a CLP hazard label, not the cosmetic allergen label.",
      ),
    ).toBeInTheDocument()
    expect(await screen.findByText('Contains Linalool, Limonene. May produce an allergic reaction.')).toBeInTheDocument()
    expect(screen.getByText(/At 1 % or more: Linalool\. .*H317/)).toBeInTheDocument()
    expect(screen.getByText(/This is not a CLP classification/)).toBeInTheDocument()
    expect(callsTo('POST /api/labels/preview')).toHaveLength(0)
    expect(callsTo('POST /api/labels/home-preview').map((call) => call.body)).toEqual([
      { versionId: 11, productType: 'candles', weight: 200, unit: 'g', oilPercentage: 8 },
    ])
  })

  it('marks the label incomplete without a responsible person, and says where to add one', async () => {
    renderLabel(PREVIEW, {
      'POST /api/labels/preview': json(label({ complete: true, missing: [] })),
      'GET /api/me/label-settings': json({ ...SETTINGS, responsibleName: null, responsibleAddress: null }),
    })
    const status = await screen.findByText(/No responsible person yet/)
    expect(within(status).getByRole('link', { name: 'your account' })).toHaveAttribute('href', '/account')
    expect(screen.getByRole('figure', { name: 'Label preview' })).toHaveTextContent(
      'INCOMPLETE: no responsible person; no batch code until the batch is recorded. Not for sale.',
    )
  })

  it('waits for the account’s label settings before offering to print, and says when they cannot be loaded', async () => {
    renderLabel(PREVIEW, {
      'POST /api/labels/preview': json(label({ complete: true, missing: [] })),
      'GET /api/me/label-settings': json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500),
    })
    expect(await screen.findByText(/Your label settings \(the responsible person\) could not be loaded just now/)).toBeInTheDocument()
    expect(screen.getByRole('figure', { name: 'Label preview' })).toHaveTextContent('INCOMPLETE: no responsible person')
  })

  it('says which links it cannot read', async () => {
    renderLabel('/label?version=11&type=lotion')
    expect(await screen.findByRole('heading', { name: 'Which batch?' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open the calculator' })).toHaveAttribute('href', '/calculator')
  })

  it('says when the label cannot be computed, and tries again', async () => {
    const { callsTo } = renderLabel(PREVIEW, {
      'POST /api/labels/preview': [json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500), json(label())],
    })
    expect(await screen.findByText('The label could not be computed.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('list', { name: 'Allergens to declare' })).toBeInTheDocument()
    expect(callsTo('POST /api/labels/preview')).toHaveLength(2)
  })
})

describe('the label of a recorded batch', () => {
  it('says none is saved yet, then computes and saves it with the batch, once', { timeout: 15_000 }, async () => {
    const { callsTo } = renderLabel('/label?blend=1&batch=9', {
      'GET /api/blends/1/batches': json({ items: [batch()], nextCursor: null }),
      'GET /api/blends/1/batches/9/label': json({ label: null }),
      'PUT /api/blends/1/batches/9/label': async () => {
        await new Promise((resolve) => setTimeout(resolve, 50))
        return json(label({ complete: true, missing: [] }))
      },
    })
    expect(await screen.findByRole('heading', { name: 'No label saved yet' })).toBeInTheDocument()
    expect(screen.getByText('No label saved with this batch yet.')).toBeInTheDocument()
    expect(await screen.findByText('001a')).toBeInTheDocument()
    await userEvent.dblClick(screen.getByRole('button', { name: 'Save with this batch' }))
    expect(await screen.findByRole('list', { name: 'Allergens to declare' })).toBeInTheDocument()
    expect(callsTo('PUT /api/blends/1/batches/9/label').map((call) => call.body)).toEqual([{ fragranceAs: 'inci', base: [] }])
    expect(screen.getByText('Complete')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByText(/^Last saved /)).toBeInTheDocument()
    expect(toast.success).toHaveBeenCalledWith('Label saved with this batch', { description: 'The journal shows what it declares.' })
    // The sheet carries the batch's code, not the recipe's reference, and is complete.
    const sheet = await screen.findByRole('figure', { name: 'Label preview' })
    expect(sheet).toHaveTextContent('Batch: 261124-1 · After opening: 12M')
    expect(sheet).not.toHaveTextContent('001a')
    expect(sheet).not.toHaveTextContent('INCOMPLETE')
    expect(screen.getByText('· batch 261124-1', { exact: false })).toBeInTheDocument()
  })

  it('shows the saved label with its options, and asks for a product type the batch did not record', async () => {
    const { callsTo } = renderLabel('/label?blend=1&batch=9', {
      'GET /api/blends/1/batches': json({ items: [batch({ productType: 'other' })], nextCursor: null }),
      'GET /api/blends/1/batches/9/label': json({ label: null }),
      'PUT /api/blends/1/batches/9/label': json(
        label({ productType: 'cold-process-soap', productLabel: 'Cold process soap', use: 'rinse-off', thresholdPercent: 0.01 }),
      ),
    })
    await screen.findByRole('heading', { name: 'No label saved yet' })
    await screen.findByText('001a')
    await userEvent.click(screen.getByRole('button', { name: 'Save with this batch' }))
    expect(await screen.findByText('Choose the product this batch became: its recorded type has no EU allergen label.')).toBeInTheDocument()
    expect(callsTo('PUT /api/blends/1/batches/9/label')).toHaveLength(0)
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Product type' }), 'Cold process soap')
    await userEvent.click(screen.getByRole('button', { name: 'Save with this batch' }))
    expect(await screen.findByText('Cold process soap (rinse-off)')).toBeInTheDocument()
    expect(callsTo('PUT /api/blends/1/batches/9/label').map((call) => call.body)).toEqual([
      { fragranceAs: 'inci', base: [], productType: 'cold-process-soap' },
    ])
  })

  it('puts back the options a saved label was made with', async () => {
    renderLabel('/label?blend=1&batch=9', {
      'GET /api/blends/1/batches': json({ items: [batch()], nextCursor: null }),
      'GET /api/blends/1/batches/9/label': json({
        label: label({
          fragranceAs: 'parfum',
          ingredients: [
            { name: 'Aqua', percent: 80, kind: 'base' },
            { name: 'Parfum', percent: 2, kind: 'fragrance' },
          ],
          ingredientText: 'Aqua, Parfum, Linalool',
        }),
      }),
    })
    expect(await screen.findByTestId('ingredient-text')).toHaveTextContent('Aqua, Parfum, Linalool')
    expect(screen.getByRole('radio', { name: 'Parfum' })).toBeChecked()
    expect(screen.getByRole('textbox', { name: 'INCI name of ingredient 1' })).toHaveValue('Aqua')
    expect(screen.getByRole('textbox', { name: 'Percentage of ingredient 1' })).toHaveValue('80')
    await userEvent.click(screen.getByRole('radio', { name: 'INCI names' }))
    expect(screen.getByText(/You changed the options: save again to update the label\./)).toBeInTheDocument()
  })
})

describe('the label screen in another language', () => {
  afterEach(async () => {
    await activateLanguage('en')
  })

  it('shows its own words in the interface’s language, German here, and none in English', async () => {
    await activateLanguage('de')
    renderLabel(PREVIEW, { 'POST /api/labels/preview': json(label()) })
    expect(screen.getByRole('heading', { level: 1, name: 'Chargenetikett' })).toBeInTheDocument()
    expect(await screen.findByRole('list', { name: 'Zu deklarierende Allergene' })).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Allergene unter dem Schwellenwert' })).toHaveTextContent('0.0003 % darunter')
    expect(screen.getByRole('alert')).toHaveTextContent('Für Bergamotte, Los B-7 von Citrus Co gibt es keine Allergenangabe (6 g Öl).')
    expect(screen.getByText('Lotion / Creme (Leave-on)')).toBeInTheDocument()
    expect(await screen.findByRole('combobox', { name: 'Zeitraum nach dem Öffnen' })).toHaveDisplayValue('12M (12 Monate)')
    expect(screen.getByRole('button', { name: 'Etikettenbogen drucken' })).toBeInTheDocument()

    const page = document.body
    for (const english of [
      'Batch label',
      'Allergens to declare',
      'Declare on the label',
      'Period after opening',
      'Print label sheet',
      'Ingredient list',
      'Label language',
    ]) {
      expect(page, english).not.toHaveTextContent(english)
    }
    expect(screen.queryByRole('list', { name: 'Allergens to declare' })).not.toBeInTheDocument()
  })
})
