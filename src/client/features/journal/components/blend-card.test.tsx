import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeBlendsApi, listItem } from '#tests/support/fake-blends-api.ts'
import { renderJournal, setUpJournalTests } from '#client/features/journal/testing/render-journal.tsx'

/** A card names its blend's latest version, and the older version a search matched (decision 037). */
describe('the journal card’s reference', () => {
  setUpJournalTests()

  it('shows the latest version’s reference, and “matches 002a” when the server says an older version matched', async () => {
    fakeBlendsApi([
      listItem({ id: 2, name: 'Morning Grove', referenceNumber: '002c', versionCount: 3, matchedReference: '002a' }),
      listItem({ id: 3, name: 'Evening Calm', referenceNumber: '003b', versionCount: 2 }),
    ])
    renderJournal()
    const grove = await screen.findByRole('article', { name: 'Morning Grove' })
    expect(within(grove).getByText('002c')).toBeInTheDocument()
    expect(within(grove).getByText(/^matches/)).toHaveTextContent('matches 002a')
    const calm = screen.getByRole('article', { name: 'Evening Calm' })
    expect(within(calm).getByText('003b')).toBeInTheDocument()
    expect(within(calm).queryByText(/^matches/)).not.toBeInTheDocument()
  })
})
