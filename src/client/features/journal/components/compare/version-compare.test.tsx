import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { BlendComparison, ComparedVersion } from '#shared/api/blend-list.ts'
import { json } from '#client/testing/fake-fetch.ts'
import { at, version } from '#client/testing/api-fixtures.ts'
import { CATALOG, CATALOG_LIST } from '#tests/support/oil-fixtures.ts'
import { detailOf, fakeBlendsApi, listItem } from '#tests/support/fake-blends-api.ts'
import { location, renderJournal, setUpJournalTests } from '#client/features/journal/testing/render-journal.tsx'

const v1 = version({ id: 21, projectId: 2, versionLetter: 'a' })
const v2 = version({ id: 22, projectId: 2, versionLetter: 'b' })
const v3 = version({
  id: 23,
  projectId: 2,
  versionLetter: 'c',
  topOils: [at(CATALOG.bergamot, 10), at(CATALOG.lemon, 30)],
  middleOils: [at(CATALOG.lavender, 40)],
  baseOils: [at(CATALOG.cedarwood, 20)],
})
const grove = listItem({ id: 2, name: 'Morning Grove', versionCount: 3, referenceNumber: '002c' })

const side = (v: typeof v1, stats: Partial<ComparedVersion> = {}): ComparedVersion => ({
  id: v.id,
  versionLetter: v.versionLetter,
  referenceNumber: v.referenceNumber,
  topOils: v.topOils,
  middleOils: v.middleOils,
  baseOils: v.baseOils,
  dateMade: v.dateMade,
  createdAt: v.createdAt,
  testCount: 0,
  ratedCount: 0,
  latestRating: null,
  averageRating: null,
  ...stats,
})

const comparison = (a: typeof v1, b: typeof v1): BlendComparison => ({
  blend: { id: 2, name: 'Morning Grove' },
  choices: [v1, v2, v3].map((v) => ({ id: v.id, versionLetter: v.versionLetter, referenceNumber: v.referenceNumber })),
  a: side(a, { testCount: 3, ratedCount: 2, latestRating: 2, averageRating: 3 }),
  b: side(b, { testCount: 1, ratedCount: 1, latestRating: 5, averageRating: 5 }),
  ratings: [],
})

function api(replies: Parameters<typeof fakeBlendsApi>[1] = {}) {
  return fakeBlendsApi([{ ...grove, detail: detailOf(grove, [v1, v2, v3]) }], {
    'GET /api/essential-oils': json(CATALOG_LIST),
    'GET /api/blends/2/compare': json(comparison(v1, v3)),
    ...replies,
  })
}

describe('comparing two versions', () => {
  setUpJournalTests()

  it('opens from the blend’s details on the first and latest versions, with an address of its own', async () => {
    const { callsTo } = api()
    renderJournal('/journal?blend=2')
    await userEvent.click(await screen.findByRole('button', { name: 'Compare versions' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Compare versions' })).toBeInTheDocument()
    expect(new URLSearchParams(location.current!.search).toString()).toBe('blend=2&view=compare&a=002a&b=002c')
    expect(await screen.findByRole('heading', { name: 'Top' })).toBeInTheDocument()
    expect(callsTo('GET /api/blends/2/compare')).toHaveLength(1)
  })

  it('matches oils by id, says each change in words, and shows both versions’ grams and tests', async () => {
    api()
    renderJournal('/journal?blend=2&view=compare&a=002a&b=002c')
    const top = (await screen.findByRole('heading', { name: 'Top' })).closest('section')!
    // Lemon is first in a and second in c: still one row, the same share.
    const lemon = within(top).getByText('Lemon').closest('li')!
    expect(lemon).toHaveTextContent('Same')
    expect(lemon).toHaveTextContent('30% in both')
    expect(lemon).toHaveTextContent('3.00 g in both')
    const bergamot = within(top).getByText('Bergamot').closest('li')!
    expect(bergamot).toHaveTextContent('Added')
    expect(bergamot).toHaveTextContent('002a none → 002c 10%, +10')
    // 10% of the default 10 g batch, none in a.
    expect(bergamot).toHaveTextContent('none → 1.00 g')
    const middle = screen.getByRole('heading', { name: 'Middle' }).closest('section')!
    expect(within(middle).getByText('Lavender').closest('li')).toHaveTextContent('Changed002a 50% → 002c 40%, \u221210')
    expect(within(middle).getByText('Lavender').closest('li')).toHaveTextContent('5.00 g → 4.00 g')
    expect(screen.getByText('1 added · 0 removed · 1 changed · 2 the same')).toBeInTheDocument()
    const stats = screen.getByRole('heading', { name: '002a' }).parentElement!
    expect(stats).toHaveTextContent('Tests3')
    expect(stats).toHaveTextContent('Latest rating2 of 5')
    expect(stats).toHaveTextContent('Average rating3 of 5')
  })

  it('recomputes the grams for the batch size the maker types, and shows no cost with an unpriced shelf', async () => {
    api()
    renderJournal('/journal?blend=2&view=compare&a=002a&b=002c')
    const middle = (await screen.findByRole('heading', { name: 'Middle' })).closest('section')!
    await userEvent.clear(screen.getByLabelText('Batch size'))
    await userEvent.type(screen.getByLabelText('Batch size'), '100')
    expect(within(middle).getByText('Lavender').closest('li')).toHaveTextContent('50.00 g → 40.00 g')
    await userEvent.clear(screen.getByLabelText('Batch size'))
    expect(screen.getByText('Give a batch size')).toBeInTheDocument()
    expect(within(middle).getByText('Lavender').closest('li')).not.toHaveTextContent(' g')
    expect(screen.queryByRole('heading', { name: 'Cost from your shelf' })).not.toBeInTheDocument()
  })

  it('shows the amounts in the unit chosen: ounces, not grams (issue 31)', async () => {
    api()
    renderJournal('/journal?blend=2&view=compare&a=002a&b=002c')
    const middle = (await screen.findByRole('heading', { name: 'Middle' })).closest('section')!
    await userEvent.clear(screen.getByLabelText('Batch size'))
    await userEvent.type(screen.getByLabelText('Batch size'), '2')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'oz')
    // 2 oz of blend: Lavender at 50% then 40% is 1 oz, then 0.8 oz.
    const lavender = within(middle).getByText('Lavender').closest('li')!
    expect(lavender).toHaveTextContent('1.000 oz → 0.800 oz')
    expect(lavender).not.toHaveTextContent(' g')
    // A 2 lb batch: 1 lb of Lavender, then 12.8 oz (under a pound, in ounces, as the calculator shows it).
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'lb')
    expect(within(middle).getByText('Lavender').closest('li')).toHaveTextContent('1.000 lb → 12.800 oz')
  })

  it('prices both batches from the shelf and says the difference, and leaves cost out without prices', async () => {
    const held = (oil: { id: number; slug: string; name: string }, costPerMl: number | null) => ({
      oilId: oil.id,
      oilSlug: oil.slug,
      oilName: oil.name,
      bottleCount: 1,
      remainingMl: 500,
      costPerMl,
    })
    api({
      'GET /api/shelf/oils': json({
        currency: 'EUR',
        items: [held(CATALOG.lemon, 1), held(CATALOG.bergamot, 2), held(CATALOG.lavender, 0.5), held(CATALOG.cedarwood, 0.25)],
      }),
    })
    renderJournal('/journal?blend=2&view=compare&a=002a&b=002c')
    const cost = (await screen.findByRole('heading', { name: 'Cost from your shelf' })).parentElement!
    // b swaps 1 g of lavender (0.5/mL) for 1 g of bergamot (2/mL): it costs more.
    expect(within(cost).getByText(/costs more/)).toHaveTextContent(/^\+€\d+\.\d{2} \(002c costs more\)$/)
  })

  it('changes a side from its picker, in the address too', async () => {
    const { callsTo } = api({ 'GET /api/blends/2/compare': [json(comparison(v1, v3)), json(comparison(v2, v3))] })
    renderJournal('/journal?blend=2&view=compare&a=002a&b=002c')
    await userEvent.selectOptions(await screen.findByLabelText('Compare version'), '002b')
    await waitFor(() => expect(new URLSearchParams(location.current!.search).get('a')).toBe('002b'))
    await waitFor(() => expect(screen.getByLabelText('Compare version')).toHaveValue('002b'))
    expect(callsTo('GET /api/blends/2/compare')).toHaveLength(2)
  })

  it('says so when the blend or a version is not in the journal', async () => {
    api({ 'GET /api/blends/2/compare': json({ error: { code: 'NOT_FOUND', message: 'Version of this blend not found' } }, 404) })
    renderJournal('/journal?blend=2&view=compare&a=002a&b=002z')
    expect(await screen.findByText(/These versions are not in your journal/)).toBeInTheDocument()
  })
})
