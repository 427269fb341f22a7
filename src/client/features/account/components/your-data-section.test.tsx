import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ImportResult } from '#shared/api/export.ts'
import { DataProviders } from '#client/app/data-providers.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { BLENDS_QUERY_KEY } from '#client/lib/blends.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { fakeXhr } from '#client/testing/fake-xhr.ts'
import { YourDataSection } from '#client/features/account/components/your-data-section.tsx'

const JWT = fakeJwt('ada')
const TOKEN = { 'GET /api/auth/token': json({ token: JWT }) }

const oils = (name: string, percentage: number) => [{ name, percentage }]
const PREVIEW: ImportResult = {
  dryRun: true,
  created: { blends: 2, versions: 3, testEntries: 1, bottles: 0, batches: 0 },
  skipped: { blends: 1, versions: 1, testEntries: 0, bottles: 0, batches: 0 },
  preview: [
    {
      source: 'blends[0]',
      name: 'Evening Calm',
      action: 'create',
      versions: 2,
      testEntries: 1,
      topOils: oils('Bergamot', 30),
      middleOils: oils('Lavender', 50),
      baseOils: oils('Vetiver', 20),
    },
    {
      source: 'blends[1]',
      name: 'Morning Zest',
      action: 'create',
      versions: 1,
      testEntries: 0,
      topOils: oils('Lemon', 30),
      middleOils: oils('Lavender', 50),
      baseOils: oils('Vetiver', 20),
    },
    {
      source: 'blends[2]',
      name: 'Old Friend',
      action: 'skip',
      versions: 0,
      testEntries: 0,
      topOils: oils('Lemon', 30),
      middleOils: oils('Lavender', 50),
      baseOils: oils('Vetiver', 20),
    },
  ],
  previewMore: 0,
}
const DONE: ImportResult = { ...PREVIEW, dryRun: false }

function renderSection() {
  const queryClient = createQueryClient()
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries')
  render(
    <DataProviders queryClient={queryClient}>
      <YourDataSection />
    </DataProviders>,
  )
  return { invalidated }
}

const jsonFile = () => new File(['{"format":"accord-export"}'], 'accord-export-2026-11-20.json', { type: 'application/json' })
/** The URL each request went to (fake-fetch records paths without their query). */
const urls = (fetchMock: ReturnType<typeof fakeFetch>['fetchMock']) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((u) => u !== '/api/auth/token')

describe('YourDataSection', () => {
  let saved: { href: string; download: string }[]
  beforeEach(() => {
    resetAuthClient()
    setSignedIn({ id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null })
    saved = []
    fakeXhr()
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }))
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download })
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    setSignedOut()
  })

  it('downloads each export with the bearer token, saved under the name the server gives', async () => {
    const user = userEvent.setup()
    const attachment = (name: string, type: string) =>
      new Response('data', { headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` } })
    const { calls } = fakeFetch({
      ...TOKEN,
      'GET /api/export': attachment('accord-export-2026-11-24.json', 'application/json'),
      'GET /api/export/blends.csv': attachment('accord-blends-2026-11-24.csv', 'text/csv'),
      'GET /api/export/test-entries.csv': attachment('accord-test-entries-2026-11-24.csv', 'text/csv'),
    })
    renderSection()
    await user.click(screen.getByRole('button', { name: 'Download my data' }))
    await user.click(screen.getByRole('button', { name: 'Download blends (CSV)' }))
    await user.click(screen.getByRole('button', { name: 'Download test entries (CSV)' }))
    await waitFor(() => expect(saved).toHaveLength(3))
    expect(saved.map((s) => s.download)).toEqual([
      'accord-export-2026-11-24.json',
      'accord-blends-2026-11-24.csv',
      'accord-test-entries-2026-11-24.csv',
    ])
    const downloads = calls.filter((c) => c.path.startsWith('/api/export'))
    expect(downloads.map((c) => c.headers.get('authorization'))).toEqual(Array(3).fill(`Bearer ${JWT}`))
  })

  it('says why a download failed', async () => {
    const user = userEvent.setup()
    fakeFetch({
      ...TOKEN,
      'GET /api/export': json({ error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is temporarily unavailable.' } }, 503),
    })
    renderSection()
    await user.click(screen.getByRole('button', { name: 'Download my data' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not download: The database is temporarily unavailable.')
    expect(saved).toEqual([])
  })

  it('previews a file before storing anything, then imports it and refreshes the journal and Home', async () => {
    const user = userEvent.setup()
    const { fetchMock, calls } = fakeFetch({ ...TOKEN, 'POST /api/import': [json(PREVIEW), json(DONE, 201)] })
    const { invalidated } = renderSection()
    expect(screen.getByText(/up to 20 MB/)).toBeInTheDocument()
    await user.upload(screen.getByLabelText('Choose a file to import'), jsonFile())
    expect(await screen.findByText('Evening Calm')).toBeInTheDocument()
    expect(screen.getByText('Will create:').parentElement).toHaveTextContent('Will create: 2 blends, 3 versions and 1 test entry.')
    expect(screen.getByText('Already in your journal, skipped:').parentElement).toHaveTextContent('1 blend, 1 version and 0 test entries.')
    expect(screen.getByText('Morning Zest').nextElementSibling).toHaveTextContent(
      'Top: Lemon 30% · Middle: Lavender 50% · Base: Vetiver 20%',
    )
    expect(screen.getByText('Old Friend')).toHaveTextContent('Old Friend(already in your journal)')
    expect(urls(fetchMock)).toEqual(['/api/import?dryRun=true'])
    expect(invalidated).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Import 2 blends' }))
    expect(await screen.findByText('Import complete')).toBeInTheDocument()
    expect(urls(fetchMock)).toEqual(['/api/import?dryRun=true', '/api/import'])
    const post = calls.filter((c) => c.path === '/api/import')
    expect(post.map((c) => c.headers.get('content-type'))).toEqual(['application/json', 'application/json'])
    expect(post[1]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/)
    expect(screen.getByText('Created:').parentElement).toHaveTextContent('Created: 2 blends, 3 versions and 1 test entry.')
    expect(invalidated).toHaveBeenCalledWith({ queryKey: BLENDS_QUERY_KEY })
  })

  it('sends a spreadsheet to the CSV import as text/csv', async () => {
    const user = userEvent.setup()
    const { fetchMock, calls } = fakeFetch({
      ...TOKEN,
      'POST /api/import/csv': json({ ...PREVIEW, skipped: { blends: 0, versions: 0, testEntries: 0, bottles: 0, batches: 0 } }),
    })
    renderSection()
    await user.upload(
      screen.getByLabelText('Choose a file to import'),
      new File(['name,top\n'], 'blends.csv', { type: 'application/vnd.ms-excel' }),
    )
    expect(await screen.findByRole('button', { name: 'Import 2 blends' })).toBeEnabled()
    expect(urls(fetchMock)).toEqual(['/api/import/csv?dryRun=true'])
    expect(calls.find((c) => c.path === '/api/import/csv')!.headers.get('content-type')).toBe('text/csv')
  })

  it('shows what is wrong with a file, keeps it, and tries again on request', async () => {
    const user = userEvent.setup()
    const refusal = json(
      {
        error: {
          code: 'UNKNOWN_OILS',
          message: `This oil is not in Accord's catalog, so nothing was imported: "Unobtainium" (blends[0].versions[1].topOils[1])`,
          details: [{ path: 'blends[0].versions[1].topOils[1]', message: `"Unobtainium" is not in Accord's oil catalog` }],
        },
      },
      422,
    )
    const { fetchMock } = fakeFetch({ ...TOKEN, 'POST /api/import': [refusal, json(PREVIEW)] })
    renderSection()
    await user.upload(screen.getByLabelText('Choose a file to import'), jsonFile())
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Nothing was imported')
    expect(alert).toHaveTextContent('blends[0].versions[1].topOils[1]: "Unobtainium" is not in Accord\'s oil catalog')
    expect(screen.getByText('accord-export-2026-11-20.json')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('button', { name: 'Import 2 blends' })).toBeInTheDocument()
    expect(urls(fetchMock)).toEqual(['/api/import?dryRun=true', '/api/import?dryRun=true'])
  })

  it('shows how much of the file is uploaded, then that the server is working on it', async () => {
    const user = userEvent.setup()
    const { release } = fakeXhr({ hold: true })
    fakeFetch({ ...TOKEN, 'POST /api/import': json(PREVIEW) })
    renderSection()
    await user.upload(screen.getByLabelText('Choose a file to import'), jsonFile())
    expect(await screen.findByText('Uploading... 50%')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '50')
    expect(screen.getByLabelText('Choose a file to import')).toBeDisabled()
    release()
    expect(await screen.findByRole('button', { name: 'Import 2 blends' })).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('refuses a file over 20 MB before sending it', async () => {
    const user = userEvent.setup()
    const { fetchMock } = fakeFetch({ ...TOKEN })
    renderSection()
    const big = jsonFile()
    Object.defineProperty(big, 'size', { value: 25 * 1024 * 1024 })
    await user.upload(screen.getByLabelText('Choose a file to import'), big)
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is 25.0 MB; Accord imports files up to 20 MB.')
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
    expect(urls(fetchMock)).toEqual([])
  })

  it('offers nothing to import when everything in the file is already in the journal', async () => {
    const user = userEvent.setup()
    const none = { blends: 0, versions: 0, testEntries: 0, bottles: 0, batches: 0 }
    fakeFetch({ ...TOKEN, 'POST /api/import': json({ ...PREVIEW, created: none, skipped: PREVIEW.created }) })
    renderSection()
    await user.upload(screen.getByLabelText('Choose a file to import'), jsonFile())
    expect(await screen.findByRole('button', { name: 'Nothing new to import' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Choose another file' }))
    expect(screen.queryByText('Evening Calm')).not.toBeInTheDocument()
  })
})
