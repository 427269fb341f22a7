import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DataProviders } from '#client/app/data-providers.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { addDays, todayIn } from '#shared/domain/calendar-date.ts'
import { entry } from '#client/testing/api-fixtures.ts'
import { formatDay } from '#client/features/journal/lib/format.ts'
import { fakeFetch, fakeJwt, json, type FetchCall } from '#client/testing/fake-fetch.ts'
import { AddTestEntryForm } from '#client/features/journal/components/add-test-entry-form.tsx'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), dismiss: vi.fn() }))
vi.mock('#client/components/ui/toast.tsx', () => ({ toast }))

/** The form once it has loaded (add-test-entry-form.tsx loads it on demand). */
async function renderForm(variant: 'original' | 'version' = 'version') {
  render(
    <DataProviders queryClient={createQueryClient()}>
      <AddTestEntryForm projectId={2} versionId={21} variant={variant} />
    </DataProviders>,
  )
  // A lazy chunk: the first test pays for loading it (over a second on a busy machine).
  await screen.findByRole('button', { name: 'Add Test Entry' }, { timeout: 5000 })
}

const BATCH = {
  id: 31,
  projectId: 2,
  versionId: 21,
  reference: '002a',
  code: '250301-1',
  madeOn: '2025-03-01',
  productType: 'lotion',
  weight: 500,
  unit: 'g',
  oilPercentage: 2,
  units: null,
  oils: [],
  totalCost: null,
  costIsPartial: false,
  costPerUnit: null,
  currency: null,
  createdAt: '2025-03-01T10:00:00.000Z',
  label: null,
}

function api(options: { batches?: unknown[]; create?: (call: FetchCall) => Response } = {}) {
  return fakeFetch({
    'GET /api/auth/token': json({ token: fakeJwt('ada') }),
    'GET /api/blends/2/batches': json({ items: options.batches ?? [], nextCursor: null }),
    'POST /api/journal-entries':
      options.create ?? ((call: FetchCall) => json(entry({ id: 9, versionId: 21, projectId: 2, ...(call.body as object) }), 201)),
  })
}

const BEFORE_MADE = "The test date can't be before the day the blend was made."

const maturation = () => screen.getByLabelText('Maturation (hours)')
const add = () => screen.getByRole('button', { name: 'Add Test Entry' })

describe('the add-test form (validated with the request schema)', () => {
  beforeEach(() => {
    resetAuthClient()
    setSignedIn({ id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
    setSignedOut()
    sessionStorage.clear()
    window.history.replaceState(null, '', '/')
  })

  it('refuses a maturation outside 0 to 8760 hours, keeping what was typed, then sends once it is fixed', async () => {
    const { callsTo } = api()
    await renderForm()
    await userEvent.type(screen.getByRole('textbox', { name: 'Test notes (optional)' }), 'Sharp')
    await userEvent.clear(maturation())
    await userEvent.type(maturation(), '9000')
    await userEvent.click(add())

    expect(await screen.findByText('Maturation is a whole number of hours, from 0 to 8760')).toBeInTheDocument()
    expect(maturation()).toHaveAttribute('aria-invalid', 'true')
    expect(maturation()).toHaveAccessibleDescription('Maturation is a whole number of hours, from 0 to 8760')
    expect(maturation()).toHaveValue(9000)
    expect(screen.getByRole('textbox', { name: 'Test notes (optional)' })).toHaveValue('Sharp')
    expect(callsTo('POST /api/journal-entries')).toHaveLength(0)

    await userEvent.clear(maturation())
    await userEvent.type(maturation(), '72')
    await userEvent.click(add())
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Test entry saved', { description: 'TB-002a-000009' }))
    expect(callsTo('POST /api/journal-entries')[0]?.body).toMatchObject({
      versionId: 21,
      notes: 'Sharp',
      maturationPeriod: 72,
      tested: true,
    })
    // A new entry starts from the defaults again.
    expect(maturation()).toHaveValue(48)
    expect(maturation()).not.toHaveAttribute('aria-invalid')
  })

  it('asks for the date made when it is cleared, and sends the chosen date', async () => {
    const { callsTo } = api()
    await renderForm()
    const date = screen.getByLabelText('Date made')
    await userEvent.clear(date)
    await userEvent.click(add())
    expect(await screen.findByText('Choose the date the blend was made')).toBeInTheDocument()
    expect(callsTo('POST /api/journal-entries')).toHaveLength(0)

    await userEvent.type(date, '2025-03-01')
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tested' }))
    // Not tested: there is no test date to give.
    expect(screen.getByLabelText('Date tested')).toBeDisabled()
    await userEvent.click(add())
    await waitFor(() => expect(callsTo('POST /api/journal-entries')).toHaveLength(1))
    expect(callsTo('POST /api/journal-entries')[0]?.body).toMatchObject({
      dateMade: '2025-03-01',
      tested: false,
      dateTested: null,
      notes: null,
      rating: null,
    })
  })

  it('on the Original Blend card waits for notes or a rating before it can be sent', async () => {
    api()
    await renderForm('original')
    expect(add()).toBeDisabled()
    await userEvent.type(screen.getByRole('textbox', { name: 'Test notes' }), '   ')
    expect(add()).toBeDisabled()
    await userEvent.type(screen.getByRole('textbox', { name: 'Test notes' }), 'Warm')
    expect(add()).toBeEnabled()
  })

  it('on the Original Blend card takes a rating alone, as a version card does (decision 052)', async () => {
    const { callsTo } = api()
    await renderForm('original')
    expect(add()).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: '4 stars' }))
    expect(add()).toBeEnabled()
    await userEvent.click(add())
    await waitFor(() => expect(callsTo('POST /api/journal-entries')).toHaveLength(1))
    expect(callsTo('POST /api/journal-entries')[0]?.body).toMatchObject({ rating: 4, notes: null })
  })

  it('starts made and tested today on this device, and sends the days as calendar dates', async () => {
    const { callsTo } = api()
    await renderForm()
    const today = todayIn()
    expect(screen.getByLabelText('Date made')).toHaveValue(today)
    expect(screen.getByLabelText('Date tested')).toHaveValue(today)
    expect(screen.getByLabelText('Date tested')).toHaveAttribute('max', today)
    // Tested yesterday, made three days before that.
    await userEvent.clear(screen.getByLabelText('Date tested'))
    await userEvent.type(screen.getByLabelText('Date tested'), addDays(today, -1))
    await userEvent.clear(screen.getByLabelText('Date made'))
    await userEvent.type(screen.getByLabelText('Date made'), addDays(today, -4))
    await userEvent.click(add())
    await waitFor(() => expect(callsTo('POST /api/journal-entries')).toHaveLength(1))
    expect(callsTo('POST /api/journal-entries')[0]?.body).toMatchObject({
      dateMade: addDays(today, -4),
      dateTested: addDays(today, -1),
      tested: true,
    })
    expect(callsTo('POST /api/journal-entries')[0]?.body).not.toHaveProperty('batchId')
  })

  it('says a test date before the made date beside the field, keeps what was typed, and sends nothing', async () => {
    const { callsTo } = api()
    await renderForm()
    const tested = screen.getByLabelText('Date tested')
    await userEvent.clear(screen.getByLabelText('Date made'))
    await userEvent.type(screen.getByLabelText('Date made'), '2025-03-05')
    await userEvent.clear(tested)
    await userEvent.type(tested, '2025-03-04')
    await userEvent.click(add())
    expect(await screen.findByText(BEFORE_MADE)).toBeInTheDocument()
    expect(tested).toHaveAccessibleDescription(BEFORE_MADE)
    expect(tested).toHaveValue('2025-03-04')
    expect(callsTo('POST /api/journal-entries')).toHaveLength(0)

    // A test after today is refused the same way.
    await userEvent.clear(tested)
    await userEvent.type(tested, addDays(todayIn(), 1))
    await userEvent.click(add())
    expect(await screen.findByText("The test date can't be after today.")).toBeInTheDocument()
    expect(callsTo('POST /api/journal-entries')).toHaveLength(0)
  })

  it("shows the server's refusal of a day beside its field, keeping the form", async () => {
    const error = {
      error: { code: 'VALIDATION_ERROR', message: BEFORE_MADE, details: [{ path: 'body.dateTested', message: BEFORE_MADE }] },
    }
    api({ create: () => json(error, 400) })
    await renderForm()
    await userEvent.type(screen.getByRole('textbox', { name: 'Test notes (optional)' }), 'Kept')
    await userEvent.click(add())
    expect(await screen.findByText(BEFORE_MADE)).toBeInTheDocument()
    expect(screen.getByLabelText('Date tested')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('textbox', { name: 'Test notes (optional)' })).toHaveValue('Kept')
    expect(toast.error).not.toHaveBeenCalled()
  })

  it("offers the blend's recorded batches, and a chosen one gives the made date", async () => {
    const { callsTo } = api({ batches: [BATCH] })
    await renderForm()
    const batch = await screen.findByLabelText('Batch')
    const label = `Made ${formatDay('2025-03-01', todayIn())} · 500 g lotion / cream`
    expect(screen.getByRole('option', { name: label })).toBeInTheDocument()
    await userEvent.selectOptions(batch, label)
    expect(screen.getByLabelText('Date made')).toHaveValue('2025-03-01')
    await userEvent.click(add())
    await waitFor(() => expect(callsTo('POST /api/journal-entries')).toHaveLength(1))
    expect(callsTo('POST /api/journal-entries')[0]?.body).toMatchObject({ batchId: 31, dateMade: '2025-03-01' })
  })
  describe('opened from Ready to test, a reminder or a batch (decision 052)', () => {
    const threeDaysAgo = () => addDays(todayIn(), -3)
    // jsdom lays nothing out: the form scrolls itself into view when the address aims at it.
    beforeEach(() => {
      Element.prototype.scrollIntoView = vi.fn()
    })
    const openAt = (made: string, batch: number | null) =>
      window.history.replaceState(null, '', `/journal?blend=2${batch === null ? '' : `&batch=${batch}`}&made=${made}#add-test-21`)

    it('opens on that batch, its made day and the right day, and sends them with one press', async () => {
      const made = threeDaysAgo()
      const { callsTo } = api({ batches: [{ ...BATCH, madeOn: made }] })
      openAt(made, 31)
      await renderForm()
      expect(screen.getByLabelText('Date made')).toHaveValue(made)
      expect(screen.getByLabelText('Date tested')).toHaveValue(todayIn())
      expect(screen.getByText('Tested on day 3')).toBeInTheDocument()
      await waitFor(() => expect(screen.getByLabelText('Batch')).toHaveValue('31'))
      expect(
        screen.getByRole('option', { name: `Made ${formatDay(made, todayIn())} · 500 g lotion / cream`, selected: true }),
      ).toBeInTheDocument()
      await userEvent.click(add())
      await waitFor(() => expect(callsTo('POST /api/journal-entries')).toHaveLength(1))
      expect(callsTo('POST /api/journal-entries')[0]?.body).toMatchObject({
        batchId: 31,
        dateMade: made,
        dateTested: todayIn(),
        tested: true,
      })
    })

    it('keeps the batch choice when the batch list cannot be had (offline): the address names it', async () => {
      const made = threeDaysAgo()
      fakeFetch({
        'GET /api/auth/token': json({ token: fakeJwt('ada') }),
        'GET /api/blends/2/batches': () => json({ error: { code: 'INTERNAL', message: 'down' } }, 503),
        'POST /api/journal-entries': (call: FetchCall) =>
          json(entry({ id: 9, versionId: 21, projectId: 2, ...(call.body as object) }), 201),
      })
      openAt(made, 31)
      await renderForm()
      expect(screen.getByLabelText('Batch')).toHaveValue('31')
      expect(screen.getByRole('option', { name: `Made ${formatDay(made, todayIn())}`, selected: true })).toBeInTheDocument()
      expect(screen.getByLabelText('Date made')).toHaveValue(made)
      expect(screen.getByText('Tested on day 3')).toBeInTheDocument()
    })

    it("says the batches aren't on this device when offline without them, rather than hiding the choice", async () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
      fakeFetch({ 'GET /api/auth/token': json({ token: fakeJwt('ada') }) })
      await renderForm()
      expect(await screen.findByText(/batches aren't saved on this device/)).toBeInTheDocument()
      expect(screen.getByLabelText('Date made')).toHaveValue(todayIn())
      vi.restoreAllMocks()
    })

    it("opens a version's own row on its made day, with no batch", async () => {
      const made = addDays(todayIn(), -2)
      api()
      openAt(made, null)
      await renderForm()
      expect(screen.getByLabelText('Date made')).toHaveValue(made)
      expect(screen.getByText('Tested on day 2')).toBeInTheDocument()
    })

    it('ignores an address aimed at another version', async () => {
      api()
      window.history.replaceState(null, '', `/journal?blend=2&made=${threeDaysAgo()}#add-test-99`)
      await renderForm()
      expect(screen.getByLabelText('Date made')).toHaveValue(todayIn())
      expect(screen.getByText('Tested on day 0')).toBeInTheDocument()
    })
  })

  it('keeps the made day for the next entry after saving, for the rest of the session', async () => {
    const { callsTo } = api()
    const made = addDays(todayIn(), -5)
    await renderForm()
    await userEvent.clear(screen.getByLabelText('Date made'))
    await userEvent.type(screen.getByLabelText('Date made'), made)
    await userEvent.click(add())
    await waitFor(() => expect(callsTo('POST /api/journal-entries')).toHaveLength(1))
    await waitFor(() => expect(toast.success).toHaveBeenCalled())
    expect(screen.getByLabelText('Date made')).toHaveValue(made)
    expect(screen.getByLabelText('Date tested')).toHaveValue(todayIn())
    // The form opened again (another visit to the blend in this session) starts on it too.
    cleanup()
    await renderForm()
    expect(screen.getByLabelText('Date made')).toHaveValue(made)
    expect(screen.getByText('Tested on day 5')).toBeInTheDocument()
  })

  it('refuses a made day after today', async () => {
    const { callsTo } = api()
    await renderForm()
    await userEvent.clear(screen.getByLabelText('Date made'))
    await userEvent.type(screen.getByLabelText('Date made'), addDays(todayIn(), 1))
    await userEvent.click(add())
    expect(await screen.findByText("The made date can't be in the future.")).toBeInTheDocument()
    expect(callsTo('POST /api/journal-entries')).toHaveLength(0)
  })
})
