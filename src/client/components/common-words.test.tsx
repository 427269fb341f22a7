import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { IfraResult, RecordedIfra } from '#client/components/ifra-check.tsx'
import { LoadError } from '#client/components/load-error.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import { ifraCheck } from '#client/testing/ifra-fixtures.ts'

const check = ifraCheck()

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
    expect(screen.getByTestId('ifra-maximum')).toHaveTextContent('Höchstens 1 % der Mischung in diesem Produkt')
    expect(screen.getByRole('alert')).toHaveTextContent('Über dem IFRA-Höchstwert:')
    const unknown = screen.getByRole('list', { name: 'Öle mit unbekanntem IFRA-Grenzwert' })
    expect(within(unknown).getByText('Atlaszeder: unbekannt (seine Flasche hat kein IFRA-Zertifikat: Los CED-3).')).toBeInTheDocument()
    expect(screen.getByText('IFRA-Prüfung')).toBeInTheDocument()
    expect(screen.getByText(/Mit dieser Charge wurde keine IFRA-Prüfung festgehalten/)).toBeInTheDocument()
    for (const english of ['Maximum', 'Above the IFRA maximum', 'IFRA limit unknown', 'No IFRA check was recorded', 'of the blend']) {
      expect(screen.queryByText(new RegExp(english))).toBeNull()
    }
  })

  it('says a failed load and one that is not on this device in German', async () => {
    await activateLanguage('de')
    const { rerender } = render(<LoadError message="x" onRetry={() => undefined} />)
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument()
    rerender(<LoadError message="x" onRetry={() => undefined} error={new ApiError(0, 'NOT_ON_DEVICE', 'offline')} />)
    expect(screen.getByRole('status')).toHaveTextContent('Das ist auf diesem Gerät nicht gespeichert.')
  })
})
