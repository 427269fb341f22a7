import { z } from 'zod'
import { IfraCheckSchema } from '#shared/api/ifra.ts'
import { NOT_BLANK_PATTERN } from '#shared/api/fields.ts'
import { bodyIdField, idField } from '#shared/api/ids.ts'
import { BatchLabelSummarySchema } from '#shared/api/labels.ts'
import { cursorField, limitField } from '#shared/api/paging.ts'
import { latestTodayOnEarth, MADE_AFTER_TODAY_MESSAGE } from '#shared/domain/made-date.ts'
import { WEIGHT_UNITS } from '#shared/domain/units.ts'
import { LANGUAGES } from '#shared/i18n/languages.ts'
import { AUDIENCE_IDS, DEFAULT_AUDIENCE } from '#shared/domain/audience-ids.ts'
import { MAX_ACCORDS_PER_LAYER } from '#shared/domain/accords.ts'
import { ACCORD_WEIGHS, NEAT_PRODUCT_TYPE } from '#shared/domain/accord-weighing.ts'
import { OPENED_AFTER_TODAY, OPENED_BEFORE_PURCHASE } from '#shared/domain/shelf-life.ts'
import { AgeingLotSchema } from '#shared/api/lots.ts'
export { AgeingLotSchema, LotWarningSchema, type AgeingLot, type LotWarning } from '#shared/api/lots.ts'

/**
 * The oil shelf (docs/product.md, "The oil shelf"): the bottles a user owns, what they paid, what
 * is left, and the batches made from them. Amounts are stored in millilitres; a bottle sized in
 * grams is converted with its oil's density. Money is a decimal amount in the user's one currency.
 */

/** How a bottle's size and amount left are given. */
export const BOTTLE_UNITS = ['mL', 'g'] as const
export type BottleUnit = (typeof BOTTLE_UNITS)[number]

/**
 * The ISO 4217 codes this runtime knows (Intl.supportedValuesOf), as an enum: the published
 * contract lists exactly the codes the server accepts (decision 041).
 */
export const currencyField = z.enum(Intl.supportedValuesOf('currency') as [string, ...string[]], {
  error: (issue) =>
    issue.input === undefined ? 'Choose a currency' : 'A currency is a three-letter ISO 4217 code this server knows, such as EUR or USD',
})

/** A positive amount, at most a large bottle. */
const amountField = (what: string) =>
  z
    .number({ error: `${what} is a number` })
    .positive(`${what} must be greater than 0`)
    .max(1_000_000, `${what} is at most 1,000,000`)

const dateOnlyField = z.iso.date({ error: 'Dates are written YYYY-MM-DD' })
/** The day a bottle was opened: never after today (a day later than today anywhere on Earth, UTC+14, is refused). */
const openedOnField = dateOnlyField
  .refine((day) => day <= latestTodayOnEarth(), OPENED_AFTER_TODAY)
  .meta({
    description: 'The day the bottle was opened, YYYY-MM-DD: not after today and not before the purchase date.',
  })
/** The bottle's best-before day (docs/product.md "Lots and expiry"). */
const bestBeforeField = dateOnlyField.meta({
  description:
    'The best-before day, YYYY-MM-DD. Absent on a new bottle: the shelf life of its oil from the purchase date (or the day it is added); null: none.',
})
const openedNotBeforePurchase = (b: { openedOn?: string | null | undefined; purchasedOn?: string | null | undefined }) =>
  !b.openedOn || !b.purchasedOn || b.openedOn >= b.purchasedOn
const shortText = (what: string, max: number) => z.string().trim().max(max, `${what} is at most ${max} characters`)

/** GET /api/me/settings and PUT /api/me/settings. */
export const UserSettingsSchema = z.object({
  /** The user's one currency; null until they choose one. */
  currency: z.string().nullable(),
  /** The account's language (decision 088); null until they choose one (the browser's languages, else English). */
  language: z.enum(LANGUAGES).nullable(),
})
export type UserSettings = z.infer<typeof UserSettingsSchema>
/** The account's language: one Accord speaks, or null to follow the browser again. */
export const languageField = z
  .enum(LANGUAGES, { error: `A language is one of ${LANGUAGES.join(', ')}` })
  .nullable()
  .meta({ description: 'The language Accord speaks to this account (en, de, fr, es, it); null: the browser’s languages, else English.' })
/** Each setting sent is changed; one not sent stays as it is. */
export const UpdateUserSettingsSchema = z
  .object({ currency: currencyField.optional(), language: languageField.optional() })
  .strict()
  // The contract says what the refinement enforces: an empty body changes nothing and is refused.
  .meta({ minProperties: 1, description: 'Each setting sent is changed; one not sent stays as it is.' })
  .refine((body) => body.currency !== undefined || body.language !== undefined, { error: 'Choose a currency or a language' })
export type UpdateUserSettings = z.infer<typeof UpdateUserSettingsSchema>

/** POST /api/shelf/bottles (accepts an Idempotency-Key). */
export const CreateBottleSchema = z
  .object({
    oilId: bodyIdField('oilId is the id of an oil in the catalog').meta({
      description: 'The id of an oil in the catalog (GET /api/essential-oils)',
    }),
    unit: z.enum(BOTTLE_UNITS, { error: 'A bottle is sized in mL or g' }),
    size: amountField('The bottle size'),
    /** Left in the bottle, in `unit`; a new bottle is full when this is absent. */
    remaining: z
      .number({ error: 'The amount left is a number' })
      .min(0, 'The amount left cannot be below 0')
      .max(1_000_000, 'The amount left is at most 1,000,000')
      .optional(),
    /** What was paid for the bottle, in the user's currency; null when not recorded. */
    price: z
      .number({ error: 'The price is a number' })
      .min(0, 'The price cannot be below 0')
      .max(1_000_000, 'The price is at most 1,000,000')
      .nullable()
      .default(null),
    supplier: shortText('The supplier', 200).nullable().default(null),
    lotCode: shortText('The lot or batch code', 100).nullable().default(null),
    purchasedOn: dateOnlyField.nullable().default(null),
    openedOn: openedOnField.nullable().default(null),
    /** Absent: filled from the oil's shelf life (src/shared/domain/shelf-life.ts); null: none. */
    bestBefore: bestBeforeField.nullable().optional(),
  })
  .strict()
  .meta({ description: 'The amount left (remaining) is at most the bottle size; the opened date is not before the purchase date.' })
  .refine((b) => b.remaining === undefined || b.remaining <= b.size, {
    message: 'The amount left cannot be more than the bottle holds',
    path: ['remaining'],
  })
  .refine(openedNotBeforePurchase, { message: OPENED_BEFORE_PURCHASE, path: ['openedOn'] })
export type CreateBottle = z.input<typeof CreateBottleSchema>

/** PATCH /api/shelf/bottles/{id}: any of the fields; the oil of a bottle does not change. */
export const UpdateBottleSchema = z
  .object({
    unit: z.enum(BOTTLE_UNITS, { error: 'A bottle is sized in mL or g' }).optional(),
    size: amountField('The bottle size').optional(),
    remaining: z
      .number({ error: 'The amount left is a number' })
      .min(0, 'The amount left cannot be below 0')
      .max(1_000_000, 'The amount left is at most 1,000,000')
      .optional(),
    price: z
      .number({ error: 'The price is a number' })
      .min(0, 'The price cannot be below 0')
      .max(1_000_000, 'The price is at most 1,000,000')
      .nullable()
      .optional(),
    supplier: shortText('The supplier', 200).nullable().optional(),
    lotCode: shortText('The lot or batch code', 100).nullable().optional(),
    purchasedOn: dateOnlyField.nullable().optional(),
    openedOn: openedOnField.nullable().optional(),
    bestBefore: bestBeforeField.nullable().optional(),
  })
  .strict()
  // The contract says what the refinement enforces: an empty body changes nothing and is refused.
  .meta({
    minProperties: 1,
    description:
      'The amount left (remaining) is at most the bottle size, and the opened date not before the purchase date, as sent or as stored.',
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Send at least one field to change' })
  .refine(openedNotBeforePurchase, { message: OPENED_BEFORE_PURCHASE, path: ['openedOn'] })
export type UpdateBottle = z.input<typeof UpdateBottleSchema>

/** A bottle as its owner sees it. `size` and `remaining` are in `unit`; the *Ml fields are derived. */
export const BottleSchema = z.object({
  id: z.number().int(),
  oilId: z.number().int(),
  oilSlug: z.string(),
  oilName: z.string(),
  unit: z.enum(BOTTLE_UNITS),
  size: z.number(),
  remaining: z.number(),
  sizeMl: z.number(),
  remainingMl: z.number(),
  price: z.number().nullable(),
  supplier: z.string().nullable(),
  lotCode: z.string().nullable(),
  purchasedOn: z.string().nullable(),
  /** The day it was opened (YYYY-MM-DD); null: not recorded. Absent from a bottle a device cached from an older server. */
  openedOn: z.string().nullable().optional(),
  /** Its best-before day (YYYY-MM-DD); null: none on file. Absent from a bottle a device cached from an older server. */
  bestBefore: z.string().nullable().optional(),
  /** Whether its oil oxidises soon (src/shared/domain/shelf-life.ts), for the opened-long-ago rule. */
  oxidisesSoon: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** How many allergens its supplier declaration lists; null when it has none (docs/product.md "Allergen labels"). */
  declaredAllergens: z.number().int().nullable(),
  /** The amendment of its IFRA certificate (decision 070); null: it has none. Given by the shelf's list (GET /api/shelf/bottles) only. */
  ifraAmendment: z.string().nullable().optional(),
})
export type Bottle = z.infer<typeof BottleSchema>

/** GET /api/shelf/bottles: a page of bottles, by oil name then purchase date (`oilId` narrows to one oil). */
export const SHELF_PAGE_SIZE = 50
export const SHELF_PAGE_MAX = 200
export const BottleListQuerySchema = z
  .object({
    limit: limitField(SHELF_PAGE_SIZE, SHELF_PAGE_MAX),
    cursor: cursorField.optional(),
    oilId: idField.optional(),
  })
  .strict()
export const BottleListSchema = z.object({ items: z.array(BottleSchema), nextCursor: z.string().nullable() })
export type BottleList = z.infer<typeof BottleListSchema>

/**
 * GET /api/shelf/oils: one line per oil the user owns (bounded by the catalog, so not paged): the
 * millilitres left over all its bottles and the cost per mL (docs/product.md, the weighted-average
 * rule), null when no bottle with oil left has a price.
 */
export const ShelfOilSchema = z.object({
  oilId: z.number().int(),
  oilSlug: z.string(),
  oilName: z.string(),
  bottleCount: z.number().int(),
  remainingMl: z.number(),
  costPerMl: z.number().nullable(),
  /** Its bottles with oil left that have expired, expire soon or are old, in draw order; absent from a cached answer of an older server. */
  ageingLots: z.array(AgeingLotSchema).optional(),
})
export type ShelfOil = z.infer<typeof ShelfOilSchema>
export const ShelfOilListSchema = z.object({
  items: z.array(ShelfOilSchema),
  currency: z.string().nullable(),
})
export type ShelfOilList = z.infer<typeof ShelfOilListSchema>

/** How one accord of the version is weighed when the batch is made (decision 074). */
export const AccordWeighingSchema = z
  .object({
    versionId: bodyIdField('versionId is the id of an accord in this version').meta({
      description: 'The version id of an accord the version holds (BlendVersion.accords[].versionId)',
    }),
    weigh: z.enum(ACCORD_WEIGHS, { error: 'weigh is oils or batch' }),
  })
  .strict()
export type AccordWeighing = z.infer<typeof AccordWeighingSchema>

const ACCORDS_RULE =
  'How each accord of the version is weighed (decision 074): "oils" (the default for an accord not listed) draws its oils from their bottles, ' +
  'as the blend’s own oils are drawn; "batch" draws the accord’s amount from its neat batches (product type ' +
  `${NEAT_PRODUCT_TYPE}), oldest first, what they lack recorded as shortGrams. An accord is listed at most once, and only an accord the version holds.`

/** The per-accord choice, at most one entry per accord; shared by "Mark as made" and the calculate_batch tool. */
export const accordWeighingsField = z
  .array(AccordWeighingSchema)
  .max(3 * MAX_ACCORDS_PER_LAYER, `A version holds at most ${3 * MAX_ACCORDS_PER_LAYER} accords`)
  .refine((list) => new Set(list.map((a) => a.versionId)).size === list.length, 'Each accord is listed once')
  .meta({ description: ACCORDS_RULE })

/** The bottle one oil is drawn from first (decision 090). */
export const FromBottleSchema = z
  .object({
    oilId: bodyIdField('oilId is the id of an oil of the version being made'),
    bottleId: bodyIdField('bottleId is the id of one of your bottles of that oil'),
  })
  .strict()
export type FromBottle = z.infer<typeof FromBottleSchema>

const FROM_BOTTLES_RULE =
  'The bottle each oil is drawn from first (decision 090): one of your bottles of that oil with oil left; the rest of the oil comes from its other bottles ' +
  'in the usual order (oldest first), so a bottle holding too little never blocks. An oil is listed at most once, and only an oil of the version made. Absent: the usual order for every oil.'

export const fromBottlesField = z
  .array(FromBottleSchema)
  .max(200, 'At most 200 bottles are chosen')
  .refine((list) => new Set(list.map((b) => b.oilId)).size === list.length, 'Each oil is listed once')
  .meta({ description: FROM_BOTTLES_RULE })

/** POST /api/blends/{id}/batches ("Mark as made", accepts an Idempotency-Key). The server works out the amounts. */
export const CreateBatchSchema = z
  .object({
    /** The version made; the latest when absent. */
    versionId: bodyIdField('versionId is the id of one of this blend’s versions').optional(),
    /** The day it was made: today by default in the app, never after today (decision 052). */
    madeOn: dateOnlyField
      .refine((day) => day <= latestTodayOnEarth(), MADE_AFTER_TODAY_MESSAGE)
      .meta({
        description:
          'The day the batch was made, YYYY-MM-DD: never after today (a day later than today anywhere on Earth, UTC+14, is refused).',
      }),
    productType: z
      .string({ error: 'The product type is text' })
      .trim()
      .min(1, 'Choose a product type')
      .max(60, 'The product type is at most 60 characters')
      .meta({
        pattern: NOT_BLANK_PATTERN,
        description: `A product type of the usage guide, or the maker's own words. ${NEAT_PRODUCT_TYPE} is made at 100 % (oilPercentage 100): a neat batch to use as an accord (decision 074).`,
      }),
    /** Who it is made for, as the calculator's safety checks took it (docs/product.md "Dilution by who will use it"). */
    audience: z
      .enum(AUDIENCE_IDS, { error: `Who it is for is one of ${AUDIENCE_IDS.join(', ')}` })
      .default(DEFAULT_AUDIENCE)
      .meta({ description: 'Who the batch is made for: adults (the default), a children’s age band, pregnancy or the face.' }),
    weight: amountField('The total product weight'),
    unit: z.enum(WEIGHT_UNITS, { error: 'The weight is in g, oz or lb' }),
    oilPercentage: z
      .number({ error: 'The essential oil percentage is a number' })
      .positive('The essential oil percentage must be greater than 0')
      .max(100, 'The essential oil percentage is at most 100'),
    /** How many product units the batch makes (bars, bottles...), for a cost per unit. */
    units: z.number().int().positive().max(100_000).nullable().default(null),
    /** How each accord is weighed; an accord not listed is weighed as its oils. */
    accords: accordWeighingsField.default([]),
    /** The bottle each oil is drawn from first; absent: the usual draw order (decision 090). */
    fromBottles: fromBottlesField.optional(),
    /** The maker's checks at the time of making (issue 36; docs/product.md "Batch records"); absent: the version's flags. */
    crossContaminationPrevented: z
      .boolean({ error: 'crossContaminationPrevented is true or false' })
      .optional()
      .meta({ description: 'Whether the maker prevented cross-contamination when making it. Absent: the version’s own flag.' }),
    weighedInGrams: z
      .boolean({ error: 'weighedInGrams is true or false' })
      .optional()
      .meta({ description: 'Whether the oils were weighed in grams (not counted in drops). Absent: the version’s own flag.' }),
  })
  .strict()
export type CreateBatch = z.input<typeof CreateBatchSchema>

export const BatchOilSchema = z.object({
  oilId: z.number().int(),
  oilName: z.string(),
  grams: z.number(),
  ml: z.number(),
  /** What the shelf held too little of: the millilitres that could not be taken from it. */
  shortMl: z.number(),
  /** null: "no price on your shelf", never a silent 0. */
  cost: z.number().nullable(),
})
export type BatchOil = z.infer<typeof BatchOilSchema>

/** How a batch weighed one accord of its version (decision 074), as recorded when it was made. */
export const BatchAccordSchema = z.object({
  versionId: z.number().int(),
  name: z.string(),
  referenceNumber: z.string(),
  weigh: z.enum(ACCORD_WEIGHS),
  /** The accord's weight in the batch. */
  grams: z.number(),
  /** Weighed as a batch: the grams its neat batches lacked; 0 otherwise. */
  shortGrams: z.number(),
  /** Weighed as a batch: the neat batches drawn, oldest first, and the grams taken from each. */
  drawn: z.array(z.object({ batchId: z.number().int(), code: z.string(), grams: z.number() })),
})
export type BatchAccord = z.infer<typeof BatchAccordSchema>

/** A batch in a blend's journal. */
export const BatchSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  versionId: z.number().int(),
  /** The reference of the version made, e.g. 001b. */
  reference: z.string(),
  /** The batch's own code, unique in the account, from the maker's pattern (decision 050): 261127-1. */
  code: z.string(),
  madeOn: z.string(),
  productType: z.string(),
  /**
   * Who it was made for; 'adults' for batches made before this was asked. This server always sends
   * it; a batch a device cached from an older server has none (read as adults).
   */
  audience: z.enum(AUDIENCE_IDS).optional(),
  weight: z.number(),
  unit: z.enum(WEIGHT_UNITS),
  oilPercentage: z.number(),
  units: z.number().int().nullable(),
  oils: z.array(BatchOilSchema),
  /** The sum of the priced oils' costs; null when no oil had a price. */
  totalCost: z.number().nullable(),
  /** Whether some oils had no price, so totalCost is partial. */
  costIsPartial: z.boolean(),
  costPerUnit: z.number().nullable(),
  currency: z.string().nullable(),
  createdAt: z.string(),
  /** The allergen label saved with the batch; null when none was saved. */
  label: BatchLabelSummarySchema.nullable(),
  /** The IFRA check recorded when the batch was made (decision 070); null (or absent) for batches recorded before it. */
  ifra: IfraCheckSchema.nullable().optional(),
  /** A neat batch (to use as an accord, decision 074): the grams left of it; null for every other batch. */
  remainingGrams: z.number().nullable().optional(),
  /** How each accord of the version was weighed (decision 074); [] (or absent) when it holds none. */
  accords: z.array(BatchAccordSchema).optional(),
  /**
   * The maker's checks when it was made (issue 36; docs/product.md "Batch records"); null: not
   * recorded (a batch made before they were asked). Absent from a batch a device cached from an older server.
   */
  crossContaminationPrevented: z.boolean().nullable().optional(),
  weighedInGrams: z.boolean().nullable().optional(),
})
export type Batch = z.infer<typeof BatchSchema>

/**
 * GET /api/blends/{id}/batches: a page's batches by default (what the journal asks for), and at
 * most. GET /api/blends/details carries each blend's first page of this size (decision 055).
 */
export const BATCH_PAGE_SIZE = 20
export const BATCH_PAGE_MAX = 100

/** GET /api/blends/{id}/batches: newest first, a page at a time. */
export const BatchListQuerySchema = z
  .object({ limit: limitField(BATCH_PAGE_SIZE, BATCH_PAGE_MAX), cursor: cursorField.optional() })
  .strict()
export const BatchListSchema = z.object({ items: z.array(BatchSchema), nextCursor: z.string().nullable() })
export type BatchList = z.infer<typeof BatchListSchema>

/* DELETE /api/batches/{id}: undo a batch, putting back exactly what it took from each bottle (204). */
