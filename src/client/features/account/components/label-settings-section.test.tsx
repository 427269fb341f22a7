import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ToastOutlet } from '#client/components/ui/toast.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { setSignedIn } from '#client/lib/session.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { LabelSettingsSection } from '#client/features/account/components/label-settings-section.tsx'

function renderSection(routes: Parameters<typeof fakeFetch>[0]) {
  const api = fakeFetch({ 'GET /api/auth/token': json({ token: fakeJwt('ada') }), ...routes })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <LabelSettingsSection />
        <ToastOutlet />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return api
}

describe('the Labels section of /account', () => {
  beforeEach(() => {
    resetAuthClient()
    setSignedIn({ id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('saves the responsible person and a batch code pattern', async () => {
    const saved = { batchCodePattern: 'LOT-{n}', responsibleName: 'Ana Maker', responsibleAddress: '1 Rue des Fleurs\n75001 Paris' }
    const { callsTo } = renderSection({
      'GET /api/me/label-settings': json({ batchCodePattern: '{YYMMDD}-{n}', responsibleName: null, responsibleAddress: null }),
      'PUT /api/me/label-settings': json(saved),
    })
    const section = within(await screen.findByRole('region', { name: 'Labels' }))
    const pattern = await section.findByRole('textbox', { name: 'Batch code pattern' })
    expect(pattern).toHaveValue('{YYMMDD}-{n}')
    await userEvent.type(section.getByRole('textbox', { name: "Responsible person's name" }), 'Ana Maker')
    await userEvent.type(section.getByRole('textbox', { name: "Responsible person's address" }), '1 Rue des Fleurs{Enter}75001 Paris')
    await userEvent.clear(pattern)
    await userEvent.type(pattern, 'LOT-{{n}')
    await userEvent.click(section.getByRole('button', { name: 'Save label settings' }))
    await waitFor(() => expect(callsTo('PUT /api/me/label-settings')).toHaveLength(1))
    expect(callsTo('PUT /api/me/label-settings')[0]!.body).toEqual(saved)
    expect(await section.findByText('Your label settings are saved.')).toBeInTheDocument()
  })

  it('says what a pattern without {n} lacks, marks it and sends nothing', async () => {
    const { callsTo } = renderSection({
      'GET /api/me/label-settings': json({ batchCodePattern: '{YYMMDD}-{n}', responsibleName: 'Ana', responsibleAddress: 'Paris' }),
    })
    const section = within(await screen.findByRole('region', { name: 'Labels' }))
    const pattern = await section.findByRole('textbox', { name: 'Batch code pattern' })
    await userEvent.clear(pattern)
    await userEvent.type(pattern, '{{YYMMDD}')
    await userEvent.click(section.getByRole('button', { name: 'Save label settings' }))
    expect(await section.findByText('The pattern needs {n}, the counter that keeps each code unique')).toBeInTheDocument()
    expect(pattern).toHaveAttribute('aria-invalid', 'true')
    expect(pattern).toHaveFocus()
    expect(callsTo('PUT /api/me/label-settings')).toHaveLength(0)
  })
})
