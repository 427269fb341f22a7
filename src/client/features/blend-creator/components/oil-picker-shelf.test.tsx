import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ShelfOilList } from '#shared/api/shelf.ts'
import { DataProviders } from '#client/app/data-providers.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { BlendCreatorPage } from '#client/features/blend-creator/components/blend-creator-page.tsx'
import { blendDraftStore } from '#client/features/blend-creator/stores/blend-draft.ts'
import { CATALOG, CATALOG_LIST } from '#tests/support/oil-fixtures.ts'

const shelfWith = (...oils: { id: number; slug: string; name: string }[]): ShelfOilList => ({
  currency: 'EUR',
  items: oils.map((oil) => ({ oilId: oil.id, oilSlug: oil.slug, oilName: oil.name, bottleCount: 1, remainingMl: 10, costPerMl: 0.5 })),
})

function openMiddlePicker(shelf: ShelfOilList) {
  fakeFetch({
    'GET /api/auth/token': json({ token: fakeJwt('ada') }),
    'GET /api/essential-oils': json(CATALOG_LIST),
    'GET /api/shelf/oils': json(shelf),
  })
  blendDraftStore.getState().start({ type: 'effect', value: ['Energising', 'Relaxing'] })
  blendDraftStore.getState().setNoteOil('Top', CATALOG.lemon)
  render(
    <DataProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/blend?step=2&layer=middle']}>
        <BlendCreatorPage />
      </MemoryRouter>
    </DataProviders>,
  )
}

beforeEach(() => {
  blendDraftStore.getState().reset()
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
  resetAuthClient()
  setSignedIn({ id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null })
})
afterEach(() => {
  vi.unstubAllGlobals()
  setSignedOut()
  localStorage.clear()
})

describe('the oil picker and the shelf', () => {
  it('marks the oils on the shelf and narrows to them with "On my shelf"', async () => {
    openMiddlePicker(shelfWith(CATALOG.lavender))
    await screen.findByText('Showing 7 oils for Middle Note')
    const lavender = screen.getByRole('article', { name: 'Lavender' })
    expect(await within(lavender).findByText('On your shelf')).toBeInTheDocument()
    expect(screen.getAllByText('On your shelf')).toHaveLength(1)

    await userEvent.click(screen.getByRole('checkbox', { name: 'On my shelf' }))
    expect(screen.getByText('Showing 1 oil for Middle Note')).toBeInTheDocument()
    expect(
      screen.getAllByRole('article').map((card) => card.getAttribute('aria-labelledby') && within(card).getByRole('heading').textContent),
    ).toEqual(['Lavender'])
    await userEvent.click(screen.getByRole('checkbox', { name: 'On my shelf' }))
    expect(screen.getByText('Showing 7 oils for Middle Note')).toBeInTheDocument()
  })

  it('offers no shelf filter when the shelf is empty', async () => {
    openMiddlePicker(shelfWith())
    await screen.findByText('Showing 7 oils for Middle Note')
    expect(screen.queryByRole('checkbox', { name: 'On my shelf' })).not.toBeInTheDocument()
    expect(screen.queryByText('On your shelf')).not.toBeInTheDocument()
  })
})
