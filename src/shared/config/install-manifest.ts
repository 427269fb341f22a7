import { DEFAULT_LANGUAGE, type Language } from '#shared/i18n/languages.ts'

/**
 * The install manifest in each language (decision 102): English's at the address it always had,
 * each other language's beside it (`/manifest.de.webmanifest`), made by the build from the
 * catalogs' `install` section (scripts/pwa.ts). A page links the one of its language.
 */
export function manifestPath(language: Language): string {
  return language === DEFAULT_LANGUAGE ? '/manifest.webmanifest' : `/manifest.${language}.webmanifest`
}

const MANIFEST_LINK = /<link rel="manifest" href="\/manifest(?:\.[a-z]{2})?\.webmanifest">/

/** The page's HTML linking the manifest of `language`; a page without the link is left as it is. */
export function withManifestLink(html: string, language: Language): string {
  return html.replace(MANIFEST_LINK, () => `<link rel="manifest" href="${manifestPath(language)}">`)
}
