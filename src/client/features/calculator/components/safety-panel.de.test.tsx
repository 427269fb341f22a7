import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { checkSafetyFor } from '#shared/domain/audiences.ts'
import { checkSafety, NOTHING_ON_FILE, type SafetyOil } from '#shared/domain/safety.ts'
import { SafetyPanel } from '#client/features/calculator/components/safety-panel.tsx'
import { activateLanguage } from '#client/lib/i18n.ts'

const NONE = NOTHING_ON_FILE
const lemongrass = (productPercentage: number): SafetyOil => ({
  name: 'Lemongrass',
  productPercentage,
  safety: {
    ...NONE,
    maxLeaveOnPercent: 0.7,
    source: 'Tisserand Institute [TI-1]',
    children: { text: 'Use on the skin of infants and children under 2 with caution.', source: 'organic.io [OIO-L]' },
  },
})
const bergamot: SafetyOil = {
  name: 'Bergamot',
  productPercentage: 0.3,
  safety: { ...NONE, maxLeaveOnPercent: 0.4, phototoxic: true, source: 'Tisserand & Young 2014, quoted by Diffuser Blends [DB]' },
}
const vetiver: SafetyOil = { name: 'Vetiver', productPercentage: 0.6, safety: NONE }

/** English the panel showed before (decision 103): none of it may be left on a German screen. */
const ENGLISH =
  /finished product|leave-on maximum|Leave-on|could not be checked|No published|phototoxic \(|Children|Use on the skin|at most|in total|essential oil/

describe('the safety panel in German (decision 103)', () => {
  afterEach(async () => {
    await activateLanguage('en')
  })

  it('says the scope, each warning, the oils not checked and the cautions in German, citations as they are', async () => {
    await activateLanguage('de')
    render(<SafetyPanel report={checkSafety('leave-on', [lemongrass(1), bergamot, vetiver])} />)
    expect(
      screen.getByText(
        'Hautprodukt ohne Abspülen: Jedes Öl wird mit seinem veröffentlichten Höchstwert ohne Abspülen abgeglichen, und phototoxische Öle werden markiert.',
      ),
    ).toBeInTheDocument()
    const warnings = within(screen.getByRole('list', { name: 'Sicherheitswarnungen' })).getAllByRole('listitem')
    expect(warnings.map((w) => w.textContent)).toEqual([
      'Über dem Höchstwert ohne Abspülen: Lemongras macht 1\u00a0% des fertigen Produkts aus, mehr als sein Höchstwert ohne Abspülen von 0,7\u00a0% (Tisserand Institute [TI-1]). Senken Sie den Ölanteil oder den Anteil von Lemongras.',
      'Phototoxisch: Bergamotte ist phototoxisch (0,3\u00a0% des fertigen Produkts; Höchstwert ohne Abspülen 0,4\u00a0%; Tisserand & Young 2014, quoted by Diffuser Blends [DB]). Halten Sie die Haut, auf die es kommt, 12 Stunden lang von starker Sonne und UV-Licht fern, oder wählen Sie ein furocumarinfreies (FCF) oder destilliertes Öl.',
    ])
    const unchecked = within(screen.getByRole('list', { name: 'Nicht geprüfte Öle' })).getAllByRole('listitem')
    expect(unchecked.map((u) => u.textContent)).toEqual([
      'Kein veröffentlichter Höchstwert für Vetiver hinterlegt, daher konnte sein Anteil von 0,6\u00a0% am fertigen Produkt nicht geprüft werden.',
    ])
    const cautions = within(screen.getByRole('list', { name: 'Sicherheitshinweise' })).getAllByRole('listitem')
    expect(cautions.map((c) => c.textContent)).toEqual([
      'Lemongras, Kinder: Auf der Haut von Säuglingen und Kindern unter 2 Jahren nur mit Vorsicht verwenden. Quelle: organic.io [OIO-L].',
    ])
    expect(document.body.textContent).not.toMatch(ENGLISH)
  })

  it('says the clear line, and the audience’s total and maxima, in German', async () => {
    await activateLanguage('de')
    const { unmount } = render(<SafetyPanel report={checkSafety('leave-on', [lemongrass(0.4)])} />)
    expect(screen.getByText('Keine Sicherheitswarnungen für diese Mischung bei diesem Anteil.')).toBeInTheDocument()
    unmount()

    render(<SafetyPanel report={checkSafetyFor('leave-on', [lemongrass(3)], 'child-2-6-years')} />)
    expect(screen.getByRole('heading', { name: 'Für Kinder 2-6 Jahre' })).toBeInTheDocument()
    expect(document.body.textContent).toContain(
      'Kinder 2-6 Jahre: höchstens 2\u00a0% ätherisches Öl insgesamt (1\u00a0% empfohlen) (Robert Tisserand, quoted by Thrive Style [TS]).',
    )
    const warnings = within(screen.getByRole('list', { name: 'Sicherheitswarnungen' })).getAllByRole('listitem')
    expect(warnings[0]!.textContent).toBe(
      'Über der Gesamtmenge für die Zielgruppe: Die Mischung macht 3\u00a0% des fertigen Produkts aus, mehr als das Höchste für Kinder von 2-6 Jahren: 2\u00a0% insgesamt (Robert Tisserand, quoted by Thrive Style [TS]). Senken Sie den Ölanteil auf 2\u00a0% oder weniger.',
    )
    const maxima = within(screen.getByRole('list', { name: 'Höchstwerte für Kinder 2-6 Jahre' })).getAllByRole('listitem')
    expect(maxima[0]!.textContent).toBe(
      'Lemongras: höchstens 0,7\u00a0%. Höchstwert ohne Abspülen 0,7\u00a0%. (Tisserand Institute [TI-1])',
    )
    expect(document.body.textContent).not.toMatch(ENGLISH)
  })

  it('says a rinse-off product’s scope and a home fragrance’s in German', async () => {
    await activateLanguage('de')
    render(<SafetyPanel report={checkSafety('home', [lemongrass(3)])} />)
    expect(screen.getByText('Raumduft: Er ist nicht für die Haut gedacht, daher gelten keine Grenzwerte für die Haut.')).toBeInTheDocument()
    expect(document.body.textContent).not.toMatch(ENGLISH)
  })
})
