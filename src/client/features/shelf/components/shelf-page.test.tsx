import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bottle, BottleList, ShelfOilList } from '#shared/api/shelf.ts'
import { IDEMPOTENCY_KEY_HEADER } from '#shared/api/fields.ts'
import { addDays, todayIn } from '#shared/domain/calendar-date.ts'
import { addMonths } from '#shared/domain/shelf-life.ts'
import { fakeFetch, fakeJwt, json, type FetchCall } from '#client/testing/fake-fetch.ts'
import { renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'
import { activateLanguage } from '#client/lib/i18n.ts'
import { ShelfPage } from '#client/features/shelf/components/shelf-page.tsx'
import { makeOil } from '#tests/support/oil-fixtures.ts'

const lavender = makeOil({ id: 7, name: 'Lavender', noteType: ['Middle'], scentFamily: 'Floral' })
const bergamot = makeOil({ id: 3, name: 'Bergamot', noteType: ['Top'], scentFamily: 'Citrus' })

function bottle(overrides: Partial<Bottle> & Pick<Bottle, 'id'>): Bottle {
  return {
    oilId: lavender.id,
    oilSlug: 'lavender',
    oilName: 'Lavender',
    unit: 'mL',
    size: 10,
    remaining: 10,
    sizeMl: 10,
    remainingMl: 10,
    price: 8,
    supplier: null,
    lotCode: null,
    purchasedOn: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    declaredAllergens: null,
    ...overrides,
  }
}

const page = (items: Bottle[], nextCursor: string | null = null): BottleList => ({ items, nextCursor })
const EMPTY_OILS: ShelfOilList = { items: [], currency: null }

function renderShelf(routes: Parameters<typeof fakeFetch>[0]) {
  const api = fakeFetch({
    'GET /api/auth/token': json({ token: fakeJwt('ada') }),
    'GET /api/essential-oils': json([lavender, bergamot]),
    'GET /api/me/settings': json({ currency: 'EUR', language: null }),
    'GET /api/shelf/oils': json(EMPTY_OILS),
    ...routes,
  })
  renderSignedIn(<ShelfPage />)
  return api
}

signInEachTest()

afterEach(() => vi.restoreAllMocks())

describe('the oil shelf page', () => {
  it('speaks German when German is the interface’s language: no English word of the shelf is left', async () => {
    await activateLanguage('de')
    try {
      renderShelf({
        'GET /api/shelf/bottles': json(
          page([bottle({ id: 1, lotCode: 'LAV-1' }), bottle({ id: 2, remaining: 4, remainingMl: 4, price: null })]),
        ),
        'GET /api/shelf/oils': json({
          items: [{ oilId: 7, oilSlug: 'lavender', oilName: 'Lavender', bottleCount: 2, remainingMl: 14, costPerMl: 0.8 }],
          currency: 'EUR',
        } satisfies ShelfOilList),
      })
      expect(await screen.findByRole('table', { name: /Ihre Öle/ })).toBeInTheDocument()
      expect(screen.getByRole('heading', { level: 1, name: 'Ölregal' })).toBeInTheDocument()
      expect(screen.getByRole('button', { name: /Flasche hinzufügen/ })).toBeInTheDocument()
      expect(screen.getByRole('heading', { level: 2, name: 'Flaschen' })).toBeInTheDocument()
      const bottles = screen.getAllByRole('article')
      expect(bottles[0]).toHaveTextContent('Los LAV-1')
      expect(bottles[1]).toHaveTextContent('4 mL von 10 mL übrig')
      expect(bottles[1]).toHaveTextContent('Kein Preis')
      // The catalog oil by its German name (decision 104), on the bottles and in the table.
      expect(within(bottles[1]!).getByRole('button', { name: 'Flasche Lavendel bearbeiten' })).toBeInTheDocument()
      expect(bottles[0]).toHaveTextContent('Lavendel')
      expect(within(screen.getByRole('table', { name: /Ihre Öle/ })).getByText('Lavendel')).toBeInTheDocument()
      expect(screen.queryByText('Lavender', { exact: false })).not.toBeInTheDocument()
      for (const english of [
        'Oil shelf',
        'Add a bottle',
        'Your oils',
        'Bottles',
        'No price',
        'left of',
        'Allergens',
        'Edit',
        'Cost per mL',
      ]) {
        expect(screen.queryByText(english, { exact: false }), english).not.toBeInTheDocument()
      }
    } finally {
      await activateLanguage('en')
    }
  })

  it('explains the shelf when it is empty and offers to add the first bottle', async () => {
    renderShelf({ 'GET /api/shelf/bottles': json(page([])) })
    expect(await screen.findByRole('heading', { level: 2, name: 'Your shelf is empty' })).toBeInTheDocument()
    expect(screen.getByText(/Record each bottle you own/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Add your first bottle' }))
    expect(await screen.findByRole('dialog', { name: 'Add a bottle' })).toBeInTheDocument()
  })

  it('shows each oil with its bottles, mL left and cost per mL in the chosen currency', async () => {
    renderShelf({
      'GET /api/shelf/bottles': json(page([bottle({ id: 1 }), bottle({ id: 2, remaining: 4, remainingMl: 4, price: null })])),
      'GET /api/shelf/oils': json({
        items: [{ oilId: 7, oilSlug: 'lavender', oilName: 'Lavender', bottleCount: 2, remainingMl: 14, costPerMl: 0.8 }],
        currency: 'EUR',
      } satisfies ShelfOilList),
    })
    const table = await screen.findByRole('table', { name: /Your oils/ })
    const row = within(table).getByRole('row', { name: /Lavender/ })
    const expected = new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    }).format(0.8)
    expect(row).toHaveTextContent('2')
    expect(row).toHaveTextContent('14 mL')
    expect(row).toHaveTextContent(expected)
    const bottles = screen.getAllByRole('article')
    expect(bottles).toHaveLength(2)
    expect(bottles[1]).toHaveTextContent('4 mL left of 10 mL')
    expect(bottles[1]).toHaveTextContent('No price')
  })

  it('lists what has expired or expires soon at the top, from every bottle of the shelf’s oils, and on each card', async () => {
    const past = addDays(todayIn(), -3)
    const soon = addDays(todayIn(), 20)
    renderShelf({
      'GET /api/shelf/bottles': json(
        page([
          bottle({ id: 1, lotCode: 'LAV-1', bestBefore: past, openedOn: null, oxidisesSoon: false }),
          bottle({ id: 2, lotCode: 'LAV-2', bestBefore: addDays(todayIn(), 400), openedOn: null, oxidisesSoon: false }),
        ]),
      ),
      'GET /api/shelf/oils': json({
        items: [
          {
            oilId: 7,
            oilSlug: 'lavender',
            oilName: 'Lavender',
            bottleCount: 3,
            remainingMl: 30,
            costPerMl: null,
            // A third bottle, not on the loaded page, expires soon: the list above still names it.
            ageingLots: [
              { bottleId: 1, lotCode: 'LAV-1', status: 'expired', bestBefore: past, openedOn: null, remainingMl: 10, mlBefore: 0 },
              { bottleId: 3, lotCode: 'LAV-3', status: 'expires-soon', bestBefore: soon, openedOn: null, remainingMl: 10, mlBefore: 20 },
            ],
          },
        ],
        currency: 'EUR',
      } satisfies ShelfOilList),
    })
    const ageing = await screen.findByRole('region', { name: 'Expired or expiring soon' })
    const lines = within(ageing).getAllByRole('listitem')
    expect(lines.map((l) => l.textContent)).toEqual([
      `Expired: Lavender, lot LAV-1 (10 mL left). Past its best-before (${past}).`,
      `Expires soon: Lavender, lot LAV-3 (10 mL left). Best before ${soon}.`,
    ])
    const cards = screen.getAllByRole('article')
    expect(within(cards[0]!).getByTestId('lot-status')).toHaveTextContent(`Expired: Past its best-before (${past})`)
    expect(within(cards[1]!).queryByTestId('lot-status')).not.toBeInTheDocument()
  })

  it('loads the next page of bottles with Load more', async () => {
    const { callsTo } = renderShelf({
      'GET /api/shelf/bottles': (call: FetchCall) => {
        void call
        return callsTo('GET /api/shelf/bottles').length === 1
          ? json(page([bottle({ id: 1 })], 'c1'))
          : json(page([bottle({ id: 2, oilId: 3, oilName: 'Bergamot' })]))
      },
    })
    expect(await screen.findAllByRole('article')).toHaveLength(1)
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2))
    expect(screen.getByRole('heading', { name: 'Bergamot' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('adds a bottle once with an idempotency key, however fast Save is pressed', async () => {
    let created = false
    const { callsTo } = renderShelf({
      'GET /api/shelf/bottles': () => json(page(created ? [bottle({ id: 9 })] : [])),
      'POST /api/shelf/bottles': async () => {
        await new Promise((resolve) => setTimeout(resolve, 50))
        created = true
        return json(bottle({ id: 9 }), 201)
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Add a bottle' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a bottle' })
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Oil' }), 'Lavender')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Bottle size' }), '10')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Price paid (EUR)' }), '8,50')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Supplier' }), 'Aromatics Ltd')
    const save = within(dialog).getByRole('button', { name: 'Add bottle' })
    await userEvent.dblClick(save)

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const posts = callsTo('POST /api/shelf/bottles')
    expect(posts).toHaveLength(1)
    expect(posts[0]!.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/)
    expect(posts[0]!.body).toEqual({
      oilId: 7,
      unit: 'mL',
      size: 10,
      price: 8.5,
      supplier: 'Aromatics Ltd',
      lotCode: null,
      purchasedOn: null,
      openedOn: null,
      // Filled from Lavender's shelf life (2 years, the general default) from today, as the form showed it.
      bestBefore: addMonths(todayIn(), 24),
    })
    expect(await screen.findByRole('heading', { name: 'Lavender' })).toBeInTheDocument()
  })

  it('keeps what was typed and marks the field the server refused', async () => {
    renderShelf({
      'GET /api/shelf/bottles': json(page([])),
      'POST /api/shelf/bottles': json(
        {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'body.price: The price is at most 1000000',
            details: [{ path: 'body.price', message: 'The price is at most 1,000,000' }],
          },
        },
        400,
      ),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Add a bottle' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Oil' }), 'Bergamot')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Bottle size' }), '15')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Price paid (EUR)' }), '2000000')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bottle' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please check the fields marked below.')
    const price = within(dialog).getByRole('textbox', { name: 'Price paid (EUR)' })
    expect(price).toHaveValue('2000000')
    expect(price).toHaveAttribute('aria-invalid', 'true')
    expect(price).toHaveAccessibleDescription('The price is at most 1,000,000')
    expect(price).toHaveFocus()
    expect(within(dialog).getByRole('textbox', { name: 'Bottle size' })).toHaveValue('15')
  })

  it('marks the field a refusal from the server names, keeping what was typed', async () => {
    const { callsTo } = renderShelf({
      'GET /api/shelf/bottles': json(page([])),
      'POST /api/shelf/bottles': json(
        {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'body.lotCode: not a lot code',
            details: [{ path: 'body.lotCode', message: 'That lot code is not one this supplier uses' }],
          },
        },
        400,
      ),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Add a bottle' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Oil' }), 'Bergamot')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Bottle size' }), '15')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Lot or batch code' }), 'LOT-9')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bottle' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please check the fields marked below.')
    expect(callsTo('POST /api/shelf/bottles')).toHaveLength(1)
    const lot = within(dialog).getByRole('textbox', { name: 'Lot or batch code' })
    expect(lot).toHaveValue('LOT-9')
    expect(lot).toHaveAttribute('aria-invalid', 'true')
    expect(lot).toHaveAccessibleDescription('That lot code is not one this supplier uses')
    expect(lot).toHaveFocus()
  })

  it('checks a typed amount with the request schema before asking the server', async () => {
    const { callsTo } = renderShelf({ 'GET /api/shelf/bottles': json(page([])) })
    await userEvent.click(await screen.findByRole('button', { name: 'Add a bottle' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Oil' }), 'Bergamot')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Bottle size' }), '10')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount left (mL)' }), '12')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Price paid (EUR)' }), 'cheap')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bottle' }))
    expect(within(dialog).getByRole('textbox', { name: 'Price paid (EUR)' })).toHaveAccessibleDescription('The price is a number')
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Price paid (EUR)' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bottle' }))
    const left = within(dialog).getByRole('textbox', { name: 'Amount left (mL)' })
    expect(left).toHaveAccessibleDescription('The amount left cannot be more than the bottle holds')
    expect(left).toHaveFocus()
    expect(callsTo('POST /api/shelf/bottles')).toHaveLength(0)
  })

  it('checks the form before asking the server', async () => {
    const { callsTo } = renderShelf({ 'GET /api/shelf/bottles': json(page([])) })
    await userEvent.click(await screen.findByRole('button', { name: 'Add a bottle' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add bottle' }))
    expect(within(dialog).getByRole('combobox', { name: 'Oil' })).toHaveAccessibleDescription('Choose the oil in this bottle')
    expect(within(dialog).getByRole('textbox', { name: 'Bottle size' })).toHaveAccessibleDescription('Enter the bottle size')
    expect(callsTo('POST /api/shelf/bottles')).toHaveLength(0)
  })

  it('edits a bottle with PATCH, its oil fixed', async () => {
    const { callsTo } = renderShelf({
      'GET /api/shelf/bottles': json(page([bottle({ id: 4, remaining: 6, remainingMl: 6 })])),
      'PATCH /api/shelf/bottles/4': json(bottle({ id: 4, remaining: 3, remainingMl: 3 })),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Lavender bottle' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Lavender' })
    expect(within(dialog).getByRole('combobox', { name: 'Oil' })).toBeDisabled()
    const left = within(dialog).getByRole('textbox', { name: 'Amount left (mL)' })
    expect(left).toHaveValue('6')
    await userEvent.clear(left)
    await userEvent.type(left, '3')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save bottle' }))
    await waitFor(() => expect(callsTo('PATCH /api/shelf/bottles/4')).toHaveLength(1))
    expect(callsTo('PATCH /api/shelf/bottles/4')[0]!.body).toEqual({
      unit: 'mL',
      size: 10,
      remaining: 3,
      price: 8,
      supplier: null,
      lotCode: null,
      purchasedOn: null,
      openedOn: null,
      bestBefore: null,
    })
  })

  it('deletes a bottle only after the confirmation', async () => {
    const { callsTo } = renderShelf({
      'GET /api/shelf/bottles': json(page([bottle({ id: 5 })])),
      'DELETE /api/shelf/bottles/5': new Response(null, { status: 204 }),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Lavender bottle' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete this bottle?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(callsTo('DELETE /api/shelf/bottles/5')).toHaveLength(0)
    await userEvent.click(screen.getByRole('button', { name: 'Delete Lavender bottle' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete bottle' }))
    await waitFor(() => expect(callsTo('DELETE /api/shelf/bottles/5')).toHaveLength(1))
  })

  it('says when the shelf cannot be loaded, and tries again', async () => {
    renderShelf({
      'GET /api/shelf/bottles': [json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500), json(page([]))],
    })
    expect(await screen.findByText('Your shelf could not be loaded')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Your shelf is empty' })).toBeInTheDocument()
  })

  it('defaults a missing currency from the browser’s language and saves a choice as it is made', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE')
    const { callsTo } = renderShelf({
      'GET /api/shelf/bottles': json(page([])),
      'GET /api/me/settings': json({ currency: null, language: null }),
      'PUT /api/me/settings': [json({ currency: 'EUR', language: null }), json({ currency: 'GBP', language: null })],
    })
    const select = await screen.findByRole('combobox', { name: 'Currency' })
    expect(within(select).getAllByRole('option').length).toBeGreaterThan(100)
    // Nothing chosen yet: the browser's (de-DE: EUR) is chosen and saved, and the chooser says so.
    expect(select).toHaveValue('EUR')
    await waitFor(() => expect(callsTo('PUT /api/me/settings')).toHaveLength(1))
    expect(callsTo('PUT /api/me/settings')[0]!.body).toEqual({ currency: 'EUR' })
    expect(screen.getByText(/Set from your browser's language/)).toBeInTheDocument()

    // A choice is saved at once: no "Save currency" button to forget.
    expect(screen.queryByRole('button', { name: 'Save currency' })).toBeNull()
    await userEvent.selectOptions(select, 'GBP')
    await waitFor(() => expect(callsTo('PUT /api/me/settings')).toHaveLength(2))
    expect(callsTo('PUT /api/me/settings')[1]!.body).toEqual({ currency: 'GBP' })
    expect(screen.getByText('Saved as you choose.')).toBeInTheDocument()
  })

  it('shows prices as money, never bare numbers, while no currency is chosen', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-AQ')
    const { callsTo } = renderShelf({
      'GET /api/shelf/bottles': json(page([bottle({ id: 1 })])),
      'GET /api/me/settings': json({ currency: null, language: null }),
      'GET /api/shelf/oils': json({
        items: [{ oilId: 7, oilSlug: 'lavender', oilName: 'Lavender', bottleCount: 1, remainingMl: 10, costPerMl: 0.8 }],
        currency: null,
      } satisfies ShelfOilList),
    })
    const table = await screen.findByRole('table', { name: /Your oils/ })
    const row = within(table).getByRole('row', { name: /Lavender/ })
    expect(row).toHaveTextContent('¤')
    expect(screen.getByRole('article')).toHaveTextContent('¤')
    // A region with no known currency sets none: the maker chooses.
    expect(await screen.findByRole('combobox', { name: 'Currency' })).toHaveValue('')
    expect(callsTo('PUT /api/me/settings')).toHaveLength(0)
  })
})

describe('the shelf\'s QR codes (docs/product.md "QR codes at the bench")', () => {
  function renderAt(path: string) {
    fakeFetch({
      'GET /api/auth/token': json({ token: fakeJwt('ada') }),
      'GET /api/essential-oils': json([lavender, bergamot]),
      'GET /api/me/settings': json({ currency: 'EUR', language: null }),
      'GET /api/shelf/oils': json(EMPTY_OILS),
      'GET /api/shelf/bottles': json(page([bottle({ id: 42, lotCode: 'LV-2291', supplier: 'Hedgerow Oils' })])),
    })
    renderSignedIn(
      <Routes>
        <Route path="/shelf" element={<ShelfPage />} />
        <Route path="/shelf/bottles/:id" element={<p>The bottle's page</p>} />
      </Routes>,
      path,
    )
  }

  it("shows a bottle's code: its page's address on this origin, its lot and supplier, and its number", async () => {
    renderAt('/shelf')
    await userEvent.click(await screen.findByRole('button', { name: 'QR code of Lavender bottle' }))
    const dialog = await screen.findByRole('dialog', { name: 'QR code of Lavender' })
    const url = `${location.origin}/shelf/bottles/42`
    expect(await within(dialog).findByRole('img', { name: `QR code opening ${url}` }, { timeout: 5000 })).toHaveAttribute(
      'data-qr-text',
      url,
    )
    expect(dialog).toHaveTextContent('Lot LV-2291 · Hedgerow Oils')
    expect(dialog).toHaveTextContent('Bottle no. 42')
  })

  it('opens the scanner from the address; without a camera it says so and opens the typed number, keeping a wrong one', async () => {
    renderAt('/shelf?scan=1')
    const scanner = await screen.findByRole('dialog', { name: 'Scan a code' })
    expect(
      await within(scanner).findByText(
        'No camera was found on this device. Type the number printed under the code instead.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument()
    const number = within(scanner).getByRole('textbox', { name: 'Number' })
    await waitFor(() => expect(number).toHaveFocus())
    await userEvent.type(number, 'forty')
    await userEvent.click(within(scanner).getByRole('button', { name: 'Open' }))
    expect(
      within(scanner).getByText('Type the number printed under the code, such as Bottle no. 12: whole digits only.'),
    ).toBeInTheDocument()
    expect(number).toHaveValue('forty')
    await userEvent.clear(number)
    await userEvent.type(number, '42{Enter}')
    expect(await screen.findByText("The bottle's page")).toBeInTheDocument()
  })
})
