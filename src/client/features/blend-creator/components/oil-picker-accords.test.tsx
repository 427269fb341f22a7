import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DataProviders } from '#client/app/data-providers.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { project, savedBlend, version } from '#client/testing/api-fixtures.ts'
import { BlendCreatorPage } from '#client/features/blend-creator/components/blend-creator-page.tsx'
import { blendDraftStore } from '#client/features/blend-creator/stores/blend-draft.ts'
import { CATALOG, CATALOG_LIST } from '#tests/support/oil-fixtures.ts'

/** Issue 35 in the wizard (decision 077): a layer from "My accords" instead of the catalog. */

const citrus = project(savedBlend({ id: 1, name: 'Citrus Dawn' }), [
  version({ id: 11, projectId: 1, versionLetter: 'a' }),
  version({ id: 12, projectId: 1, versionLetter: 'b' }),
])

function openMiddlePicker(projects: ReturnType<typeof json> | ReturnType<typeof json>[], draft: () => void = () => {}) {
  fakeFetch({
    'GET /api/auth/token': json({ token: fakeJwt('ada') }),
    'GET /api/essential-oils': json(CATALOG_LIST),
    'GET /api/shelf/oils': json({ currency: null, items: [] }),
    'GET /api/blend-projects': projects,
  })
  blendDraftStore.getState().start({ type: 'note-type', value: 'Top' })
  blendDraftStore.getState().setNoteOil('Top', CATALOG.lemon)
  draft()
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

describe('the layer picker’s "My accords" source', () => {
  it('puts a saved blend version in the layer by keyboard, and the blend and its summary name it Citrus Dawn 001b', async () => {
    openMiddlePicker(json([citrus]))
    const source = await screen.findByRole('group', { name: 'Choose the Middle Note from' })
    const catalog = within(source).getByRole('button', { name: 'Catalog' })
    const accords = within(source).getByRole('button', { name: 'My accords' })
    expect(catalog).toHaveAttribute('aria-pressed', 'true')
    expect(accords).toHaveAttribute('aria-pressed', 'false')

    accords.focus()
    await userEvent.keyboard('{Enter}')
    expect(accords).toHaveAttribute('aria-pressed', 'true')
    const region = await screen.findByRole('region', { name: 'Use one of my blends as the Middle Note' })
    // The catalog's oils are out of the way while the maker's blends are shown.
    expect(screen.queryByRole('list', { name: 'Middle note oils' })).not.toBeInTheDocument()
    const pick = await within(region).findByRole('button', { name: 'Add Citrus Dawn 001b' })
    pick.focus()
    await userEvent.keyboard('{Enter}')

    expect(await screen.findByRole('heading', { level: 1, name: 'Build Your Blend' })).toBeInTheDocument()
    expect(screen.getByText('Citrus Dawn 001b')).toBeInTheDocument()
    expect(blendDraftStore.getState().composition).toMatchObject({
      middleNote: null,
      middleAccord: { versionId: 12, projectId: 1, name: 'Citrus Dawn', referenceNumber: '001b' },
    })
  })

  it('says so when the maker has no saved blend, and offers Try again when the list fails', async () => {
    openMiddlePicker([json({ error: { code: 'INTERNAL', message: 'x' } }, 500), json([])])
    await userEvent.click(await screen.findByRole('button', { name: 'My accords' }))
    expect(await screen.findByText('Your blends could not be loaded just now.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /try again/i }))
    expect(
      await screen.findByText('You have no saved blends yet. Save a blend, and its versions can be used here as accords.'),
    ).toBeInTheDocument()
  })

  it('goes back to the catalog, whose oils are still listed', async () => {
    openMiddlePicker(json([citrus]))
    await userEvent.click(await screen.findByRole('button', { name: 'My accords' }))
    await screen.findByRole('button', { name: 'Add Citrus Dawn 001b' })
    await userEvent.click(screen.getByRole('button', { name: 'Catalog' }))
    expect(await screen.findByRole('list', { name: 'Middle note oils' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Use one of my blends as the Middle Note' })).not.toBeInTheDocument()
  })

  it('reopens a layer holding an accord on "My accords", without offering the version it holds', async () => {
    openMiddlePicker(json([citrus]), () =>
      blendDraftStore.getState().setNoteAccord('Middle', { versionId: 12, projectId: 1, name: 'Citrus Dawn', referenceNumber: '001b' }),
    )
    expect(await screen.findByRole('button', { name: 'My accords' })).toHaveAttribute('aria-pressed', 'true')
    expect(await screen.findByRole('button', { name: 'Add Citrus Dawn 001a' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add Citrus Dawn 001b' })).not.toBeInTheDocument()
  })

  it('is not offered to a signed-out visitor', async () => {
    setSignedOut()
    openMiddlePicker(json([citrus]))
    expect(await screen.findByRole('list', { name: 'Middle note oils' })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Choose the Middle Note from' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'My accords' })).not.toBeInTheDocument()
  })
})
