/**
 * The skin-safety, audience, compliance and IFRA sentences in the interface's language (issue 37,
 * decision 103). The shared domain keeps writing its English `message`s for the API, the MCP tools
 * and the PDFs; a screen composes the same sentences here from the structured fields (kind, oil,
 * percentages, source, audience, category), with the `safety` catalog section's ICU messages. In
 * English every sentence is word for word the domain's. A source's citation is a reference and is
 * shown as it is; oil names go through oilName(); the per-oil caution and maximum-note texts the API
 * sends are looked up by their English (oilSafetyText).
 */
import english from '#client/locales/en/safety.json?lingui'
import { currentLanguage, registerSection } from '#client/lib/i18n.ts'
import type { Translate } from '#client/lib/known-messages.ts'
import { oilName } from '#client/lib/oil-words.ts'
import { oilSafetyTexts } from '#client/lib/oil-safety-texts.ts'
import { shownPercent as percent } from '#client/lib/number-words.ts'
import { formatPercent } from '#shared/domain/units.ts'
import { AUDIENCE_LABELS, type AudienceId, type AudienceReport, type EffectiveMaximum } from '#shared/domain/audience-ids.ts'
import type { Audience } from '#shared/domain/audiences.ts'
import type { HighestPercentage, LimitKind, OilLimit } from '#shared/domain/compliance.ts'
import type { IfraCategory } from '#shared/domain/ifra.ts'
import type { ProductUse, SafetyCautionKind, SafetyNote, SafetyUnchecked, SafetyWarning } from '#shared/domain/safety.ts'

export type { Translate }

export const safetyWordsReady: Promise<void> = registerSection('safety', english, {
  de: () => import('#client/locales/de/safety.json?lingui'),
  fr: () => import('#client/locales/fr/safety.json?lingui'),
  es: () => import('#client/locales/es/safety.json?lingui'),
  it: () => import('#client/locales/it/safety.json?lingui'),
})

/** The domain's words for a missing source ('no source on file'), else the citation as it is. */
const NO_SOURCE = 'no source on file'
const sourceText = (t: Translate, source: string | null): string =>
  source === null || source === NO_SOURCE ? t('safety.noSource') : source

/** A caution's or maximum note's text from the catalog's data, in the shown language (one not listed: as it came). */
export const oilSafetyText = (t: Translate, text: string): string => oilSafetyTexts.text(t, text)

const SCOPE_IDS: Readonly<Record<ProductUse, string>> = {
  'leave-on': 'safety.scope.leaveOn',
  'rinse-off': 'safety.scope.rinseOff',
  home: 'safety.scope.home',
}

/** What the checks cover for this kind of product (the domain's SAFETY_SCOPE). */
export const scopeText = (t: Translate, use: ProductUse): string => t(SCOPE_IDS[use])

/** The green line (the domain's NO_WARNINGS). */
export const noWarningsText = (t: Translate): string => t('safety.noWarnings')

/** "Children", "Pregnancy", "Oxidation" (the domain's CAUTION_LABELS). */
export const cautionLabel = (t: Translate, kind: SafetyCautionKind): string => t(`safety.cautionLabel.${kind}`)

/** The words for an oil with no maximum on file (the domain's NO_MAXIMUM_ON_FILE). */
export const noMaximumOnFileText = (t: Translate): string => t('safety.noMaximumOnFile')

/** "leave-on maximum 2%" or "no published leave-on maximum" (the domain's limitText). */
export const limitText = (t: Translate, limit: number | null): string =>
  limit === null ? t('safety.limit.none') : t('safety.limit.leaveOn', { percent: percent(limit) })

/** Who a product is for, as the select and the panel name them (the domain's AUDIENCE_LABELS). */
export const audienceLabel = (t: Translate, id: AudienceId): string => t(`safety.audience.${id}`)

/** "For Children 2-6 years", "For the face (an adult facial product)": the heading of the audience's maxima. */
export const maximaHeading = (t: Translate, id: AudienceId): string => t('safety.maximaFor', { audience: id, label: audienceLabel(t, id) })

/** The audience's total in a sentence with its source (the domain's audienceTotalText). */
export function audienceTotalSentence(t: Translate, audience: Pick<Audience, 'id' | 'group' | 'total'>): string {
  const label = audienceLabel(t, audience.id)
  const total = audience.total
  if (audience.group === 'adults') return t('safety.total.adults')
  if (total === null) return t('safety.total.unknown', { audience: label })
  if (total.percent === 0) return t('safety.total.none', { audience: label, source: total.source })
  return total.recommended === null
    ? t('safety.total.atMost', { audience: label, percent: percent(total.percent), source: total.source })
    : t('safety.total.atMostRecommended', {
        audience: label,
        percent: percent(total.percent),
        recommended: percent(total.recommended),
        source: total.source,
      })
}

/** The audience a report was checked for, with its total: what the warnings of its kind name. */
export type ReportAudience = Pick<Audience, 'id' | 'group' | 'total'>

/** The children's bands as the over-total sentence's select names them (an ICU select's key takes no hyphen). */
const BAND_KEYS: Partial<Record<AudienceId, string>> = {
  'child-under-3-months': 'childUnder3Months',
  'child-3-24-months': 'child3To24Months',
  'child-2-6-years': 'child2To6Years',
  'child-6-15-years': 'child6To15Years',
  'child-15-plus-years': 'child15PlusYears',
}
const selectKey = (id: AudienceId | undefined): string => (id && BAND_KEYS[id]) ?? 'other'

/** One warning of the safety report in the shown language (the domain's SafetyWarning.message). */
export function warningText(t: Translate, warning: SafetyWarning, audience?: ReportAudience | null): string {
  const oil = oilName(warning.oil)
  const share = percent(warning.productPercentage)
  const source = sourceText(t, warning.source)
  const label = audience ? audienceLabel(t, audience.id) : ''
  switch (warning.kind) {
    case 'over-limit':
      return t('safety.warning.overLimit', { oil, share, limit: percent(warning.limitPercent ?? 0), source })
    case 'phototoxic':
      return t('safety.warning.phototoxic', { oil, share, limit: limitText(t, warning.limitPercent), source })
    case 'over-audience-total': {
      const limit = warning.limitPercent ?? 0
      if (limit === 0 && audience) return t('safety.warning.overNone', { totalText: audienceTotalSentence(t, audience), total: share })
      return t('safety.warning.overTotal', { total: share, audience: selectKey(audience?.id), label, limit: percent(limit), source })
    }
    case 'avoid-for-audience':
      return t('safety.warning.avoid', { audience: label, oil, share, caution: cautionOf(t, warning, audience), source })
    case 'audience-caution':
      return t('safety.warning.caution', { audience: label, oil, caution: cautionOf(t, warning, audience), source })
  }
}

/**
 * An audience warning's caution text: the English message holds it between the oil's part and the
 * source ("Pregnancy: do not use Myrrh (…). <text> (<source>)"), as the oil's facts give it.
 */
function cautionOf(t: Translate, warning: SafetyWarning, audience: ReportAudience | null | undefined): string {
  const english = audience ? AUDIENCE_ENGLISH[audience.id] : ''
  const head =
    warning.kind === 'avoid-for-audience'
      ? `${english}: do not use ${warning.oil} (${formatPercent(warning.productPercentage)} of the finished product). `
      : `${english}: ${warning.oil}. `
  const tail = ` (${warning.source})`
  const message = warning.message
  const text = message.startsWith(head) && message.endsWith(tail) ? message.slice(head.length, -tail.length) : message
  return oilSafetyText(t, text)
}

/** The English labels the domain's messages begin with, to find the caution in them. */
const AUDIENCE_ENGLISH: Readonly<Record<AudienceId, string>> = AUDIENCE_LABELS

/** An oil of a leave-on blend that could not be checked (the domain's SafetyUnchecked.message). */
export const uncheckedText = (t: Translate, unchecked: Pick<SafetyUnchecked, 'oil' | 'productPercentage'>): string =>
  t('safety.unchecked', { oil: oilName(unchecked.oil), share: percent(unchecked.productPercentage) })

/** A caution of an oil with its source (the domain's SafetyNote.message). */
export const cautionText = (t: Translate, note: Pick<SafetyNote, 'text' | 'source'>): string =>
  t('safety.caution', { text: oilSafetyText(t, note.text), source: note.source })

/** Why an oil's maximum is what it is for an audience (the domain's EffectiveMaximum.reason). */
export function maximumReason(t: Translate, use: ProductUse, audience: ReportAudience, max: EffectiveMaximum): string {
  const oil = oilName(max.oil)
  if (use === 'rinse-off') return t('safety.reason.rinseOff')
  if (use === 'home') return t('safety.reason.home')
  if (max.basis === 'avoid') {
    const head = `${AUDIENCE_ENGLISH[audience.id]}: do not use ${max.oil}. `
    const caution = max.reason.startsWith(head) ? max.reason.slice(head.length) : max.reason
    return t('safety.reason.avoid', { audience: audienceLabel(t, audience.id), oil, caution: oilSafetyText(t, caution) })
  }
  if (max.basis === 'audience-total') return audienceTotalSentence(t, audience)
  if (max.maxPercent === null) return t('safety.reason.noMaximum', { oil })
  const kept = audience.group !== 'adults' && audience.total === null
  return t(kept ? 'safety.reason.oilKept' : 'safety.reason.oil', { percent: percent(max.maxPercent) })
}

/** The audience report's sentence for a total that could not be checked (its totalUnchecked). */
export const totalUncheckedText = (t: Translate, audience: ReportAudience, report: AudienceReport): string | null =>
  report.totalUnchecked === null ? null : audienceTotalSentence(t, audience)

/** The words of a report's total line (the domain's TOTAL_OIL); an oil's name otherwise. */
export const warningOilName = (t: Translate, name: string): string =>
  name === 'Total essential oil' ? t('safety.totalOil') : oilName(name)

/** An IFRA category's name as IFRA's guidance gives it, in the shown language (the domain's IFRA_CATEGORY_NAMES). */
export const ifraCategoryName = (t: Translate, category: IfraCategory): string => t(`safety.ifra.category.${category}`)

/** "leave-on maximum", "IFRA limit", "maximum for who will use it" (the domain's LIMIT_KIND_LABELS). */
export const limitKindLabel = (t: Translate, kind: LimitKind): string => t(`safety.compliance.kind.${kind}`)

/** How one limit reads before and after a proposal (the domain's compliance limitText). */
export const complianceLimitText = (t: Translate, limit: Pick<OilLimit, 'name' | 'kind' | 'maxPercent' | 'source'>): string =>
  t('safety.compliance.limit', {
    oil: oilName(limit.name),
    kind: limitKindLabel(t, limit.kind),
    percent: percent(limit.maxPercent),
    source: sourceText(t, limit.source),
  })

/** An oil with no leave-on maximum on file, named and not raised (the domain's dermalLimits unknown message). */
export const unknownDermalText = (t: Translate, name: string): string => t('safety.compliance.unknownDermal', { oil: oilName(name) })

/** The finding for a blend no change within its layers can bring within its limits (the domain's infeasibleMessage). */
export function infeasibleText(t: Translate, highest: HighestPercentage | null): string {
  if (!highest) return t('safety.compliance.infeasible')
  if (highest.percentage <= 0)
    return t('safety.compliance.infeasibleNone', {
      oil: warningOilName(t, highest.limit.name),
      source: sourceText(t, highest.limit.source),
    })
  return t('safety.compliance.infeasibleAt', { percent: percent(highest.percentage), oil: warningOilName(t, highest.limit.name) })
}

/** A product type's name inside a finding: English writes it in lower case ("in a lotion / cream"), as the domain does. */
const typeInSentence = (typeName: string): string => (currentLanguage() === 'en' ? typeName.toLowerCase() : typeName)

/** Make it compliant's finding for a blend within every limit (the API's `within` message). */
export const complianceWithinText = (t: Translate, limitCount: number, productPercentage: number, typeName: string): string =>
  limitCount === 0
    ? t('safety.compliance.withinNone', { type: typeInSentence(typeName) })
    : t('safety.compliance.withinAt', { percent: percent(productPercentage), type: typeInSentence(typeName) })

/** Make it compliant's proposal in a sentence: how many lines move (the API's `proposal` message). */
export function complianceProposalText(
  t: Translate,
  moved: readonly { kind: 'oil' | 'accord'; delta: number }[],
  productPercentage: number,
): string {
  const lines = moved.filter((line) => line.delta !== 0)
  const id = lines.some((line) => line.kind === 'accord') ? 'safety.compliance.proposalLines' : 'safety.compliance.proposalOils'
  return t(id, { count: lines.length, percent: percent(productPercentage) })
}

/**
 * Make it compliant's finding for a blend no change inside its layers brings within its limits (the
 * API's `infeasible` message): with the audience's total first when the blend's percentage is over it.
 */
export function complianceInfeasibleText(
  t: Translate,
  answer: { productPercentage: number; highestPercentage: number | null; limitingOil: { name: string; source: string } | null },
  audience: Pick<Audience, 'id' | 'total'> | null,
): string {
  const highest: HighestPercentage | null =
    answer.highestPercentage === null || !answer.limitingOil
      ? null
      : {
          percentage: answer.highestPercentage,
          limit: { oilId: 0, name: answer.limitingOil.name, kind: 'dermal', maxPercent: 0, source: answer.limitingOil.source },
        }
  const finding = infeasibleText(t, highest)
  const total = audience?.total
  if (!audience || !total || answer.productPercentage <= total.percent + 1e-9) return finding
  return t('safety.compliance.totalFirst', {
    audience: audienceLabel(t, audience.id),
    percent: percent(total.percent),
    source: total.source,
    finding,
  })
}

/** A line of what Make it compliant could not check, in the shown language (one not known: as it came). */
export function complianceNotCheckedText(t: Translate, line: string): string {
  for (const id of Object.keys(AUDIENCE_LABELS) as AudienceId[]) {
    if (line === `${AUDIENCE_LABELS[id]}: no published total on file, so the total was not checked.`)
      return t('safety.compliance.totalNotChecked', { audience: audienceLabel(t, id) })
  }
  return line
}
