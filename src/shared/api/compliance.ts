import { z } from 'zod'
import { AccordLayerSchema, CreatedVersionSchema, VersionOilSchema } from '#shared/api/blends.ts'
import { idField } from '#shared/api/ids.ts'
import { LIMIT_KINDS } from '#shared/domain/compliance.ts'
import { AUDIENCE_IDS } from '#shared/domain/audience-ids.ts'
import { PRODUCT_TYPES } from '#shared/domain/safety.ts'
import { WEIGHT_UNITS } from '#shared/domain/units.ts'
import { NOTE_TYPES } from '#shared/domain/vocabulary.ts'

/**
 * "Make it compliant, keep its character" (docs/product.md "Make it compliant"; decision 071):
 * POST /api/blends/{id}/versions/{versionId}/compliance answers the proposal (read-only);
 * POST …/compliance/save computes it again and saves it as the blend's next version.
 */

const productTypeIds = PRODUCT_TYPES.map((type) => type.id) as [string, ...string[]]

export const ComplianceRequestSchema = z
  .object({
    productType: z
      .enum(productTypeIds, { error: `productType is one of ${productTypeIds.join(', ')}` })
      .describe(`The product the blend goes into: ${PRODUCT_TYPES.map((t) => `${t.id} (${t.label})`).join('; ')}`),
    productPercentage: z
      .number({ error: 'productPercentage is a number' })
      .finite()
      .gt(0, 'productPercentage is above 0')
      .max(100, 'productPercentage is at most 100')
      .describe('The blend’s share of the finished product, in percent (e.g. 2 for a 2% lotion)'),
    audience: z
      .enum(AUDIENCE_IDS, { error: `audience is one of ${AUDIENCE_IDS.join(', ')}` })
      .optional()
      .describe('Who the product is for (adults when absent): its maxima join the limits (docs/product.md "Dilution by who will use it")'),
    weight: z
      .number({ error: 'The total product weight is a number' })
      .positive('The total product weight must be greater than 0')
      .max(1_000_000, 'The total product weight is at most 1,000,000')
      .optional()
      .describe(
        'The batch’s product weight: with it, the IFRA limits of the certificates of the lots this batch would draw join the limits',
      ),
    unit: z.enum(WEIGHT_UNITS, { error: 'The weight is in g, oz or lb' }).optional().describe('The unit of weight (g when absent)'),
  })
  .strict()
export type ComplianceRequest = z.infer<typeof ComplianceRequestSchema>

const Layers = z.object({ topOils: z.array(VersionOilSchema), middleOils: z.array(VersionOilSchema), baseOils: z.array(VersionOilSchema) })

const LimitSchema = z.object({
  oilId: z.number().int(),
  name: z.string(),
  kind: z.enum(LIMIT_KINDS),
  /** The most this oil may be of the finished product, in percent. */
  maxPercent: z.number(),
  source: z.string(),
  /** The oil's share of the finished product, in percent, before and after the proposal. */
  before: z.number(),
  after: z.number(),
  /** The proposal holds the oil at this limit. */
  binding: z.boolean(),
})

const UnknownSchema = z.object({ oilId: z.number().int(), name: z.string(), kind: z.enum(LIMIT_KINDS), message: z.string() })

const common = {
  blend: z.object({ id: z.number().int(), name: z.string() }),
  version: z.object({ id: z.number().int(), referenceNumber: z.string() }),
  productType: z.string(),
  productPercentage: z.number(),
  /** The version as it is. */
  current: Layers,
  limits: z.array(LimitSchema),
  /** Oils a check applies to with nothing on file: named, never raised, never read as safe. */
  unknown: z.array(UnknownSchema),
  /** Checks that were not made at all, each said in a sentence (e.g. IFRA without a batch weight). */
  notChecked: z.array(z.string()),
}

export const ComplianceAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('within'), ...common, message: z.string() }),
  z.object({
    outcome: z.literal('proposal'),
    ...common,
    message: z.string(),
    /** The proposed version's layers, flattened (an accord's oils in its layer): each layer's total as it is now. */
    proposed: Layers,
    /** The oils put in directly, when the version holds accords (null when it holds none: then they are `proposed`). */
    ownOils: Layers.nullable(),
    /** The accords, each kept whole at its proposed share of the blend (decision 072); [] for most. */
    accords: z.array(
      z.object({
        layer: AccordLayerSchema,
        versionId: z.number().int(),
        /** 'Citrus Dawn 001b'. */
        name: z.string(),
        percentage: z.number(),
      }),
    ),
    /** Each line's change: an oil put in directly, or an accord moved whole (its id is then its version's). */
    oils: z.array(
      z.object({
        kind: z.enum(['oil', 'accord']),
        layer: z.enum(NOTE_TYPES),
        id: z.number().int(),
        name: z.string(),
        before: z.number(),
        after: z.number(),
        delta: z.number(),
      }),
    ),
    /** Σ|after − before|, in percentage points of the blend: the size of the change. */
    change: z.number(),
  }),
  z.object({
    outcome: z.literal('infeasible'),
    ...common,
    message: z.string(),
    /** The highest % of the blend in the product at which it is within every limit as it is; null when no limited oil sets one. */
    highestPercentage: z.number().nullable(),
    limitingOil: z.object({ id: z.number().int(), name: z.string(), kind: z.enum(LIMIT_KINDS), source: z.string() }).nullable(),
  }),
])
export type ComplianceAnswer = z.infer<typeof ComplianceAnswerSchema>

/** POST …/compliance/save: the new version, and the proposal it saved. */
export const CompliantVersionSchema = z.object({ version: CreatedVersionSchema, proposal: ComplianceAnswerSchema })
export type CompliantVersion = z.infer<typeof CompliantVersionSchema>

/** Path parameters of both calls. */
export const ComplianceParamsSchema = z.object({ id: idField, versionId: idField }).strict()
