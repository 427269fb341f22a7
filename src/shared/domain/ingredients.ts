/**
 * The closed vocabulary and bounds of a maker's own ingredients (docs/product.md "Your own
 * ingredients"), free of the schema library so the screens can name them without loading it.
 */
export const INGREDIENT_KINDS = ['Essential oil', 'CO2 extract', 'Absolute', 'Fragrance oil', 'Other'] as const
export type IngredientKind = (typeof INGREDIENT_KINDS)[number]

/** Densities of essential oils, extracts and fragrance oils lie well inside this (g/mL). */
export const MIN_DENSITY = 0.5
export const MAX_DENSITY = 2

/** The name of the catalog oil an own ingredient is based on, if any (its audience rules apply to it too; decision 069). */
export function basedOnName(
  oil: { basedOnOilId?: number | null | undefined } | undefined,
  catalog: ReadonlyMap<number, { name: string }>,
): string | null {
  const id = oil?.basedOnOilId
  return id ? (catalog.get(id)?.name ?? null) : null
}
