import { z } from 'zod'
import { FRAGRANCE_AS, LabelOptionsSchema, type FragranceAs, type Label, type LabelOptions } from '#shared/api/labels.ts'
import { ApiError } from '#client/lib/api-client.ts'

/**
 * The ingredient list's options as typed on the label screen: how the oils are named, and the
 * base's ingredients (INCI name and percentage as text), checked and turned into the request's
 * options by the form's schema, which ends in the request's own (LabelOptionsSchema).
 */
export interface LabelOptionsValues {
  fragranceAs: FragranceAs
  base: { inci: string; percent: string }[]
}

export const FRAGRANCE_AS_LABELS: Record<FragranceAs, string> = { inci: 'INCI names', parfum: 'Parfum' }

export const EMPTY_BASE_ROW = { inci: '', percent: '' } as const

export const DEFAULT_OPTIONS: LabelOptionsValues = { fragranceAs: 'inci', base: [] }

/** The options a saved label was made with: its base ingredients are those of kind 'base'. */
export function valuesOfLabel(label: Label | null): LabelOptionsValues {
  if (!label) return DEFAULT_OPTIONS
  return {
    fragranceAs: label.fragranceAs,
    base: label.ingredients.filter((i) => i.kind === 'base').map((i) => ({ inci: i.name, percent: String(i.percent) })),
  }
}

function typed(text: string): number | undefined {
  const trimmed = text.trim().replace(/\s*%$/, '')
  if (trimmed === '') return undefined
  return /^\d*[.,]?\d*$/.test(trimmed) && /\d/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN
}

export const LabelOptionsFormSchema = z
  .object({
    fragranceAs: z.enum(FRAGRANCE_AS),
    base: z.array(
      z.object({
        inci: z.string(),
        percent: z
          .string()
          .refine((text) => typed(text) !== undefined, 'Enter its percentage of the product')
          .refine((text) => !Number.isNaN(typed(text) ?? 0), 'The percentage is a number, such as 12.5'),
      }),
    ),
  })
  .transform((values): z.input<typeof LabelOptionsSchema> => ({
    fragranceAs: values.fragranceAs,
    base: values.base.map((row) => ({ inci: row.inci, percent: typed(row.percent) ?? 0 })),
  }))
  .pipe(LabelOptionsSchema)

export type LabelOptionsBody = z.output<typeof LabelOptionsFormSchema>

/** The options as the request sends them, or null while what is typed does not hold. */
export function optionsOf(values: LabelOptionsValues): LabelOptions | null {
  const parsed = LabelOptionsFormSchema.safeParse(values)
  return parsed.success ? parsed.data : null
}

/**
 * A refused label request's details ({ path: 'body.base.2.percent', message }) as the form's fields;
 * anything else (the product type, the batch) stays the message.
 */
export function optionFieldErrors(error: unknown): { fields: Record<string, string>; message: string } {
  const fields: Record<string, string> = {}
  if (!(error instanceof ApiError)) return { fields, message: 'Something went wrong. Please try again.' }
  const details = Array.isArray(error.details) ? (error.details as unknown[]) : []
  for (const detail of details) {
    if (typeof detail !== 'object' || detail === null) continue
    const { path, message } = detail as { path?: unknown; message?: unknown }
    if (typeof path !== 'string' || typeof message !== 'string') continue
    const match = /^(?:body\.)?(fragranceAs|productType|base(?:\.\d+\.(?:inci|percent))?)$/.exec(path)
    if (match && !fields[match[1]!]) fields[match[1]!] = message
  }
  return { fields, message: Object.keys(fields).length > 0 ? 'Please check the fields marked below.' : error.message }
}

/** A percentage of the product as the label screen prints it: three significant figures, "0.0051 %". */
export function formatLabelPercent(percent: number): string {
  return `${new Intl.NumberFormat(undefined, { maximumSignificantDigits: 3 }).format(percent)} %`
}
