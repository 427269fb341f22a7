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

/**
 * Oils matching every filter, sorted by name; the search looks at the name, the botanical and the INCI name.
 * The catalog's own filter (the rule of GET /api/essential-oils), with one value per dropdown.
 */
export function filterGlossary(oils: readonly EssentialOil[], filters: GlossaryFilters): EssentialOil[] {
  const one = <T>(value: T | null) => (value === null ? undefined : [value])
  return filterOils(oils, {
    search: filters.search,
    scentFamily: one(filters.scentFamily),
    noteType: one(filters.noteType),
    effect: one(filters.effect),
  })
}

/** The choices each dropdown offers: only values some oil has, in the vocabulary's order. */
export function filterOptions(oils: readonly EssentialOil[]) {
  return {
    scentFamilies: SCENT_FAMILIES.filter((family) => oils.some((oil) => oil.scentFamily === family)),
    noteTypes: NOTE_TYPES.filter((type) => oils.some((oil) => oil.noteType.includes(type))),
    effects: EFFECTS.filter((effect) => oils.some((oil) => oil.effects.includes(effect))),
  }
}
