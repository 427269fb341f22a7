import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { json } from '#client/testing/fake-fetch.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import { version } from '#client/testing/api-fixtures.ts'
import { location, renderJournal, setUpJournalTests } from '#client/features/journal/testing/render-journal.tsx'
import { detailOf, fakeBlendsApi, listItem } from '#tests/support/fake-blends-api.ts'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), dismiss: vi.fn() }))
vi.mock('#client/components/ui/toast.tsx', () => ({ toast }))

const calm = listItem({ id: 2, name: 'Evening Calm', oilNames: ['bergamot', 'lavender', 'atlas cedarwood'] })
const lift = listItem({ id: 10, name: 'Morning Lift', testCount: 3, oilNames: ['grapefruit', 'peppermint'] })
const woods = listItem({ id: 1, name: 'Deep Woods', testCount: 1, oilNames: ['vetiver', 'sandalwood'] })
const BLENDS = [lift, calm, woods]

const api = (blends = BLENDS, routes: Parameters<typeof fakeBlendsApi>[1] = {}) => fakeBlendsApi(blends, routes)

const cardNames = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)

describe('the journal list', () => {
  setUpJournalTests()

  it('says it is loading, then lists the first page by reference number, asking for nothing else', async () => {
    const { calls, listQueries } = api()
    renderJournal()
    expect(screen.getByText('Loading your blends...')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'Blend Journal' })).toBeInTheDocument()
    await screen.findByText('Deep Woods')
    expect(cardNames()).toEqual(['Deep Woods', 'Evening Calm', 'Morning Lift'])
    expect(listQueries.map((q) => q.toString())).toEqual(['sort=reference&status=all'])
    expect(calls.filter((c) => c.path !== '/api/auth/token').map((c) => c.path)).toEqual(['/api/blends'])
  })

  it('speaks the reader’s language: German words, none of the English ones (catalog section journal.json)', async () => {
    try {
      await activateLanguage('de')
      api()
      renderJournal()
      expect(await screen.findByRole('heading', { level: 1, name: 'Mischungsjournal' })).toBeInTheDocument()
      const card = await screen.findByRole('article', { name: 'Morning Lift' })
      expect(within(card).getByRole('button', { name: 'Details ansehen' })).toBeInTheDocument()
      expect(within(card).getByRole('button', { name: 'Morning Lift umbenennen' })).toBeInTheDocument()
      expect(card).toHaveTextContent('3 Tests')
      expect(screen.getByRole('tab', { name: /Alle Mischungen/ })).toBeInTheDocument()
      expect(screen.getByLabelText('Mischungen suchen')).toBeInTheDocument()
      expect(screen.getByText('3 Mischungen')).toBeInTheDocument()
      for (const english of ['Blend Journal', 'View Details', 'Create new version', 'All Blends', 'Search blends', 'Sort by', '3 blends'])
        expect(screen.queryByText(english)).not.toBeInTheDocument()
    } finally {
      await activateLanguage('en')
    }
  })

  it('shows the oils of each note and the counts on a card', async () => {
    api([
      listItem({
        id: 3,
        name: 'Bright',
        oils: { top: ['Bergamot', 'Lemon'], middle: [], base: ['Vetiver'] },
        versionCount: 2,
        testCount: 4,
      }),
    ])
    renderJournal()
    const card = await screen.findByRole('article', { name: 'Bright' })
    expect(card).toHaveTextContent('Bergamot, Lemon')
    expect(card).toHaveTextContent('MiddleNone')
    expect(card).toHaveTextContent('2 versions')
    expect(card).toHaveTextContent('4 tests')
  })

  it('sorts by name on the server', async () => {
    const { listQueries } = api([listItem({ id: 1, name: 'Zest' }), listItem({ id: 2, name: 'amber' })])
    renderJournal()
    await screen.findByText('Zest')
    expect(cardNames()).toEqual(['Zest', 'amber'])
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name (A-Z)')
    await waitFor(() => expect(cardNames()).toEqual(['amber', 'Zest']))
    expect(listQueries.at(-1)?.get('sort')).toBe('name')
  })

  it('searches on the server once typing pauses, by name or any oil', async () => {
    const { listQueries } = api()
    renderJournal()
    await screen.findByText('Deep Woods')
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search blends' }), 'Peppermint')
    await waitFor(() => expect(cardNames()).toEqual(['Morning Lift']))
    // One request for the whole word, not one per key.
    expect(listQueries.map((q) => q.get('q'))).toEqual([null, 'Peppermint'])
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search blends' }))
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search blends' }), 'nothing like it')
    expect(await screen.findByText('No blends match "nothing like it".')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    await waitFor(() => expect(cardNames()).toHaveLength(3))
  })

  it('splits blends into Tested and Untested with their counts, and a card opens its details', async () => {
    const { listQueries } = api(
      BLENDS.map((b) => (b.id === 2 ? { ...b, detail: detailOf(b, [version({ id: 21, projectId: 2, versionLetter: 'a' })]) } : b)),
    )
    renderJournal()
    await screen.findByText('Deep Woods')
    expect(screen.getByRole('tab', { name: 'All Blends 3' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Untested 1' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: 'Tested 2' }))
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Deep Woods|Morning Lift/ })).toHaveLength(2))
    const tested = screen.getAllByRole('button', { name: /Deep Woods|Morning Lift/ })
    expect(tested.map((b) => b.textContent)).toEqual([expect.stringContaining('1 test'), expect.stringContaining('3 tests')])
    expect(listQueries.at(-1)?.get('status')).toBe('tested')
    await userEvent.click(screen.getByRole('tab', { name: /^Untested/ }))
    const untested = await screen.findByRole('button', { name: /Evening Calm/ })
    expect(untested).toHaveTextContent('Untested')
    await userEvent.click(untested)
    expect(await screen.findByRole('heading', { level: 1, name: 'Evening Calm' })).toBeInTheDocument()
    expect(location.current?.search).toBe('?blend=2')
  })

  it('shows 50 cards, and the next 50 with each Show more', { timeout: 20_000 }, async () => {
    const many = Array.from({ length: 120 }, (_, i) => listItem({ id: i + 1, name: `Blend ${i + 1}` }))
    const { listQueries } = api(many)
    const { container } = renderJournal()
    expect(await screen.findByText('Showing 50 of 120 blends')).toBeInTheDocument()
    const cards = () => container.querySelectorAll('[role="article"]').length
    expect(cards()).toBe(50)
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }))
    // The list renders in slices (use-progressive-list.ts): on a busy machine that takes more than a second.
    await waitFor(() => expect(cards()).toBe(100), { timeout: 5_000 })
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect(cards()).toBe(120), { timeout: 5_000 })
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument()
    expect(screen.getByText('120 blends')).toBeInTheDocument()
    expect(listQueries.map((q) => q.get('cursor'))).toEqual([null, 'o50', 'o100'])
  })

  it('keeps the pages and returns to the opened card on the way back from a blend', { timeout: 20_000 }, async () => {
    const many = Array.from({ length: 80 }, (_, i) => listItem({ id: i + 1, name: `Blend ${i + 1}` }))
    const seventy = many[69]!
    many[69] = { ...seventy, detail: detailOf(seventy, [version({ id: 700, projectId: 70, versionLetter: 'a' })]) }
    const { listQueries } = api(many)
    renderJournal()
    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }))
    const card = await screen.findByRole('article', { name: 'Blend 70' }, { timeout: 5_000 })
    await userEvent.click(within(card).getByRole('button', { name: 'View Details' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Blend 70' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Back to Journal' }))
    const again = await screen.findByRole('article', { name: 'Blend 70' }, { timeout: 5_000 })
    expect(within(again).getByRole('button', { name: 'View Details' })).toHaveFocus()
    expect(screen.getAllByRole('article')).toHaveLength(80)
    // Both pages came from the cache.
    expect(listQueries).toHaveLength(2)
  })

  it('with no blends, offers Create New Blend, which resets the draft and opens /blend', async () => {
    api([])
    const reset = vi.fn()
    window.addEventListener('resetBlendDraft', reset)
    renderJournal()
    expect(await screen.findByRole('heading', { name: 'No blends yet' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Create New Blend' }))
    expect(reset).toHaveBeenCalledTimes(1)
    expect(await screen.findByText('Blend creator')).toBeInTheDocument()
    window.removeEventListener('resetBlendDraft', reset)
  })

  it('says so when the list cannot be loaded, and tries again', async () => {
    api(BLENDS, {
      'GET /api/blends': [
        json({ error: { code: 'INTERNAL', message: 'Down' } }, 500),
        json({ items: [], nextCursor: null, counts: { all: 0, tested: 0, untested: 0 } }),
      ],
    })
    renderJournal()
    expect(await screen.findByText('Your blends could not be loaded just now.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'No blends yet' })).toBeInTheDocument()
  })

  describe('rename', () => {
    it('saves with Enter, and the list shows the new name', async () => {
      const { callsTo } = api()
      renderJournal()
      await userEvent.click(await screen.findByRole('button', { name: 'Rename Evening Calm' }))
      const field = screen.getByRole('textbox', { name: 'Blend name' })
      await userEvent.clear(field)
      await userEvent.type(field, 'Night Calm{Enter}')
      expect(await screen.findByRole('heading', { name: 'Night Calm' })).toBeInTheDocument()
      expect(callsTo('PATCH /api/blends/2')[0]?.body).toEqual({ name: 'Night Calm' })
      expect(toast.success).toHaveBeenCalledWith('Blend renamed')
      expect(screen.getByRole('button', { name: 'Rename Night Calm' })).toHaveFocus()
      // The list is asked again (a rename can move a blend in the name order).
      await waitFor(() => expect(callsTo('GET /api/blends')).toHaveLength(2))
      expect(screen.getByRole('heading', { name: 'Night Calm' })).toBeInTheDocument()
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
      api(BLENDS, { 'PATCH /api/blends/2': json({ error: { code: 'INTERNAL', message: 'Down' } }, 500) })
      renderJournal()
      await userEvent.click(await screen.findByRole('button', { name: 'Rename Evening Calm' }))
      await userEvent.type(screen.getByRole('textbox', { name: 'Blend name' }), '!{Enter}')
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Rename failed', expect.objectContaining({ description: expect.any(String) })),
      )
      expect(screen.getByRole('textbox', { name: 'Blend name' })).toHaveValue('Evening Calm!')
    })
  })

  describe('delete', () => {
    /** The dialog's Delete, once it has asked which blends use this one as an accord (decision 073). */
    async function deleteEnabled(dialog: HTMLElement) {
      const button = within(dialog).getByRole('button', { name: 'Delete' })
      await waitFor(() => expect(button).toBeEnabled())
      return button
    }

    it('says which blends use it as an accord and what happens to them, before the delete', async () => {
      const { callsTo } = api(BLENDS, {
        'GET /api/blends/2/accord-uses': json({
          blends: [
            { id: 5, name: 'Morning Lift', versions: [{ id: 53, referenceNumber: '005c', accordReferenceNumber: '002a' }] },
            {
              id: 6,
              name: 'Deep Woods',
              versions: [
                { id: 61, referenceNumber: '006a', accordReferenceNumber: '002a' },
                { id: 62, referenceNumber: '006b', accordReferenceNumber: '002a' },
              ],
            },
          ],
        }),
      })
      renderJournal()
      await userEvent.click(within(await screen.findByRole('article', { name: 'Evening Calm' })).getByRole('button', { name: 'Delete' }))
      const dialog = await screen.findByRole('dialog')
      expect(await within(dialog).findByText(/^Used as an accord in/)).toHaveTextContent(
        'Used as an accord in Morning Lift (005c) and Deep Woods (006a, 006b). Those versions keep its oils as they are; they lose the link to it.',
      )
      await userEvent.click(await deleteEnabled(dialog))
      await waitFor(() => expect(callsTo('DELETE /api/blends/2')).toHaveLength(1))
    })

    it('waits for the accord check, and cannot delete while it failed until Try again answers', async () => {
      let answer: (r: Response) => void = () => {}
      const { callsTo } = api(BLENDS, {
        'GET /api/blends/2/accord-uses': [
          () => new Promise<Response>((resolve) => (answer = resolve)),
          json({
            blends: [{ id: 5, name: 'Morning Lift', versions: [{ id: 53, referenceNumber: '005c', accordReferenceNumber: '002a' }] }],
          }),
        ],
      })
      renderJournal()
      await userEvent.click(within(await screen.findByRole('article', { name: 'Evening Calm' })).getByRole('button', { name: 'Delete' }))
      const dialog = await screen.findByRole('dialog')
      expect(within(dialog).getByText('Checking whether other blends use it as an accord...')).toBeInTheDocument()
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled()
      answer(json({ error: { code: 'INTERNAL', message: 'Something broke' } }, 500))
      expect(await within(dialog).findByText(/Could not check whether other blends use it as an accord/)).toBeInTheDocument()
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled()
      await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
      expect(await within(dialog).findByText(/^Used as an accord in Morning Lift \(005c\)/)).toBeInTheDocument()
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled()
      expect(callsTo('DELETE /api/blends/2')).toHaveLength(0)
    })

    it('asks first, then deletes, and the counts follow', async () => {
      const { callsTo } = api()
      renderJournal()
      await screen.findByText('Evening Calm')
      const card = screen.getByRole('article', { name: 'Evening Calm' })
      await userEvent.click(within(card).getByRole('button', { name: 'Delete' }))
      const dialog = await screen.findByRole('dialog')
      expect(dialog).toHaveTextContent('Are you sure you want to delete "Evening Calm"? You can undo it for a few seconds afterwards.')
      await userEvent.click(await deleteEnabled(dialog))
      await waitFor(() => expect(screen.queryByText('Evening Calm')).not.toBeInTheDocument())
      expect(callsTo('DELETE /api/blends/2')).toHaveLength(1)
      expect(toast.success).toHaveBeenCalledWith(
        'Blend deleted',
        expect.objectContaining({ action: expect.objectContaining({ label: 'Undo' }) }),
      )
      expect(await screen.findByRole('tab', { name: 'Untested 0' })).toBeInTheDocument()
    })

    it('offers Undo in the toast, which brings the blend back', async () => {
      const { callsTo } = api()
      renderJournal()
      await screen.findByText('Evening Calm')
      await userEvent.click(within(screen.getByRole('article', { name: 'Evening Calm' })).getByRole('button', { name: 'Delete' }))
      await userEvent.click(await deleteEnabled(await screen.findByRole('dialog')))
      await waitFor(() => expect(screen.queryByText('Evening Calm')).not.toBeInTheDocument())
      const options = vi.mocked(toast.success).mock.calls.find(([title]) => title === 'Blend deleted')![1]!
      options.action!.onClick()
      expect(await screen.findByText('Evening Calm')).toBeInTheDocument()
      expect(callsTo('POST /api/blends/2/restore')).toHaveLength(1)
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Blend restored', expect.anything()))
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
      api(BLENDS, { 'DELETE /api/blends/2': json({ error: { code: 'NOT_FOUND', message: 'Blend not found' } }, 404) })
      renderJournal()
      await screen.findByText('Evening Calm')
      await userEvent.click(within(screen.getByRole('article', { name: 'Evening Calm' })).getByRole('button', { name: 'Delete' }))
      await userEvent.click(await deleteEnabled(await screen.findByRole('dialog')))
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Delete failed', { description: 'Could not delete the blend: Blend not found' }),
      )
    })
  })

  it('the header journal link returns to the top of the list', async () => {
    api()
    renderJournal()
    await screen.findByText('Deep Woods')
    act(() => {
      window.dispatchEvent(new Event('resetJournalState'))
    })
    expect(screen.getByRole('heading', { level: 1, name: 'Blend Journal' })).toBeInTheDocument()
  })
})
