import type { IfraCheck } from '#shared/api/ifra.ts'
import type { AudienceId } from '#shared/domain/audience-ids.ts'
import type { DocumentKind } from '#shared/domain/document-kinds.ts'
import { currentLanguage } from '#client/lib/i18n.ts'
import { productTypeName } from '#client/lib/product-type-words.ts'

/**
 * How the trace pages (issue 36) write days, amounts, product types and recorded checks in the
 * language shown: English exactly as #client/lib/trace-format.ts writes it (the batch record's PDF
 * keeps that one), the other languages from the catalogs' `batches.json`.
 */
type Translate = (id: string, values?: Record<string, unknown>) => string

const LOCALES = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', it: 'it-IT' } as const

/** '2026-11-20' → '20 Nov 2026' in English, '20. Nov. 2026' in German (the day as written, never moved by a time zone). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  if (!y || !m || !d) return day
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(LOCALES[currentLanguage()], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

/** A number with at most `digits` decimals, no trailing zeros, no grouping ('1234.5', '1234,5'). */
export const formatNumber = (value: number, digits = 2): string =>
  new Intl.NumberFormat(LOCALES[currentLanguage()], { maximumFractionDigits: digits, useGrouping: false }).format(
    Math.round(value * 10 ** digits) / 10 ** digits,
  )

/** A product type's name; an unknown id as it is. */
export const productLabel = (t: Translate, productType: string): string => productTypeName(t, productType)

export const audienceLabel = (t: Translate, audience: AudienceId): string => t(`batches.audience.${audience}`)

export const documentKindLabel = (t: Translate, kind: DocumentKind): string => t(`batches.documentKind.${kind}`)

/** A recorded check: Yes, No, or not recorded (the shared rule, #shared/domain/batch-checks.ts). */
export const checkWord = (t: Translate, check: boolean | null | undefined): string =>
  t(check == null ? 'batches.check.notRecorded' : check ? 'batches.check.yes' : 'batches.check.no')

/** The IFRA check recorded with a batch, in a sentence (the batch record says the same in English). */
export function recordedIfraSentence(t: Translate, ifra: IfraCheck | null | undefined): string {
  if (!ifra) return t('batches.ifra.none')
  switch (ifra.status) {
    case 'within':
      return ifra.maxBlendPercent !== null
        ? t('batches.ifra.withinAtMost', { percent: formatNumber(ifra.maxBlendPercent) })
        : t('batches.ifra.within')
    case 'over':
      return ifra.limitingOil ? t('batches.ifra.overOil', { oil: ifra.limitingOil.oilName }) : t('batches.ifra.over')
    case 'no-category':
      return t('batches.ifra.noCategory')
    default:
      return t('batches.ifra.unknown')
  }
}

/** What the recorded check was made against: its category, the certificates' amendments and the day. */
export function recordedIfraBasis(t: Translate, ifra: IfraCheck): string {
  const category = ifra.category
    ? ifra.categoryName
      ? t('batches.ifra.categoryNamed', { category: ifra.category, name: ifra.categoryName })
      : t('batches.ifra.category', { category: ifra.category })
    : t('batches.ifra.noCategoryBasis')
  // The day as the API gives it (ISO, the same in every language), as the batch record writes it.
  const day = ifra.checkedAt.slice(0, 10)
  return ifra.amendments.length > 0
    ? t('batches.ifra.basisAmendments', { category, amendments: ifra.amendments.join(', '), day })
    : t('batches.ifra.basis', { category, day })
}
