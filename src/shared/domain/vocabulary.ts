/** The closed vocabularies of the catalog (docs/product.md "Catalog"). */
export const NOTE_TYPES = ['Top', 'Middle', 'Base'] as const
export type NoteType = (typeof NOTE_TYPES)[number]

export const SCENT_FAMILIES = ['Citrus', 'Floral', 'Woody', 'Herbal', 'Spicy', 'Earthy', 'Minty', 'Resinous', 'Camphoraceous'] as const
export type ScentFamily = (typeof SCENT_FAMILIES)[number]

export const EFFECTS = ['Relaxing', 'Uplifting', 'Energising', 'Cleansing', 'Grounding', 'Balancing'] as const
export type Effect = (typeof EFFECTS)[number]

/** The effects a user can pick at step 1 of the wizard (docs/product.md §9). */
export const START_EFFECTS = ['Relaxing', 'Uplifting', 'Energising', 'Cleansing', 'Grounding'] as const

/** The scent families offered as a starting point (docs/product.md §9). */
export const START_FAMILIES = ['Citrus', 'Floral', 'Woody', 'Herbal'] as const
