import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { InfiniteData } from '@tanstack/react-query'
import type { Batch, BatchList, Bottle, ShelfOilList } from '#shared/api/shelf.ts'
import { IDEMPOTENCY_KEY_HEADER } from '#shared/api/fields.ts'
import { DataProviders } from '#client/app/data-providers.tsx'
import { toast, ToastOutlet } from '#client/components/ui/toast.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { batchesKey } from '#client/lib/batches.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { stubPopoverDom } from '#client/testing/dom-stubs.ts'
import { json } from '#client/testing/fake-fetch.ts'
import { addDays, todayIn } from '#shared/domain/calendar-date.ts'
import { at, version } from '#client/testing/api-fixtures.ts'
import { CalculatorPage } from '#client/features/calculator/components/calculator-page.tsx'
import { detailOf, fakeBlendsApi, listItem, type FakeBlend } from '#tests/support/fake-blends-api.ts'
import { makeOil } from '#tests/support/oil-fixtures.ts'

const bergamot = makeOil({ id: 101, name: 'Bergamot', noteType: ['Top'], scentFamily: 'Citrus', densityGPerMl: 0.85 })
const lavender = makeOil({ id: 102, name: 'Lavender', noteType: ['Middle'], scentFamily: 'Floral', densityGPerMl: 0.9 })
const cedar = makeOil({ id: 103, name: 'Atlas Cedarwood', noteType: ['Base'], scentFamily: 'Woody', densityGPerMl: 0.9 })
const a = version({
  id: 11,
  projectId: 1,
  versionLetter: 'a',
  topOils: [at(bergamot, 30)],
  middleOils: [at(lavender, 50)],
  baseOils: [at(cedar, 20)],
})
const calmItem = listItem({ id: 1, name: 'Evening Calm', oilNames: ['bergamot', 'lavender', 'atlas cedarwood'] })
const calm: FakeBlend = { ...calmItem, detail: detailOf(calmItem, [a]) }

// 500 g at 2%: Bergamot 3 g (3.53 mL), Lavender 5 g (5.56 mL), Atlas Cedarwood 2 g (2.22 mL).
const SHELF: ShelfOilList = {
  currency: 'EUR',
  items: [
    { oilId: 101, oilSlug: 'bergamot', oilName: 'Bergamot', bottleCount: 1, remainingMl: 2, costPerMl: 0.5 },
    { oilId: 102, oilSlug: 'lavender', oilName: 'Lavender', bottleCount: 2, remainingMl: 100, costPerMl: 0.2 },
  ],
}
const eur = (amount: number) => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(amount)

const batch: Batch = {
  id: 77,
  projectId: 1,
  versionId: 11,
  reference: '001a',
  code: '261124-1',
  madeOn: '2026-11-24',
  productType: 'lotion',
  weight: 500,
  unit: 'g',
  oilPercentage: 2,
  units: 4,
  oils: [],
  totalCost: 2.88,
  costIsPartial: true,
  costPerUnit: 0.72,
  currency: 'EUR',
  createdAt: '2026-11-24T10:00:00.000Z',
  label: null,
}

function renderCalculator(routes: Parameters<typeof fakeBlendsApi>[1] = {}, queryClient = createQueryClient()) {
  const api = fakeBlendsApi([calm], {
    'GET /api/essential-oils': json([bergamot, lavender, cedar]),
    'GET /api/shelf/oils': json(SHELF),
    ...routes,
  })
  render(
    <DataProviders queryClient={queryClient}>
      <MemoryRouter>
        <CalculatorPage />
        <ToastOutlet />
      </MemoryRouter>
    </DataProviders>,
  )
  return api
}

async function calculate() {
  await userEvent.click(await screen.findByRole('combobox', { name: 'Blend' }))
  await userEvent.click(await screen.findByRole('option', { name: '001a Evening Calm' }))
  await userEvent.type(await screen.findByRole('textbox', { name: 'Total product weight' }), '500')
  await userEvent.type(screen.getByRole('textbox', { name: 'Essential oil percentage' }), '2')
}

const costs = () => screen.getByRole('list', { name: 'Cost of each oil in this batch' })
const line = (oil: string) => within(costs()).getByText(oil).closest('li')!

beforeEach(() => {
  stubPopoverDom()
  // Sonner's toasts listen for swipes; jsdom has no pointer capture.
  Element.prototype.setPointerCapture ??= () => {}
  resetAuthClient()
  setSignedIn({ id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null })
})
afterEach(() => {
  vi.unstubAllGlobals()
  setSignedOut()
})

describe('the calculator priced from the shelf', () => {
  it('prices each oil and the batch, and says plainly which oil has no price', async () => {
    renderCalculator()
    await calculate()
    expect(await screen.findByRole('list', { name: 'Cost of each oil in this batch' })).toBeInTheDocument()
    // The millilitres the amounts table shows, to 0.01 mL.
    expect(line('Bergamot')).toHaveTextContent('3.53 mL')
    expect(
      within(screen.getByRole('table', { name: 'Amount of each oil for this batch' })).getByRole('row', { name: /Bergamot/ }),
    ).toHaveTextContent('3.53')
    expect(line('Bergamot')).toHaveTextContent(eur((3 / 0.85) * 0.5))
    expect(line('Lavender')).toHaveTextContent(eur((5 / 0.9) * 0.2))
    expect(line('Atlas Cedarwood')).toHaveTextContent('No price on your shelf')
    expect(line('Atlas Cedarwood')).not.toHaveTextContent(eur(0))
    expect(screen.getByTestId('batch-cost')).toHaveTextContent(eur((3 / 0.85) * 0.5 + (5 / 0.9) * 0.2))
    expect(screen.getByText('Oils without a price on your shelf are not counted.')).toBeInTheDocument()
  })

  it('gives the cost per unit once the units in the batch are given', async () => {
    renderCalculator()
    await calculate()
    expect(screen.queryByTestId('unit-cost')).not.toBeInTheDocument()
    await userEvent.type(await screen.findByRole('textbox', { name: 'Units in this batch' }), '4')
    expect(screen.getByTestId('unit-cost')).toHaveTextContent(eur(((3 / 0.85) * 0.5 + (5 / 0.9) * 0.2) / 4))
  })

  it('warns about each oil the shelf holds too little of', async () => {
    renderCalculator()
    await calculate()
    const warning = await screen.findByRole('list', { name: 'Oils your shelf is short of' })
    const items = within(warning)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(items).toEqual([
      'Bergamot: this batch needs 3.53 mL, your shelf is 1.53 mL short.',
      'Atlas Cedarwood: this batch needs 2.22 mL, your shelf is 2.22 mL short.',
    ])
    expect(screen.getByRole('heading', { name: 'Not enough on your shelf' })).toBeInTheDocument()
  })

  it('shows no cost at all when nothing is priced, never a silent 0', async () => {
    renderCalculator({ 'GET /api/shelf/oils': json({ items: [], currency: 'EUR' } satisfies ShelfOilList) })
    await calculate()
    expect(await screen.findByTestId('batch-cost')).toHaveTextContent('No price on your shelf')
    expect(screen.getByText(/Your shelf is empty/)).toBeInTheDocument()
    expect(within(costs()).getAllByText('No price on your shelf')).toHaveLength(3)
  })

  it('marks the batch as made once, with an idempotency key, and Undo puts it back', async () => {
    const { callsTo } = renderCalculator({
      'POST /api/blends/1/batches': async () => {
        await new Promise((resolve) => setTimeout(resolve, 50))
        return json(batch, 201)
      },
      'DELETE /api/batches/77': new Response(null, { status: 204 }),
    })
    await calculate()
    await userEvent.type(await screen.findByRole('textbox', { name: 'Units in this batch' }), '4')
    await userEvent.dblClick(screen.getByRole('button', { name: 'Mark as made' }))

    expect(await screen.findByText('Batch of 001a made')).toBeInTheDocument()
    const posts = callsTo('POST /api/blends/1/batches')
    expect(posts).toHaveLength(1)
    expect(posts[0]!.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/)
    expect(posts[0]!.body).toMatchObject({ versionId: 11, productType: 'other', weight: 500, unit: 'g', oilPercentage: 2, units: 4 })
    expect((posts[0]!.body as { madeOn: string }).madeOn).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    // The shelf is read again: its amounts went down.
    await waitFor(() => expect(callsTo('GET /api/shelf/oils').length).toBeGreaterThanOrEqual(2))

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }))
    expect(await screen.findByText('Batch undone')).toBeInTheDocument()
    expect(callsTo('DELETE /api/batches/77')).toHaveLength(1)
  })
  it('reads the blend’s batch list again on the device, unshown, once a batch is made and once it is undone (decision 055)', async () => {
    // The device's copy of the blend's batches, as the offline fill left it: an older batch only.
    const older: Batch = { ...batch, id: 70, code: '261101-1', madeOn: '2026-11-01' }
    // The toasts of the tests before (Sonner keeps them between renders).
    toast.dismiss()
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull())
    const queryClient = createQueryClient()
    queryClient.setQueryData(batchesKey(1), { pages: [{ items: [older], nextCursor: null }], pageParams: [null] })
    const { callsTo } = renderCalculator(
      {
        'POST /api/blends/1/batches': json(batch, 201),
        'DELETE /api/batches/77': new Response(null, { status: 204 }),
        'GET /api/blends/1/batches': [json({ items: [batch, older], nextCursor: null }), json({ items: [older], nextCursor: null })],
      },
      queryClient,
    )
    const ids = () => queryClient.getQueryData<InfiniteData<BatchList>>(batchesKey(1))?.pages.flatMap((p) => p.items.map((b) => b.id))
    await calculate()
    await userEvent.click(screen.getByRole('button', { name: 'Mark as made' }))
    await waitFor(() => expect(ids()).toEqual([77, 70]))
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(ids()).toEqual([70]))
    expect(callsTo('GET /api/blends/1/batches')).toHaveLength(2)
  })

  it('marks the batch as made today by default, or on the day set, and never on a day after today (decision 052)', async () => {
    const { callsTo } = renderCalculator({ 'POST /api/blends/1/batches': json(batch, 201) })
    await calculate()
    const madeOn = await screen.findByLabelText('Made on')
    expect(madeOn).toHaveValue(todayIn())
    expect(madeOn).toHaveAttribute('max', todayIn())
    // Tomorrow: said beside the field, nothing sent.
    await userEvent.clear(madeOn)
    await userEvent.type(madeOn, addDays(todayIn(), 1))
    await userEvent.click(screen.getByRole('button', { name: 'Mark as made' }))
    expect(await screen.findByText("The made date can't be in the future.")).toBeInTheDocument()
    expect(madeOn).toHaveAttribute('aria-invalid', 'true')
    expect(callsTo('POST /api/blends/1/batches')).toHaveLength(0)
    // Yesterday's run, recorded tonight.
    await userEvent.clear(madeOn)
    await userEvent.type(madeOn, addDays(todayIn(), -1))
    await userEvent.click(screen.getByRole('button', { name: 'Mark as made' }))
    await waitFor(() => expect(callsTo('POST /api/blends/1/batches')).toHaveLength(1))
    expect(callsTo('POST /api/blends/1/batches')[0]!.body).toMatchObject({ madeOn: addDays(todayIn(), -1) })
  })

  it("shows the server's refusal of the made day beside the field", async () => {
    const message = "The made date can't be in the future."
    renderCalculator({
      'POST /api/blends/1/batches': json(
        { error: { code: 'VALIDATION_ERROR', message: `body.madeOn: ${message}`, details: [{ path: 'body.madeOn', message }] } },
        400,
      ),
    })
    await calculate()
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as made' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByLabelText('Made on')).toHaveAttribute('aria-invalid', 'true')
  })
})

// Lavender needs 5.56 mL. Bottle 201 (bought first, expired) holds 3 mL, 202 holds 50 mL.
const lavenderBottle = (overrides: Partial<Bottle> & Pick<Bottle, 'id'>): Bottle => ({
  oilId: 102,
  oilSlug: 'lavender',
  oilName: 'Lavender',
  unit: 'mL',
  size: 50,
  remaining: 50,
  sizeMl: 50,
  remainingMl: 50,
  price: 10,
  supplier: null,
  lotCode: null,
  purchasedOn: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  declaredAllergens: null,
  ...overrides,
})
const OLD = lavenderBottle({
  id: 201,
  lotCode: 'LAV-OLD',
  remaining: 3,
  remainingMl: 3,
  purchasedOn: '2024-01-10',
  bestBefore: '2025-06-01',
})
const NEW = lavenderBottle({ id: 202, lotCode: 'LAV-NEW', supplier: 'Oshadhi', purchasedOn: '2026-09-01', bestBefore: '2029-09-01' })
const AGEING_SHELF: ShelfOilList = {
  currency: 'EUR',
  items: [
    SHELF.items[0]!,
    {
      ...SHELF.items[1]!,
      remainingMl: 53,
      ageingLots: [
        { bottleId: 201, lotCode: 'LAV-OLD', status: 'expired', bestBefore: '2025-06-01', openedOn: null, remainingMl: 3, mlBefore: 0 },
      ],
    },
  ],
}
const from = () => screen.getByRole('combobox', { name: 'From: Lavender' })
const warned = () => screen.queryByText('Lavender, lot LAV-OLD: Past its best-before (2025-06-01).')

describe('choosing the bottle a draw comes from (decision 090)', () => {
  const routes = (extra: Parameters<typeof fakeBlendsApi>[1] = {}) => ({
    'GET /api/shelf/oils': json(AGEING_SHELF),
    'GET /api/shelf/bottles': json({ items: [NEW, OLD], nextCursor: null }),
    ...extra,
  })

  it('offers a From list only for an oil with two bottles or more, the usual order first', async () => {
    renderCalculator(routes())
    await calculate()
    expect(await screen.findByRole('combobox', { name: 'From: Lavender' })).toHaveValue('')
    // Bergamot has one bottle on the shelf: nothing to choose.
    expect(screen.queryByRole('combobox', { name: 'From: Bergamot' })).toBeNull()
    expect(
      within(from())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Usual order (oldest first)',
      'Lot LAV-OLD, best before 2025-06-01, 3 mL left (Bottle no. 201)',
      'Lot LAV-NEW, from Oshadhi, best before 2029-09-01, 50 mL left (Bottle no. 202)',
    ])
    expect(screen.getByRole('button', { name: 'Scan a bottle of Lavender' })).toBeInTheDocument()
  })

  it('moves the lot warnings with the choice, as the server draws', async () => {
    renderCalculator(routes())
    await calculate()
    await screen.findByRole('combobox', { name: 'From: Lavender' })
    // The usual order opens the expired bottle first.
    expect(warned()).toBeInTheDocument()
    expect(screen.getByTestId('mark-as-made-lot-warning')).toHaveTextContent('LAV-OLD')
    // From the new bottle, which holds all 5.56 mL: the expired one is not drawn.
    await userEvent.selectOptions(from(), '202')
    expect(warned()).toBeNull()
    expect(screen.queryByTestId('mark-as-made-lot-warning')).toBeNull()
    await userEvent.selectOptions(from(), '')
    expect(warned()).toBeInTheDocument()
  })

  it('keeps the warning when the chosen bottle holds too little and the old one is still drawn', async () => {
    const small = { ...NEW, remaining: 2, remainingMl: 2 }
    renderCalculator(routes({ 'GET /api/shelf/bottles': json({ items: [OLD, small], nextCursor: null }) }))
    await calculate()
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'From: Lavender' }), '202')
    expect(warned()).toBeInTheDocument()
  })

  it('sends fromBottles for the chosen oil only, and nothing for the usual order', async () => {
    const { callsTo } = renderCalculator(routes({ 'POST /api/blends/1/batches': json(batch, 201) }))
    await calculate()
    await screen.findByRole('combobox', { name: 'From: Lavender' })
    await userEvent.click(screen.getByRole('button', { name: 'Mark as made' }))
    await waitFor(() => expect(callsTo('POST /api/blends/1/batches')).toHaveLength(1))
    expect(callsTo('POST /api/blends/1/batches')[0]!.body).not.toHaveProperty('fromBottles')
    await userEvent.selectOptions(from(), '202')
    await userEvent.click(screen.getByRole('button', { name: 'Mark as made' }))
    await waitFor(() => expect(callsTo('POST /api/blends/1/batches')).toHaveLength(2))
    expect(callsTo('POST /api/blends/1/batches')[1]!.body).toMatchObject({ fromBottles: [{ oilId: 102, bottleId: 202 }] })
  })

  it('keeps the choice through a refusal and says the server’s words beside the list', async () => {
    const refusals = [
      json(
        {
          error: {
            code: 'NOT_DRAWABLE',
            message: 'That bottle of Lavender is empty',
            details: [{ path: 'body.fromBottles.0.bottleId', message: 'That bottle of Lavender is empty' }],
          },
        },
        422,
      ),
      json(
        {
          error: {
            code: 'NOT_FOUND',
            message: 'Bottle not found',
            details: [{ path: 'body.fromBottles.0.bottleId', message: 'Bottle not found' }],
          },
        },
        404,
      ),
    ]
    const { callsTo } = renderCalculator(routes({ 'POST /api/blends/1/batches': refusals }))
    await calculate()
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'From: Lavender' }), '202')
    await userEvent.click(screen.getByRole('button', { name: 'Mark as made' }))
    expect(await screen.findByRole('alert', { name: '' })).toHaveTextContent('That bottle of Lavender is empty')
    expect(from()).toHaveValue('202')
    expect(from()).toHaveAttribute('aria-invalid', 'true')
    await userEvent.click(screen.getByRole('button', { name: 'Mark as made' }))
    await waitFor(() => expect(callsTo('POST /api/blends/1/batches')).toHaveLength(2))
    expect(await screen.findByText('Bottle not found')).toBeInTheDocument()
    expect(from()).toHaveValue('202')
    // Choosing again clears what the server said.
    await userEvent.selectOptions(from(), '')
    expect(screen.queryByText('Bottle not found')).toBeNull()
  })

  it('sets the From list from a scanned (or typed) bottle number, says so when it is not this oil’s, and gives focus back to Scan', async () => {
    renderCalculator(routes())
    await calculate()
    await screen.findByRole('combobox', { name: 'From: Lavender' })
    const scan = screen.getByRole('button', { name: 'Scan a bottle of Lavender' })
    await userEvent.click(scan)
    // jsdom has no camera: the typed number is the way in, and works as a scan does.
    const number = await screen.findByRole('textbox', { name: 'Bottle number' })
    await userEvent.type(number, '999')
    await userEvent.click(screen.getByRole('button', { name: 'Choose' }))
    expect(await screen.findByText('Bottle no. 999 is not one of your bottles of Lavender with oil left.')).toBeInTheDocument()
    await userEvent.clear(number)
    await userEvent.type(number, '202')
    await userEvent.click(screen.getByRole('button', { name: 'Choose' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(from()).toHaveValue('202')
    expect(warned()).toBeNull()
    await waitFor(() => expect(scan).toHaveFocus())
  })
})
