/**
 * The catalog oils' common names in the interface's language (issue 37: "Oil names follow the
 * usual common names in each language", decision 104). Given an oil's English catalog name, as the
 * API sends it, these answer its name in the active language; a maker's own ingredient, or a name
 * the catalog does not hold, is answered as it came. INCI and Latin names are never translated.
 *
 * The names are a catalog section of their own (`oils.json`, `oils.<slug>`), small enough for every
 * screen that shows an oil: importing this module registers it, so a lazy page that shows oils
 * waits for the shown language's names (lazyPage, sectionsReady). The descriptions are the larger
 * `oilNotes` section (oil-notes-words.ts), loaded only by the screens that show them.
 */
import { i18n } from '@lingui/core'
import { useMemo } from 'react'
import english from '#client/locales/en/oils.json?lingui'
import { registerSection, useMessages } from '#client/lib/i18n.ts'
import type { ShownOilNames } from '#shared/domain/oil-picker.ts'

export const oilNamesReady: Promise<void> = registerSection('oils', english, {
  de: () => import('#client/locales/de/oils.json?lingui'),
  fr: () => import('#client/locales/fr/oils.json?lingui'),
  es: () => import('#client/locales/es/oils.json?lingui'),
  it: () => import('#client/locales/it/oils.json?lingui'),
})

const PREFIX = 'oils.'

/** A plain message's text: compiled, a name is its text or a list of one text (no placeholders). */
const plainText = (compiled: unknown): string | null =>
  typeof compiled === 'string'
    ? compiled
    : Array.isArray(compiled) && compiled.every((part) => typeof part === 'string')
      ? compiled.join('')
      : null

/** Each catalog oil's English name (the seed's, word for word) to its slug, from the English section. */
const slugByName: ReadonlyMap<string, string> = new Map(
  Object.entries(english).flatMap(([id, compiled]) => {
    const name = plainText(compiled)
    return name === null ? [] : [[name, id.slice(PREFIX.length)] as const]
  }),
)

/** The catalog slug of an oil's English name, or null for a name the catalog does not hold. */
export function oilSlug(name: string): string | null {
  return slugByName.get(name) ?? null
}

/** The oil's common name in the active language (outside React: PDFs, composed sentences). */
export function oilName(name: string): string {
  const slug = slugByName.get(name)
  // English is the API's own name, as it came.
  if (slug === undefined || i18n.locale === 'en') return name
  const id = `${PREFIX}${slug}`
  const shown = i18n._(id)
  // The shown language's names not in (yet): the English name, never the id.
  return shown === id ? name : shown
}

/** The same, for a component: it renders again when the language or the oils' words change. */
export function useOilName(): (name: string) => string {
  useMessages()
  return oilName
}

/** An oil as shown: a catalog oil by its common name in the active language, a maker's own ingredient by the name she gave it. */
export function shownOilName(oil: { name: string; yours?: true | undefined }): string {
  return oil.yours ? oil.name : oilName(oil.name)
}

/** The same, for a component: it renders again when the language or the oils' words change. */
export function useShownOilName(): (oil: { name: string; yours?: true | undefined }) => string {
  useMessages()
  return shownOilName
}

/**
 * Compares names as they are shown, for a list sorted for display: the active language's collation
 * ("Ä" beside "A" in German, accents after the plain letter in French). One comparer a language,
 * so a list memoised on it is sorted again when the language changes.
 */
export function useNameCollation(): (a: string, b: string) => number {
  useMessages()
  const locale = i18n.locale
  return useMemo(() => new Intl.Collator(locale).compare, [locale])
}

/** Compares oils by their English names as shown (their common names in the active language, collated in it). */
export function useOilNameOrder(): (a: string, b: string) => number {
  const collate = useNameCollation()
  return useMemo(() => (a: string, b: string) => collate(oilName(a), oilName(b)), [collate])
}

/** The picker's and the lists' names as shown and their order, for the shared sorting and search (one a language). */
export function useShownOilNames(): ShownOilNames {
  const compare = useNameCollation()
  return useMemo(() => ({ of: shownOilName, compare }), [compare])
}
