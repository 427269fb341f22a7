import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { savedBlend } from '#client/testing/api-fixtures.ts'
import { location, renderJournal, setUpJournalTests } from '#client/features/journal/testing/render-journal.tsx'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), dismiss: vi.fn() }))
vi.mock('#client/components/ui/toast.tsx', () => ({ toast }))

const calm = savedBlend({ id: 2, name: 'Evening Calm', oilNames: ['bergamot', 'lavender', 'atlas cedarwood'] })
const lift = savedBlend({ id: 10, name: 'Morning Lift', testCount: 3, oilNames: ['grapefruit', 'peppermint'] })
const woods = savedBlend({ id: 1, name: 'Deep Woods', testCount: 1, oilNames: ['vetiver', 'sandalwood'] })
const BLENDS = [lift, calm, woods]

function api(routes: Parameters<typeof fakeFetch>[0] = {}) {
  return fakeFetch({ 'GET /api/auth/token': json({ token: fakeJwt('ada') }), 'GET /api/blends': json(BLENDS), ...routes })
}

const cardNames = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)

describe('the journal list', () => {
  setUpJournalTests()

  it('says it is loading, then lists the blends by reference number', async () => {
    const { callsTo } = api()
    renderJournal()
    expect(screen.getByText('Loading your blends...')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'Blend Journal' })).toBeInTheDocument()
    await screen.findByText('Deep Woods')
    expect(cardNames()).toEqual(['Deep Woods', 'Evening Calm', 'Morning Lift'])
    expect(callsTo('GET /api/blend-projects')).toHaveLength(0)
  })

  it('sorts by name', async () => {
    api({ 'GET /api/blends': json([savedBlend({ id: 1, name: 'Zest' }), savedBlend({ id: 2, name: 'amber' })]) })
    renderJournal()
    await screen.findByText('Zest')
    expect(cardNames()).toEqual(['Zest', 'amber'])
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Name (A-Z)' }))
    expect(cardNames()).toEqual(['amber', 'Zest'])
  })

  it('finds a blend by any of its oils', async () => {
    api()
    renderJournal()
    await screen.findByText('Deep Woods')
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search blends' }), 'Peppermint')
    await waitFor(() => expect(cardNames()).toEqual(['Morning Lift']))
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search blends' }))
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search blends' }), 'nothing like it')
    expect(await screen.findByText('No blends match "nothing like it".')).toBeInTheDocument()
  })

  it('splits blends into Tested and Untested, with a count or an Untested badge', async () => {
    api()
    renderJournal()
    await screen.findByText('Deep Woods')
    await userEvent.click(screen.getByRole('tab', { name: 'Tested' }))
    const tested = screen.getAllByRole('button', { name: /Deep Woods|Morning Lift/ })
    expect(tested.map((b) => b.textContent)).toEqual([expect.stringContaining('1 test'), expect.stringContaining('3 tests')])
    await userEvent.click(screen.getByRole('tab', { name: 'Untested' }))
    const untested = screen.getByRole('button', { name: /Evening Calm/ })
    expect(untested).toHaveTextContent('Untested')
    await userEvent.click(untested)
    expect(await screen.findByRole('heading', { level: 1, name: 'Evening Calm' })).toBeInTheDocument()
    expect(location.current?.search).toBe('?blend=2')
  })

  it('shows 50 cards at a time', { timeout: 20_000 }, async () => {
    const many = Array.from({ length: 120 }, (_, i) => savedBlend({ id: i + 1, name: `Blend ${i + 1}` }))
    api({ 'GET /api/blends': json(many) })
    const { container } = renderJournal()
    expect(await screen.findByText('Showing 50 of 120 blends')).toBeInTheDocument()
    const cards = () => container.querySelectorAll('[role="article"]').length
    expect(cards()).toBe(50)
    await userEvent.click(screen.getByText('Show more'))
    expect(cards()).toBe(100)
    await userEvent.click(screen.getByText('Show more'))
    expect(cards()).toBe(120)
    expect(screen.queryByText('Show more')).not.toBeInTheDocument()
  })

  it('with no blends, offers Create New Blend, which resets the draft and opens /blend', async () => {
    api({ 'GET /api/blends': json([]) })
    const reset = vi.fn()
    window.addEventListener('resetBlendDraft', reset)
    renderJournal()
    expect(await screen.findByRole('heading', { name: 'No blends yet' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Create New Blend' }))
    expect(reset).toHaveBeenCalledTimes(1)
    expect(await screen.findByText('Blend creator')).toBeInTheDocument()
    window.removeEventListener('resetBlendDraft', reset)
  })

  describe('rename', () => {
    it('saves with Enter', async () => {
      const { callsTo } = api({ 'PATCH /api/blends/2': json({ ...calm, name: 'Night Calm' }) })
      renderJournal()
      await userEvent.click(await screen.findByRole('button', { name: 'Rename Evening Calm' }))
      const field = screen.getByRole('textbox', { name: 'Blend name' })
      await userEvent.clear(field)
      await userEvent.type(field, 'Night Calm{Enter}')
      expect(await screen.findByRole('heading', { name: 'Night Calm' })).toBeInTheDocument()
      expect(callsTo('PATCH /api/blends/2')[0]?.body).toEqual({ name: 'Night Calm' })
      expect(toast.success).toHaveBeenCalledWith('Blend renamed')
      expect(screen.getByRole('button', { name: 'Rename Night Calm' })).toHaveFocus()
    })

    it('cancels with Escape, and ignores a blank name', async () => {
      const { callsTo } = api()
      renderJournal()
      await userEvent.click(await screen.findByRole('button', { name: 'Rename Evening Calm' }))
      await userEvent.type(screen.getByRole('textbox', { name: 'Blend name' }), ' and more{Escape}')
      expect(screen.getByRole('heading', { name: 'Evening Calm' })).toBeInTheDocument()
      await userEvent.click(screen.getByRole('button', { name: 'Rename Evening Calm' }))
      await userEvent.clear(screen.getByRole('textbox', { name: 'Blend name' }))
      await userEvent.type(screen.getByRole('textbox', { name: 'Blend name' }), '   {Enter}')
      expect(screen.getByRole('heading', { name: 'Evening Calm' })).toBeInTheDocument()
      expect(callsTo('PATCH /api/blends/2')).toHaveLength(0)
    })

    it('says so when it fails and keeps the field open', async () => {
      api({ 'PATCH /api/blends/2': json({ error: { code: 'INTERNAL', message: 'Down' } }, 500) })
      renderJournal()
      await userEvent.click(await screen.findByRole('button', { name: 'Rename Evening Calm' }))
      await userEvent.type(screen.getByRole('textbox', { name: 'Blend name' }), '!{Enter}')
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Rename failed', { description: 'Could not update blend name. Please try again.' }),
      )
      expect(screen.getByRole('textbox', { name: 'Blend name' })).toHaveValue('Evening Calm!')
    })
  })

  describe('delete', () => {
    it('asks first, then deletes', async () => {
      const { callsTo } = api({ 'DELETE /api/blends/2': new Response(null, { status: 204 }) })
      renderJournal()
      await screen.findByText('Evening Calm')
      const card = screen.getByRole('article', { name: 'Evening Calm' })
      await userEvent.click(within(card).getByRole('button', { name: 'Delete' }))
      const dialog = await screen.findByRole('dialog')
      expect(dialog).toHaveTextContent('Are you sure you want to delete "Evening Calm"? This action cannot be undone.')
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
      await waitFor(() => expect(screen.queryByText('Evening Calm')).not.toBeInTheDocument())
      expect(callsTo('DELETE /api/blends/2')).toHaveLength(1)
      expect(toast.success).toHaveBeenCalledWith('Blend deleted')
    })

    it('keeps the blend when the dialog is cancelled', async () => {
      const { callsTo } = api()
      renderJournal()
      await screen.findByText('Evening Calm')
      await userEvent.click(within(screen.getByRole('article', { name: 'Evening Calm' })).getByRole('button', { name: 'Delete' }))
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }))
      expect(screen.getByText('Evening Calm')).toBeInTheDocument()
      expect(callsTo('DELETE /api/blends/2')).toHaveLength(0)
    })

    it('gives the reason when it fails', async () => {
      api({ 'DELETE /api/blends/2': json({ error: { code: 'NOT_FOUND', message: 'Blend not found' } }, 404) })
      renderJournal()
      await screen.findByText('Evening Calm')
      await userEvent.click(within(screen.getByRole('article', { name: 'Evening Calm' })).getByRole('button', { name: 'Delete' }))
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Delete failed', { description: 'Could not delete the blend: Blend not found' }),
      )
    })
  })
})
