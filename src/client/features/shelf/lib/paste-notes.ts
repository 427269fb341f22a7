import type { DeclarationNote } from '#shared/domain/declaration-paste.ts'
import type { CertificateNote } from '#shared/domain/ifra-certificate-paste.ts'

type Translate = (id: string, values?: Record<string, unknown>) => string

/**
 * The paste readers' notes on the lines they left unread, in the shown language (decision 107),
 * composed from the notes' kinds and values (declaration-paste.ts, ifra-certificate-paste.ts).
 * English is word for word the readers' own `message`. The annex's entry names and the category
 * codes are shown as the sheet and the annex write them.
 */

/** "A, or B" in English (as the reader writes it), else the language's own "A oder B". */
function orList(items: readonly string[], language: string): string {
  return language === 'en' ? items.join(', or ') : new Intl.ListFormat(language, { type: 'disjunction' }).format(items)
}

/** A percentage as the reader gives it (up to six significant digits), in the language's digits: "150.5 %", "150,5 %". */
function percentText(percent: number, language: string): string {
  return `${new Intl.NumberFormat(language, { maximumSignificantDigits: 6, useGrouping: false }).format(percent)} %`
}

export function declarationNoteText(t: Translate, language: string, note: DeclarationNote): string {
  switch (note.kind) {
    case 'too-many-columns':
      return t('shelf.paste.note.tooManyColumns', { max: note.max })
    case 'several-figures':
      return t('shelf.paste.note.severalFigures')
    case 'invalid-cas':
      return t('shelf.paste.note.invalidCas', { cas: note.cas })
    case 'not-an-entry':
      return t('shelf.paste.note.notAnEntry', { named: named(t, note.name, note.cas), suggestions: orList(note.suggestions, language) })
    case 'not-an-allergen':
      return t('shelf.paste.note.notAnAllergen', { named: named(t, note.name, note.cas) })
    case 'no-percentage':
      return t('shelf.paste.note.noPercentage', { entry: note.entry })
    case 'traces':
      return t('shelf.paste.note.traces', { entry: note.entry })
    case 'over-whole':
      return t('shelf.paste.note.overWhole', { entry: note.entry, percent: percentText(note.percent, language) })
    case 'already-listed':
      return t('shelf.paste.note.alreadyListed', { entry: note.entry, line: note.line })
  }
}

/** What a line named: its name and CAS number, either alone, else "This line". */
function named(t: Translate, name: string | null, cas: string | null): string {
  if (name && cas) return `${name} (${cas})`
  return name ?? cas ?? t('shelf.paste.note.thisLine')
}

export function certificateNoteText(t: Translate, note: CertificateNote): string {
  const categories = (codes: readonly string[]) => codes.map((code) => t('shelf.paste.note.category', { code })).join(', ')
  switch (note.kind) {
    case 'second-amendment':
      return t('shelf.paste.note.secondAmendment', { amendment: note.amendment, first: note.first })
    case 'not-a-category':
      return t('shelf.paste.note.notACategory', { categories: categories(note.categories) })
    case 'not-a-category-others-read':
      return t('shelf.paste.note.notACategoryOthersRead', { categories: categories(note.categories) })
    case 'no-limit':
      return t('shelf.paste.note.noLimit')
    case 'see-note':
      return t('shelf.paste.note.seeNote')
    case 'range':
      return t('shelf.paste.note.range')
    case 'over-100':
      return t('shelf.paste.note.over100')
    case 'given-twice':
      return t('shelf.paste.note.givenTwice', { category: note.category, line: note.line })
    case 'not-a-real-day':
      return t('shelf.paste.note.notARealDay')
    case 'day-month-either-way':
      return t('shelf.paste.note.dayMonthEitherWay')
    case 'no-date':
      return t('shelf.paste.note.noDate')
  }
}
