import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AccordPicker } from '#client/components/accord-picker.tsx'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { project, savedBlend, version } from '#client/testing/api-fixtures.ts'
import { renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'
import { accordChoices, searchChoices } from '#client/lib/my-accords.ts'

const citrus = project(savedBlend({ id: 1, name: 'Citrus Dawn' }), [
  version({ id: 11, projectId: 1, versionLetter: 'a' }),
  version({ id: 12, projectId: 1, versionLetter: 'b' }),
])
const woods = project(savedBlend({ id: 3, name: 'Forêt Profonde' }), [version({ id: 31, projectId: 3, versionLetter: 'a' })])
const token = { 'GET /api/auth/token': json({ token: fakeJwt('ada') }) }

describe('My accords', () => {
  signInEachTest()

  it('names each version by its blend and reference, newest version first, and searches by name or reference, accents aside', () => {
    const choices = accordChoices([woods, citrus])
    expect(choices.map((c) => `${c.name} ${c.referenceNumber}`)).toEqual(['Forêt Profonde 003a', 'Citrus Dawn 001b', 'Citrus Dawn 001a'])
    expect(searchChoices(choices, 'foret').map((c) => c.versionId)).toEqual([31])
    expect(searchChoices(choices, 'dawn 001a').map((c) => c.versionId)).toEqual([11])
    expect(searchChoices(choices, '  ')).toHaveLength(3)
  })

  it('lists the saved versions as buttons, leaves out the blend being edited and says when a search matches none', async () => {
    fakeFetch({ ...token, 'GET /api/blend-projects': json([woods, citrus]) })
    const onPick = vi.fn()
    renderSignedIn(<AccordPicker id="p" label="Add an accord to the top note" excludeProjectId={3} onPick={onPick} />)
    const region = screen.getByRole('region', { name: 'Add an accord to the top note' })
    expect(within(region).getByRole('status')).toHaveTextContent('Loading your blends...')
    await within(region).findByRole('button', { name: 'Add Citrus Dawn 001b' })
    expect(within(region).queryByRole('button', { name: /Forêt/ })).not.toBeInTheDocument()
    await userEvent.type(within(region).getByRole('searchbox', { name: 'Search my accords' }), 'rose')
    expect(within(region).getByRole('status')).toHaveTextContent('No saved blend matches "rose".')
    await userEvent.clear(within(region).getByRole('searchbox', { name: 'Search my accords' }))
    await userEvent.click(within(region).getByRole('button', { name: 'Add Citrus Dawn 001a' }))
    expect(onPick).toHaveBeenCalledWith({ versionId: 11, projectId: 1, name: 'Citrus Dawn', referenceNumber: '001a' })
  })

  it('reaches older blends a page at a time: Show older blends asks for the next page by its cursor', async () => {
    const firstPage = new Response(JSON.stringify([citrus]), {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-next-cursor': 'page-2' },
    })
    const { calls, fetchMock } = fakeFetch({
      ...token,
      'GET /api/blend-projects': (call) => (calls.filter((c) => c.path === call.path).length === 1 ? firstPage.clone() : json([woods])),
    })
    renderSignedIn(<AccordPicker id="p" label="Add an accord to the top note" onPick={vi.fn()} />)
    const region = screen.getByRole('region', { name: 'Add an accord to the top note' })
    await within(region).findByRole('button', { name: 'Add Citrus Dawn 001b' })
    expect(within(region).queryByRole('button', { name: /Forêt/ })).not.toBeInTheDocument()
    expect(within(region).getByText('Showing your newest blends; older ones are not loaded yet.')).toBeInTheDocument()
    await userEvent.click(within(region).getByRole('button', { name: 'Show older blends' }))
    expect(await within(region).findByRole('button', { name: 'Add Forêt Profonde 003a' })).toBeInTheDocument()
    expect(within(region).queryByRole('button', { name: 'Show older blends' })).not.toBeInTheDocument()
    const asked = calls.filter((c) => c.path === '/api/blend-projects')
    expect(asked).toHaveLength(2)
    const urls = fetchMock.mock.calls.map(([input]) => String(input)).filter((u) => u.includes('/api/blend-projects'))
    expect(urls[1]).toContain('cursor=page-2')
  })

  it('says so when there are no saved blends yet', async () => {
    fakeFetch({ ...token, 'GET /api/blend-projects': json([]) })
    renderSignedIn(<AccordPicker id="p" label="Add an accord to the top note" onPick={vi.fn()} />)
    expect(
      await screen.findByText('You have no saved blends yet. Save a blend, and its versions can be used here as accords.'),
    ).toBeInTheDocument()
  })

  it('says so when the blends cannot be loaded, and Try again loads them', async () => {
    fakeFetch({
      ...token,
      'GET /api/blend-projects': [json({ error: { code: 'INTERNAL', message: 'x' } }, 500), json([citrus])],
    })
    renderSignedIn(<AccordPicker id="p" label="Add an accord to the top note" onPick={vi.fn()} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Your blends could not be loaded just now.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('button', { name: 'Add Citrus Dawn 001b' })).toBeInTheDocument()
  })
})
