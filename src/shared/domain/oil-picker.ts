import type { EssentialOil } from '#shared/api/oils.ts'
import { compatibleSet } from '#shared/domain/compatibility.ts'
import { sortOilsByName } from '#shared/domain/oil-filter.ts'
import { SCENT_FAMILIES, type Effect, type NoteType, type ScentFamily } from '#shared/domain/vocabulary.ts'
import { chosenOils, startEffects, type Composition, type StartingPoint } from '#shared/domain/wizard.ts'

/**
 * The step-2 oil picker (docs/product.md §2 step 2 (c), §5 "Oil picker filtering"). The wizard fetches the
 * whole catalog once and narrows it here, so typing in the search box sends no request.
 */

export interface PickerContext {
  /** The layer being picked. */
  layer: NoteType
  composition: Composition
  startingPoint: StartingPoint
}

export interface PickerFilters {
  search: string
  /** A family chosen in the sidebar's dropdown; null is 'All compatible families'. */
  family: ScentFamily | null
  /** The 'Show only {effect} oils' checkbox (offered only when startEffectFilter gives an effect). */
  onlyStartEffect: boolean
}

export const NO_FILTERS: PickerFilters = { search: '', family: null, onlyStartEffect: false }

/** The families of the oils already in the blend, leaving out the layer being (re-)picked. */
function otherFamilies({ composition, layer }: PickerContext): ScentFamily[] {
  return chosenOils(composition, layer).map(({ oil }) => oil.scentFamily)
}

/**
 * The families the layer may use, or null for any family. Once a note is chosen: the intersection of
 * the compatibility lists of the chosen oils' families. Before that, a scent-family start keeps to
 * its family.
 */
export function allowedFamilies(context: PickerContext): ScentFamily[] | null {
  const families = otherFamilies(context)
  if (families.length > 0) return compatibleSet(families)
  if (context.startingPoint.type === 'scent-family' && context.startingPoint.value) return [context.startingPoint.value]
  return null
}

/**
 * The families offered by the sidebar's 'All compatible families' dropdown: every family once the
 * maker has chosen to see the oils the family rule hides.
 */
export function familyFilterOptions(context: PickerContext, familyRule = true): ScentFamily[] {
  return (familyRule ? allowedFamilies(context) : null) ?? [...SCENT_FAMILIES]
}

/**
 * The effect of the 'Show only {effect} oils' checkbox: for an effect start, in the middle or base
 * layer, the FIRST chosen effect. Null when the checkbox is not offered.
 */
export function startEffectFilter({ startingPoint, layer }: Pick<PickerContext, 'startingPoint' | 'layer'>): Effect | null {
  if (layer === 'Top') return null
  return startEffects(startingPoint)[0] ?? null
}

/**
 * The effects an effect start keeps to until a note is chosen (an oil needs one of them): the start
 * narrows the first layer as a scent-family start does. Empty means no restriction.
 */
export function requiredStartEffects(context: PickerContext): Effect[] {
  return otherFamilies(context).length > 0 ? [] : startEffects(context.startingPoint)
}

/**
 * How the picker shows oils' names (decision 104): each oil's name as shown (a catalog oil's common
 * name in the interface's language) and the order of shown names (that language's). English, the
 * names as they are, by default.
 */
export interface ShownOilNames {
  of: (oil: Pick<EssentialOil, 'name' | 'yours'>) => string
  compare: (a: string, b: string) => number
}

export const ENGLISH_NAMES: ShownOilNames = { of: (oil) => oil.name, compare: (a, b) => a.localeCompare(b, 'en') }

/**
 * Every rule of docs/product.md §5 "Oil picker filtering", plus the effect start's first-layer
 * narrowing. With `familyRule` false the scent-family rule (allowedFamilies) is set aside: the
 * maker asked to see the oils it hides. The search finds an oil by its name or by its name as shown.
 */
export function matchesPicker(
  oil: EssentialOil,
  context: PickerContext,
  filters: PickerFilters,
  familyRule = true,
  names: ShownOilNames = ENGLISH_NAMES,
): boolean {
  if (!oil.noteType.includes(context.layer)) return false

  const search = filters.search.trim().toLowerCase()
  if (search !== '' && ![oil.name, names.of(oil)].some((name) => name.toLowerCase().includes(search))) return false

  const allowed = familyRule ? allowedFamilies(context) : null
  if (allowed !== null && !allowed.includes(oil.scentFamily)) return false
  if (filters.family !== null && oil.scentFamily !== filters.family) return false

  const required = requiredStartEffects(context)
  if (required.length > 0 && !required.some((effect) => oil.effects.includes(effect))) return false

  const effect = startEffectFilter(context)
  if (filters.onlyStartEffect && effect !== null && !oil.effects.includes(effect)) return false

  return true
}

// ---------------------------------------------------------------------------------------------
// Sorting (docs/product.md "Spec defects we fix": the sort dropdown works)

export const PICKER_SORTS = ['name', 'scent-family', 'effects'] as const
export type PickerSort = (typeof PICKER_SORTS)[number]

type Named = Pick<EssentialOil, 'name' | 'yours'>
const byName = (names: ShownOilNames) => (a: Named, b: Named) => names.compare(names.of(a), names.of(b))

/** Sorts by the oil's main (first-listed) effect, alphabetically; oils without effects go last. */
function byMainEffect(a: Pick<EssentialOil, 'effects'>, b: Pick<EssentialOil, 'effects'>): number {
  const [ea, eb] = [a.effects[0], b.effects[0]]
  if (ea === undefined || eb === undefined) return (ea === undefined ? 1 : 0) - (eb === undefined ? 1 : 0)
  return ea.localeCompare(eb, 'en')
}

/**
 * A sorted copy: by name; by scent family (alphabetically); or by main effect. Ties go by name, so
 * the order is always complete and stable.
 */
export function sortOils<T extends Pick<EssentialOil, 'name' | 'yours' | 'scentFamily' | 'effects'>>(
  oils: readonly T[],
  sort: PickerSort,
  names: ShownOilNames = ENGLISH_NAMES,
): T[] {
  const named = byName(names)
  switch (sort) {
    case 'scent-family':
      return [...oils].sort((a, b) => a.scentFamily.localeCompare(b.scentFamily, 'en') || named(a, b))
    case 'effects':
      return [...oils].sort((a, b) => byMainEffect(a, b) || named(a, b))
    default:
      return names === ENGLISH_NAMES ? sortOilsByName(oils) : [...oils].sort(named)
  }
}

/**
 * The picker's result list: the catalog filtered for the layer, then sorted; `familyRule` as
 * matchesPicker's; names sorted and searched as shown (`names`, English by default).
 */
export function pickerOils(
  oils: readonly EssentialOil[],
  context: PickerContext,
  filters: PickerFilters,
  sort: PickerSort = 'name',
  familyRule = true,
  names: ShownOilNames = ENGLISH_NAMES,
): EssentialOil[] {
  return sortOils(
    oils.filter((oil) => matchesPicker(oil, context, filters, familyRule, names)),
    sort,
    names,
  )
}

/**
 * How many oils the scent-family rule alone keeps out of the list (issue 31: the picker says so and
 * offers to show them): those every other rule and filter would list.
 */
export function hiddenByFamilyRule(
  oils: readonly EssentialOil[],
  context: PickerContext,
  filters: PickerFilters,
  names: ShownOilNames = ENGLISH_NAMES,
): number {
  if (allowedFamilies(context) === null) return 0
  return oils.filter((oil) => matchesPicker(oil, context, filters, false, names) && !matchesPicker(oil, context, filters, true, names))
    .length
}
