import { LANGUAGE_NAMES, LANGUAGES } from '#shared/i18n/languages.ts'

/**
 * Each language Accord speaks as a select's option, named in itself with its `lang`: the language
 * switcher's (language-switcher.tsx) and a label's language (the label screen's print card). A
 * module of its own, so the label screen shares these lines and not the switcher's chunk.
 */
export function LanguageOptions() {
  return LANGUAGES.map((language) => (
    <option key={language} value={language} lang={language}>
      {LANGUAGE_NAMES[language]}
    </option>
  ))
}
