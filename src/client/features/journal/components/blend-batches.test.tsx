import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Batch, BatchList } from '#shared/api/shelf.ts'
import { json } from '#client/testing/fake-fetch.ts'
import { version } from '#client/testing/api-fixtures.ts'
import { detailOf, fakeBlendsApi, listItem } from '#tests/support/fake-blends-api.ts'
import { renderJournal, setUpJournalTests } from '#client/features/journal/testing/render-journal.tsx'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), dismiss: vi.fn() }))
vi.mock('#client/components/ui/toast.tsx', () => ({ toast }))

const calm = listItem({ id: 2, name: 'Evening Calm' })
const v1 = version({ id: 21, projectId: 2, versionLetter: 'a' })

function batch(overrides: Partial<Batch> & Pick<Batch, 'id' | 'reference'>): Batch {
  return {
    projectId: 2,
    versionId: 21,
    code: '261120-1',
    madeOn: '2026-11-20',
    productType: 'cold-process-soap',
    weight: 500,
    unit: 'g',
    oilPercentage: 3,
    units: 10,
    oils: [
      { oilId: 1, oilName: 'Lemon', grams: 4.5, ml: 5.3, shortMl: 0, cost: 1.06 },
      { oilId: 2, oilName: 'Atlas Cedarwood', grams: 3, ml: 3.3, shortMl: 1.3, cost: null },
    ],
    totalCost: 1.06,
    costIsPartial: true,
    costPerUnit: 0.106,
    currency: 'EUR',
    createdAt: '2026-11-20T10:00:00.000Z',
    label: null,
    ...overrides,
  }
}

const list = (items: Batch[], nextCursor: string | null = null): BatchList => ({ items, nextCursor })
/** The name a batch goes by: its version's reference and the day it was made. */
const named = (reference: string, madeOn: string) => {
  const [y, m, d] = madeOn.split('-').map(Number)
  return `${reference} · ${new Date(y!, m! - 1, d!).toLocaleDateString(undefined, { dateStyle: 'medium' })}`
}
const eur = (amount: number) => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(amount)

describe("a blend's batches in the journal", () => {
  setUpJournalTests()

  it("shows a batch's QR code: its page's address on this origin, the blend, the batch code and its number", async () => {
    fakeBlendsApi([{ ...calm, detail: detailOf(calm, [v1]) }], {
      'GET /api/blends/2/batches': json(list([batch({ id: 7, reference: '002a' })])),
    })
    renderJournal('/journal?blend=2')
    const section = await screen.findByRole('region', { name: 'Batches made' }, { timeout: 5000 })
    await within(section).findByRole('article', { name: named('002a', '2026-11-20') })
    await userEvent.click(within(section).getByRole('button', { name: /^QR code of batch 002a, / }))
    const dialog = await screen.findByRole('dialog', { name: 'QR code of Evening Calm 002a' }, { timeout: 5000 })
    const url = `${location.origin}/batches/7`
    expect(await within(dialog).findByRole('img', { name: `QR code opening ${url}` })).toHaveAttribute('data-qr-text', url)
    expect(dialog).toHaveTextContent('Batch 261120-1 · made')
    expect(dialog).toHaveTextContent('Batch no. 7')
    expect(within(dialog).getByRole('button', { name: 'Print QR code' })).toBeEnabled()
  })

  it('lists each batch with what it cost, and "No price on your shelf" for an unpriced oil', async () => {
    fakeBlendsApi([{ ...calm, detail: detailOf(calm, [v1]) }], {
      'GET /api/blends/2/batches': json(list([batch({ id: 7, reference: '002a' })])),
    })
    renderJournal('/journal?blend=2')
    // A lazy chunk: the first test pays for loading it.
    const section = await screen.findByRole('region', { name: 'Batches made' }, { timeout: 5000 })
    const item = await within(section).findByRole('article', { name: named('002a', '2026-11-20') })
    expect(item).toHaveTextContent('500 g at 3%')
    // Its own code, as its printed labels carry it (decision 050).
    expect(item).toHaveTextContent('Batch 261120-1 · 500 g at 3%')
    expect(item).toHaveTextContent('Cold process soap')
    expect(within(item).getByRole('list', { name: 'Oils of batch 002a' })).toHaveTextContent(
      'Atlas Cedarwood · 3.3 mLNo price on your shelf',
    )
    expect(item).toHaveTextContent(`Cost: ${eur(1.06)} (oils without a price not counted)`)
    expect(item).toHaveTextContent(`${eur(0.11)} per unit`)
    expect(item).toHaveTextContent('Your shelf was short of Atlas Cedarwood (1.3 mL).')
  })

  it("shows what each batch's saved label declared, and links to the batch's label", async () => {
    fakeBlendsApi([{ ...calm, detail: detailOf(calm, [v1]) }], {
      'GET /api/blends/2/batches': json(
        list([
          batch({
            id: 9,
            reference: '002a',
            madeOn: '2026-11-23',
            label: { savedAt: '2026-11-23T10:00:00.000Z', complete: true, declared: ['Linalool', 'Limonene'] },
          }),
          batch({
            id: 8,
            reference: '002a',
            madeOn: '2026-11-22',
            label: { savedAt: '2026-11-22T10:00:00.000Z', complete: false, declared: ['Linalool'] },
          }),
          batch({ id: 7, reference: '002a' }),
        ]),
      ),
    })
    renderJournal('/journal?blend=2')
    const saved = await screen.findByRole('article', { name: named('002a', '2026-11-23') }, { timeout: 5000 })
    expect(saved).toHaveTextContent('Label: Linalool, Limonene')
    expect(within(saved).getByRole('link', { name: /^Label of batch 002a/ })).toHaveAttribute('href', '/label?blend=2&batch=9')
    expect(screen.getByRole('article', { name: named('002a', '2026-11-22') })).toHaveTextContent('Label incomplete')
    const none = screen.getByRole('article', { name: named('002a', '2026-11-20') })
    expect(none).toHaveTextContent('No label saved')
    expect(within(none).getByRole('link', { name: /^Label of batch 002a/ })).toHaveAttribute('href', '/label?blend=2&batch=7')
  })

  it('shows the IFRA check recorded with a batch: amendment, category, limit and the lots’ certificates, as its label does', async () => {
    const ifra: NonNullable<Batch['ifra']> = {
      productType: 'lotion',
      category: '5A',
      categoryName: 'Body lotion products applied to the body using the hands (palms), primarily leave-on',
      oilPercentage: 2,
      maxBlendPercent: 2.5,
      limitingOil: { oilId: 1, oilName: 'Lemon', limit: 0.5, blendPercent: 20 },
      complete: true,
      status: 'within',
      oils: [
        {
          oilId: 1,
          oilName: 'Lemon',
          blendPercent: 20,
          maxProductPercent: 0.5,
          lots: [{ bottleId: 4, lotCode: 'LEM-2', amendment: '51st', issuedOn: '2026-03-02', limit: 0.5 }],
        },
      ],
      amendments: ['51st'],
      notice: 'From the certificates you entered.',
      checkedAt: '2026-11-23T10:00:00.000Z',
    }
    fakeBlendsApi([{ ...calm, detail: detailOf(calm, [v1]) }], {
      'GET /api/blends/2/batches': json(
        list([batch({ id: 9, reference: '002a', madeOn: '2026-11-23', ifra }), batch({ id: 7, reference: '002a' })]),
      ),
    })
    renderJournal('/journal?blend=2')
    const checked = await screen.findByRole('article', { name: named('002a', '2026-11-23') }, { timeout: 5000 })
    const recorded = within(checked).getByTestId('recorded-ifra')
    expect(recorded).toHaveTextContent('Recorded when the batch was made, from certificates of the 51st amendment.')
    expect(recorded).toHaveTextContent('Category 5A')
    expect(recorded).toHaveTextContent('Maximum 2.5% of the blend in this product')
    expect(recorded).toHaveTextContent('LEM-2')
    // A batch made before IFRA was checked shows none.
    expect(within(screen.getByRole('article', { name: named('002a', '2026-11-20') })).queryByTestId('recorded-ifra')).toBeNull()
  })

  it("offers to add a test entry of each batch, opening the version's form on that batch and its made day (decision 052)", async () => {
    fakeBlendsApi([{ ...calm, detail: detailOf(calm, [v1]) }], {
      'GET /api/blends/2/batches': json(list([batch({ id: 9, reference: '002a', madeOn: '2026-11-23' })])),
    })
    renderJournal('/journal?blend=2')
    const item = await screen.findByRole('article', { name: named('002a', '2026-11-23') }, { timeout: 5000 })
    expect(within(item).getByRole('link', { name: /^Add test entry for batch 002a/ })).toHaveAttribute(
      'href',
      '/journal?blend=2&batch=9&made=2026-11-23#add-test-21',
    )
  })

  it('pages with Load more', async () => {
    const { callsTo } = fakeBlendsApi([{ ...calm, detail: detailOf(calm, [v1]) }], {
      'GET /api/blends/2/batches': [
        json(list([batch({ id: 8, reference: '002a', madeOn: '2026-11-22' })], 'c1')),
        json(list([batch({ id: 7, reference: '002a' })])),
      ],
    })
    renderJournal('/journal?blend=2')
    await screen.findByRole('article', { name: named('002a', '2026-11-22') })
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('article', { name: named('002a', '2026-11-20') })).toBeInTheDocument()
    expect(callsTo('GET /api/blends/2/batches')).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('removes a batch after the confirmation, putting its oil back', async () => {
    const { callsTo } = fakeBlendsApi([{ ...calm, detail: detailOf(calm, [v1]) }], {
      'GET /api/blends/2/batches': [json(list([batch({ id: 7, reference: '002a' })])), json(list([]))],
      'DELETE /api/batches/7': new Response(null, { status: 204 }),
    })
    renderJournal('/journal?blend=2')
    await userEvent.click(await screen.findByRole('button', { name: `Remove batch ${named('002a', '2026-11-20').replace(' · ', ', ')}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove this batch?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove batch' }))
    await waitFor(() => expect(callsTo('DELETE /api/batches/7')).toHaveLength(1))
    expect(await screen.findByText(/No batches yet/)).toBeInTheDocument()
    expect(toast.success).toHaveBeenCalledWith('Batch removed', { description: 'Its oil is back on your shelf.' })
  })

  it('says when there are no batches yet, pointing to the calculator', async () => {
    fakeBlendsApi([{ ...calm, detail: detailOf(calm, [v1]) }])
    renderJournal('/journal?blend=2')
    expect(await screen.findByText(/No batches yet/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'calculator' })).toHaveAttribute('href', '/calculator')
  })
})
