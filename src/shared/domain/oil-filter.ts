import type { EssentialOil, OilQuery } from '#shared/api/oils.ts'

/** A copy of `oils` sorted by name. */
export function sortOilsByName<T extends Pick<EssentialOil, 'name'>>(oils: readonly T[]): T[] {
  return [...oils].sort((a, b) => a.name.localeCompare(b.name, 'en'))
}

/** True when the filter is empty or the oil has at least one of its values. */
function matchesAny<T>(wanted: readonly T[] | undefined, has: readonly T[]): boolean {
  return wanted === undefined || wanted.length === 0 || wanted.some((value) => has.includes(value))
}

/**
 * The catalog query of GET /api/essential-oils: every given parameter must match; within a repeated
 * parameter any one value is enough. The search looks in the common, the botanical and the EU INCI
 * name (the one a label prints, e.g. "Citrus Aurantium Bergamia Peel Oil" for bergamot).
 * A missing parameter, like an empty one, does not filter.
 */
export function filterOils(oils: readonly EssentialOil[], query: Partial<OilQuery>): EssentialOil[] {
  const search = query.search?.trim().toLowerCase() ?? ''
  return sortOilsByName(
    oils.filter(
      (oil) =>
        (search === '' || [oil.name, oil.latinName, oil.inciName].some((name) => name.toLowerCase().includes(search))) &&
        matchesAny(query.effect, oil.effects) &&
        matchesAny(query.noteType, oil.noteType) &&
        matchesAny(query.scentFamily, [oil.scentFamily]),
    ),
  )
}

/**
 * The "On my shelf" filter of the glossary and the oil picker: only the oils whose ids the shelf
 * holds. Null (nothing to filter by: signed out or an empty shelf) keeps every oil.
 */
export function onShelfOnly<T extends Pick<EssentialOil, 'id'>>(oils: readonly T[], shelf: ReadonlySet<number> | null): T[] {
  return shelf === null ? [...oils] : oils.filter((oil) => shelf.has(oil.id))
}
