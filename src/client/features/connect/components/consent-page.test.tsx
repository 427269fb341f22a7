import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DataProviders } from '#client/app/data-providers.tsx'
import { createQueryClient } from '#client/lib/query-client.ts'
import { fakeFetch, json } from '#client/testing/fake-fetch.ts'
import { ConsentPage } from '#client/features/connect/components/consent-page.tsx'

function renderConsent(scope: string) {
  const query = new URLSearchParams({ client_id: 'abc', scope, redirect_uri: 'http://127.0.0.1:9/callback', sig: 's', exp: '1' })
  render(
    <DataProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[`/oauth/consent?${query.toString()}`]}>
        <ConsentPage />
      </MemoryRouter>
    </DataProviders>,
  )
}

describe('ConsentPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('says that adding blends, versions and tests also allows publishing a public share link', async () => {
    fakeFetch({ 'GET /api/auth/oauth2/public-client': json({ client_name: 'Helper' }) })
    renderConsent('journal:read journal:write offline_access')
    const write = await screen.findByRole('checkbox', { name: /Add blends, versions and test entries/ })
    expect(write).toBeChecked()
    // Said with the permission itself, so a maker who unticks it knows what else they refuse.
    expect(write.closest('label')).toHaveTextContent(
      'This includes publishing a public share link to a blend, which anyone with the link can open.',
    )
    expect(screen.getByRole('checkbox', { name: /Read your blends and tests/ }).closest('label')).not.toHaveTextContent('share link')
  })

  it('does not mention share links when the app asks only to read', async () => {
    fakeFetch({ 'GET /api/auth/oauth2/public-client': json({ client_name: 'Reader' }) })
    renderConsent('journal:read')
    await screen.findByRole('checkbox', { name: /Read your blends and tests/ })
    expect(screen.queryByText(/share link/)).toBeNull()
  })
})
