import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json } from '#client/testing/fake-fetch.ts'
import { resetBootData } from '#client/lib/boot-data.ts'
import { ADA, renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'
import { BOOT_DATA_ELEMENT_ID } from '#shared/config/boot-data.ts'
import { HomePage } from '#client/features/home/components/home-page.tsx'
import { activateLanguage } from '#client/lib/i18n.ts'
import { fakeBlendsApi, listItem } from '#tests/support/fake-blends-api.ts'

function renderHome() {
  renderSignedIn(<HomePage />)
}

signInEachTest({ popovers: false })

describe('Home', () => {
  it('counts the blends and lists the newest five from the summary alone', async () => {
    const blends = Array.from({ length: 7 }, (_, i) => listItem({ id: i + 1, name: `Blend ${i + 1}`, testCount: i % 2 }))
    const { calls } = fakeBlendsApi(blends)
    renderHome()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back! You have 7 blend(s) in your collection' }),
    ).toBeInTheDocument()
    const recent = screen.getByRole('region', { name: 'Recent blends' })
    const links = within(recent)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/journal?blend='))
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/journal?blend=7',
      '/journal?blend=6',
      '/journal?blend=5',
      '/journal?blend=4',
      '/journal?blend=3',
    ])
    expect(links[0]).toHaveTextContent('007a')
    expect(links[0]).toHaveTextContent('Untested')
    expect(links[1]).toHaveTextContent('1 test')
    expect(within(recent).getByText(/3 blends of 7 tested/)).toBeInTheDocument()
    // The summary, and the small Ready list (decision 038), which shows nothing when nothing is ready.
    expect(
      calls
        .filter((c) => c.path !== '/api/auth/token')
        .map((c) => c.path)
        .sort(),
    ).toEqual(['/api/me/ready', '/api/me/summary'])
    expect(screen.queryByRole('region', { name: 'Ready to test' })).not.toBeInTheDocument()
  })

  it('lists what is ready to test, oldest first, each opening its add-test form, and counts the rest', async () => {
    const item = (n: number, batchId: number | null) => ({
      projectId: n,
      versionId: 100 + n,
      batchId,
      blendName: `Ready ${n}`,
      referenceNumber: `00${n}a`,
      madeOn: '2026-11-20',
      readyAt: '2026-11-22T00:00:00.000Z',
    })
    fakeBlendsApi([listItem({ id: 1, name: 'Solo' })], { 'GET /api/me/ready': json({ items: [item(1, null), item(2, 7)], count: 9 }) })
    renderHome()
    const ready = await screen.findByRole('region', { name: 'Ready to test' })
    const links = within(ready).getAllByRole('link', { name: 'Add test entry' })
    // Each opens on its batch and made day (decision 052).
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/journal?blend=1&made=2026-11-20#add-test-101',
      '/journal?blend=2&batch=7&made=2026-11-20#add-test-102',
    ])
    expect(within(ready).getByText('Made 20 Nov')).toBeInTheDocument()
    expect(within(ready).getByText('Batch made 20 Nov')).toBeInTheDocument()
    expect(within(ready).getByText('9 have rested long enough to smell')).toBeInTheDocument()
    expect(within(ready).getByText('and 7 more, oldest first above')).toBeInTheDocument()
  })

  it('first renders with the summary its page came with, without asking for it (decision 035)', () => {
    const blends = [listItem({ id: 4, name: 'Painted' })]
    const { calls } = fakeBlendsApi(blends)
    const script = document.createElement('script')
    script.type = 'application/json'
    script.id = BOOT_DATA_ELEMENT_ID
    script.textContent = JSON.stringify({
      user: { id: ADA.id, email: ADA.email, name: 'Ada', image: null },
      summary: { blendCount: 4, testedCount: 0, recent: blends },
    })
    document.head.append(script)
    resetBootData()
    try {
      renderHome()
      // At once, not after a request: the page painted this heading before any script ran.
      expect(screen.getByRole('heading', { level: 1, name: 'Welcome back! You have 4 blend(s) in your collection' })).toBeInTheDocument()
      expect(within(screen.getByRole('region', { name: 'Recent blends' })).getByText('Painted')).toBeInTheDocument()
      // Only the Ready list is asked for (decision 038); the summary came with the page.
      expect(calls.map((c) => c.path).filter((p) => p !== '/api/auth/token' && p !== '/api/me/ready')).toEqual([])
    } finally {
      script.remove()
      resetBootData()
    }
  })

  it('welcomes a new maker without a recent list', async () => {
    fakeBlendsApi([])
    renderHome()
    expect(await screen.findByRole('heading', { level: 1, name: "Welcome to Accord! Let's create your first blend" })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Recent blends' })).not.toBeInTheDocument()
  })

  it('says when the summary cannot be loaded, and tries again', async () => {
    fakeBlendsApi([listItem({ id: 1, name: 'Solo' })], {
      'GET /api/me/summary': [
        json({ error: { code: 'INTERNAL', message: 'x' } }, 500),
        json({ blendCount: 1, testedCount: 0, recent: [] }),
      ],
    })
    renderHome()
    expect(await screen.findByText('Your blends could not be loaded just now.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back! You have 1 blend(s) in your collection' }),
    ).toBeInTheDocument()
  })

  it('shows Home in German, with no English left', async () => {
    const blends = Array.from({ length: 2 }, (_, i) => listItem({ id: i + 1, name: `Blend ${i + 1}`, testCount: i }))
    fakeBlendsApi(blends)
    await activateLanguage('de')
    try {
      renderHome()
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Willkommen zurück! Sie haben 2 Mischung(en) in Ihrer Sammlung' }),
      ).toBeInTheDocument()
      const recent = screen.getByRole('region', { name: 'Neueste Mischungen' })
      expect(within(recent).getByText('Ungetestet')).toBeInTheDocument()
      expect(within(recent).getByText(/1 Mischung von 2 getestet/)).toBeInTheDocument()
      expect(screen.getByRole('heading', { level: 2, name: 'Neue Mischung erstellen' })).toBeInTheDocument()
      for (const english of ['Welcome back', 'Recent blends', 'Untested', 'Create New Blend', 'Blend Journal', 'All blends']) {
        expect(screen.queryByText(new RegExp(english)), english).toBeNull()
      }
    } finally {
      await activateLanguage('en')
    }
  })
})
