import { z } from 'zod'
import { EssentialOilSchema, NoteTypeSchema, ScentFamilySchema } from '#shared/api/oils.ts'
import { NOT_BLANK_PATTERN } from '#shared/api/fields.ts'
import { INGREDIENT_KINDS, MAX_DENSITY, MIN_DENSITY } from '#shared/domain/ingredients.ts'

/**
 * A maker's own ingredients (docs/product.md "Your own ingredients", decision 068): private to
 * them, in the catalog's id space, read wherever a catalog oil is. Nothing about one is guessed: a
 * maximum left out is "no data", a phototoxicity not given is "not known".
 */

export { INGREDIENT_KINDS, MAX_DENSITY, MIN_DENSITY, type IngredientKind } from '#shared/domain/ingredients.ts'
export const MAX_INGREDIENT_NAME = 100
export const MAX_INCI_NAME = 200
export const MAX_SOURCE = 500

const nameField = z
  .string({ error: 'Give the ingredient a name' })
  .trim()
  .min(1, 'Give the ingredient a name')
  .max(MAX_INGREDIENT_NAME, `Keep the name under ${MAX_INGREDIENT_NAME} characters`)
  .regex(new RegExp(NOT_BLANK_PATTERN), 'Give the ingredient a name')
const inciField = z
  .string({ error: 'Give its INCI name (the one on the supplier’s label or data sheet)' })
  .trim()
  .min(1, 'Give its INCI name (the one on the supplier’s label or data sheet)')
  .max(MAX_INCI_NAME, `Keep the INCI name under ${MAX_INCI_NAME} characters`)
const optionalText = (max: number, label: string) => z.string().trim().max(max, `Keep the ${label} under ${max} characters`)

export const IngredientKindSchema = z.enum(INGREDIENT_KINDS, { error: (issue) => `Unknown kind "${String(issue.input)}"` })

/** The safety facts a maker gives, each with "not known" as a choice of its own. */
export const IngredientSafetyInputSchema = z
  .object({
    /** Leave-on maximum in % of the finished product; null: no data (never read as unrestricted). */
    maxLeaveOnPercent: z
      .number({ error: 'The leave-on maximum is a number of percent, or none' })
      .gt(0, 'A leave-on maximum is more than 0 %')
      .max(100, 'A leave-on maximum is at most 100 %')
      .nullable()
      .default(null),
    /** True, false (the source says it is not), or null: not known. */
    phototoxic: z.boolean({ error: 'Phototoxic is yes, no, or not known' }).nullable().default(null),
    /** Where the maker has these facts from (a supplier's data sheet, a book). */
    source: optionalText(MAX_SOURCE, 'source').nullable().default(null),
  })
  .strict()

const uniqueNotes = z
  .array(NoteTypeSchema)
  .min(1, 'Choose at least one note: top, middle or base')
  .max(3)
  .refine((notes) => new Set(notes).size === notes.length, 'Choose each note once')

export const CreateIngredientSchema = z
  .object({
    name: nameField,
    inciName: inciField.optional(),
    latinName: optionalText(200, 'botanical name').optional(),
    kind: IngredientKindSchema.optional(),
    noteType: uniqueNotes.optional(),
    scentFamily: ScentFamilySchema.optional(),
    densityGPerMl: z
      .number({ error: `Density is a number of g/mL, from ${MIN_DENSITY} to ${MAX_DENSITY}` })
      .min(MIN_DENSITY, `Density is from ${MIN_DENSITY} to ${MAX_DENSITY} g/mL`)
      .max(MAX_DENSITY, `Density is from ${MIN_DENSITY} to ${MAX_DENSITY} g/mL`)
      .optional(),
    safety: IngredientSafetyInputSchema.optional(),
    notes: optionalText(2000, 'notes').optional(),
    /** A catalog oil whose facts are the starting point: every field not sent is copied from it. */
    basedOnOilId: z.number().int().positive().nullable().optional(),
  })
  .strict()
export type CreateIngredient = z.output<typeof CreateIngredientSchema>

/** A change: the fields sent replace the ingredient's; "based on" is where it started and does not change. */
export const UpdateIngredientSchema = CreateIngredientSchema.omit({ basedOnOilId: true }).partial().strict()
export type UpdateIngredient = z.output<typeof UpdateIngredientSchema>

/** An own ingredient as every oil is read, with what makes it the maker's. */
export const IngredientSchema = EssentialOilSchema.extend({
  yours: z.literal(true),
  kind: IngredientKindSchema,
  basedOnOilId: z.number().int().positive().nullable(),
})
export type Ingredient = z.infer<typeof IngredientSchema>

export const IngredientListSchema = z.object({ items: z.array(IngredientSchema) })
export type IngredientList = z.infer<typeof IngredientListSchema>
