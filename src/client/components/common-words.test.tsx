import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { IfraCheck } from '#shared/api/ifra.ts'
import { IfraResult, RecordedIfra } from '#client/components/ifra-check.tsx'
import { activateLanguage } from '#client/lib/i18n.ts'

const check: IfraCheck = {
  productType: 'lotion',
  category: '5A',
  categoryName: 'Body lotion products',
  oilPercentage: 2,
  maxBlendPercent: 1,
  limitingOil: { oilId: 1, oilName: 'Bergamot', limit: 0.3, blendPercent: 30 },
  complete: false,
  status: 'over',
  oils: [
    {
      oilId: 1,
      oilName: 'Bergamot',
      blendPercent: 30,
      maxProductPercent: 0.3,
      lots: [{ bottleId: 1, lotCode: 'BER-7', amendment: '51st', issuedOn: '2026-01-09', limit: 0.3 }],
    },
    {
      oilId: 2,
      oilName: 'Atlas Cedarwood',
      blendPercent: 20,
      maxProductPercent: 'unknown',
      reasons: ['no-certificate'],
      lots: [{ bottleId: 3, lotCode: 'CED-3', amendment: null, issuedOn: null, limit: null }],
    },
  ],
  amendments: ['51st'],
  notice: 'n',
  checkedAt: '2026-11-27T10:00:00.000Z',
}

describe('the shared components in German (the common section)', () => {
  afterEach(async () => {
    await activateLanguage('en')
  })

  it('shows the IFRA check and a recorded batch’s check in German, with no English left', async () => {
    await activateLanguage('de')
    render(
      <>
        <IfraResult check={check} />
        <RecordedIfra check={null} />
      </>,
    )
    expect(screen.getByTestId('ifra-maximum')).toHaveTextContent('Höchstens 1% der Mischung in diesem Produkt')
    expect(screen.getByRole('alert')).toHaveTextContent('Über dem IFRA-Höchstwert:')
    const unknown = screen.getByRole('list', { name: 'Öle mit unbekanntem IFRA-Grenzwert' })
    expect(within(unknown).getByText('Atlas Cedarwood: unbekannt (seine Flasche hat kein IFRA-Zertifikat: Los CED-3).')).toBeInTheDocument()
    expect(screen.getByText('IFRA-Prüfung')).toBeInTheDocument()
    expect(screen.getByText(/Mit dieser Charge wurde keine IFRA-Prüfung festgehalten/)).toBeInTheDocument()
    for (const english of ['Maximum', 'Above the IFRA maximum', 'IFRA limit unknown', 'No IFRA check was recorded', 'of the blend']) {
      expect(screen.queryByText(new RegExp(english))).toBeNull()
    }
  })
})
