import { z } from 'zod'
import { IfraCheckSchema } from '#shared/api/ifra.ts'
import {
  BLEND_DETAIL_ENTRIES,
  BlendComparisonSchema,
  BlendDetailSchema,
  BlendListQuerySchema,
  BlendListPageSchema,
  versionSelectorField,
} from '#shared/api/blend-list.ts'
import { CreateBlendSchema, CreateVersionSchema, SaveOutcomeSchema } from '#shared/api/blends.ts'
import { ComplianceAnswerSchema, ComplianceRequestSchema } from '#shared/api/compliance.ts'
import { idempotencyKeyField } from '#shared/api/fields.ts'
import { bodyIdField } from '#shared/api/ids.ts'
import { CreateJournalEntrySchema, JournalEntrySchema } from '#shared/api/journal.ts'
import type { McpScope } from '#shared/api/mcp-scopes.ts'
import { EssentialOilSchema } from '#shared/api/oils.ts'
import { cursorField } from '#shared/api/paging.ts'
import { CreateShareSchema, ShareLinkSchema } from '#shared/api/shares.ts'
import {
  accordWeighingsField,
  BatchSchema,
  BottleSchema,
  CreateBatchSchema,
  CreateBottleSchema,
  ShelfOilSchema,
} from '#shared/api/shelf.ts'
import { AssessorPackRequestSchema, AssessorPackSchema } from '#shared/api/assessor-pack.ts'
import { BatchTraceSchema, BottleTraceSchema, LOT_BATCH_PAGE_MAX, LOT_BATCH_PAGE_SIZE } from '#shared/api/trace.ts'
import { PRODUCT_TYPES } from '#shared/domain/safety.ts'
import { AUDIENCE_IDS, AUDIENCES } from '#shared/domain/audiences.ts'

/**
 * The MCP server's tools (docs/decisions/047-mcp-server.md): each tool's arguments and structured
 * answer, built from the same schemas the HTTP API validates with, so an assistant is held to the
 * rules the app is. Answers are small: what an assistant needs to act on, not whole records.
 */

/** Every write tool takes one: a retried call with the same key answers the first call's result (decision 016). */
const idempotencyKey = idempotencyKeyField.describe(
  'A fresh unique text (e.g. a UUID) for this one change. Send the same key again only to retry the same call: the retry answers the first result and changes nothing.',
)
const blendId = bodyIdField('blendId is the id of one of your blends').describe('The blend’s id, as search_blends or get_blend gave it')
const versionId = bodyIdField('versionId is the id of one of this blend’s versions')

/** Rows per search_blends page, and at most. */
export const MCP_SEARCH_PAGE = 20
export const MCP_SEARCH_MAX = 50
/** Bottles per list_shelf page, and at most. */
export const MCP_SHELF_PAGE = 50
export const MCP_SHELF_MAX = 100
/** Batches get_blend carries (the latest). */
export const MCP_BLEND_BATCHES = 10

const list = BlendListQuerySchema.shape

export const SearchBlendsInput = z
  .object({
    query: list.q.describe('Text in the blend’s name or in the name of any oil of any of its versions (any case), e.g. "lavender"'),
    status: list.status.describe('tested: blends with at least one test entry; untested: none yet; all (default)'),
    sort: list.sort.describe('reference (default: by reference number) or name (A-Z)'),
    limit: z.number().int().min(1).max(MCP_SEARCH_MAX).default(MCP_SEARCH_PAGE),
    cursor: cursorField.optional().describe('nextCursor of the previous page, to read the next one'),
  })
  .strict()
export const SearchBlendsOutput = BlendListPageSchema

export const GetBlendInput = z
  .object({
    blendId,
    compare: z
      .tuple([versionSelectorField, versionSelectorField])
      .optional()
      .describe('Two versions to compare side by side: each an id, a letter (c) or a reference (001c)'),
  })
  .strict()
export const GetBlendOutput = z.object({
  blend: BlendDetailSchema.omit({ ratings: true }).describe(`The blend, every version, and its first ${BLEND_DETAIL_ENTRIES} test entries`),
  batches: z.array(BatchSchema).describe(`The latest ${MCP_BLEND_BATCHES} batches made of it`),
  comparison: BlendComparisonSchema.omit({ ratings: true }).nullable(),
})

/** create_blend: POST /api/blends's fields (one oil per layer), and the key. */
export const CreateBlendInput = CreateBlendSchema.safeExtend({ idempotencyKey })
/** add_version: POST /api/blend-versions's fields (projectId is the blend's id), and the key. */
export const AddVersionInput = CreateVersionSchema.safeExtend({ idempotencyKey })

/** What a save did (decision 019): a new blend, or the next version of one the maker has. */
export const SaveAnswer = z.object({
  outcome: SaveOutcomeSchema,
  blendId: z.number().int(),
  blendName: z.string(),
  versionId: z.number().int(),
  versionLetter: z.string(),
  referenceNumber: z.string(),
})
export type SaveAnswer = z.infer<typeof SaveAnswer>

/** add_test_entry: POST /api/journal-entries's own fields (not the spec's ignored copies), and the key. */
export const AddTestEntryInput = CreateJournalEntrySchema.omit({
  referenceNumber: true,
  blendName: true,
  topOils: true,
  middleOils: true,
  baseOils: true,
}).extend({
  idempotencyKey,
})
export const TestEntryAnswer = JournalEntrySchema.pick({
  id: true,
  versionId: true,
  projectId: true,
  referenceNumber: true,
  blendName: true,
  dateMade: true,
  dateTested: true,
  rating: true,
  notes: true,
})

export const ListShelfInput = z
  .object({
    limit: z.number().int().min(1).max(MCP_SHELF_MAX).default(MCP_SHELF_PAGE),
    cursor: cursorField.optional().describe('nextCursor of the previous page of bottles'),
  })
  .strict()
export const ListShelfOutput = z.object({
  currency: z.string().nullable(),
  /** One line per oil owned (bounded by the catalog): millilitres left and cost per mL. */
  oils: z.array(ShelfOilSchema),
  bottles: z.array(BottleSchema),
  nextCursor: z.string().nullable(),
})

/** The maker's own ingredients (decision 068): their ids go in a version's layers as a catalog oil's do. */
export const ListIngredientsInput = z.object({}).strict()
export const ListIngredientsOutput = z.object({
  ingredients: z.array(
    EssentialOilSchema.pick({ id: true, name: true, inciName: true, noteType: true, scentFamily: true, densityGPerMl: true, safety: true }),
  ),
})

const productTypeIds = PRODUCT_TYPES.map((type) => type.id) as [string, ...string[]]
const batch = CreateBatchSchema.shape

export const CalculateBatchInput = z
  .object({
    blendId,
    versionId: versionId.optional().describe('The version to make; the latest when absent'),
    weight: batch.weight.describe('The finished product’s weight, in unit'),
    unit: batch.unit,
    oilPercentage: batch.oilPercentage.describe('Essential oil as a percentage of the finished product, e.g. 2'),
    productType: z
      .enum(productTypeIds, { error: `productType is one of ${productTypeIds.join(', ')}` })
      .optional()
      .describe(
        `For the safety checks: ${PRODUCT_TYPES.map((type) => `${type.id} (${type.label}, typically ${type.typicalRate})`).join('; ')}`,
      ),
    audience: z
      .enum(AUDIENCE_IDS, { error: `audience is one of ${AUDIENCE_IDS.join(', ')}` })
      .optional()
      .describe(
        `Who the product is for, for the safety checks of a leave-on product (adults when absent): ${AUDIENCES.map((a) => `${a.id} (${a.label})`).join('; ')}. ` +
          'Children lower the total essential oil to the figure of their age band; pregnancy and the face have no total figure on file, so their total is reported as not checked.',
      ),
    accords: accordWeighingsField
      .optional()
      .describe(
        'How each accord of the version is weighed, as "Mark as made" takes it: weigh "oils" (the default) takes its oils from their bottles; ' +
          '"batch" takes the accord as one line from its neat batches (product type neat-accord), oldest first. The oils and safety stay the flattened composition either way.',
      ),
  })
  .strict()

/** One oil's maximum for the product type and audience, and why (docs/product.md "Dilution by who will use it"). */
const EffectiveMaximumAnswer = z.object({
  oil: z.string(),
  /** In percent of the finished product; null when nothing on file bounds the oil. */
  maxPercent: z.number().nullable(),
  basis: z.enum(['oil', 'audience-total', 'avoid']).nullable(),
  oilMaxPercent: z.number().nullable(),
  lowered: z.boolean(),
  reason: z.string(),
  source: z.string().nullable(),
  oilMaximumOnFile: z.boolean(),
})

const AmountAnswer = z.object({ grams: z.number(), ml: z.number(), drops: z.number().int() })
export const CalculateBatchOutput = z.object({
  blend: z.object({ id: z.number().int(), name: z.string(), versionId: z.number().int(), referenceNumber: z.string() }),
  totalOil: AmountAnswer,
  oils: z.array(
    AmountAnswer.extend({
      name: z.string(),
      layer: z.string(),
      /** Share of the blend, in percent. */
      percentage: z.number(),
      /** Share of the finished product, in percent. */
      productPercentage: z.number(),
    }),
  ),
  /** The rest of the batch (base, wax, soap...), in grams. */
  baseGrams: z.number(),
  /** The safety checks for the product type; null without one. */
  safety: z
    .object({
      scope: z.string(),
      warnings: z.array(z.object({ kind: z.string(), oil: z.string(), message: z.string() })),
      /** Leave-on: every oil with no published maximum on file, which could not be checked. */
      unchecked: z.array(z.object({ oil: z.string(), message: z.string() })),
      /** Leave-on: the children, pregnancy and oxidation cautions of the blend's oils, with their sources. */
      cautions: z.array(z.object({ kind: z.string(), oil: z.string(), message: z.string() })),
      /** True only when every oil was checked and nothing flagged. */
      clear: z.boolean(),
      /** Who the product is for (adults when not asked), its total and each oil's maximum for them. */
      audience: z.object({
        id: z.enum(AUDIENCE_IDS),
        label: z.string(),
        totalText: z.string(),
        totalPercent: z.number().nullable(),
        /** Set when no total figure is on file for this audience: the blend's total was not checked. */
        totalUnchecked: z.string().nullable(),
        maxima: z.array(EffectiveMaximumAnswer),
      }),
    })
    .nullable(),
  /** Priced from the maker's shelf; null without the shelf:read scope. */
  cost: z
    .object({
      currency: z.string().nullable(),
      totalCost: z.number().nullable(),
      costIsPartial: z.boolean(),
      oils: z.array(z.object({ name: z.string(), ml: z.number(), cost: z.number().nullable(), shortMl: z.number() })),
    })
    .nullable(),
  /**
   * The EU allergen label for a cosmetic product type, from the declarations on the maker's
   * bottles (docs/product.md "Allergen labels"); null without a cosmetic product type or without
   * the shelf:read scope. A bottle without a declaration is listed in `missing`, never read as zero.
   */
  allergenLabel: z
    .object({
      complete: z.boolean(),
      thresholdPercent: z.number(),
      declared: z.array(z.object({ inci: z.string(), percent: z.number(), fromRecipe: z.boolean() })),
      belowThreshold: z.array(z.object({ inci: z.string(), percent: z.number() })),
      missing: z.array(z.object({ oilName: z.string(), lotCode: z.string().nullable(), reason: z.string() })),
      ingredientText: z.string(),
      notice: z.string(),
    })
    .nullable(),
  /**
   * With shelf:read and a product type: the IFRA check from the certificates of the lots the batch
   * would draw (decision 070): the maximum % of the blend in the product, the limiting oil, and each
   * oil's limit or "unknown". Null otherwise.
   */
  ifra: IfraCheckSchema.nullable(),
  /**
   * Each accord of the version and how it is weighed (decision 074): its grams in the batch; weighed
   * as a batch, with shelf:read, the grams its neat batches lack and its cost from their cost per gram
   * (null: not priced, or not read without shelf:read).
   */
  accords: z.array(
    z.object({
      versionId: z.number().int(),
      name: z.string(),
      referenceNumber: z.string(),
      weigh: z.enum(['oils', 'batch']),
      grams: z.number(),
      shortGrams: z.number().nullable(),
      cost: z.number().nullable(),
    }),
  ),
})
export type CalculateBatchAnswer = z.infer<typeof CalculateBatchOutput>

/** add_bottle: POST /api/shelf/bottles's fields (with its rule that what is left fits the bottle), and the key. */
export const AddBottleInput = CreateBottleSchema.safeExtend({ idempotencyKey })
export const AddBottleOutput = BottleSchema

export const ShareBlendInput = CreateShareSchema.extend({ blendId, idempotencyKey })
export const ShareBlendOutput = ShareLinkSchema.extend({ url: z.string() })

/** propose_compliant_version: the blend and version, and what POST …/compliance takes (docs/product.md "Make it compliant"). */
export const ProposeCompliantInput = ComplianceRequestSchema.extend({
  blendId,
  versionId: versionId.describe('The version to make compliant (an id from get_blend)'),
})
export const ProposeCompliantOutput = ComplianceAnswerSchema
/** save_compliant_version: the same, computed again and saved as the blend's next version, once per key. */
export const SaveCompliantInput = ProposeCompliantInput.extend({ idempotencyKey })

/**
 * trace_lot and trace_batch (issue 36; decision 081): the recall look-ups the bottle and batch pages
 * show, read only. A lot forward to its batches (a page at a time), a batch back to its lots.
 */
export const TraceLotInput = z
  .object({
    bottleId: bodyIdField('bottleId is the id of one of your bottles').describe('The bottle’s (lot’s) id, as list_shelf gave it'),
    limit: z.number().int().min(1).max(LOT_BATCH_PAGE_MAX).default(LOT_BATCH_PAGE_SIZE),
    cursor: cursorField.optional().describe('batches.nextCursor of the previous answer, to read the next page of batches'),
  })
  .strict()
export const TraceLotOutput = BottleTraceSchema
export const TraceBatchInput = z
  .object({
    batchId: bodyIdField('batchId is the id of one of your batches').describe(
      'The batch’s id, as get_blend’s batches or trace_lot gave it',
    ),
  })
  .strict()
export const TraceBatchOutput = BatchTraceSchema

/**
 * assessor_pack (issue 36; decisions 083 and 086): what POST /api/assessor-pack answers, from the
 * same code, with the same refusals. Read only.
 */
export const AssessorPackInput = AssessorPackRequestSchema
export const AssessorPackOutput = AssessorPackSchema

/** Each tool's name, the scope it needs, and whether it writes: the isolation and scope tests read this. */
export const MCP_TOOLS = {
  search_blends: { scope: 'journal:read', writes: false },
  get_blend: { scope: 'journal:read', writes: false },
  create_blend: { scope: 'journal:write', writes: true },
  add_version: { scope: 'journal:write', writes: true },
  add_test_entry: { scope: 'journal:write', writes: true },
  list_shelf: { scope: 'shelf:read', writes: false },
  list_ingredients: { scope: 'journal:read', writes: false },
  calculate_batch: { scope: 'journal:read', writes: false },
  share_blend: { scope: 'journal:write', writes: true },
  add_bottle: { scope: 'shelf:write', writes: true },
  propose_compliant_version: { scope: 'journal:read', writes: false },
  save_compliant_version: { scope: 'journal:write', writes: true },
  trace_lot: { scope: 'shelf:read', writes: false },
  trace_batch: { scope: 'shelf:read', writes: false },
  assessor_pack: { scope: 'shelf:read', writes: false },
} as const satisfies Record<string, { scope: McpScope; writes: boolean }>
export type McpToolName = keyof typeof MCP_TOOLS
