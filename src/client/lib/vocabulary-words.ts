/**
 * The names of the scent families and effects in the interface's language (issue 37): a catalog
 * section of their own (`vocab.json`, decision 097), registered by the first screen that shows one
 * and loaded with it. The values the API and the code use stay the English names
 * (`#shared/domain/vocabulary.ts`); only what is shown is translated.
 */
import english from '#client/locales/en/vocab.json?lingui'
import { registerSection, useMessages } from '#client/lib/i18n.ts'
import type { Effect, ScentFamily } from '#shared/domain/vocabulary.ts'

export const vocabularyReady: Promise<void> = registerSection('vocab', english, {
  de: () => import('#client/locales/de/vocab.json?lingui'),
  fr: () => import('#client/locales/fr/vocab.json?lingui'),
  es: () => import('#client/locales/es/vocab.json?lingui'),
  it: () => import('#client/locales/it/vocab.json?lingui'),
})

export interface Vocabulary {
  /** A scent family's name as shown; a family the catalogs do not know is shown as it is. */
  family: (family: ScentFamily | (string & {})) => string
  /** An effect's name as shown; an effect the catalogs do not know is shown as it is. */
  effect: (effect: Effect | (string & {})) => string
}

/** The names of families and effects in the language shown (renders again when it changes). */
export function useVocabulary(): Vocabulary {
  const t = useMessages()
  const named = (id: string, fallback: string) => {
    const text = t(id)
    return text === id ? fallback : text
  }
  return {
    family: (family) => named(`vocab.family.${family}`, family),
    effect: (effect) => named(`vocab.effect.${effect}`, effect),
  }
}
