import { z } from 'zod'
import { EFFECTS, NOTE_TYPES, SCENT_FAMILIES } from '#shared/domain/vocabulary.ts'

export const NoteTypeSchema = z.enum(NOTE_TYPES, { error: (issue) => `Unknown note type "${String(issue.input)}"` })
export const ScentFamilySchema = z.enum(SCENT_FAMILIES, {
  error: (issue) => `Unknown scent family "${String(issue.input)}"`,
})
export const EffectSchema = z.enum(EFFECTS, { error: (issue) => `Unknown effect "${String(issue.input)}"` })

/** A caution a published source gives (children, pregnancy, oxidation), always naming it. */
export const OilSafetyCautionSchema = z.object({ text: z.string().min(1), source: z.string().min(1) })

/**
 * What the published sources say about one oil on skin (docs/product.md "Skin safety facts"). A null
 * is "nothing on file", never "safe". The facts added later default to null, so a catalog cached
 * before them still reads.
 */
export const OilSafetySchema = z.object({
  /** Maximum concentration in a leave-on skin product, in percent of the finished product; null: no published maximum on file. */
  maxLeaveOnPercent: z.number().positive().nullable(),
  /** The form or chemotype the maximum is for and why; with no maximum, what the sources say instead. */
  maximumNote: z.string().min(1).nullable().default(null),
  /** Phototoxic on skin exposed to sunlight (leave-on products only): true, false where a source says it is not, null where no source read lists it. */
  phototoxic: z.boolean().nullable(),
  /** The source of the maximum and the phototoxicity finding; null where no source read gives either. */
  source: z.string().min(1).nullable(),
  oxidation: OilSafetyCautionSchema.nullable().default(null),
  children: OilSafetyCautionSchema.nullable().default(null),
  pregnancy: OilSafetyCautionSchema.nullable().default(null),
})
export type OilSafety = z.infer<typeof OilSafetySchema>

export const EssentialOilSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string().min(1),
  name: z.string().min(1),
  /** Empty for a maker's own ingredient given none (decision 068). */
  latinName: z.string(),
  /** The EU INCI name: botanical, with no English in brackets (e.g. Lavandula Angustifolia Oil). */
  inciName: z.string().min(1),
  /**
   * The natural-extract entry of the EU fragrance allergens (GET /api/allergens) that names this
   * oil, declared from the recipe alone on a label; null where none does.
   */
  annexEntryId: z.string().nullable(),
  /** In the order Top, Middle, Base (the spec's order); the first is the note the wizard suggests. */
  noteType: z.array(NoteTypeSchema).min(1),
  scentFamily: ScentFamilySchema,
  effects: z.array(EffectSchema),
  /** A maker's own ingredient carries its notes here, possibly empty. */
  description: z.string(),
  /** Names of other catalog oils it is known to blend well with. */
  blendsWith: z.array(z.string()),
  /** Typical density in g/mL, for weight to volume and drops. */
  densityGPerMl: z.number().positive(),
  safety: OilSafetySchema.nullable(),
  /** Present (true) on a maker's own ingredient (GET /api/ingredients), which only its maker reads. */
  yours: z.literal(true).optional(),
  /** On a maker's own ingredient: the catalog oil it was based on (its audience rules apply too), or null. */
  basedOnOilId: z.number().int().positive().nullable().optional(),
})

export type EssentialOil = z.infer<typeof EssentialOilSchema>

/**
 * A query parameter that may be given once or repeated (?effect=a&effect=b), or left out; always an
 * array after parsing. Optional in the published contract too (decision 041: it once said required).
 */
const repeatable = <T extends z.ZodType>(item: T) =>
  z
    .preprocess((v) => (Array.isArray(v) ? v : [v]), z.array(item).max(20))
    .optional()
    .transform((v) => v ?? [])

export const OilQuerySchema = z
  .object({
    search: z.string().max(200).optional().describe('Text found in the common, botanical or EU INCI name, ignoring case'),
    effect: repeatable(EffectSchema),
    noteType: repeatable(NoteTypeSchema),
    scentFamily: repeatable(ScentFamilySchema),
  })
  .strict()
export type OilQuery = z.infer<typeof OilQuerySchema>

export const OilListSchema = z.array(EssentialOilSchema)
