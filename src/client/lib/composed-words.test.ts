/**
 * The sentences Accord composes from its data, worded in the interface's language (decision 107):
 * German and French from the catalogs, numbers by Intl in the language (a decimal comma), plurals
 * by the language's rules; English word for word what the domain modules give the API.
 */
import { i18n } from '@lingui/core'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '#client/lib/i18n.ts'
import { amountWords } from '#client/lib/amount-words.ts'
import '#client/features/journal/journal-catalog.ts'
import '#client/features/blend-creator/creator-catalog.ts'
import '#client/features/shelf/shelf-catalog.ts'
import '#client/lib/vocabulary-words.ts'
import { dateProblemText } from '#client/features/journal/lib/date-problems.ts'
import { scentProfileText } from '#client/features/blend-creator/lib/scent-profile-words.ts'
import { certificateNoteText, declarationNoteText } from '#client/features/shelf/lib/paste-notes.ts'
import { dropsText, formatInUnit, formatWeight, weightWithUnitName } from '#shared/domain/units.ts'
import { madeDateProblemKindOn, madeDateProblemOn } from '#shared/domain/made-date.ts'
import { testDateProblemKindOn, testDateProblemOn } from '#shared/domain/test-dates.ts'
import { parseDeclarationPaste } from '#shared/domain/declaration-paste.ts'
import { parseIfraCertificatePaste } from '#shared/domain/ifra-certificate-paste.ts'
import { scentProfile, scentProfileParts } from '#shared/domain/blend-properties.ts'
import type { Language } from '#shared/i18n/languages.ts'

const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values)
const family = (name: string) => t(`vocab.family.${name}`)

afterEach(async () => {
  await activateLanguage('en')
})

async function inLanguage(language: Language) {
  await activateLanguage(language)
  return amountWords(t, language)
}

const oil = (scentFamily: string) => ({ scentFamily, effects: [] }) as never
const composition = (top: string, heart: string, base: string) =>
  ({ topNote: oil(top), middleNote: oil(heart), baseNote: oil(base) }) as never

describe('drops and weights', () => {
  it('says them in English as units.ts does', async () => {
    const words = await inLanguage('en')
    for (const [drops, exact] of [
      [1, 1],
      [12, 12],
      [1234, 1234],
      [0, 0.2],
      [0, 0],
    ] as const)
      expect(words.drops(drops, exact)).toBe(dropsText(drops, exact, 'en'))
    expect(words.inUnit(2.75, 'g')).toBe(formatInUnit(2.75, 'g', 'en'))
    const amount = { grams: 9.07, shownGrams: 9.07, shownInUnit: 0.32 }
    expect(words.weight(amount, 'oz')).toBe(formatWeight(amount, 'oz', 'en'))
    expect(words.withUnitName('1', 1, 'g')).toBe(weightWithUnitName('1', 1, 'g'))
    expect(words.withUnitName('2.5', 2.5, 'lb')).toBe('2.5 pounds')
    expect(words.unitName('oz')).toBe('Ounces')
  })

  it('says them in German: Tropfen, a decimal comma, Gramm and Unzen', async () => {
    const words = await inLanguage('de')
    expect(words.drops(1)).toBe('1 Tropfen')
    expect(words.drops(12)).toBe('12 Tropfen')
    expect(words.drops(1234)).toBe('1.234 Tropfen')
    expect(words.drops(0, 0.3)).toBe('< 1 Tropfen')
    expect(words.inUnit(2.75, 'g')).toBe('2,75 g')
    expect(words.shown(0, 0.001, 'g')).toBe('< 0,01')
    expect(words.weight({ grams: 9.07, shownGrams: 9.07, shownInUnit: 0.32 }, 'oz')).toBe('0,320 oz (9,07 g)')
    expect(words.withUnitName('1', 1, 'oz')).toBe('1 Unze')
    expect(words.withUnitName('2,5', 2.5, 'oz')).toBe('2,5 Unzen')
    expect(words.withUnitName('500', 500, 'g')).toBe('500 Gramm')
    expect(words.unitName('lb')).toBe('Pfund')
  })

  it('says them in French: gouttes, a decimal comma, and French plurals (1,5 gramme)', async () => {
    const words = await inLanguage('fr')
    expect(words.drops(1)).toBe('1 goutte')
    expect(words.drops(12)).toBe('12 gouttes')
    expect(words.drops(0, 0.3)).toBe('< 1 goutte')
    expect(words.inUnit(0.5, 'g')).toBe('0,50 g')
    expect(words.withUnitName('1,5', 1.5, 'g')).toBe('1,5 gramme')
    expect(words.withUnitName('2', 2, 'lb')).toBe('2 livres')
    expect(words.unitName('g')).toBe('Grammes')
  })
})

describe('the made and test days’ problems', () => {
  it('says each in English as the API does', async () => {
    await activateLanguage('en')
    expect(dateProblemText(t, madeDateProblemKindOn('2026-12-01', '2026-11-29'))).toBe(madeDateProblemOn('2026-12-01', '2026-11-29'))
    expect(dateProblemText(t, testDateProblemKindOn('2026-11-20', '2026-11-10', '2026-11-29'))).toBe(
      testDateProblemOn('2026-11-20', '2026-11-10', '2026-11-29'),
    )
    expect(dateProblemText(t, testDateProblemKindOn('2026-11-20', '2026-11-20', '2026-11-29'))).toBeNull()
  })

  it('says each in German and French', async () => {
    await activateLanguage('de')
    expect(dateProblemText(t, madeDateProblemKindOn('2026-12-01', '2026-11-29'))).toBe(
      'Das Herstellungsdatum kann nicht in der Zukunft liegen.',
    )
    expect(dateProblemText(t, testDateProblemKindOn('2026-11-20', '2026-12-01', '2026-11-29'))).toBe(
      'Das Testdatum kann nicht nach heute liegen.',
    )
    await activateLanguage('fr')
    expect(dateProblemText(t, testDateProblemKindOn('2026-11-20', '2026-11-10', '2026-11-29'))).toBe(
      'La date du test ne peut pas être avant le jour où le mélange a été fabriqué.',
    )
  })
})

describe('the scent profile', () => {
  it('says it in English as scentProfile does, "an Earthy" included', async () => {
    await activateLanguage('en')
    const cases: [string, string, string][] = [
      ['Citrus', 'Floral', 'Woody'],
      ['Earthy', 'Earthy', 'Citrus'],
      ['Herbal', 'Earthy', 'Resinous'],
      ['Woody', 'Woody', 'Woody'],
    ]
    for (const [top, heart, base] of cases) {
      const blend = composition(top, heart, base)
      expect(scentProfileText(t, family, scentProfileParts(blend))).toBe(scentProfile(blend))
    }
  })

  it('says it in German and French with the families’ names of the language', async () => {
    await activateLanguage('de')
    expect(scentProfileText(t, family, scentProfileParts(composition('Citrus', 'Floral', 'Earthy')))).toBe(
      'Kopfnote: Zitrus, Herznote: Blumig, Basisnote: Erdig.',
    )
    expect(scentProfileText(t, family, scentProfileParts(composition('Woody', 'Woody', 'Woody')))).toBe(
      'Holzig von der Kopf- bis zur Basisnote.',
    )
    await activateLanguage('fr')
    expect(scentProfileText(t, family, scentProfileParts(composition('Woody', 'Woody', 'Woody')))).toBe(
      'Boisé de la note de tête à la note de fond.',
    )
  })
})

const SHEET = [
  'Linalool 78-70-6 32.5',
  'Terpinen-4-ol 562-74-3 4.2 %',
  'Cinnamaldehyd 0.1',
  'Citral 5392-40-5 traces',
  'Limonene 150,5 %',
  'Linalool 78-70-6 1.2',
  'Geraniol',
].join('\n')

const CERTIFICATE = [
  '51st Amendment',
  'Date: 03/04/2024',
  'Category 4: 1.25 %',
  'Category 13: 2 %',
  'Category 4: 1.5 %',
  'Category 5A: 0.2-0.4 %',
  'Amendment 49',
].join('\n')

describe('the paste readers’ notes', () => {
  it('says each in English as the readers do', async () => {
    await activateLanguage('en')
    const lines = [...parseDeclarationPaste(SHEET).problems]
    expect(lines.length).toBeGreaterThan(5)
    for (const line of lines) expect(declarationNoteText(t, 'en', line.note)).toBe(line.message)
    const certificate = parseIfraCertificatePaste(CERTIFICATE).problems
    expect(certificate.length).toBeGreaterThan(4)
    for (const line of certificate) expect(certificateNoteText(t, line.note)).toBe(line.message)
  })

  it('says each in German, with a decimal comma and German ordinals, no English left', async () => {
    await activateLanguage('de')
    const notes = parseDeclarationPaste(SHEET).problems.map((line) => declarationNoteText(t, 'de', line.note))
    expect(notes).toContain('Terpinen-4-ol (562-74-3) ist kein Allergen aus Anhang III und wurde übersprungen.')
    expect(notes).toContain('Limonene: 150,5 % ist mehr als das ganze Öl.')
    expect(notes).toContain('Linalool steht schon in Zeile 1; der erste Wert bleibt.')
    expect(notes).toContain('Kein Prozentwert für Geraniol in dieser Zeile.')
    expect(notes.find((note) => note.startsWith('Cinnamaldehyd'))).toMatch(/Meinten Sie .*Cinnamal.*\?$/)
    const certificate = parseIfraCertificatePaste(CERTIFICATE).problems.map((line) => certificateNoteText(t, line.note))
    expect(certificate).toContain('Kategorie 13 ist keine IFRA-Kategorie: Prüfen Sie die Zeile.')
    expect(certificate).toContain('Ein zweites Amendment (49.) nach dem 51.: Prüfen Sie, welchem das Zertifikat folgt.')
    expect(certificate).toContain('Tag und Monat könnten in diesem Datum vertauscht sein: Tragen Sie es von Hand ein.')
    for (const note of [...notes, ...certificate]) expect(note).not.toMatch(/\b(the|is not|on this line|enter it by hand|Category)\b/)
  })

  it('says each in French, a decimal comma and French ordinals', async () => {
    await activateLanguage('fr')
    const notes = parseDeclarationPaste('Cinnamaldehyd 0.1\nLimonene 150,5 %').problems.map((line) =>
      declarationNoteText(t, 'fr', line.note),
    )
    expect(notes[0]).toMatch(
      /^Cinnamaldehyd n’est pas une entrée de l’annexe III sous ce nom : la ligne a été ignorée\. Vouliez-vous dire .*Cinnamal.* \?$/,
    )
    expect(notes[1]).toBe('Limonene : 150,5 %, c’est plus que l’huile entière.')
    const [amendment] = parseIfraCertificatePaste('50th Amendment\nAmendment 51').problems
    expect(certificateNoteText(t, amendment!.note)).toBe('Un deuxième amendement (51e) après le 50e : vérifiez lequel le certificat suit.')
  })
})
