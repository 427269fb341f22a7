import type { Label } from '#shared/api/labels.ts'

/**
 * The label's allergen line (docs/product.md "Allergen labels"): only what must be declared, i.e.
 * the allergens above the threshold that the ingredient list adds after the fragrance, in the
 * ingredient list's order. A whole oil the list already names by its INCI name (Lavandula
 * Angustifolia Oil) needs no second mention; with the oils listed as "Parfum" it is added to the
 * list, and so is on the line. Kept apart from allergen-label.ts so the label screen prints it
 * without loading the annex's entries; the sheet preview and the PDF both use it.
 */
export function allergenLine(label: Pick<Label, 'ingredients'>): string[] {
  return label.ingredients.filter((i) => i.kind === 'allergen').map((i) => i.name)
}
