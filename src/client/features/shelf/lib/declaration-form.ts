import { z } from 'zod'
import {
  DECLARATION_BASES,
  PutDeclarationSchema,
  type BottleDeclaration,
  type DeclarationBasis,
  type PutDeclaration,
} from '#shared/api/labels.ts'
import { formRefusal } from '#client/lib/api-error.ts'

/**
 * The declaration form's values as typed (percentages as text, so "0,8" and what is half typed are
 * kept), checked and turned into the PUT body by the form's schema, which ends in the request's
 * own schema (PutDeclarationSchema); and the server's refusals mapped back onto the rows.
 */
export interface DeclarationFormValues {
  basis: DeclarationBasis
  /** "Declares no Annex III allergen": the rows are then set aside and none is sent. */
  declaresNone: boolean
  /** `upTo`: the figure is the sheet's upper limit, until the maker types the lot's own. */
  items: { entryId: string; percent: string; upTo: boolean }[]
}

/** Each basis's words: catalog ids (shelf.json), shown in the user's language by the form. */
export const BASIS_LABELS: Record<DeclarationBasis, string> = { 'w/w': 'shelf.declaration.basis.ww', 'w/v': 'shelf.declaration.basis.wv' }

export const EMPTY_ROW = { entryId: '', percent: '', upTo: false } as const

export function valuesOfDeclaration(declaration: BottleDeclaration | null): DeclarationFormValues {
  if (!declaration) return { basis: 'w/w', declaresNone: false, items: [{ ...EMPTY_ROW }] }
  if (declaration.declaresNone) return { basis: declaration.basis, declaresNone: true, items: [] }
  return {
    basis: declaration.basis,
    declaresNone: false,
    items: declaration.items.map((item) => ({ entryId: item.entryId, percent: String(item.percent), upTo: item.upTo === true })),
  }
}

/** A typed percentage with a decimal comma or point; blank is undefined, anything else unreadable NaN. */
export function typedPercent(text: string): number | undefined {
  const trimmed = text.trim().replace(/\s*%$/, '')
  if (trimmed === '') return undefined
  return /^\d*[.,]?\d*$/.test(trimmed) && /\d/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN
}

// The schema's own messages are catalog ids (shelf.json), shown in the user's language by the form.
const rowSchema = z.object({
  entryId: z.string().min(1, 'shelf.declaration.error.allergen'),
  percent: z
    .string()
    .refine((text) => typedPercent(text) !== undefined, 'shelf.declaration.error.percentMissing')
    .refine((text) => !Number.isNaN(typedPercent(text) ?? 0), 'shelf.declaration.error.percentNumber'),
  upTo: z.boolean(),
})

/** The form sets the rows aside when "Declares no Annex III allergen" is ticked, so `items` is then empty. */
export const DeclarationFormSchema = z
  .object({ basis: z.enum(DECLARATION_BASES), declaresNone: z.boolean(), items: z.array(rowSchema) })
  .transform((values): PutDeclaration => ({
    basis: values.basis,
    declaresNone: values.declaresNone,
    items: values.items.map((item) => {
      const row = { entryId: item.entryId, percent: typedPercent(item.percent) ?? 0 }
      return item.upTo ? { ...row, upTo: true } : row
    }),
  }))
  .pipe(PutDeclarationSchema)

export type DeclarationBody = z.output<typeof DeclarationFormSchema>

/** A refused field: the whole list, a row's allergen or percentage, or the basis. */
export type DeclarationField = 'basis' | 'items' | `items.${number}.entryId` | `items.${number}.percent`

/**
 * The fields of a refused save: the error shape's details ({ path: 'body.items.2.percent', message })
 * mapped onto the form; anything that names no field stays the form's message.
 */
export function declarationFieldErrors(error: unknown): { fields: Partial<Record<DeclarationField, string>>; message: string } {
  return formRefusal(error, (path) => {
    const match = /^(?:body\.)?(basis|items)(?:\.(\d+)(?:\.(entryId|percent))?)?$/.exec(path)
    if (!match) return null
    const [, field, index, part] = match
    return (field === 'items' && index !== undefined ? `items.${index}.${part ?? 'entryId'}` : field) as DeclarationField
  })
}
