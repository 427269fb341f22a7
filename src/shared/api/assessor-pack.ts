import { z } from 'zod'
import { BottleDocumentSchema } from '#shared/api/documents.ts'
import { bodyIdField } from '#shared/api/ids.ts'
import { IfraCheckSchema } from '#shared/api/ifra.ts'
import { LabelSchema, PRODUCT_TYPE_IDS } from '#shared/api/labels.ts'
import { SafetyNoteSchema, SafetyUncheckedSchema, SafetyWarningSchema } from '#shared/api/safety.ts'
import { BatchTraceSchema } from '#shared/api/trace.ts'
import { MAX_PACK_BATCHES, MAX_PACK_VARIANTS, PACK_NOTICE } from '#shared/domain/assessor-pack.ts'
import { AUDIENCE_IDS, DEFAULT_AUDIENCE } from '#shared/domain/audience-ids.ts'

/**
 * The safety assessor pack (issue 36; docs/product.md "The safety assessor pack"; decision 083):
 * for one product (a product type at an oil percentage, for an audience), the data of one or more
 * blend versions (its scent variants) that Accord knows, for the assessor's product information
 * file. Input for the assessor, never a safety report.
 */

export { MAX_PACK_BATCHES, MAX_PACK_VARIANTS, PACK_NOTICE }

export const AssessorPackRequestSchema = z
  .object({
    versionIds: z
      .array(bodyIdField('versionIds are the ids of your blend versions'), { error: 'versionIds is a list of version ids' })
      .min(1, 'Choose at least one blend version')
      .max(MAX_PACK_VARIANTS, `A pack holds at most ${MAX_PACK_VARIANTS} variants`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each version is chosen once')
      .meta({ description: 'The product’s scent variants: one section each, in this order; each once', uniqueItems: true }),
    productType: z.enum(PRODUCT_TYPE_IDS, { error: 'Choose a product type of the usage guide' }),
    oilPercentage: z
      .number({ error: 'The essential oil percentage is a number' })
      .positive('The essential oil percentage must be greater than 0')
      .max(100, 'The essential oil percentage is at most 100'),
    audience: z.enum(AUDIENCE_IDS, { error: 'Choose who the product is for' }).default(DEFAULT_AUDIENCE),
  })
  .strict()
export type AssessorPackRequest = z.input<typeof AssessorPackRequestSchema>

export const PackOilSchema = z.object({
  oilId: z.number().int(),
  name: z.string(),
  /** The INCI name as the catalog (or the maker's own ingredient) gives it. */
  inci: z.string(),
  /** The oil's share of the fragrance, in percent (an oil in several layers or accords counted once). */
  blendPercent: z.number(),
  /** Its share of the finished product, in percent. */
  productPercent: z.number(),
})
export type PackOil = z.infer<typeof PackOilSchema>

export const PackLotSchema = z.object({
  /** Null once the bottle was deleted. */
  bottleId: z.number().int().nullable(),
  oilName: z.string(),
  lotCode: z.string().nullable(),
  supplier: z.string().nullable(),
  purchasedOn: z.string().nullable(),
  bestBefore: z.string().nullable(),
  /** What the batch drew from it, in mL. */
  ml: z.number(),
  documents: z.array(BottleDocumentSchema),
})
export type PackLot = z.infer<typeof PackLotSchema>

export const PackBatchSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  madeOn: z.string(),
  weight: z.number(),
  unit: z.enum(['g', 'oz', 'lb']),
  oilPercentage: z.number(),
  audience: z.string(),
  /** The maker's checks when it was made; null: not recorded (a batch made before they were asked). */
  crossContaminationPrevented: z.boolean().nullable(),
  weighedInGrams: z.boolean().nullable(),
  lots: z.array(PackLotSchema),
  /** The label saved with the batch; null when none was saved. */
  label: LabelSchema.nullable(),
  /**
   * Its full batch record: what GET /api/batches/{id} answers and the batch record PDF prints
   * (composition, lots with their documents, checks, IFRA check recorded, label saved or worked out).
   */
  record: BatchTraceSchema,
})
export type PackBatch = z.infer<typeof PackBatchSchema>

/**
 * The skin checks of one variant: the sentences as the API has always written them (in English),
 * and beside them, one for one and in the same order, the findings they are written from, so a
 * client can say them in its own language (issue 37, decision 103).
 */
export const PackSafetySchema = z.object({
  scope: z.string(),
  clear: z.boolean(),
  warnings: z.array(z.string()),
  unchecked: z.array(z.string()),
  cautions: z.array(z.string()),
  warningDetails: z
    .array(SafetyWarningSchema)
    .meta({ description: 'The warnings’ findings, one for each sentence of `warnings` and in its order (its `message`)' }),
  uncheckedDetails: z
    .array(SafetyUncheckedSchema)
    .meta({ description: 'The unchecked oils’ findings, one for each sentence of `unchecked` and in its order (its `message`)' }),
  cautionDetails: z
    .array(SafetyNoteSchema)
    .meta({ description: 'The cautions’ findings, one for each sentence of `cautions` and in its order (its `message`)' }),
})
export type PackSafety = z.infer<typeof PackSafetySchema>

export const PackVariantSchema = z.object({
  versionId: z.number().int(),
  blendId: z.number().int(),
  blendName: z.string(),
  referenceNumber: z.string(),
  composition: z.array(PackOilSchema),
  /** The label worked out from the recipe and the bottles "Mark as made" would draw now (allergens with their sources). */
  label: LabelSchema,
  ifra: IfraCheckSchema,
  /** The skin checks of the catalog's published maxima for who the product is for. */
  safety: PackSafetySchema,
  /** The newest batches of this version at this product type, at most MAX_PACK_BATCHES, each with its record. */
  batches: z.array(PackBatchSchema),
  /** How many batches of this version at this product type there are in all. */
  batchCount: z.number().int(),
  /** True when there are more than the batches listed (batchCount - batches.length more). */
  moreBatches: z.boolean(),
})
export type PackVariant = z.infer<typeof PackVariantSchema>

export const AssessorPackSchema = z.object({
  productType: z.string(),
  productLabel: z.string(),
  use: z.enum(['leave-on', 'rinse-off']),
  oilPercentage: z.number(),
  audience: z.string(),
  audienceLabel: z.string(),
  /** An allergen is labelled when its concentration in the product exceeds this, in percent. */
  thresholdPercent: z.number(),
  responsibleName: z.string().nullable(),
  responsibleAddress: z.string().nullable(),
  variants: z.array(PackVariantSchema),
  notice: z.string(),
  generatedAt: z.string(),
})
export type AssessorPack = z.infer<typeof AssessorPackSchema>
