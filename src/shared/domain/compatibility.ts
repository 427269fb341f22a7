import { SCENT_FAMILIES, type ScentFamily } from '#shared/domain/vocabulary.ts'

/**
 * The spec's table of which scent families blend with which (docs/product.md §5, with the Earthy and
 * Resinous rows of "Catalog"). Each list starts with the family itself. It is one-way in places
 * (Herbal lists Woody, Woody does not list Herbal); COMPATIBILITY below is made from it.
 */
export const SPEC_COMPATIBILITY: Readonly<Record<ScentFamily, readonly ScentFamily[]>> = {
  Citrus: ['Citrus', 'Woody', 'Floral', 'Herbal'],
  Woody: ['Woody', 'Citrus', 'Floral', 'Spicy'],
  Floral: ['Floral', 'Citrus', 'Woody', 'Herbal'],
  Herbal: ['Herbal', 'Citrus', 'Woody', 'Spicy'],
  Spicy: ['Spicy', 'Woody', 'Herbal', 'Citrus'],
  Camphoraceous: ['Camphoraceous', 'Citrus', 'Woody', 'Herbal'],
  Minty: ['Minty', 'Herbal', 'Citrus', 'Woody'],
  Earthy: ['Earthy', 'Woody', 'Floral', 'Spicy', 'Citrus'],
  Resinous: ['Resinous', 'Citrus', 'Woody', 'Spicy', 'Floral'],
}

/**
 * Which scent families blend with which, the same both ways (decision 053): a pair is compatible
 * when either family's row in the spec's table lists the other. Each list is the spec's row, then
 * the families whose rows list this one, in the vocabulary's order; it starts with the family itself.
 */
export const COMPATIBILITY = Object.fromEntries(
  SCENT_FAMILIES.map((family): [ScentFamily, readonly ScentFamily[]] => {
    const own = SPEC_COMPATIBILITY[family]
    const listing = SCENT_FAMILIES.filter((other) => !own.includes(other) && SPEC_COMPATIBILITY[other].includes(family))
    return [family, [...own, ...listing]]
  }),
) as Readonly<Record<ScentFamily, readonly ScentFamily[]>>

/** The step-1 hint: the compatible families other than the family itself, in the same order, derived from COMPATIBILITY. */
export const BLENDS_WELL_WITH = Object.fromEntries(
  SCENT_FAMILIES.map((family): [ScentFamily, readonly ScentFamily[]] => [
    family,
    COMPATIBILITY[family].filter((other) => other !== family),
  ]),
) as Readonly<Record<ScentFamily, readonly ScentFamily[]>>

export function compatibleFamilies(family: ScentFamily): readonly ScentFamily[] {
  return COMPATIBILITY[family]
}

export function hintFor(family: ScentFamily): readonly ScentFamily[] {
  return BLENDS_WELL_WITH[family]
}

/** Whether `b` is in `a`'s compatibility list; the same as whether `a` is in `b`'s (decision 053). */
export function areCompatible(a: ScentFamily, b: ScentFamily): boolean {
  return COMPATIBILITY[a].includes(b)
}

/**
 * The families an oil may have once oils of `families` are in the blend: the intersection of their
 * compatibility lists, in the order of the first family's list. Null means no restriction (no family given).
 */
export function compatibleSet(families: readonly ScentFamily[]): ScentFamily[] | null {
  const [first, ...rest] = families
  if (first === undefined) return null
  return COMPATIBILITY[first].filter((candidate) => rest.every((family) => COMPATIBILITY[family].includes(candidate)))
}
