import { z } from 'zod'
import { LotWarningSchema } from '#shared/api/lots.ts'
import { NOT_BLANK_PATTERN } from '#shared/api/fields.ts'
import { bodyIdField, idField } from '#shared/api/ids.ts'
import {
  BATCH_CODE_TOKENS,
  DEFAULT_BATCH_CODE_PATTERN,
  MAX_BATCH_CODE_PATTERN,
  batchCodePatternProblem,
} from '#shared/domain/batch-code.ts'
import { ALLERGEN_IDS } from '#shared/domain/eu-allergens.ts'
import { PRODUCT_TYPES } from '#shared/domain/safety.ts'
import { WEIGHT_UNITS } from '#shared/domain/units.ts'

/**
 * Allergen labels (docs/product.md "Allergen labels"; decision 044): the EU fragrance allergens as
 * data, each bottle's supplier declaration, and the label of a batch computed from them. Accord
 * computes from the declarations the maker enters; it does not replace the cosmetic product safety
 * report the regulation requires.
 */

export const AllergenEntrySchema = z
  .object({
    id: z.string().meta({ description: 'A stable slug; declarations name entries by it' }),
    name: z.string().meta({ description: 'The name as listed in Annex III' }),
    inci: z.string().meta({ description: 'The INCI name a label prints' }),
    inciNames: z.array(z.string()).meta({ description: 'Every INCI name the entry covers, as Accord records them' }),
    cas: z.array(z.string()),
    ec: z.array(z.string()),
    kind: z.enum(['substance', 'natural-extract']),
    replaces: z.string().nullable().meta({ description: 'The earlier entry this one replaced, if any' }),
    aliases: z.array(z.string()).meta({ description: 'Other names suppliers print for it' }),
  })
  .meta({
    description: 'One fragrance-allergen entry of Annex III to Regulation (EC) No 1223/2009 as amended by Regulation (EU) 2023/1545',
  })
export type AllergenEntryAnswer = z.infer<typeof AllergenEntrySchema>

/** GET /api/allergens (public; cached with an ETag like the catalog). */
export const AllergenListSchema = z.object({
  source: z.string().meta({ description: 'The regulation the list is taken from' }),
  count: z.number().int(),
  items: z.array(AllergenEntrySchema),
})
export type AllergenList = z.infer<typeof AllergenListSchema>

/** How a supplier gives the percentages: by weight (g per 100 g) or weight by volume (g per 100 mL). */
export const DECLARATION_BASES = ['w/w', 'w/v'] as const
export type DeclarationBasis = (typeof DECLARATION_BASES)[number]

export const MAX_DECLARATION_ITEMS = 150

const percentField = (what: string) =>
  z
    .number({ error: `${what} is a number` })
    .positive(`${what} must be greater than 0`)
    .max(100, `${what} is at most 100`)

export const DeclarationItemSchema = z
  .object({
    entryId: z.enum(ALLERGEN_IDS, { error: 'entryId is the id of an entry of GET /api/allergens' }),
    percent: percentField('The percentage'),
    upTo: z.literal(true, { error: 'upTo is true or left out' }).optional().meta({
      description:
        'The sheet gives at most this figure (a limit such as "max 0.5 %" or "<0.01 %", or the top of a range), not the lot’s own; the label uses it until the maker enters the figure',
    }),
  })
  .strict()
export type DeclarationItem = z.infer<typeof DeclarationItemSchema>

/** Tolerance for sums of decimals typed by hand (0.1 + 0.2 is not 0.3 in binary). */
const SUM_TOLERANCE = 1e-9

/** PUT /api/shelf/bottles/{id}/declaration: the bottle's whole declaration, replacing any earlier one. */
/** What a declaration that states no allergen must not list. */
export const NONE_WITH_ITEMS = 'A declaration of no Annex III allergen lists none'
export const NO_ITEMS = 'List at least one allergen, or declare that the oil holds no Annex III allergen'

export const PutDeclarationSchema = z
  .object({
    basis: z.enum(DECLARATION_BASES, { error: 'The basis is w/w (by weight) or w/v (g per 100 mL)' }),
    items: z.array(DeclarationItemSchema).max(MAX_DECLARATION_ITEMS, `A declaration lists at most ${MAX_DECLARATION_ITEMS} allergens`),
    declaresNone: z.boolean({ error: 'declaresNone is true or false' }).default(false).meta({
      description: 'True when the supplier’s sheet states the oil holds no Annex III allergen (every entry "nd" or 0); items is then empty',
    }),
  })
  .strict()
  .meta({
    description:
      'Each entry is listed once, and the percentages total at most 100. A w/v declaration totals at most 100 times the oil’s density (g/mL), the most 100 mL of it can hold. A declaration lists at least one allergen, or declares none (declaresNone) and lists nothing.',
  })
  .refine((d) => d.declaresNone || d.items.length > 0, { message: NO_ITEMS, path: ['items'] })
  .refine((d) => !d.declaresNone || d.items.length === 0, { message: NONE_WITH_ITEMS, path: ['items'] })
  .refine((d) => new Set(d.items.map((i) => i.entryId)).size === d.items.length, {
    message: 'Each allergen is listed once',
    path: ['items'],
  })
  .refine((d) => d.items.reduce((sum, i) => sum + i.percent, 0) <= 100 + SUM_TOLERANCE, {
    message: 'The percentages total at most 100',
    path: ['items'],
  })
export type PutDeclaration = z.input<typeof PutDeclarationSchema>

export const BottleDeclarationSchema = z.object({
  bottleId: z.number().int(),
  basis: z.enum(DECLARATION_BASES),
  items: z.array(z.object({ entryId: z.string(), percent: z.number(), upTo: z.literal(true).optional() })),
  /** The sheet states the oil holds no Annex III allergen; items is empty. */
  declaresNone: z.boolean(),
  updatedAt: z.string(),
})
export type BottleDeclaration = z.infer<typeof BottleDeclarationSchema>

/** GET /api/shelf/bottles/{id}/declaration: null when the bottle has none. */
export const DeclarationAnswerSchema = z.object({ declaration: BottleDeclarationSchema.nullable() })
export type DeclarationAnswer = z.infer<typeof DeclarationAnswerSchema>

export const FRAGRANCE_AS = ['inci', 'parfum'] as const
export type FragranceAs = (typeof FRAGRANCE_AS)[number]
export const MAX_BASE_INGREDIENTS = 60

export const BaseIngredientSchema = z
  .object({
    inci: z
      .string({ error: 'The INCI name is text' })
      .trim()
      .min(1, 'Enter the INCI name')
      .max(120, 'An INCI name is at most 120 characters')
      .meta({ pattern: NOT_BLANK_PATTERN }),
    percent: percentField('The percentage'),
  })
  .strict()
export type BaseIngredient = z.infer<typeof BaseIngredientSchema>

const labelOptionFields = {
  fragranceAs: z.enum(FRAGRANCE_AS, { error: 'Name the oils by INCI name (inci) or as Parfum (parfum)' }).default('inci'),
  base: z
    .array(BaseIngredientSchema)
    .max(MAX_BASE_INGREDIENTS, `At most ${MAX_BASE_INGREDIENTS} base ingredients`)
    .default([])
    .meta({ description: 'The base’s ingredients with their INCI names and percentages of the finished product (optional)' }),
}

export const LabelOptionsSchema = z.object(labelOptionFields).strict()
export type LabelOptions = z.input<typeof LabelOptionsSchema>

export const PRODUCT_TYPE_IDS = PRODUCT_TYPES.map((t) => t.id) as [string, ...string[]]
const productTypeField = z.enum(PRODUCT_TYPE_IDS, { error: 'Choose a product type of the usage guide' })

const baseTotal = (base: readonly { percent: number }[]) => base.reduce((sum, b) => sum + b.percent, 0)

/** POST /api/labels/preview: the label of a batch as "Mark as made" would draw it now; writes nothing. */
export const LabelPreviewRequestSchema = z
  .object({
    ...labelOptionFields,
    versionId: bodyIdField('versionId is the id of one of your blend versions'),
    productType: productTypeField,
    weight: z
      .number({ error: 'The total product weight is a number' })
      .positive('The total product weight must be greater than 0')
      .max(1_000_000, 'The total product weight is at most 1,000,000'),
    unit: z.enum(WEIGHT_UNITS, { error: 'The weight is in g, oz or lb' }),
    oilPercentage: percentField('The essential oil percentage'),
  })
  .strict()
  .meta({ description: 'The base’s percentages and the essential oil percentage total at most 100.' })
  .refine((r) => baseTotal(r.base) + r.oilPercentage <= 100 + SUM_TOLERANCE, {
    message: 'The base and the essential oils total at most 100%',
    path: ['base'],
  })
export type LabelPreviewRequest = z.input<typeof LabelPreviewRequestSchema>

/** PUT /api/blends/{id}/batches/{batchId}/label: computes the batch's label and saves it with the batch. */
export const PutBatchLabelSchema = z
  .object({ ...labelOptionFields, productType: productTypeField.optional() })
  .strict()
  .meta({
    description:
      'The base’s percentages and the batch’s essential oil percentage total at most 100. productType is needed only when the batch’s own product type is not one of the usage guide.',
  })
export type PutBatchLabel = z.input<typeof PutBatchLabelSchema>

export const MISSING_REASONS = ['no-declaration', 'not-on-shelf', 'bottle-deleted'] as const
export type MissingReason = (typeof MISSING_REASONS)[number]

export const LabelAllergenSchema = z.object({
  entryId: z.string(),
  name: z.string(),
  inci: z.string(),
  cas: z.array(z.string()),
  /** Its concentration in the finished product, in percent. */
  percent: z.number(),
  /** A whole oil or extract named by the annex, computed from the recipe alone. */
  fromRecipe: z.boolean(),
  sources: z.array(
    z.object({
      oilId: z.number().int(),
      oilName: z.string(),
      bottleId: z.number().int().nullable(),
      lotCode: z.string().nullable(),
      /** What this bottle (or, from the recipe, this oil) adds, in percent of the product. */
      percent: z.number(),
    }),
  ),
})
export type LabelAllergen = z.infer<typeof LabelAllergenSchema>

export const LabelMissingSchema = z.object({
  oilId: z.number().int(),
  oilName: z.string(),
  bottleId: z.number().int().nullable(),
  lotCode: z.string().nullable(),
  supplier: z.string().nullable(),
  /** The grams of oil whose allergens are unknown. */
  grams: z.number(),
  reason: z.enum(MISSING_REASONS),
})
export type LabelMissing = z.infer<typeof LabelMissingSchema>

export const LABEL_NOTICE =
  'Accord computes this label from the allergen declarations you entered for your bottles. It does not replace the cosmetic product safety report the regulation requires.'

export const LabelSchema = z.object({
  productType: z.string(),
  productLabel: z.string(),
  use: z.enum(['leave-on', 'rinse-off']),
  /** An allergen is declared when its concentration exceeds this, in percent. */
  thresholdPercent: z.number(),
  productGrams: z.number(),
  oilPercentage: z.number(),
  fragranceAs: z.enum(FRAGRANCE_AS),
  /** False when some oil's allergens are unknown (see missing): the label may then be wrong. */
  complete: z.boolean(),
  /** Above the threshold: on the label. By percent, highest first. */
  declared: z.array(LabelAllergenSchema),
  /** Present but at or under the threshold. By percent, highest first. */
  belowThreshold: z.array(LabelAllergenSchema),
  missing: z.array(LabelMissingSchema),
  ingredients: z.array(z.object({ name: z.string(), percent: z.number(), kind: z.enum(['base', 'fragrance', 'allergen']) })),
  /** The ingredient list as printed on a label. */
  ingredientText: z.string(),
  notice: z.string(),
  computedAt: z.string(),
  /** A preview's bottles that have expired or are old for an oil that oxidises soon, as the batch would draw them (decision 079); absent on a saved label. */
  lotWarnings: z.array(LotWarningSchema).optional(),
})
export type Label = z.infer<typeof LabelSchema>

/** GET /api/blends/{id}/batches/{batchId}/label: the label saved with the batch, null when none. */
export const BatchLabelAnswerSchema = z.object({ label: LabelSchema.nullable() })
export type BatchLabelAnswer = z.infer<typeof BatchLabelAnswerSchema>

/** What a batch in the journal shows of its saved label. */
export const BatchLabelSummarySchema = z.object({
  savedAt: z.string(),
  complete: z.boolean(),
  /** The INCI names declared. */
  declared: z.array(z.string()),
})
export type BatchLabelSummary = z.infer<typeof BatchLabelSummarySchema>

/** The path of a batch's label: the blend's id and the batch's. */
export const BatchLabelParamsSchema = z.object({ id: idField, batchId: idField }).strict()

/**
 * GET /api/me/label-settings and PUT: what every label of the maker's batches carries from their
 * account (decision 050): the batch code pattern and the responsible person (the maker, their
 * company or their importer in the EU or UK) whose name and address go on each label.
 */
export const LabelSettingsSchema = z.object({
  batchCodePattern: z
    .string()
    .meta({ description: `Tokens: ${BATCH_CODE_TOKENS.join(' ')}; the default is ${DEFAULT_BATCH_CODE_PATTERN}` }),
  responsibleName: z.string().nullable(),
  responsibleAddress: z.string().nullable(),
})
export type LabelSettings = z.infer<typeof LabelSettingsSchema>

const optionalText = (what: string, max: number) =>
  z
    .string({ error: `${what} is text` })
    .trim()
    .max(max, `${what} is at most ${max} characters`)
    .nullable()
    .transform((text) => (text ? text : null))

export const UpdateLabelSettingsSchema = z
  .object({
    batchCodePattern: z
      .string({ error: 'The batch code pattern is text' })
      .trim()
      .superRefine((pattern, ctx) => {
        const problem = batchCodePatternProblem(pattern)
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      })
      .meta({
        description: `A batch code pattern needs {n} once; its braces are tokens (${BATCH_CODE_TOKENS.join(' ')}), with letters, digits, spaces and - _ . / # around them, at most ${MAX_BATCH_CODE_PATTERN} characters.`,
      }),
    responsibleName: optionalText('The name', 120),
    responsibleAddress: optionalText('The address', 300),
  })
  .strict()
export type UpdateLabelSettings = z.input<typeof UpdateLabelSettingsSchema>

/** POST /api/labels/home-preview: the calculator's batch of a home product. */
export const ClpPreviewRequestSchema = z
  .object({
    versionId: bodyIdField('versionId is the id of one of your blend versions'),
    productType: productTypeField,
    weight: z
      .number({ error: 'The total product weight is a number' })
      .positive('The total product weight must be greater than 0')
      .max(1_000_000, 'The total product weight is at most 1,000,000'),
    unit: z.enum(WEIGHT_UNITS, { error: 'The weight is in g, oz or lb' }),
    oilPercentage: percentField('The essential oil percentage'),
  })
  .strict()
export type ClpPreviewRequest = z.input<typeof ClpPreviewRequestSchema>

/**
 * POST /api/labels/home-preview: a home product's (candle, wax melt, room spray, diffuser) CLP
 * allergen notice: the declared Annex III allergens at 0.1 % or more ("Contains ..."), and those at
 * 1 % or more. Not a CLP classification (docs/product.md "Home fragrance and CLP").
 */
export const ClpNoticeSchema = z.object({
  productType: z.string(),
  productLabel: z.string(),
  productGrams: z.number(),
  oilPercentage: z.number(),
  containsPercent: z.number(),
  sensitiserPercent: z.number(),
  contains: z.array(LabelAllergenSchema),
  overSensitiserPercent: z.array(LabelAllergenSchema),
  missing: z.array(LabelMissingSchema),
  complete: z.boolean(),
  containsText: z.string().nullable(),
  /** The bottles it would draw that have expired or are old for an oil that oxidises soon (decision 079). */
  lotWarnings: z.array(LotWarningSchema).optional(),
})
export type ClpNotice = z.infer<typeof ClpNoticeSchema>
