import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Batch } from '#shared/api/shelf.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import { json } from '#client/testing/fake-fetch.ts'
import { version } from '#client/testing/api-fixtures.ts'
import { detailOf, fakeBlendsApi, listItem } from '#tests/support/fake-blends-api.ts'
import { renderJournal, setUpJournalTests } from '#client/features/journal/testing/render-journal.tsx'

const calm = listItem({ id: 2, name: 'Evening Calm' })
const v1 = version({ id: 21, projectId: 2, versionLetter: 'a' })

const batch: Batch = {
  id: 7,
  reference: '002a',
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
    { oilId: 2, oilName: 'Atlas Cedarwood', grams: 3, ml: 3.3, shortMl: 0, cost: null },
  ],
  totalCost: 1.06,
  costIsPartial: true,
  costPerUnit: 0.106,
  currency: 'EUR',
  createdAt: '2026-11-20T10:00:00.000Z',
  label: null,
}

describe('the journal’s oils in German (decision 104)', () => {
  setUpJournalTests()
  beforeEach(async () => {
    await activateLanguage('de')
  })
  afterEach(async () => {
    await activateLanguage('en')
  })

  it('names a version’s oils and a batch’s oils by their German names', async () => {
    fakeBlendsApi([{ ...calm, detail: detailOf(calm, [v1]) }], {
      'GET /api/blends/2/batches': json({ items: [batch], nextCursor: null }),
    })
    renderJournal('/journal?blend=2')
    expect((await screen.findAllByText('Lavendel', undefined, { timeout: 5000 })).length).toBeGreaterThan(0)
    expect(screen.getAllByText('Zitrone').length).toBeGreaterThan(0)
    expect(screen.getAllByText('Atlaszeder').length).toBeGreaterThan(0)
    const oils = await screen.findByRole('list', { name: /002a/ }, { timeout: 5000 })
    expect(within(oils).getByText(/^Zitrone · /)).toBeInTheDocument()
    expect(within(oils).getByText(/^Atlaszeder · /)).toBeInTheDocument()
    for (const english of ['Lemon', 'Lavender', 'Atlas Cedarwood']) expect(screen.queryByText(english), english).toBeNull()
  })
})
