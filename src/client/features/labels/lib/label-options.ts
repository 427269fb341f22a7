import { z } from 'zod'
import { FRAGRANCE_AS, LabelOptionsSchema, type LabelOptions } from '#shared/api/labels.ts'
import type { LabelOptionsValues } from '#client/features/labels/lib/label-format.ts'

/**
 * The options form's schema (loaded with the form, never with the page): the typed percentages
 * read as numbers, then checked by the request's own schema (LabelOptionsSchema).
 */
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
