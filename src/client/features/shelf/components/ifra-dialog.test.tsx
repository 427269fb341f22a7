import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { IfraCertificate, PutIfraCertificate } from '#shared/api/ifra.ts'
import type { Bottle, ShelfOilList } from '#shared/api/shelf.ts'
import { fakeFetch, fakeJwt, json, type FetchCall } from '#client/testing/fake-fetch.ts'
import { renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'
import { ShelfPage } from '#client/features/shelf/components/shelf-page.tsx'
import { makeOil } from '#tests/support/oil-fixtures.ts'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), dismiss: vi.fn() }))
vi.mock('#client/components/ui/toast.tsx', () => ({ toast }))

const bergamot = makeOil({ id: 3, name: 'Bergamot', noteType: ['Top'], scentFamily: 'Citrus' })

const bottle = (overrides: Partial<Bottle> = {}): Bottle => ({
  id: 1,
  oilId: bergamot.id,
  oilSlug: 'bergamot',
  oilName: 'Bergamot',
  unit: 'mL',
  size: 10,
  remaining: 10,
  sizeMl: 10,
  remainingMl: 10,
  price: 8,
  supplier: 'Aromatics Ltd',
  lotCode: 'BER-7',
  purchasedOn: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  declaredAllergens: null,
  ifraAmendment: null,
  ...overrides,
})
const EMPTY_OILS: ShelfOilList = { items: [], currency: null }
const saved = (body: PutIfraCertificate): IfraCertificate => ({
  bottleId: 1,
  amendment: body.amendment,
  issuedOn: body.issuedOn ?? null,
  limits: body.limits,
  updatedAt: '2026-11-27T10:00:00.000Z',
})

const CERTIFICATE = [
  'IFRA Certificate of Conformity: Bergamot FCF, lot BER-7',
  'This product complies with the 51st Amendment',
  'Date of issue: 9 January 2026',
  'Category 4: 1.25 %',
  'Category 5A: 0.30%',
  'Category 11A: see note 2',
  'Category 12: No restriction',
].join('\n')

function renderShelf(routes: Parameters<typeof fakeFetch>[0]) {
  const api = fakeFetch({
    'GET /api/auth/token': json({ token: fakeJwt('ada') }),
    'GET /api/essential-oils': json([bergamot]),
    'GET /api/me/settings': json({ currency: 'EUR', language: null }),
    'GET /api/shelf/oils': json(EMPTY_OILS),
    ...routes,
  })
  renderSignedIn(<ShelfPage />)
  return api
}

signInEachTest()

describe("a bottle's IFRA certificate", () => {
  it('says on each bottle whether it carries a certificate', async () => {
    renderShelf({
      'GET /api/shelf/bottles': json({ items: [bottle({ ifraAmendment: '51st' }), bottle({ id: 2, lotCode: 'BER-8' })], nextCursor: null }),
    })
    const [certified, bare] = await screen.findAllByRole('article')
    expect(certified).toHaveTextContent('IFRA certificate (51st amendment)')
    expect(bare).toHaveTextContent('No IFRA certificate')
  })

  it('reads a pasted certificate into the rows, holds Save until each unread line is dismissed, then sends what was read', async () => {
    const { callsTo } = renderShelf({
      'GET /api/shelf/bottles': json({ items: [bottle()], nextCursor: null }),
      'GET /api/shelf/bottles/1/ifra-certificate': json({ certificate: null }),
      'PUT /api/shelf/bottles/1/ifra-certificate': (call: FetchCall) => json(saved(call.body as PutIfraCertificate)),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'IFRA certificate of Bergamot bottle' }))
    const dialog = await screen.findByRole('dialog', { name: 'IFRA certificate of Bergamot' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Paste from the certificate' }))
    fireEvent.change(within(dialog).getByLabelText('Certificate text'), { target: { value: CERTIFICATE } })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Read the certificate' }))

    expect(within(dialog).getByLabelText('Amendment')).toHaveValue('51st')
    expect(within(dialog).getByLabelText(/^Certificate date/)).toHaveValue('2026-01-09')
    expect(within(dialog).getByLabelText(/^Category 5A/)).toHaveValue('0.3')
    expect(within(dialog).getByRole('checkbox', { name: 'No restriction in category 12' })).toBeChecked()
    // The note is not a figure: category 11A stays blank, and the line waits for the maker.
    expect(within(dialog).getByLabelText(/^Category 11A/)).toHaveValue('')
    expect(within(dialog).getByText('1 line needs you:')).toBeInTheDocument()

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save certificate' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('1 line of the certificate was not read')
    expect(callsTo('PUT /api/shelf/bottles/1/ifra-certificate')).toHaveLength(0)

    // The maker reads the note themselves, types its limit, and dismisses the line.
    await userEvent.type(within(dialog).getByLabelText(/^Category 11A/), '0,2')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss line 6' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save certificate' }))
    await waitFor(() => expect(callsTo('PUT /api/shelf/bottles/1/ifra-certificate')).toHaveLength(1))
    expect(callsTo('PUT /api/shelf/bottles/1/ifra-certificate')[0]!.body).toEqual({
      amendment: '51st',
      issuedOn: '2026-01-09',
      limits: [
        { category: '4', limit: 1.25 },
        { category: '5A', limit: 0.3 },
        { category: '11A', limit: 0.2 },
        { category: '12', limit: 'no-restriction' },
      ],
    })
  })

  it('keeps what was typed and names the field when the form is incomplete', async () => {
    const { callsTo } = renderShelf({
      'GET /api/shelf/bottles': json({ items: [bottle()], nextCursor: null }),
      'GET /api/shelf/bottles/1/ifra-certificate': json({ certificate: null }),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'IFRA certificate of Bergamot bottle' }))
    const dialog = await screen.findByRole('dialog', { name: 'IFRA certificate of Bergamot' })
    await userEvent.type(within(dialog).getByLabelText(/^Category 9/), 'lots')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save certificate' }))
    expect(within(dialog).getByText('Enter the amendment the certificate follows, such as 51st')).toBeInTheDocument()
    expect(within(dialog).getByText('Enter a percentage, such as 0.61')).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/^Category 9/)).toHaveValue('lots')
    expect(callsTo('PUT /api/shelf/bottles/1/ifra-certificate')).toHaveLength(0)
  })
})
