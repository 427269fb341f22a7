import { PIF_INDEX, PIF_SOURCE, PROVIDER_LABELS, type PifGroup, type PifPart, type PifProvider } from '#shared/domain/assessor-pack.ts'
import { pdfTextOr } from '#client/lib/pdf-words.ts'

/**
 * The product information file's index in the interface's language (issue 37; decision 105): the
 * domain (`#shared/domain/assessor-pack.ts`) keeps the parts' structure (their numbers, their
 * order, who provides what) and its English; the `pdf` catalog section says each title and sentence
 * again under `pdf.pif.*`, its English word for word the domain's. A part's ids are named after its
 * number: '(a)' → `pdf.pif.a.title`, 'A.1' → `pdf.pif.A1.accord`, `pdf.pif.A1.maker`. A message
 * the catalogs do not hold (a part added to the domain without its words) is the domain's English.
 */

/** A part's name in the catalogs' ids: '(a)' → 'a', 'A.1' → 'A1', 'B.4' → 'B4'. */
export const pifKey = (part: Pick<PifPart, 'number'>): string => part.number.replace(/[^A-Za-z0-9]/g, '')

const partId = (part: Pick<PifPart, 'number'>, field: string) => `pdf.pif.${pifKey(part)}.${field}`

/**
 * Every message of the index with the domain's English it says: what each language's catalog must
 * hold (a part's "what Accord gives" only when it gives something; one sentence per provider).
 */
export function pifMessages(): (readonly [id: string, english: string])[] {
  return [
    ['pdf.pif.source', PIF_SOURCE],
    ...PIF_INDEX.flatMap((group) => [
      [`pdf.pif.group.${group.id}`, group.title] as const,
      ...group.parts.flatMap((part) => [
        [partId(part, 'title'), part.title] as const,
        ...(part.accord === null ? [] : [[partId(part, 'accord'), part.accord] as const]),
        ...part.toProvide.map((provided) => [partId(part, provided.by), provided.what] as const),
      ]),
    ]),
  ]
}

/** "Regulation (EC) No 1223/2009, Article 11 and Annex I" in the language shown. */
export const pifSource = (): string => pdfTextOr('pdf.pif.source', PIF_SOURCE)

/** A group's heading: "Article 11(2)(a): Description of the cosmetic product". */
export const pifGroupTitle = (group: Pick<PifGroup, 'id' | 'title'>): string => pdfTextOr(`pdf.pif.group.${group.id}`, group.title)

/** A part's title as the regulation names it: "Quantitative and qualitative composition". */
export const pifTitle = (part: Pick<PifPart, 'number' | 'title'>): string => pdfTextOr(partId(part, 'title'), part.title)

/** What the pack gives for the part; null when Accord knows nothing of it. */
export const pifAccord = (part: Pick<PifPart, 'number' | 'accord'>): string | null =>
  part.accord === null ? null : pdfTextOr(partId(part, 'accord'), part.accord)

/** What the maker or the assessor must add for the part. */
export const pifToProvide = (part: Pick<PifPart, 'number'>, provided: { by: PifProvider; what: string }): string =>
  pdfTextOr(partId(part, provided.by), provided.what)

/** "The maker", "The safety assessor". */
export const pifProvider = (by: PifProvider): string => pdfTextOr(`pdf.pack.provider.${by}`, PROVIDER_LABELS[by])
