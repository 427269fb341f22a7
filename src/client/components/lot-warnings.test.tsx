import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { LotWarning } from '#shared/api/shelf.ts'
import { LotWarnings } from '#client/components/lot-warnings.tsx'
import { activateLanguage } from '#client/lib/i18n.ts'

const expired: LotWarning = {
  bottleId: 1,
  oilId: 10,
  oilName: 'Lavender',
  lotCode: 'LAV-7',
  status: 'expired',
  bestBefore: '2025-03-01',
  openedOn: null,
}
const openedLongAgo: LotWarning = {
  bottleId: 2,
  oilId: 11,
  oilName: 'Lemon',
  lotCode: null,
  status: 'opened-long-ago',
  bestBefore: null,
  openedOn: '2025-01-10',
}

describe('the warnings of a batch drawn from ageing bottles', () => {
  afterEach(async () => {
    await activateLanguage('en')
  })

  it('keeps its English words exactly', () => {
    const { rerender } = render(<LotWarnings warnings={[expired, openedLongAgo]} />)
    const box = screen.getByTestId('lot-warnings')
    expect(screen.getByRole('heading')).toHaveTextContent('This batch draws from expired or old bottles')
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Lavender, lot LAV-7: Past its best-before (2025-03-01).',
      'Lemon, a bottle with no lot code: Opened 2025-01-10: more than 6 months ago for an oil that oxidises soon.',
    ])
    expect(box).toHaveTextContent('You can still make it; check the oil smells and looks as it should first.')
    rerender(<LotWarnings warnings={[expired]} />)
    expect(screen.getByRole('heading')).toHaveTextContent('This batch draws from an expired or old bottle')
  })

  it('says them in German, with no English left', async () => {
    await activateLanguage('de')
    const { rerender } = render(<LotWarnings warnings={[expired, openedLongAgo]} />)
    expect(screen.getByRole('region')).toHaveAccessibleName('Für diese Charge wird aus abgelaufenen oder alten Flaschen entnommen')
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Lavender, Los LAV-7: Haltbarkeitsdatum überschritten (2025-03-01).',
      'Lemon, eine Flasche ohne Losnummer: Geöffnet am 2025-01-10: vor mehr als 6 Monaten, bei einem Öl, das schnell oxidiert.',
    ])
    expect(screen.getByTestId('lot-warnings')).toHaveTextContent('Sie können sie trotzdem herstellen')
    for (const english of ['batch', 'bottle', 'lot ', 'Past its', 'Opened', 'You can still']) {
      expect(screen.getByTestId('lot-warnings').textContent).not.toContain(english)
    }
    rerender(<LotWarnings warnings={[openedLongAgo]} />)
    expect(screen.getByRole('heading')).toHaveTextContent('Für diese Charge wird aus einer abgelaufenen oder alten Flasche entnommen')
  })
})
