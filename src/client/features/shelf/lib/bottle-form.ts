import { z } from 'zod'
import { BOTTLE_UNITS, CreateBottleSchema, type Bottle, type BottleUnit, type CreateBottle } from '#shared/api/shelf.ts'
import { formRefusal } from '#client/lib/api-error.ts'

/**
 * The bottle form's values as typed (strings, so nothing typed is lost to a number round trip),
 * checked and turned into the API body by the form's schema, and the server's field errors turned
 * back into messages per field.
 */
export interface BottleFormValues {
  oilId: string
  unit: BottleUnit
  size: string
  remaining: string
  price: string
  supplier: string
  lotCode: string
  purchasedOn: string
  openedOn: string
  bestBefore: string
}

export type BottleField = keyof BottleFormValues
export type FieldErrors = Partial<Record<BottleField, string>>

export const EMPTY_BOTTLE: BottleFormValues = {
  oilId: '',
  unit: 'mL',
  size: '',
  remaining: '',
  price: '',
  supplier: '',
  lotCode: '',
  purchasedOn: '',
  openedOn: '',
  bestBefore: '',
}

export function valuesOf(bottle: Bottle): BottleFormValues {
  return {
    oilId: String(bottle.oilId),
    unit: bottle.unit,
    size: String(bottle.size),
    remaining: String(bottle.remaining),
    price: bottle.price === null ? '' : String(bottle.price),
    supplier: bottle.supplier ?? '',
    lotCode: bottle.lotCode ?? '',
    purchasedOn: bottle.purchasedOn ?? '',
    openedOn: bottle.openedOn ?? '',
    bestBefore: bottle.bestBefore ?? '',
  }
}

/** A typed number with a decimal comma or point; blank is undefined, anything unreadable is NaN (the server names it). */
function number(text: string): number | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  return /^\d*[.,]?\d*$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN
}

/**
 * The schema's own messages are catalog ids (shelf.json), shown in the user's language by the form;
 * what the request's schema or the server says is shown as it comes.
 */

/** A typed amount that is blank or a number. */
const numberText = (message: string) => z.string().refine((text) => !Number.isNaN(number(text) ?? 0), message)

/**
 * The bottle form's schema, for zodResolver: the typed text read as numbers (with the messages a
 * person typing needs: "Enter the bottle size" rather than "is a number"), turned into the API body,
 * then checked by the request's own schema (CreateBottleSchema), the one the server validates with.
 */
export const BottleFormSchema = z
  .object({
    oilId: z.string().min(1, 'shelf.form.error.oil'),
    unit: z.enum(BOTTLE_UNITS),
    size: z
      .string()
      .refine((text) => number(text) !== undefined, 'shelf.form.error.sizeMissing')
      .refine((text) => {
        const size = number(text)
        return size === undefined || (!Number.isNaN(size) && size > 0)
      }, 'shelf.form.error.sizePositive'),
    remaining: numberText('shelf.form.error.remaining'),
    price: numberText('shelf.form.error.price'),
    supplier: z.string(),
    lotCode: z.string(),
    purchasedOn: z.string(),
    openedOn: z.string(),
    bestBefore: z.string(),
  })
  .transform((values) => bottleBody(values))
  .pipe(CreateBottleSchema)

/** What the form hands its submit: the request body, checked. */
export type BottleBody = z.output<typeof BottleFormSchema>

/** The API body; an empty optional field is sent as null so an edit can clear it. */
export function bottleBody(values: BottleFormValues): CreateBottle {
  const text = (value: string) => (value.trim() === '' ? null : value.trim())
  const remaining = number(values.remaining)
  return {
    oilId: Number(values.oilId),
    unit: values.unit,
    size: number(values.size) ?? 0,
    ...(remaining === undefined ? {} : { remaining }),
    price: number(values.price) ?? null,
    supplier: text(values.supplier),
    lotCode: text(values.lotCode),
    purchasedOn: text(values.purchasedOn),
    openedOn: text(values.openedOn),
    // Sent as shown: the form fills it from the oil's shelf life, and a blank one is none (decision 079).
    bestBefore: text(values.bestBefore),
  }
}

const FIELDS: readonly BottleField[] = [
  'oilId',
  'unit',
  'size',
  'remaining',
  'price',
  'supplier',
  'lotCode',
  'purchasedOn',
  'openedOn',
  'bestBefore',
]

/**
 * The field errors of a refused save: the error shape's details ({ path: 'body.price', message })
 * mapped onto the form's fields; anything that names no field stays the form's message.
 */
export function serverFieldErrors(error: unknown): { fields: FieldErrors; message: string } {
  return formRefusal(
    error,
    (path) => path.split('.').find((part): part is BottleField => (FIELDS as readonly string[]).includes(part)) ?? null,
  )
}
