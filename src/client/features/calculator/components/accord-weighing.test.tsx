import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Batch } from '#shared/api/shelf.ts'
import { json } from '#client/testing/fake-fetch.ts'
import { renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'
import { at, version } from '#client/testing/api-fixtures.ts'
import { CalculatorPage } from '#client/features/calculator/components/calculator-page.tsx'
import { detailOf, fakeBlendsApi, listItem } from '#tests/support/fake-blends-api.ts'
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
const lemon = makeOil({ id: 104, name: 'Lemon', noteType: ['Top'], scentFamily: 'Citrus', densityGPerMl: 0.85 })
const lavender = makeOil({ id: 102, name: 'Lavender', noteType: ['Middle'], scentFamily: 'Floral', densityGPerMl: 0.88 })
const cedar = makeOil({ id: 103, name: 'Atlas Cedarwood', noteType: ['Base'], scentFamily: 'Woody', densityGPerMl: 0.95 })

/** Evening Calm 002a: Lemon 30 on its own, Citrus Dawn 001b (Bergamot 30, Lavender 50, Cedarwood 20) at 50 % in the middle, Cedarwood 20. */
const host = version({
  id: 21,
  projectId: 2,
  versionLetter: 'a',
  topOils: [at(lemon, 30)],
  middleOils: [at(bergamot, 15), at(lavender, 25), at(cedar, 10)],
  baseOils: [at(cedar, 20)],
  accords: [
    {
      layer: 'middle',
      versionId: 12,
      projectId: 1,
      name: 'Citrus Dawn',
      referenceNumber: '001b',
      percentage: 50,
      oils: [at(bergamot, 30), at(lavender, 50), at(cedar, 20)],
      newerVersion: null,
    },
  ],
})
const item = listItem({ id: 2, name: 'Evening Calm', oilNames: ['lemon', 'bergamot', 'lavender', 'atlas cedarwood'] })
/** A neat batch of Citrus Dawn 001b: 10 g made for 20.00, 3 g left. */
const neat = {
  id: 40,
  projectId: 1,
  versionId: 12,
  reference: '001b',
  code: '261101-1',
  madeOn: '2026-11-01',
  productType: 'neat-accord',
  weight: 10,
  unit: 'g',
  oilPercentage: 100,
  units: null,
  oils: [],
  totalCost: 20,
  costIsPartial: false,
  costPerUnit: null,
  currency: 'EUR',
  createdAt: '2026-11-01T10:00:00.000Z',
  label: null,
  remainingGrams: 3,
  accords: [],
} satisfies Batch

signInEachTest()

describe('weighing an accord in the calculator (decision 074)', () => {
  it('weighs its oils by default, or the accord as one line priced from its neat batches, and says so when made', async () => {
    const { callsTo } = fakeBlendsApi([{ ...item, detail: detailOf(item, [host]) }], {
      'GET /api/essential-oils': json([bergamot, lemon, lavender, cedar]),
      'GET /api/shelf/oils': json({ items: [], currency: 'EUR' }),
      'GET /api/blends/1/batches': json({ items: [neat], nextCursor: null }),
      'POST /api/blends/2/batches': json({ ...neat, id: 41, projectId: 2, versionId: 21, reference: '002a', remainingGrams: null }, 201),
    })
    renderSignedIn(<CalculatorPage />)
    await userEvent.click(await screen.findByRole('combobox', { name: 'Blend' }))
    await userEvent.click(await within(screen.getByRole('listbox', { name: 'Blends' })).findByRole('option', { name: '002a Evening Calm' }))
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Product type' }), 'Lotion / cream')
    await userEvent.type(screen.getByRole('textbox', { name: 'Total product weight' }), '100')
    await userEvent.clear(screen.getByRole('textbox', { name: 'Essential oil percentage' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Essential oil percentage' }), '10')

    const choice = screen.getByRole('group', { name: 'How to weigh Citrus Dawn 001b' })
    expect(within(choice).getByRole('radio', { name: /Weigh its oils/ })).toBeChecked()
    const table = () => screen.getByRole('table', { name: 'Amount of each oil for this batch' })
    expect(within(table()).getByRole('row', { name: /Bergamot/ })).toHaveTextContent('1.50 g')
    expect(within(table()).queryByRole('row', { name: /Citrus Dawn/ })).toBeNull()

    await userEvent.click(within(choice).getByRole('radio', { name: /Weigh Citrus Dawn 001b as one line/ }))
    expect(within(table()).getByRole('row', { name: /Citrus Dawn 001b/ })).toHaveTextContent('5.00 g')
    expect(within(table()).queryByRole('row', { name: /Bergamot/ })).toBeNull()
    expect(within(table()).queryByRole('row', { name: /Lavender/ })).toBeNull()
    // Cedarwood on its own keeps its own 20 %.
    expect(within(table()).getByRole('row', { name: /Atlas Cedarwood/ })).toHaveTextContent('2.00 g')
    // The safety checks still read the accord's oils: Bergamot is phototoxic in a lotion.
    expect(within(screen.getByRole('list', { name: 'Safety warnings' })).getAllByText(/Bergamot/).length).toBeGreaterThan(0)
    // Priced at its neat batch's 2.00 a gram: 5 g is 10.00.
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Cost of each oil in this batch' }))
          .getAllByRole('listitem')
          .find((li) => li.textContent?.includes('Citrus Dawn 001b')),
      ).toHaveTextContent('10.00'),
    )

    await userEvent.click(screen.getByRole('button', { name: 'Mark as made' }))
    await waitFor(() => expect(callsTo('POST /api/blends/2/batches')).toHaveLength(1))
    expect(callsTo('POST /api/blends/2/batches')[0]!.body).toMatchObject({ accords: [{ versionId: 12, weigh: 'batch' }] })
  })
})
