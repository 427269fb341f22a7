import 'fake-indexeddb/auto'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '#client/lib/i18n.ts'
import { OfflineIndicator, indicatorText, lastUpdatedText } from '#client/app/offline-indicator.tsx'
import { outboxState } from '#client/lib/offline/outbox-state.ts'

const base = { online: true, waiting: 0, refused: 0, allSaved: false, pending: [], fetchedAt: null }

describe('the offline indicator (docs/product.md "Offline at the bench")', () => {
  afterEach(() => outboxState.setState(base))

  it('says nothing while online with nothing waiting', () => {
    expect(indicatorText(base)).toBeNull()
  })

  it('says the device is offline, and how many changes wait', () => {
    expect(indicatorText({ ...base, online: false })).toBe('Offline, showing what was saved on this device')
    expect(indicatorText({ ...base, online: false, waiting: 2 })).toBe('Offline, showing what was saved on this device · 2 changes waiting')
    expect(indicatorText({ ...base, waiting: 1 })).toBe('1 change waiting')
    expect(indicatorText({ ...base, allSaved: true })).toBe('All changes saved')
  })

  it('says when the copy shown offline was last fetched (decision 039)', () => {
    const now = Date.UTC(2026, 10, 24, 15, 0)
    const at = (minutes: number) => ({ ...base, online: false, fetchedAt: now - minutes * 60_000 })
    expect(indicatorText(at(0), now)).toBe('Offline, showing what was saved on this device, last updated just now')
    expect(indicatorText(at(10), now)).toBe('Offline, showing what was saved on this device, last updated 10 minutes ago')
    expect(indicatorText({ ...at(1), waiting: 1 }, now)).toBe(
      'Offline, showing what was saved on this device, last updated 1 minute ago · 1 change waiting',
    )
    expect(indicatorText(at(180), now)).toBe('Offline, showing what was saved on this device, last updated 3 hours ago')
    expect(lastUpdatedText(now - 3 * 24 * 60 * 60_000, now)).toMatch(/^last updated \S.*\d, .*\d{2}/)
  })

  it('speaks the interface’s language, plurals included', async () => {
    await activateLanguage('de')
    try {
      const now = Date.UTC(2026, 10, 24, 15, 0)
      expect(indicatorText({ ...base, online: false, fetchedAt: now - 10 * 60_000, waiting: 1 }, now)).toBe(
        'Offline, zu sehen ist, was auf diesem Gerät gespeichert ist, vor 10 Minuten aktualisiert · 1 Änderung wartet',
      )
      expect(indicatorText({ ...base, waiting: 3 })).toBe('3 Änderungen warten')
      expect(indicatorText({ ...base, allSaved: true })).toBe('Alle Änderungen gespeichert')
      expect(lastUpdatedText(now - 60 * 60_000, now)).toBe('vor 1 Stunde aktualisiert')
      expect(lastUpdatedText(now - 3 * 24 * 60 * 60_000, now)).toMatch(/^aktualisiert am 21\. Nov\.?, 1\d:00$/)
      render(<OfflineIndicator userId="u1" />)
      act(() => outboxState.setState({ online: true, waiting: 0, refused: 2 }))
      expect(screen.getByText('2 Änderungen konnten nicht gespeichert werden')).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Ansehen' })).toBeInTheDocument()
    } finally {
      await activateLanguage('en')
    }
  })

  it('announces changes politely, and offers a review of refused ones', () => {
    render(<OfflineIndicator userId="u1" />)
    expect(screen.getByRole('status')).toHaveTextContent('')
    act(() => outboxState.setState({ online: false, waiting: 1 }))
    expect(screen.getByRole('status')).toHaveTextContent('Offline, showing what was saved on this device · 1 change waiting')
    act(() => outboxState.setState({ online: true, waiting: 0, refused: 1 }))
    expect(screen.getByText('1 change could not be saved')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Review' })).toBeVisible()
  })
})
