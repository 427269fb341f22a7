import type { IfraCertificate, PutIfraCertificate } from '#shared/api/ifra.ts'
import { IFRA_CATEGORIES, type IfraCategory, type IfraLimit } from '#shared/domain/ifra.ts'
import type { PastedCertificate } from '#shared/domain/ifra-certificate-paste.ts'
import { parseDecimal } from '#shared/domain/units.ts'

/**
 * The IFRA certificate form's values (docs/product.md "IFRA certificates"): the amendment, the
 * date, and a row per IFRA category holding what the maker typed, or "No restriction". A row left
 * blank is a category the certificate does not give: unknown, never unrestricted.
 */
export type CategoryRow = { text: string; noRestriction: boolean }
export type IfraFormValues = { amendment: string; issuedOn: string; rows: Record<IfraCategory, CategoryRow> }

const blankRows = (): Record<IfraCategory, CategoryRow> =>
  Object.fromEntries(IFRA_CATEGORIES.map((c) => [c, { text: '', noRestriction: false }])) as Record<IfraCategory, CategoryRow>

const shown = (limit: IfraLimit): CategoryRow =>
  limit === 'no-restriction' ? { text: '', noRestriction: true } : { text: String(limit), noRestriction: false }

export function valuesOfCertificate(certificate: IfraCertificate | null): IfraFormValues {
  const rows = blankRows()
  for (const l of certificate?.limits ?? []) rows[l.category] = shown(l.limit)
  return { amendment: certificate?.amendment ?? '', issuedOn: certificate?.issuedOn ?? '', rows }
}

/** A pasted certificate laid over the form: what was read replaces the fields it names; the rest stays as typed. */
export function withPasted(values: IfraFormValues, read: PastedCertificate): IfraFormValues {
  const rows = { ...values.rows }
  for (const l of read.limits) rows[l.category] = shown(l.limit)
  return { amendment: read.amendment ?? values.amendment, issuedOn: read.issuedOn ?? values.issuedOn, rows }
}

export type IfraFormErrors = { amendment?: string; issuedOn?: string; limits?: string; rows: Partial<Record<IfraCategory, string>> }

/** The body to send, or the fields' problems in plain words: catalog ids (shelf.json), shown in the user's language by the form. */
export function certificateBody(values: IfraFormValues, locale?: string): { body: PutIfraCertificate } | { errors: IfraFormErrors } {
  const errors: IfraFormErrors = { rows: {} }
  const limits: PutIfraCertificate['limits'] = []
  for (const category of IFRA_CATEGORIES) {
    const row = values.rows[category]
    if (row.noRestriction) {
      limits.push({ category, limit: 'no-restriction' })
      continue
    }
    if (row.text.trim() === '') continue
    const typed = parseDecimal(row.text.replace(/%\s*$/, ''), locale)
    if (typed.kind !== 'number') errors.rows[category] = 'shelf.ifra.error.percent'
    else if (typed.value < 0) errors.rows[category] = 'shelf.ifra.error.atLeast'
    else if (typed.value > 100) errors.rows[category] = 'shelf.ifra.error.atMost'
    else limits.push({ category, limit: typed.value })
  }
  if (values.amendment.trim() === '') errors.amendment = 'shelf.ifra.error.amendment'
  if (values.issuedOn !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(values.issuedOn)) errors.issuedOn = 'shelf.ifra.error.date'
  if (limits.length === 0 && Object.keys(errors.rows).length === 0) errors.limits = 'shelf.ifra.error.limits'
  if (errors.amendment || errors.issuedOn || errors.limits || Object.keys(errors.rows).length > 0) return { errors }
  return { body: { amendment: values.amendment.trim(), issuedOn: values.issuedOn || null, limits } }
}
