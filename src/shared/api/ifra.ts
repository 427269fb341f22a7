import { z } from 'zod'
import { isoDateField, NOT_BLANK_PATTERN } from '#shared/api/fields.ts'
import { bodyIdField } from '#shared/api/ids.ts'
import { PRODUCT_TYPE_IDS } from '#shared/api/labels.ts'
import { IFRA_CATEGORIES } from '#shared/domain/ifra.ts'
import { WEIGHT_UNITS } from '#shared/domain/units.ts'

/**
 * IFRA from the maker's certificates (docs/product.md "IFRA certificates"; decision 070): a
 * bottle's IFRA Certificate of Conformity as the maker entered it, and the IFRA check of a batch.
 * Accord ships none of IFRA's data; every limit comes from a certificate.
 */

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

const limitField = z
  .union([
    z
      .number({ error: 'The limit is a percentage or "no-restriction"' })
      .min(0, 'A limit is at least 0 %')
      .max(100, 'A limit is at most 100 %'),
    z.literal('no-restriction'),
  ])
  .meta({ description: 'The maximum % of the oil in the finished product, or "no-restriction" when the certificate says so' })

export const IfraLimitSchema = z
  .object({
    category: z.enum(IFRA_CATEGORIES, { error: `The category is one of IFRA's: ${IFRA_CATEGORIES.join(', ')}` }),
    limit: limitField,
  })
  .strict()

function realDay(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/** PUT /api/shelf/bottles/{id}/ifra-certificate: the whole certificate, replacing any earlier one. */
export const PutIfraCertificateSchema = z
  .object({
    amendment: z
      .string({ error: 'The amendment is text' })
      .trim()
      .min(1, 'Enter the amendment the certificate follows, e.g. 51st')
      .max(40, 'The amendment is at most 40 characters')
      .meta({ pattern: NOT_BLANK_PATTERN, description: 'The amendment the certificate follows, as printed ("51st")' }),
    issuedOn: z
      .string({ error: 'The date is text: YYYY-MM-DD' })
      .regex(ISO_DATE_PATTERN, 'The date is YYYY-MM-DD')
      .refine(realDay, 'The date is not a real day')
      .nullable()
      .default(null)
      .meta({ description: 'The certificate’s date (YYYY-MM-DD, a real day), or null when not entered' }),
    limits: z
      .array(IfraLimitSchema)
      .min(1, 'Enter the limit of at least one category')
      .max(IFRA_CATEGORIES.length, `A certificate lists at most ${IFRA_CATEGORIES.length} categories`),
  })
  .strict()
  .meta({ description: 'Each category is listed once. A category not listed is unknown, never unrestricted.' })
  .refine((c) => new Set(c.limits.map((l) => l.category)).size === c.limits.length, {
    message: 'Each category is listed once',
    path: ['limits'],
  })
export type PutIfraCertificate = z.input<typeof PutIfraCertificateSchema>

export const IfraCertificateSchema = z.object({
  bottleId: z.number().int(),
  amendment: z.string(),
  issuedOn: z.string().nullable(),
  limits: z.array(z.object({ category: z.enum(IFRA_CATEGORIES), limit: z.union([z.number(), z.literal('no-restriction')]) })),
  updatedAt: z.string(),
})
export type IfraCertificate = z.infer<typeof IfraCertificateSchema>

/** GET /api/shelf/bottles/{id}/ifra-certificate: null when the bottle has none. */
export const IfraCertificateAnswerSchema = z.object({ certificate: IfraCertificateSchema.nullable() })
export type IfraCertificateAnswer = z.infer<typeof IfraCertificateAnswerSchema>

/** POST /api/ifra/check: the calculator's batch, as "Mark as made" would draw it now. */
export const IfraCheckRequestSchema = z
  .object({
    versionId: bodyIdField('versionId is the id of one of your blend versions'),
    productType: z.enum(PRODUCT_TYPE_IDS, { error: 'Choose a product type of the usage guide' }),
    category: z
      .enum(IFRA_CATEGORIES, { error: `The category is one of IFRA's: ${IFRA_CATEGORIES.join(', ')}` })
      .optional()
      .meta({ description: 'The IFRA category, when the product type maps to none or the maker chooses another; else the mapping’s' }),
    weight: z
      .number({ error: 'The total product weight is a number' })
      .positive('The total product weight must be greater than 0')
      .max(1_000_000, 'The total product weight is at most 1,000,000'),
    unit: z.enum(WEIGHT_UNITS, { error: 'The weight is in g, oz or lb' }),
    oilPercentage: z
      .number({ error: 'The essential oil percentage is a number' })
      .positive('The essential oil percentage must be greater than 0')
      .max(100, 'The essential oil percentage is at most 100'),
  })
  .strict()
export type IfraCheckRequest = z.input<typeof IfraCheckRequestSchema>

const limitAnswer = z.union([z.number(), z.literal('no-restriction')])

export const IfraLotUsedSchema = z.object({
  /** Null in a check imported from a file whose bottle is not in this account. */
  bottleId: z.number().int().nullable(),
  lotCode: z.string().nullable(),
  amendment: z.string().nullable(),
  issuedOn: z.string().nullable(),
  /** The certificate's limit for the category; null when the bottle has no certificate or it does not list the category. */
  limit: limitAnswer.nullable(),
})

export const IfraOilLimitSchema = z.object({
  oilId: z.number().int(),
  oilName: z.string(),
  /** The oil's share of the blend, in percent. */
  blendPercent: z.number(),
  /** The most % of the oil in the finished product: the strictest of its lots' certificates, or unknown. */
  maxProductPercent: z.union([limitAnswer, z.literal('unknown')]),
  reasons: z.array(z.enum(['no-certificate', 'category-not-on-certificate', 'not-on-shelf'])).optional(),
  lots: z.array(IfraLotUsedSchema),
})

export const IFRA_NOTICE =
  'Accord checks these limits against the IFRA certificates you entered for your bottles. It holds none of IFRA’s own data and does not replace your supplier’s certificate or your product’s safety assessment.'

/** The IFRA check of a batch (POST /api/ifra/check, a recorded batch, calculate_batch). */
export const IfraCheckSchema = z.object({
  productType: z.string(),
  category: z.enum(IFRA_CATEGORIES).nullable(),
  categoryName: z.string().nullable(),
  oilPercentage: z.number(),
  /** The most % of the blend in the product; an upper bound only when complete is false; null when no oil has a numeric limit. */
  maxBlendPercent: z.number().nullable(),
  limitingOil: z.object({ oilId: z.number().int(), oilName: z.string(), limit: z.number(), blendPercent: z.number() }).nullable(),
  complete: z.boolean(),
  /** over: above the maximum; unknown: some oil's limit is not known; no-category: the product type maps to no IFRA category. */
  status: z.enum(['within', 'over', 'unknown', 'no-category']),
  oils: z.array(IfraOilLimitSchema),
  amendments: z.array(z.string()),
  notice: z.string(),
  checkedAt: z.string(),
})
export type IfraCheck = z.infer<typeof IfraCheckSchema>

/** A recorded check with its oil and bottle ids moved to another account's (an import's). */
export function remapIfraCheck(
  check: IfraCheck,
  oilId: (old: number, oilName: string) => number,
  bottleId: (old: number | null) => number | null,
): IfraCheck {
  return {
    ...check,
    limitingOil: check.limitingOil ? { ...check.limitingOil, oilId: oilId(check.limitingOil.oilId, check.limitingOil.oilName) } : null,
    oils: check.oils.map((o) => ({
      ...o,
      oilId: oilId(o.oilId, o.oilName),
      lots: o.lots.map((l) => ({ ...l, bottleId: bottleId(l.bottleId) })),
    })),
  }
}

/** A bottle's certificate in an export file (version 4). */
export const ExportIfraCertificateSchema = z.object({
  amendment: z.string().trim().min(1).max(40).meta({ pattern: NOT_BLANK_PATTERN }),
  issuedOn: z.string().regex(ISO_DATE_PATTERN, 'The date is YYYY-MM-DD').refine(realDay, 'The date is not a real day').nullable(),
  limits: z
    .array(IfraLimitSchema)
    .min(1, 'A certificate gives the limit of at least one category')
    .max(IFRA_CATEGORIES.length)
    .refine((limits) => new Set(limits.map((l) => l.category)).size === limits.length, 'Each category is listed once'),
  updatedAt: isoDateField,
})
export type ExportIfraCertificate = z.infer<typeof ExportIfraCertificateSchema>
