import type { FragranceAs, Label, LabelOptions } from '#shared/api/labels.ts'
import { formRefusal } from '#client/lib/api-error.ts'

/**
 * The label screen's words and values that need no schema library: the page loads without zod,
 * and the options form (with it) comes as a chunk of its own (docs/architecture.md, "Code that
 * waits for a press").
 */

/** The notice of docs/product.md, as the API's label carries it (LABEL_NOTICE; a unit test holds them equal). */
export const LABEL_NOTICE_TEXT =
  'Accord computes this label from the allergen declarations you entered for your bottles. It does not replace the cosmetic product safety report the regulation requires.'

/** The ingredient list's options as typed: how the oils are named, and the base's INCI names and percentages as text. */
export interface LabelOptionsValues {
  fragranceAs: FragranceAs
  base: { inci: string; percent: string }[]
}

export const EMPTY_BASE_ROW = { inci: '', percent: '' } as const

export const DEFAULT_OPTIONS: LabelOptionsValues = { fragranceAs: 'inci', base: [] }

/** The options a request sends before anything is chosen. */
export const DEFAULT_REQUEST_OPTIONS: Required<LabelOptions> = { fragranceAs: 'inci', base: [] }

/** The options a saved label was made with: its base ingredients are those of kind 'base'. */
export function valuesOfLabel(label: Label | null): LabelOptionsValues {
  if (!label) return DEFAULT_OPTIONS
  return {
    fragranceAs: label.fragranceAs,
    base: label.ingredients.filter((i) => i.kind === 'base').map((i) => ({ inci: i.name, percent: String(i.percent) })),
  }
}

/** The request options of a saved label, as it was saved. */
export function requestOptionsOfLabel(label: Label | null): Required<LabelOptions> {
  if (!label) return DEFAULT_REQUEST_OPTIONS
  return {
    fragranceAs: label.fragranceAs,
    base: label.ingredients.filter((i) => i.kind === 'base').map((i) => ({ inci: i.name, percent: i.percent })),
  }
}

/**
 * A refused label request's details ({ path: 'body.base.2.percent', message }) as the form's fields;
 * anything else (the batch, a failure) stays the message.
 */
export function optionFieldErrors(error: unknown): { fields: Record<string, string>; message: string } {
  const { fields, message } = formRefusal(
    error,
    (path) => /^(?:body\.)?(fragranceAs|productType|base(?:\.\d+\.(?:inci|percent))?)$/.exec(path)?.[1] ?? null,
  )
  // Only the fields a detail named are present, each with its message.
  return { fields: fields as Record<string, string>, message }
}

/** A percentage of the product as the label screen prints it: three significant figures, "0.0051 %". */
export function formatLabelPercent(percent: number): string {
  return `${new Intl.NumberFormat(undefined, { maximumSignificantDigits: 3 }).format(percent)} %`
}
