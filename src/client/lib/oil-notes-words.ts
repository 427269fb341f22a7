/**
 * The catalog oils' descriptions in the interface's language (issue 37, decision 104): the
 * `oilNotes` section (`oilNotes.<slug>`), about 8 kB of text per language, so only the screens that
 * show descriptions import this module (the glossary's cards); the names are oil-words.ts's.
 */
import { i18n } from '@lingui/core'
import english from '#client/locales/en/oilNotes.json?lingui'
import { registerSection, useMessages } from '#client/lib/i18n.ts'
import { oilSlug } from '#client/lib/oil-words.ts'
import type { EssentialOil } from '#shared/api/oils.ts'

export const oilNotesReady: Promise<void> = registerSection('oilNotes', english, {
  de: () => import('#client/locales/de/oilNotes.json?lingui'),
  fr: () => import('#client/locales/fr/oilNotes.json?lingui'),
  es: () => import('#client/locales/es/oilNotes.json?lingui'),
  it: () => import('#client/locales/it/oilNotes.json?lingui'),
})

type Described = Pick<EssentialOil, 'name' | 'description' | 'yours'>

/** A catalog oil's description in the active language; a maker's own ingredient's notes are shown as they came. */
export function oilNote(oil: Described): string {
  const { description } = oil
  const slug = oil.yours ? null : oilSlug(oil.name)
  // English is the API's own description, as it came.
  if (slug === null || i18n.locale === 'en') return description
  const id = `oilNotes.${slug}`
  const shown = i18n._(id)
  return shown === id ? description : shown
}

/** The same, for a component: it renders again when the language or the descriptions' words change. */
export function useOilNote(): (oil: Described) => string {
  useMessages()
  return oilNote
}
