import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DataProviders } from '#client/app/data-providers.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { savedBlend } from '#client/testing/api-fixtures.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { RenameField } from '#client/features/journal/components/rename-field.tsx'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), message: vi.fn(), dismiss: vi.fn() }))
vi.mock('#client/components/ui/toast.tsx', () => ({ toast }))

const calm = savedBlend({ id: 2, name: 'Evening Calm' })

/** The field once its form has loaded (rename-field.tsx loads it on demand). */
async function renderField() {
  const onDone = vi.fn()
  render(
    <DataProviders queryClient={createQueryClient()}>
      <RenameField blend={calm} onDone={onDone} />
    </DataProviders>,
  )
  return { onDone, field: await screen.findByRole('textbox', { name: 'Blend name' }) }
}

describe('the rename field (validated with RenameBlendSchema)', () => {
  beforeEach(() => {
    resetAuthClient()
    setSignedIn({ id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.clearAllMocks()
    setSignedOut()
  })

  it('saves the trimmed name with the check button', async () => {
    const api = fakeFetch({
      'GET /api/auth/token': json({ token: fakeJwt('ada') }),
      'PATCH /api/blends/2': json({ ...calm, name: 'Night Calm' }),
    })
    const { onDone, field } = await renderField()
    expect(field).toHaveValue('Evening Calm')
    await userEvent.clear(field)
    await userEvent.type(field, '  Night Calm ')
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }))
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1))
    expect(api.callsTo('PATCH /api/blends/2')[0]?.body).toEqual({ name: 'Night Calm' })
    expect(toast.success).toHaveBeenCalledWith('Blend renamed')
  })

  it('keeps what was typed and stays open when the save fails', async () => {
    fakeFetch({
      'GET /api/auth/token': json({ token: fakeJwt('ada') }),
      'PATCH /api/blends/2': json({ error: { code: 'INTERNAL', message: 'Down' } }, 500),
    })
    const { onDone, field } = await renderField()
    await userEvent.type(field, ' Deluxe{Enter}')
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Rename failed', { description: 'Could not update blend name. Please try again.' }),
    )
    expect(field).toHaveValue('Evening Calm Deluxe')
    expect(onDone).not.toHaveBeenCalled()
  })

  it('sends nothing for an unchanged or blank name, and Escape cancels', async () => {
    const api = fakeFetch({ 'GET /api/auth/token': json({ token: fakeJwt('ada') }) })
    const { onDone, field } = await renderField()
    await userEvent.type(field, '{Enter}')
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1))
    await userEvent.clear(field)
    await userEvent.type(field, '   {Enter}')
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(2))
    await userEvent.type(field, '{Escape}')
    expect(onDone).toHaveBeenCalledTimes(3)
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0)
  })
})
