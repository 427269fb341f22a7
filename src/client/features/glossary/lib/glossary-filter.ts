import type { EssentialOil } from '#shared/api/oils.ts'
import { filterOils } from '#shared/domain/oil-filter.ts'
import { EFFECTS, NOTE_TYPES, SCENT_FAMILIES, type Effect, type NoteType, type ScentFamily } from '#shared/domain/vocabulary.ts'

/** The glossary's search and its three dropdown filters; null means "all". */
export interface GlossaryFilters {
  search: string
  scentFamily: ScentFamily | null
  noteType: NoteType | null
  effect: Effect | null
}

export const NO_FILTERS: GlossaryFilters = { search: '', scentFamily: null, noteType: null, effect: null }

export function hasFilters(filters: GlossaryFilters): boolean {
  return filters.search.trim() !== '' || filters.scentFamily !== null || filters.noteType !== null || filters.effect !== null
}

/** 'Middle / Base note' */
export function noteText(noteType: readonly NoteType[]): string {
  return `${noteType.join(' / ')} note`
}

/** How the glossary shows a catalog oil's name, and orders the names shown (the language shown's; English by default). */
export interface ShownNames {
  name: (name: string) => string
  compare: (a: string, b: string) => number
}

const ENGLISH: ShownNames = { name: (name) => name, compare: (a, b) => a.localeCompare(b, 'en') }

/** Lower case, accents folded: "Cèdre" is found by "cedre", "Süßorange" by "suß". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * Oils matching every filter, sorted by name as shown; the search looks at the name (the English
 * one and the one shown), the botanical and the INCI name. The catalog's own filter (the rule of
 * GET /api/essential-oils), with one value per dropdown, and the shown name besides.
 */
export function filterGlossary(oils: readonly EssentialOil[], filters: GlossaryFilters, shown: ShownNames = ENGLISH): EssentialOil[] {
  const one = <T>(value: T | null) => (value === null ? undefined : [value])
  const search = folded(filters.search.trim())
  const filtered = filterOils(oils, {
    scentFamily: one(filters.scentFamily),
    noteType: one(filters.noteType),
    effect: one(filters.effect),
  })
  // A maker's own ingredient is shown by the name she gave it.
  const shownName = (oil: EssentialOil) => (oil.yours ? oil.name : shown.name(oil.name))
  const found = filterOils(filtered, { search: filters.search })
  const byShownName = search === '' ? [] : filtered.filter((oil) => !found.includes(oil) && folded(shownName(oil)).includes(search))
  return [...found, ...byShownName].sort((a, b) => shown.compare(shownName(a), shownName(b)))
}

/** The choices each dropdown offers: only values some oil has, in the vocabulary's order. */
export function filterOptions(oils: readonly EssentialOil[]) {
  return {
    scentFamilies: SCENT_FAMILIES.filter((family) => oils.some((oil) => oil.scentFamily === family)),
    noteTypes: NOTE_TYPES.filter((type) => oils.some((oil) => oil.noteType.includes(type))),
    effects: EFFECTS.filter((effect) => oils.some((oil) => oil.effects.includes(effect))),
  }
}
