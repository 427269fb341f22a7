/**
 * The interface's language (docs/product.md "Languages", decisions 088 and 093): Lingui's core
 * with the catalogs compiled at build time (scripts/lingui-catalogs.ts). English is loaded with
 * this module; every other language is a chunk of its own, fetched before anything is shown in it.
 * Chosen by: the account's setting, else the device's choice, else the browser's languages, else
 * English (resolveLanguage).
 */
import { i18n, type Messages } from '@lingui/core'
import { useSyncExternalStore } from 'react'
import english from '#client/locales/en/messages.json?lingui'
import { deviceLanguage } from '#client/lib/device-language.ts'
import {
  DEFAULT_LANGUAGE,
  languageOf,
  PSEUDO_LOCALE,
  PSEUDO_LOCALE_KEY,
  pseudoLocaleFromCookies,
  resolveLanguage,
  type Language,
} from '#shared/i18n/languages.ts'
import { manifestPath } from '#shared/config/install-manifest.ts'

/** Each language but English, as a lazy chunk. */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Messages }>> = {
  de: () => import('#client/locales/de/messages.json?lingui'),
  fr: () => import('#client/locales/fr/messages.json?lingui'),
  es: () => import('#client/locales/es/messages.json?lingui'),
  it: () => import('#client/locales/it/messages.json?lingui'),
}

i18n.load(DEFAULT_LANGUAGE, english)
i18n.activate(DEFAULT_LANGUAGE)

const loaded = new Set<Language>([DEFAULT_LANGUAGE])

type SectionLoaders = Record<Exclude<Language, 'en'>, () => Promise<{ default: Messages }>>

/**
 * The catalog sections (decision 097): words of screens that are chunks of their own (the landing
 * page's), kept out of the entry in every language, English included. A section's module registers
 * it with its English words; each other language's loads when that language is shown.
 */
const sections = new Map<string, SectionLoaders>()
const loadingSections = new Map<string, Promise<void>>()

function loadSection(name: string, language: Language): Promise<void> {
  const key = `${name}:${language}`
  const loaders = sections.get(name)
  if (language === 'en' || !loaders) return Promise.resolve()
  let loading = loadingSections.get(key)
  if (!loading) {
    loading = loaders[language]().then(({ default: messages }) => i18n.load(language, messages))
    // A section that could not be fetched is asked for again next time.
    loading.catch(() => loadingSections.delete(key))
    loadingSections.set(key, loading)
  }
  return loading
}

/**
 * Resolves once every registered section's words are in for the language shown: a page (lazyPage)
 * awaits it after its code has loaded, which registered the sections it and its parts use.
 */
export async function sectionsReady(): Promise<void> {
  const language = currentLanguage()
  await Promise.all([...sections.keys()].map((name) => loadSection(name, language)))
}

/**
 * Registers a section: its English words at once, the shown language's before the promise settles
 * (await it before the section's screen renders, so nothing shows an id or English first).
 */
export function registerSection(name: string, english: Messages, loaders: SectionLoaders): Promise<void> {
  if (!sections.has(name)) {
    sections.set(name, loaders)
    i18n.load(DEFAULT_LANGUAGE, english)
  }
  return loadSection(name, currentLanguage())
}

/**
 * The pseudo-locale (decision 101): English made strange and about 40 % longer, for the layout
 * tests only. It is shown in English's place on a device that asks for it (a test sets the
 * storage key, and the cookie of that name for the server's prerendered pages); never offered in
 * a switcher, never chosen from a browser's languages, and its catalog (every English catalog made
 * pseudo at build time) is a chunk nobody else loads.
 */
export { PSEUDO_LOCALE, PSEUDO_LOCALE_KEY }

/**
 * Whether this device asks for the pseudo-locale in English's place: its storage key, or its
 * cookie (on which the server sent the pseudo version of a prerendered page, whose islands then
 * speak the same).
 */
export function pseudoLocaleOnDevice(): boolean {
  try {
    if (typeof localStorage !== 'undefined' && localStorage.getItem(PSEUDO_LOCALE_KEY) === PSEUDO_LOCALE) return true
    return typeof document !== 'undefined' && pseudoLocaleFromCookies(document.cookie)
  } catch {
    return false
  }
}

let pseudoLoaded = false

/**
 * Makes the pseudo-locale the interface's words, `<html lang="en-XA">`: every section's words
 * are in its one catalog; the interface's language stays English (currentLanguage(), numbers and
 * dates). The build renders the pseudo version of the prerendered public pages with it.
 */
export async function activatePseudoLocale(): Promise<void> {
  if (!pseudoLoaded) i18n.load(PSEUDO_LOCALE, (await import('virtual:accord-pseudo-catalog')).default)
  pseudoLoaded = true
  i18n.activate(PSEUDO_LOCALE)
  if (typeof document !== 'undefined') {
    document.documentElement.lang = PSEUDO_LOCALE
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestPath(DEFAULT_LANGUAGE))
  }
}

/**
 * Loads a language's catalog and its registered sections (once) and makes it the interface's,
 * `<html lang>` and the linked install manifest with it (decision 102).
 */
export async function activateLanguage(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE && pseudoLocaleOnDevice()) return activatePseudoLocale()
  if (!loaded.has(language) && language !== 'en') {
    const { default: messages } = await LOADERS[language]()
    i18n.load(language, messages)
    loaded.add(language)
  }
  await Promise.all([...sections.keys()].map((name) => loadSection(name, language)))
  i18n.activate(language)
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestPath(language))
  }
}

/** The language shown now. */
export const currentLanguage = (): Language => languageOf(i18n.locale) ?? DEFAULT_LANGUAGE

/**
 * The language to show: the account's setting when it is known (signed in), else the device's
 * choice, else the browser's languages, else English.
 */
export function chooseLanguage(
  accountSetting: string | null | undefined,
  browserLanguages: readonly string[] = navigatorLanguages(),
): Language {
  return resolveLanguage(languageOf(accountSetting) ?? deviceLanguage(), browserLanguages)
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language]
}

/** Bumped on every change of the catalogs: a language activated, or a section's words loaded. */
let version = 0
i18n.on('change', () => {
  version += 1
})
const subscribe = (onChange: () => void) => i18n.on('change', onChange)
const catalogVersion = () => version

/**
 * The active catalog's lookup, for a component: it renders again when the language changes or a
 * section's words arrive (a message computed outside the section's own screen, like the landing
 * page's reason to sign in shown in the sign-in dialog).
 * (`i18n._(id)` by the catalogs' ids; Lingui's macros are not used, decision 093.)
 */
export function useMessages(): (id: string, values?: Record<string, unknown>) => string {
  useSyncExternalStore(subscribe, catalogVersion, catalogVersion)
  return (id, values) => i18n._(id, values)
}
