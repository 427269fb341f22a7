import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DataProviders } from '#client/app/data-providers.tsx'
import { createQueryClient } from '#client/lib/query-client.ts'
import { fakeFetch, json } from '#client/testing/fake-fetch.ts'
import { ConsentPage } from '#client/features/connect/components/consent-page.tsx'
import { activateLanguage } from '#client/lib/i18n.ts'

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

  it('asks in German, with no English left', async () => {
    fakeFetch({ 'GET /api/auth/oauth2/public-client': json({ client_name: 'Helper' }) })
    await activateLanguage('de')
    try {
      renderConsent('journal:read journal:write')
      const write = await screen.findByRole('checkbox', { name: /Mischungen, Versionen und Testeinträge hinzufügen/ })
      expect(write.closest('label')).toHaveTextContent('öffentlichen Freigabelink')
      expect(screen.getByText(/Helper/).closest('h3, div')).toHaveTextContent('Helper erlauben, Ihr Accord-Konto zu verwenden?')
      expect(screen.getByText('127.0.0.1:9').parentElement).toHaveTextContent('Nach Ihrer Antwort kehren Sie zu 127.0.0.1:9 zurück.')
      expect(screen.getByRole('button', { name: 'Erlauben' })).toBeInTheDocument()
      for (const english of ['Connect an app', 'Allow', 'Deny', 'Read your blends', 'share link', 'It will be able to']) {
        expect(screen.queryByText(new RegExp(english)), english).toBeNull()
      }
    } finally {
      await activateLanguage('en')
    }
  })
})
