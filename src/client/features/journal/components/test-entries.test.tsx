import { render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DataProviders } from '#client/app/data-providers.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { entry } from '#client/testing/api-fixtures.ts'
import { TestEntries } from '#client/features/journal/components/test-entries.tsx'

/** A version's tests list by the day tested, not the order typed (decision 052). */
describe("a version's test entries", () => {
  beforeEach(() => {
    resetAuthClient()
    setSignedIn({ id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null })
  })
  afterEach(() => setSignedOut())

  it('lists by the day tested, oldest first, whatever order they were typed in; one not yet tested last', () => {
    const typed = [
      entry({
        id: 1,
        versionId: 21,
        projectId: 2,
        dateMade: '2025-03-01',
        dateTested: '2025-03-09',
        notes: 'typed first, tested on day 8',
      }),
      entry({ id: 2, versionId: 21, projectId: 2, dateMade: '2025-03-01', dateTested: null, tested: false, notes: 'not tested yet' }),
      entry({ id: 3, versionId: 21, projectId: 2, dateMade: '2025-03-01', dateTested: '2025-03-02', notes: 'typed last, tested on day 1' }),
    ]
    render(
      <DataProviders queryClient={createQueryClient()}>
        <TestEntries entries={typed} />
      </DataProviders>,
    )
    const items = within(screen.getByRole('list')).getAllByRole('listitem')
    expect(items.map((item) => within(item).getByText(/^TB-002a-/).textContent)).toEqual([
      'TB-002a-000003',
      'TB-002a-000001',
      'TB-002a-000002',
    ])
  })
})
