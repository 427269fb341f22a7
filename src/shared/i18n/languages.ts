/**
 * The languages Accord speaks (issue 37, decision 088) and how one is chosen: the account's
 * setting, else the browser's languages (navigator.languages on the client, Accept-Language on the
 * server), else English. A region tag answers with its language (de-AT → de). The pseudo-locale is
 * for tests only and is never chosen this way.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

/** Each language named in itself, as the switcher lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
}

/** The language a BCP 47 tag asks for, when Accord speaks it (`de-AT` → `de`, `EN_gb` → `en`); else null. */
export function languageOf(tag: string | null | undefined): Language | null {
  if (typeof tag !== 'string') return null
  const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? ''
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : null
}

/** The tags of an Accept-Language header, most wanted first (q=0 dropped; ties keep their order). */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (typeof header !== 'string' || header.length > 1000) return []
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q === undefined ? 1 : Number(q.slice(2))
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index }
    })
    .filter((t) => t.tag !== '' && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag)
}

/** Setting > browser languages (in order) > English. */
export function resolveLanguage(setting: string | null | undefined, browserLanguages: readonly string[] = []): Language {
  const chosen = languageOf(setting)
  if (chosen) return chosen
  for (const tag of browserLanguages) {
    const language = languageOf(tag)
    if (language) return language
  }
  return DEFAULT_LANGUAGE
}

/**
 * A signed-out visitor's choice, kept on the device (decision 093): in localStorage for the app,
 * and in this cookie so that the server serves the landing page already in that language.
 */
export const LANGUAGE_COOKIE = 'accord-language'
/** A year, as the theme's cookie. */
export const LANGUAGE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365

const LANGUAGE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([A-Za-z-]{2,12})(?:;|\\s|$)`)

/** The device's choice in a Cookie header (or document.cookie), when it is a language Accord speaks; else null. */
export function languageFromCookies(cookieHeader: string | null | undefined): Language | null {
  const match = LANGUAGE_COOKIE_VALUE.exec(cookieHeader ?? '')
  return match ? languageOf(match[1]) : null
}

/**
 * The language of a request's reader, when no account says otherwise: the device's choice (its
 * cookie), else the browser's languages (Accept-Language), else English. The server answers pages
 * and e-mails a signed-out reader asked for in it (decisions 093 and 096).
 */
export function requestLanguage(cookieHeader: string | null | undefined, acceptLanguage: string | string[] | null | undefined): Language {
  return resolveLanguage(
    languageFromCookies(cookieHeader),
    acceptLanguageTags(Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage),
  )
}

/**
 * The pseudo-locale (decision 101): English accented and about 40 % longer, for the layout tests
 * only, shown in English's place. Never a language: no switcher offers it and languageOf() answers
 * English for it, so nothing chooses it from a browser's languages or an account's setting.
 */
export const PSEUDO_LOCALE = 'en-XA'
/**
 * The explicit device setting that asks for it: `localStorage['accord-pseudo-locale'] = 'en-XA'`
 * for the app, and the cookie of that name and value for the server's prerendered public pages.
 */
export const PSEUDO_LOCALE_KEY = 'accord-pseudo-locale'

const PSEUDO_LOCALE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${PSEUDO_LOCALE_KEY}=${PSEUDO_LOCALE}(?:;|\\s|$)`)

/** Whether a Cookie header (or document.cookie) asks for the pseudo-locale: `accord-pseudo-locale=en-XA`, nothing else. */
export function pseudoLocaleFromCookies(cookieHeader: string | null | undefined): boolean {
  return PSEUDO_LOCALE_COOKIE_VALUE.test(cookieHeader ?? '')
}
