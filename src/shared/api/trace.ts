import { z } from 'zod'
import { BottleDocumentSchema } from '#shared/api/documents.ts'
import { LabelSchema } from '#shared/api/labels.ts'
import { cursorField, limitField } from '#shared/api/paging.ts'
import { BatchSchema, BOTTLE_UNITS } from '#shared/api/shelf.ts'
import { WEIGHT_UNITS } from '#shared/domain/units.ts'

/**
 * Tracing a lot and a batch (issue 36; docs/product.md "Batch records"; decision 081): from a
 * bottle (a lot), every batch that drew from it; from a batch, every lot it drew from, with their
 * documents. What the bottle page, the batch page, the recall view and the batch record read.
 */

/** A lot as the look-ups show it: the bottle's own record of where it came from. */
export const LotSchema = z.object({
  bottleId: z.number().int(),
  oilId: z.number().int(),
  oilName: z.string(),
  lotCode: z.string().nullable(),
  supplier: z.string().nullable(),
  purchasedOn: z.string().nullable(),
  /** The day it was opened; null: not recorded. */
  openedOn: z.string().nullable(),
  /** Its best-before day; null: not known. */
  bestBefore: z.string().nullable(),
  unit: z.enum(BOTTLE_UNITS),
  size: z.number(),
  remaining: z.number(),
})
export type Lot = z.infer<typeof LotSchema>

/** One batch that drew from a lot: what it was, how much was made and how much of this lot went in. */
export const LotBatchSchema = z.object({
  batchId: z.number().int(),
  code: z.string(),
  madeOn: z.string(),
  productType: z.string(),
  blendId: z.number().int(),
  blendName: z.string(),
  versionId: z.number().int(),
  reference: z.string(),
  /** How much product was made, in `unit`. */
  weight: z.number(),
  unit: z.enum(WEIGHT_UNITS),
  oilPercentage: z.number(),
  /** How many product units it made (bars, bottles...); null when not said. */
  units: z.number().int().nullable(),
  /** How much of this lot went in, in the bottle's unit at the time (`lotUnit`), and in mL. */
  lotAmount: z.number(),
  lotUnit: z.enum(BOTTLE_UNITS),
  lotMl: z.number(),
})
export type LotBatch = z.infer<typeof LotBatchSchema>

export const LOT_BATCH_PAGE_SIZE = 50
export const LOT_BATCH_PAGE_MAX = 200

/** GET /api/shelf/bottles/{id}/trace: the lot's batches newest first, a page at a time. */
export const BottleTraceQuerySchema = z
  .object({ limit: limitField(LOT_BATCH_PAGE_SIZE, LOT_BATCH_PAGE_MAX), cursor: cursorField.optional() })
  .strict()

export const BottleTraceSchema = z.object({
  lot: LotSchema,
  /** Its documents, oldest first, without their content (GET /api/documents/{id} sends a file). */
  documents: z.array(BottleDocumentSchema),
  /** How many batches drew from it in all. */
  batchCount: z.number().int(),
  /** A page of the batches that drew from it, newest first. */
  batches: z.object({ items: z.array(LotBatchSchema), nextCursor: z.string().nullable() }),
})
export type BottleTrace = z.infer<typeof BottleTraceSchema>

/** One lot a batch drew from; `lot` is null when the bottle was deleted since (what was drawn stays). */
export const BatchLotSchema = z.object({
  oilId: z.number().int(),
  oilName: z.string(),
  amount: z.number(),
  unit: z.enum(BOTTLE_UNITS),
  ml: z.number(),
  lot: LotSchema.nullable(),
  documents: z.array(BottleDocumentSchema),
})
export type BatchLot = z.infer<typeof BatchLotSchema>

/** One oil of the batch's flattened composition, with the share it had and the amount weighed. */
export const CompositionLineSchema = z.object({
  oilId: z.number().int(),
  oilName: z.string(),
  /** Its INCI name from the catalog; null when the catalog has none for it (an oil since removed). */
  inci: z.string().nullable(),
  grams: z.number(),
  ml: z.number(),
  /** Its share of the blend (the essential oils), in percent. */
  percentOfBlend: z.number(),
  /** Its share of the finished product, in percent. */
  percentOfProduct: z.number(),
})
export type CompositionLine = z.infer<typeof CompositionLineSchema>

export const LABEL_SOURCES = ['saved', 'worked-out'] as const

/** GET /api/batches/{id}: one batch with everything its page and its batch record show. */
export const BatchTraceSchema = z.object({
  batch: BatchSchema,
  blend: z.object({ id: z.number().int(), name: z.string() }),
  composition: z.array(CompositionLineSchema),
  lots: z.array(BatchLotSchema),
  /**
   * Its allergen label: the one saved with it ('saved'), or, when none was, worked out now from its
   * draws and the bottles' declarations as the label screen does ('worked-out', INCI names, no base).
   * Null for a home product or a product type not in the usage guide: no cosmetic label.
   */
  label: z.object({ source: z.enum(LABEL_SOURCES), label: LabelSchema }).nullable(),
})
export type BatchTrace = z.infer<typeof BatchTraceSchema>
