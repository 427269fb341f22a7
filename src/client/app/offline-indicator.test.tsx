import 'fake-indexeddb/auto'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { OfflineIndicator, indicatorText } from '#client/app/offline-indicator.tsx'
import { outboxState } from '#client/lib/offline/outbox-state.ts'

const base = { online: true, waiting: 0, refused: 0, allSaved: false }

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
