import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { json, type FetchCall } from '#client/testing/fake-fetch.ts'
import { accordUse, at, entry, version, versionWithAccords } from '#client/testing/api-fixtures.ts'
import { CATALOG } from '#tests/support/oil-fixtures.ts'
import { detailOf, fakeBlendsApi, listItem } from '#tests/support/fake-blends-api.ts'
import { location, renderJournal, setUpJournalTests } from '#client/features/journal/testing/render-journal.tsx'
import { AUTOSAVE_DELAY_MS } from '#client/features/journal/hooks/use-autosave.ts'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), dismiss: vi.fn() }))
vi.mock('#client/components/ui/toast.tsx', () => ({ toast }))

const calm = listItem({ id: 2, name: 'Evening Calm', testCount: 1 })
const v1 = version({ id: 21, projectId: 2, versionLetter: 'a' })
const v2 = version({ id: 22, projectId: 2, versionLetter: 'b', formulationNotes: 'Brighter' })
const tested = entry({ id: 5, versionId: 21, projectId: 2, notes: 'Soft and round', rating: 4 })

/** Evening Calm with `versions` and its one test entry (or `entries`), and any other routes. */
function api(
  routes: Parameters<typeof fakeBlendsApi>[1] = {},
  versions = [v1],
  entries = [tested],
  entriesNextCursor: string | null = null,
) {
  const item = { ...calm, versionCount: versions.length }
  return fakeBlendsApi([{ ...item, detail: detailOf(item, versions, entries, entriesNextCursor) }], routes)
}

const echoEntry = (call: FetchCall) => json({ ...tested, ...(call.body as object) })

describe('blend details', () => {
  setUpJournalTests()

  it('View Details shows the name, creation date and the Original Blend card of a one-version blend', async () => {
    const { callsTo } = api()
    renderJournal()
    await userEvent.click(await screen.findByRole('button', { name: 'View Details' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Evening Calm' })).toHaveFocus()
    expect(screen.getByText(/^Created /)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Original Blend' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Test Notes' })).toBeInTheDocument()
    expect(screen.getByText('Lavender')).toBeInTheDocument()
    expect(screen.getByText('TB-002a-000005')).toBeInTheDocument()
    expect(screen.getByText('Matured')).toBeInTheDocument()
    // The list's page, then the blend: no project list, no separate entries request.
    expect(callsTo('GET /api/blends/2')).toHaveLength(1)
    expect(callsTo('GET /api/journal-entries')).toHaveLength(0)
  })

  it('charts each version’s ratings by days since made, with the same data in a table', async () => {
    const later = entry({ id: 6, versionId: 21, projectId: 2, dateTested: '2025-03-15', rating: 5 })
    const other = entry({ id: 7, versionId: 22, projectId: 2, dateTested: '2025-03-08', rating: 2 })
    api({}, [v1, v2], [tested, later, other])
    renderJournal('/journal?blend=2')
    expect(await screen.findByRole('heading', { name: 'How it matures' })).toBeInTheDocument()
    const chart = await screen.findByRole('img', { name: /^Line chart of ratings by days since made/ })
    expect(chart).toHaveAccessibleName(
      'Line chart of ratings by days since made. 002a: 4 stars after 3 days, 5 stars after 14 days; 002b: 2 stars after 7 days.',
    )
    // The text alternative: read by screen readers, shown on request.
    const table = screen.getByRole('table', { name: 'Ratings by days since made' })
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringMatching(/^002a3 days.*4 stars$/),
      expect.stringMatching(/^002a14 days.*5 stars$/),
      expect.stringMatching(/^002b7 days.*2 stars$/),
    ])
    expect(table.parentElement).toHaveClass('sr-only')
    await userEvent.click(screen.getByRole('button', { name: 'Show as a table' }))
    expect(table.parentElement).not.toHaveClass('sr-only')
  })

  it('says how to get a maturation chart until a test is rated, and charts each version’s composition', async () => {
    api({}, [v1], [entry({ id: 5, versionId: 21, projectId: 2, rating: null })])
    renderJournal('/journal?blend=2')
    expect(await screen.findByText(/Rate your test entries and this chart shows/)).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: /^Line chart/ })).not.toBeInTheDocument()
    expect(
      await screen.findByRole('img', { name: 'Composition. Top 30%: Lemon 30%. Middle 50%: Lavender 50%. Base 20%: Atlas Cedarwood 20%.' }),
    ).toBeInTheDocument()
  })

  it('puts a new rating on the chart at once', async () => {
    const { callsTo } = api(
      { 'PATCH /api/journal-entries/5': (call) => json({ ...tested, ...(call.body as object) }) },
      [v1],
      [{ ...tested, rating: null }],
    )
    renderJournal('/journal?blend=2')
    expect(await screen.findByText(/Rate your test entries/)).toBeInTheDocument()
    await userEvent.click(within(screen.getByRole('group', { name: 'Rating for TB-002a-000005' })).getByRole('button', { name: '3 stars' }))
    expect(await screen.findByRole('img', { name: /002a: 3 stars after 3 days/ }, { timeout: 4000 })).toBeInTheDocument()
    expect(callsTo('PATCH /api/journal-entries/5')).toHaveLength(1)
  })

  it('a link to ?blend= loads that blend alone', async () => {
    const { calls } = api()
    renderJournal('/journal?blend=2')
    expect(await screen.findByRole('heading', { level: 1, name: 'Evening Calm' })).toBeInTheDocument()
    // The batches section loads on its own, after the blend.
    expect(calls.filter((c) => c.path !== '/api/auth/token' && !c.path.endsWith('/batches')).map((c) => c.path)).toEqual(['/api/blends/2'])
  })

  it('loads the tests beyond the first page when asked', async () => {
    const second = entry({ id: 6, versionId: 21, projectId: 2, notes: 'Next day' })
    const more = { ...calm, testCount: 2 }
    const { callsTo } = fakeBlendsApi([{ ...more, detail: { ...detailOf(more, [v1], [tested], 'c1'), testCount: 2 } }], {
      'GET /api/journal-entries': json([second]),
    })
    renderJournal('/journal?blend=2')
    expect(await screen.findByText('Showing 1 test of 2.')).toBeInTheDocument()
    expect(screen.queryByText('TB-002a-000006')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Show 1 more test' }))
    expect(await screen.findByText('TB-002a-000006')).toBeInTheDocument()
    expect(callsTo('GET /api/journal-entries')).toHaveLength(1)
    expect(screen.queryByRole('button', { name: /^Show .* more/ })).not.toBeInTheDocument()
  })

  it('shows the loading state until the details’ deferred first render, and renders a later change of the blend in place (decision 076)', async () => {
    api({
      'POST /api/journal-entries': (call) =>
        json(entry({ id: 9, versionId: 21, projectId: 2, notes: (call.body as { notes: string }).notes }), 201),
    })
    renderJournal('/journal?blend=2')
    expect(screen.getByText('Loading the blend...')).toBeInTheDocument()
    const heading = await screen.findByRole('heading', { level: 1, name: 'Evening Calm' })
    expect(heading).toHaveFocus()
    expect(screen.queryByText('Loading the blend...')).not.toBeInTheDocument()
    await userEvent.type(screen.getByRole('textbox', { name: 'Test notes' }), 'Rounder by the third day')
    await userEvent.click(screen.getByRole('button', { name: 'Add Test Entry' }))
    expect(await screen.findByText('TB-002a-000009')).toBeInTheDocument()
    // The same heading element: the saved entry rendered into the details, no loading state between.
    expect(screen.getByRole('heading', { level: 1, name: 'Evening Calm' })).toBe(heading)
  })

  it('Add Test Entry on the original blend needs notes, then posts the spec defaults', async () => {
    const { callsTo } = api({
      'POST /api/journal-entries': (call) =>
        json(entry({ id: 9, versionId: 21, projectId: 2, notes: (call.body as { notes: string }).notes, rating: 5 }), 201),
    })
    renderJournal('/journal?blend=2')
    const add = await screen.findByRole('button', { name: 'Add Test Entry' })
    expect(add).toBeDisabled()
    expect(screen.getByLabelText('Maturation (hours)')).toHaveValue(48)
    expect(screen.getByRole('checkbox', { name: 'Tested' })).toBeChecked()
    await userEvent.type(screen.getByRole('textbox', { name: 'Test notes' }), 'Warm, a little sharp')
    await userEvent.click(within(screen.getByRole('group', { name: 'Rating for the new entry' })).getByRole('button', { name: '5 stars' }))
    await userEvent.click(add)
    expect(await screen.findByText('TB-002a-000009')).toBeInTheDocument()
    expect(callsTo('POST /api/journal-entries')[0]?.body).toMatchObject({
      versionId: 21,
      notes: 'Warm, a little sharp',
      rating: 5,
      tested: true,
      maturationPeriod: 48,
    })
    expect(toast.success).toHaveBeenCalledWith('Test Entry Added', { description: 'TB-002a-000009' })
    expect(screen.getByRole('textbox', { name: 'Test notes' })).toHaveValue('')
  })

  it('adds one test entry on a double click of Add Test Entry', async () => {
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const { callsTo } = api({
      'POST /api/journal-entries': async () => {
        await answered
        return json(entry({ id: 9, versionId: 21, projectId: 2, notes: 'Once' }), 201)
      },
    })
    renderJournal('/journal?blend=2')
    await userEvent.type(await screen.findByRole('textbox', { name: 'Test notes' }), 'Once')
    const add = screen.getByRole('button', { name: 'Add Test Entry' })
    // Two presses before React renders again: only the ref guard can stop the second.
    act(() => {
      add.click()
      add.click()
    })
    await waitFor(() => expect(callsTo('POST /api/journal-entries')).toHaveLength(1))
    answer()
    expect(await screen.findByText('TB-002a-000009')).toBeInTheDocument()
    expect(callsTo('POST /api/journal-entries')).toHaveLength(1)
    expect(callsTo('POST /api/journal-entries')[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('reports a failed test entry on the original blend', async () => {
    api({ 'POST /api/journal-entries': json({ error: { code: 'INTERNAL', message: 'x' } }, 500) })
    renderJournal('/journal?blend=2')
    await userEvent.type(await screen.findByRole('textbox', { name: 'Test notes' }), 'Notes')
    await userEvent.click(screen.getByRole('button', { name: 'Add Test Entry' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Save Failed', { description: 'Could not save test entry. Please try again.' }),
    )
  })

  it('a star sets the rating and the same star again clears it', async () => {
    const { callsTo } = api({ 'PATCH /api/journal-entries/5': echoEntry })
    renderJournal('/journal?blend=2')
    const stars = await screen.findByRole('group', { name: 'Rating for TB-002a-000005' })
    expect(within(stars).getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(within(stars).getByRole('button', { name: '2 stars' }))
    await waitFor(() => expect(callsTo('PATCH /api/journal-entries/5')).toHaveLength(1))
    await userEvent.click(within(stars).getByRole('button', { name: '2 stars' }))
    await waitFor(() => expect(callsTo('PATCH /api/journal-entries/5')).toHaveLength(2))
    expect(callsTo('PATCH /api/journal-entries/5').map((c) => c.body)).toEqual([{ rating: 2 }, { rating: null }])
    expect(within(stars).getByRole('button', { name: '2 stars' })).toHaveAttribute('aria-pressed', 'false')
  })

  it('saves blend notes 1 s after the last keystroke', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { callsTo } = api({ 'PATCH /api/blend-versions/21': (call) => json({ ...v1, ...(call.body as object) }) })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderJournal('/journal?blend=2')
    const notes = await screen.findByRole('textbox', { name: 'Blend notes' })
    await user.type(notes, ' again')
    await act(() => vi.advanceTimersByTimeAsync(900))
    expect(callsTo('PATCH /api/blend-versions/21')).toHaveLength(0)
    await act(() => vi.advanceTimersByTimeAsync(200))
    await waitFor(() => expect(callsTo('PATCH /api/blend-versions/21')).toHaveLength(1))
    expect(callsTo('PATCH /api/blend-versions/21')[0]?.body).toEqual({ formulationNotes: 'First try again' })
    expect(await screen.findByText('Saved')).toBeInTheDocument()
  })

  it('shows both days of a test and its day, and saves changed days, refusing a test before the making', async () => {
    const { callsTo } = api({ 'PATCH /api/journal-entries/5': echoEntry })
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderJournal('/journal?blend=2')
    // Made 1 March, tested 4 March: three midnights, day 3 (the year shown, as it is not this year).
    const line = await screen.findByText('Made 1 Mar 2025 · Tested 4 Mar 2025 · day 3')
    expect(line).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Change dates TB-002a-000005' }))
    const tested = screen.getByLabelText('Date tested TB-002a-000005')
    expect(tested).toHaveValue('2025-03-04')

    // Before the making: said beside the field, kept as typed, not sent.
    await user.clear(tested)
    await user.type(tested, '2025-02-27')
    const message = "The test date can't be before the day the blend was made."
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(tested).toHaveAccessibleDescription(message)
    expect(tested).toHaveValue('2025-02-27')
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2))
    expect(callsTo('PATCH /api/journal-entries/5')).toHaveLength(0)

    // The same day as the making: day 0, saved like the notes.
    await user.clear(tested)
    await user.type(tested, '2025-03-01')
    expect(screen.queryByText(message)).not.toBeInTheDocument()
    expect(screen.getByText('Made 1 Mar 2025 · Tested 1 Mar 2025 · day 0')).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS))
    await waitFor(() => expect(callsTo('PATCH /api/journal-entries/5')).toHaveLength(1))
    expect(callsTo('PATCH /api/journal-entries/5')[0]?.body).toEqual({ dateMade: '2025-03-01', dateTested: '2025-03-01' })
    expect(await screen.findByText('Saved')).toBeInTheDocument()
  })

  it('a failed autosave shows Not saved, retry and keeps the text', async () => {
    const { callsTo } = api({
      'PATCH /api/journal-entries/5': [json({ error: { code: 'INTERNAL', message: 'x' } }, 500), echoEntry],
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderJournal('/journal?blend=2')
    const notes = await screen.findByRole('textbox', { name: 'Test notes TB-002a-000005' })
    await user.type(notes, '!')
    // The autosave delay passes on the fake clock, not the wall clock.
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS))
    const retry = await screen.findByRole('button', { name: 'Not saved, retry' })
    expect(notes).toHaveValue('Soft and round!')
    await user.click(retry)
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    expect(callsTo('PATCH /api/journal-entries/5').map((c) => c.body)).toEqual([{ notes: 'Soft and round!' }, { notes: 'Soft and round!' }])
    expect(warn).toHaveBeenCalled()
  })

  describe('with several versions', () => {
    const several = (routes: Parameters<typeof fakeBlendsApi>[1] = {}) => api(routes, [v1, v2])

    it('shows a card per version, numbered in order, that opens on click', async () => {
      several()
      renderJournal('/journal?blend=2')
      const first = await screen.findByRole('button', { name: 'Version 1 - 002a' })
      const second = screen.getByRole('button', { name: 'Version 2 - 002b' })
      expect(screen.queryByRole('heading', { name: 'Original Blend' })).not.toBeInTheDocument()
      expect(first).toHaveAttribute('aria-expanded', 'false')
      await userEvent.click(second)
      expect(second).toHaveAttribute('aria-expanded', 'true')
      expect(screen.getByRole('textbox', { name: 'Blend notes' })).toHaveValue('Brighter')
      expect(screen.getByText('No tests yet.')).toBeInTheDocument()
    })

    it('a version’s add-test form takes an entry without notes, and reports failure its own way', async () => {
      const { callsTo } = several({
        'POST /api/journal-entries': [
          json({ error: { code: 'INTERNAL', message: 'x' } }, 500),
          json(entry({ id: 11, versionId: 22, projectId: 2 }), 201),
        ],
      })
      renderJournal('/journal?blend=2')
      await userEvent.click(await screen.findByRole('button', { name: 'Version 2 - 002b' }))
      const add = screen.getByRole('button', { name: 'Add Test Entry' })
      expect(add).toBeEnabled()
      await userEvent.click(add)
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Save Failed', { description: 'Please try again' }))
      await userEvent.click(add)
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Test entry saved', expect.anything()))
      expect(callsTo('POST /api/journal-entries')[1]?.body).toMatchObject({ versionId: 22, notes: null, rating: null })
      // The version's count and the blend's follow without a new request.
      expect(await screen.findAllByText('1 test')).toHaveLength(2)
      expect(screen.getByText('2 tests')).toBeInTheDocument()
      expect(callsTo('GET /api/blends/2')).toHaveLength(1)
    })

    it('resetJournalState returns to the list and closes every version', async () => {
      several()
      renderJournal('/journal?blend=2')
      await userEvent.click(await screen.findByRole('button', { name: 'Version 1 - 002a' }))
      act(() => {
        window.dispatchEvent(new Event('resetJournalState'))
      })
      expect(await screen.findByRole('heading', { level: 1, name: 'Blend Journal' })).toBeInTheDocument()
      expect(location.current?.search).toBe('')
      await userEvent.click(await screen.findByRole('button', { name: 'View Details' }))
      expect(await screen.findByRole('button', { name: 'Version 1 - 002a' })).toHaveAttribute('aria-expanded', 'false')
    })
  })

  it('Back to Journal returns to the list', async () => {
    api()
    renderJournal('/journal?blend=2')
    await screen.findByRole('heading', { level: 1, name: 'Evening Calm' })
    await userEvent.click(screen.getByRole('button', { name: 'Back to Journal' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Blend Journal' })).toBeInTheDocument()
  })

  it('says when the blend could not be loaded, and tries again', async () => {
    const item = { ...calm }
    api({ 'GET /api/blends/2': [json({ error: { code: 'INTERNAL', message: 'x' } }, 500), json(detailOf(item, [v1], [tested]))] })
    renderJournal('/journal?blend=2')
    expect(await screen.findByText('This blend could not be loaded just now.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Evening Calm' })).toBeInTheDocument()
  })

  it('says when the blend is not in the journal', async () => {
    api()
    renderJournal('/journal?blend=99')
    expect(await screen.findByRole('heading', { level: 1, name: 'Blend not found' })).toBeInTheDocument()
  })

  describe('accords (decision 073)', () => {
    const own = { topOils: [at(CATALOG.lemon, 30)], middleOils: [at(CATALOG.lavender, 20)], baseOils: [at(CATALOG.cedarwood, 20)] }

    it('shows each accord in its note with its share, its oils on request, and the flattened oils in the notes', async () => {
      const withAccord = versionWithAccords({ id: 21, projectId: 2, versionLetter: 'a' }, own, [accordUse()])
      api({}, [withAccord])
      renderJournal('/journal?blend=2')
      const section = await screen.findByRole('region', { name: 'Accords in this version' })
      const line = within(section).getByRole('button', { name: 'Citrus Dawn 001b · 30 % of the blend' })
      expect(within(section).getByText('Middle note')).toBeInTheDocument()
      // The notes above list the flattened composition: the accord's oils at their share of the blend.
      expect(screen.getByText('Bergamot')).toBeInTheDocument()
      expect(screen.getByText('18%')).toBeInTheDocument()
      expect(line).toHaveAttribute('aria-expanded', 'false')
      await userEvent.click(line)
      const oils = within(section).getByText('60 % of the accord').closest('dl')!
      expect(oils).toHaveAccessibleName('The oils of Citrus Dawn 001b')
      expect(oils).toHaveTextContent('Bergamot60 % of the accordGrapefruit40 % of the accord')
    })

    it('names a deleted accord and says its oils are kept, offering nothing to follow', async () => {
      const deleted = accordUse({ projectId: null, newerVersion: { id: 13, referenceNumber: '001c' } })
      api({}, [versionWithAccords({ id: 21, projectId: 2, versionLetter: 'a' }, own, [deleted])])
      renderJournal('/journal?blend=2')
      expect(
        await screen.findByRole('button', { name: 'Citrus Dawn 001b (deleted; its oils are kept) · 30 % of the blend' }),
      ).toBeInTheDocument()
      expect(screen.queryByText(/A newer version/)).not.toBeInTheDocument()
    })

    it('says a newer version of an accord exists, and one action makes a new version with it and opens it', async () => {
      const pinned = versionWithAccords({ id: 21, projectId: 2, versionLetter: 'a' }, own, [
        accordUse({ newerVersion: { id: 13, referenceNumber: '001c' } }),
      ])
      const followed = versionWithAccords({ id: 22, projectId: 2, versionLetter: 'b' }, own, [
        accordUse({ versionId: 13, referenceNumber: '001c' }),
      ])
      const item = { ...calm, versionCount: 1 }
      const { callsTo } = fakeBlendsApi([{ ...item, detail: detailOf(item, [pinned], [tested]) }], {
        'POST /api/blends/2/versions/21/follow-accords': json(
          { ...followed, outcome: 'versioned', blend: { id: 2, name: 'Evening Calm' } },
          201,
        ),
        'GET /api/blends/2': [
          json(detailOf(item, [pinned], [tested])),
          json(detailOf({ ...item, versionCount: 2 }, [pinned, followed], [tested])),
        ],
      })
      renderJournal('/journal?blend=2')
      expect(await screen.findByText('A newer version of Citrus Dawn exists (001c).')).toBeInTheDocument()
      await userEvent.click(screen.getByRole('button', { name: 'Use 001c in a new version' }))
      expect(await screen.findByRole('button', { name: 'Version 2 - 002b' })).toHaveAttribute('aria-expanded', 'true')
      expect(screen.getByRole('button', { name: 'Citrus Dawn 001c · 30 % of the blend' })).toBeInTheDocument()
      expect(callsTo('POST /api/blends/2/versions/21/follow-accords')).toHaveLength(1)
      expect(callsTo('POST /api/blends/2/versions/21/follow-accords')[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/)
      expect(toast.success).toHaveBeenCalledWith('Version Saved', {
        description: 'Evening Calm 002b uses the newest versions of its accords.',
      })
    })
  })
})
