import { z } from 'zod'
import type { SafetyCautionKind, SafetyNote, SafetyUnchecked, SafetyWarning, SafetyWarningKind } from '#shared/domain/safety.ts'

/**
 * The skin-safety report's findings as the API answers them, field for field the shared domain's
 * (src/shared/domain/safety.ts; docs/product.md "Skin safety facts"): each with the English
 * `message` the domain writes and the fields a client composes the same sentence from in its own
 * language (decision 103). The assessor pack sends them beside its sentences (issue 37).
 */

/**
 * A list of every value of K: the type check fails on a kind the domain adds that the list misses,
 * as on one it does not write.
 */
const everyOf =
  <K extends string>() =>
  <const L extends readonly K[]>(list: L & ([K] extends [L[number]] ? unknown : never)): L =>
    list

export const SAFETY_WARNING_KINDS = everyOf<SafetyWarningKind>()([
  'over-limit',
  'phototoxic',
  'over-audience-total',
  'avoid-for-audience',
  'audience-caution',
])
export const SAFETY_CAUTION_KINDS = everyOf<SafetyCautionKind>()(['children', 'pregnancy', 'oxidation'])

export const SafetyWarningSchema = z
  .object({
    kind: z.enum(SAFETY_WARNING_KINDS),
    oil: z.string(),
    /** The oil's share of the finished product, in percent (the blend's total for over-audience-total). */
    productPercentage: z.number(),
    /** The maximum it is over, in percent; null when there is none (a phototoxic oil with no maximum on file, an audience caution). */
    limitPercent: z.number().nullable(),
    /** The citation, or "no source on file". */
    source: z.string(),
    message: z.string(),
  })
  .meta({
    description: 'A skin-safety warning: what was found, with the English sentence the API writes for it',
  }) satisfies z.ZodType<SafetyWarning>

export const SafetyUncheckedSchema = z
  .object({
    oil: z.string(),
    /** The oil's share of the finished product, in percent. */
    productPercentage: z.number(),
    message: z.string(),
  })
  .meta({
    description: 'An oil of a leave-on product that could not be checked: no published maximum is on file',
  }) satisfies z.ZodType<SafetyUnchecked>

export const SafetyNoteSchema = z
  .object({
    kind: z.enum(SAFETY_CAUTION_KINDS),
    oil: z.string(),
    /** The caution as the oil's safety facts give it (in English). */
    text: z.string(),
    source: z.string(),
    message: z.string(),
  })
  .meta({ description: 'A children, pregnancy or oxidation caution of an oil: information, never a block' }) satisfies z.ZodType<SafetyNote>
