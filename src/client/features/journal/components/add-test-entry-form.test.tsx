import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DataProviders } from '#client/app/data-providers.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { entry } from '#client/testing/api-fixtures.ts'
import { fakeFetch, fakeJwt, json, type FetchCall } from '#client/testing/fake-fetch.ts'
import { AddTestEntryForm } from '#client/features/journal/components/add-test-entry-form.tsx'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), dismiss: vi.fn() }))
vi.mock('#client/components/ui/toast.tsx', () => ({ toast }))

/** The form once it has loaded (add-test-entry-form.tsx loads it on demand). */
async function renderForm(variant: 'original' | 'version' = 'version') {
  render(
    <DataProviders queryClient={createQueryClient()}>
      <AddTestEntryForm versionId={21} variant={variant} />
    </DataProviders>,
  )
  await screen.findByRole('button', { name: 'Add Test Entry' })
}

function api() {
  return fakeFetch({
    'GET /api/auth/token': json({ token: fakeJwt('ada') }),
    'POST /api/journal-entries': (call: FetchCall) => json(entry({ id: 9, versionId: 21, projectId: 2, ...(call.body as object) }), 201),
  })
}

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
    expect(callsTo('POST /api/journal-entries')[0]?.body).toMatchObject({ versionId: 21, notes: 'Sharp', maturationPeriod: 72, tested: true })
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
    await userEvent.click(add())
    await waitFor(() => expect(callsTo('POST /api/journal-entries')).toHaveLength(1))
    expect(callsTo('POST /api/journal-entries')[0]?.body).toMatchObject({
      dateMade: new Date(2025, 2, 1).toISOString(),
      tested: false,
      dateTested: null,
      notes: null,
      rating: null,
    })
  })

  it('on the Original Blend card waits for notes before it can be sent', async () => {
    api()
    await renderForm('original')
    expect(add()).toBeDisabled()
    await userEvent.type(screen.getByRole('textbox', { name: 'Test notes' }), '   ')
    expect(add()).toBeDisabled()
    await userEvent.type(screen.getByRole('textbox', { name: 'Test notes' }), 'Warm')
    expect(add()).toBeEnabled()
  })
})
