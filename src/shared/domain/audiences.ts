import { formatPercent } from '#shared/domain/units.ts'
import {
  checkSafety,
  combineByName,
  type ProductUse,
  type SafetyCautionKind,
  type SafetyFacts,
  type SafetyOil,
  type SafetyReport,
  type SafetyWarning,
} from '#shared/domain/safety.ts'
import {
  AUDIENCE_IDS,
  AUDIENCE_LABELS,
  DEFAULT_AUDIENCE,
  isAudienceId,
  type AudienceId,
  type AudienceReport,
  type EffectiveMaximum,
  type MaximumBasis,
} from '#shared/domain/audience-ids.ts'

/**
 * Who a product is for, and what that changes in the skin-safety checks (docs/product.md
 * "Dilution by who will use it", decision 069). Adults are today's checks, unchanged. The children's
 * bands and their figures are the ones the source gives (key TS), word for word; pregnancy and the
 * face have no total figure on file, so a product for them is never called clear. Nothing here
 * raises a maximum: an audience only adds a ceiling, a caution or an "avoid".
 */

export {
  AUDIENCE_IDS,
  AUDIENCE_LABELS,
  DEFAULT_AUDIENCE,
  isAudienceId,
  type AudienceId,
  type AudienceReport,
  type EffectiveMaximum,
  type MaximumBasis,
}

/** The most essential oil in total a source gives for an audience, in percent of the finished product. */
export interface AudienceTotal {
  /** The maximum the source gives. */
  percent: number
  /** The lower, recommended figure the source gives beside it, if any. */
  recommended: number | null
  source: string
}

export interface Audience {
  id: AudienceId
  /** As the select and the panel say it: 'Children 2-6 years'. */
  label: string
  group: 'adults' | 'children' | 'pregnancy' | 'face'
  /** Null: no published figure on file (for adults, no total is checked: today's behaviour). */
  total: AudienceTotal | null
}

/** The children's dilution table as quoted from Robert Tisserand (key TS in docs/product.md). */
const TS = 'Robert Tisserand, quoted by Thrive Style [TS]'

/** A band of the children's table: its maximum total and the recommended figure beside it. */
const band = (id: AudienceId, percent: number, recommended: number): Audience => ({
  id,
  label: AUDIENCE_LABELS[id],
  group: 'children',
  total: { percent, recommended, source: TS },
})

export const AUDIENCES: readonly Audience[] = [
  { id: 'adults', label: AUDIENCE_LABELS.adults, group: 'adults', total: null },
  band('child-premature', 0, 0),
  band('child-under-3-months', 0.2, 0.1),
  band('child-3-24-months', 0.5, 0.25),
  band('child-2-6-years', 2, 1),
  band('child-6-15-years', 3, 1.5),
  band('child-15-plus-years', 5, 2.5),
  { id: 'pregnancy', label: AUDIENCE_LABELS.pregnancy, group: 'pregnancy', total: null },
  { id: 'face', label: AUDIENCE_LABELS.face, group: 'face', total: null },
]

export function audienceById(id: string): Audience | undefined {
  return AUDIENCES.find((audience) => audience.id === id)
}

const INFANTS: readonly AudienceId[] = ['child-premature', 'child-under-3-months', 'child-3-24-months']
/** The bands that hold children under 10 (the eucalyptus and rosemary cautions) and infants. */
const UNDER_FIFTEEN: readonly AudienceId[] = [...INFANTS, 'child-2-6-years', 'child-6-15-years']

/**
 * Which of an oil's published cautions (its `children` or `pregnancy` text and source, in the
 * catalog) applies to which audience, and what it does there: 'warn' flags it; 'avoid' also sets
 * the oil's maximum to 0, because the source says not to use it at all. Keyed by catalog name.
 */
export interface AudienceOilRule {
  oil: string
  caution: Extract<SafetyCautionKind, 'children' | 'pregnancy'>
  audiences: readonly AudienceId[]
  effect: 'warn' | 'avoid'
}

export const AUDIENCE_OIL_RULES: readonly AudienceOilRule[] = [
  // "No use on the skin of children aged 2 or younger" (WW-C): none for the bands under 2; the 2-6 band starts at 2.
  { oil: 'Clove Bud', caution: 'children', audiences: INFANTS, effect: 'avoid' },
  { oil: 'Clove Bud', caution: 'children', audiences: ['child-2-6-years'], effect: 'warn' },
  { oil: 'Eucalyptus', caution: 'children', audiences: UNDER_FIFTEEN, effect: 'warn' },
  { oil: 'Peppermint', caution: 'children', audiences: UNDER_FIFTEEN, effect: 'warn' },
  { oil: 'Rosemary', caution: 'children', audiences: UNDER_FIFTEEN, effect: 'warn' },
  { oil: 'Lemongrass', caution: 'children', audiences: INFANTS, effect: 'warn' },
  { oil: 'Ylang Ylang', caution: 'children', audiences: INFANTS, effect: 'warn' },
  { oil: 'Myrrh', caution: 'pregnancy', audiences: ['pregnancy'], effect: 'avoid' },
  { oil: 'Lemongrass', caution: 'pregnancy', audiences: ['pregnancy'], effect: 'warn' },
  { oil: 'Clove Bud', caution: 'pregnancy', audiences: ['pregnancy'], effect: 'warn' },
  { oil: 'Basil', caution: 'pregnancy', audiences: ['pregnancy'], effect: 'warn' },
  { oil: 'Cinnamon Bark', caution: 'pregnancy', audiences: ['pregnancy'], effect: 'warn' },
  { oil: 'Jasmine', caution: 'pregnancy', audiences: ['pregnancy'], effect: 'warn' },
]

/** The rule of an oil for an audience, with the caution's text and source from the oil's facts. */
export interface AudienceCaution {
  effect: 'warn' | 'avoid'
  caution: AudienceOilRule['caution']
  text: string
  source: string
}

/**
 * The rule of an oil for an audience. The rules name catalog oils; a maker's own ingredient based on
 * one (`basedOn`, its name: Bergamot FCF based on Bergamot) takes that oil's rules too, with the
 * caution's text from its own facts (which keep the catalog oil's cautions; decision 068).
 */
export function audienceCautionOf(
  audience: AudienceId,
  oil: string,
  safety: SafetyFacts | null,
  basedOn: string | null = null,
): AudienceCaution | null {
  const rule = AUDIENCE_OIL_RULES.find(
    (candidate) => (candidate.oil === oil || (basedOn !== null && candidate.oil === basedOn)) && candidate.audiences.includes(audience),
  )
  const caution = rule && safety ? safety[rule.caution] : null
  return rule && caution ? { effect: rule.effect, caution: rule.caution, text: caution.text, source: caution.source } : null
}

/** "Children 2-6 years: at most 2% essential oil in total (1% recommended) (TS)." */
export function audienceTotalText(audience: Audience): string {
  const total = audience.total
  if (audience.group === 'adults') return 'Adults: each oil is checked against its own leave-on maximum; no total is set.'
  if (total === null) {
    return `${audience.label}: no published figure on file for the total essential oil, so the blend's total could not be checked for this use. Each oil keeps its own leave-on maximum.`
  }
  if (total.percent === 0) return `${audience.label}: no essential oil on the skin (${total.source}).`
  const recommended = total.recommended === null ? '' : ` (${formatPercent(total.recommended)} recommended)`
  return `${audience.label}: at most ${formatPercent(total.percent)} essential oil in total${recommended} (${total.source}).`
}

export interface MaximumOil {
  name: string
  safety: SafetyFacts | null
  /** The catalog oil an own ingredient is based on, by name: its audience rules apply too. */
  basedOn?: string | null
}

const NOT_LEAVE_ON: Record<Exclude<ProductUse, 'leave-on'>, string> = {
  'rinse-off': 'Rinse-off product: the leave-on maxima and the dilutions by who will use it apply to products left on the skin.',
  home: 'Home fragrance: not meant for skin, so no skin maximum applies.',
}

export function effectiveMaximum(use: ProductUse, audienceId: AudienceId, oil: MaximumOil): EffectiveMaximum {
  const audience = audienceById(audienceId) ?? AUDIENCES[0]!
  const oilMax = oil.safety?.maxLeaveOnPercent ?? null
  const onFile = oilMax !== null
  const base = { oil: oil.name, oilMaxPercent: oilMax, oilMaximumOnFile: onFile }
  if (use !== 'leave-on') return { ...base, maxPercent: null, basis: null, lowered: false, reason: NOT_LEAVE_ON[use], source: null }

  const caution = audienceCautionOf(audience.id, oil.name, oil.safety, oil.basedOn ?? null)
  if (caution?.effect === 'avoid') {
    return {
      ...base,
      maxPercent: 0,
      basis: 'avoid',
      lowered: true,
      reason: `${audience.label}: do not use ${oil.name}. ${caution.text}`,
      source: caution.source,
    }
  }
  const total = audience.total
  if (total !== null && (oilMax === null || total.percent < oilMax)) {
    return {
      ...base,
      maxPercent: total.percent,
      basis: 'audience-total',
      lowered: true,
      reason: audienceTotalText(audience),
      source: total.source,
    }
  }
  if (oilMax === null) {
    return {
      ...base,
      maxPercent: null,
      basis: null,
      lowered: false,
      reason: `No published maximum on file for ${oil.name}.`,
      source: null,
    }
  }
  const kept =
    audience.group === 'adults' || total !== null
      ? ''
      : ' No source on file says how to lower it for this use, so the leave-on maximum is kept.'
  return {
    ...base,
    maxPercent: oilMax,
    basis: 'oil',
    lowered: false,
    reason: `Leave-on maximum ${formatPercent(oilMax)}.${kept}`,
    source: oil.safety?.source ?? null,
  }
}

/** Each oil's effective maximum for a product use and an audience (same oil in two layers: once). */
export function effectiveMaxima(use: ProductUse, audience: AudienceId, oils: readonly MaximumOil[]): EffectiveMaximum[] {
  const seen = new Set<string>()
  return oils.flatMap((oil) => {
    if (seen.has(oil.name)) return []
    seen.add(oil.name)
    return [effectiveMaximum(use, audience, oil)]
  })
}

/** The words of the total line of a report: "Total essential oil". */
export const TOTAL_OIL = 'Total essential oil'

/**
 * The skin checks of a product's oils for who it is for: checkSafety's report, and for a leave-on
 * product made for someone other than adults, the audience's total, each oil's "avoid" and the
 * cautions that apply to them as warnings (said once), and `clear` only when the total is on file
 * and kept. For adults the report is checkSafety's, with the audience report added.
 */
export function checkSafetyFor(use: ProductUse, oils: readonly SafetyOil[], audienceId: AudienceId): SafetyReport {
  const audience = audienceById(audienceId) ?? AUDIENCES[0]!
  const report = checkSafety(use, oils)
  const combined = combineByName(oils)
  if (use !== 'leave-on' || audience.group === 'adults') return { ...report, audience: audienceReport(use, audience, combined, null) }
  const total = combined.reduce((sum, oil) => sum + oil.productPercentage, 0)
  const forAudience = [...audienceTotalWarnings(audience, total), ...combined.flatMap((oil) => audienceOilWarnings(audience, oil))]
  const flagged = new Set(forAudience.filter((w) => w.kind !== 'over-audience-total').map((w) => w.oil))
  const totalUnchecked = audience.total === null ? audienceTotalText(audience) : null
  return {
    ...report,
    warnings: [...forAudience, ...report.warnings],
    // A caution that became a warning for this audience is said once, as the warning.
    cautions: report.cautions.filter((note) => !(flagged.has(note.oil) && (note.kind === 'children' || note.kind === 'pregnancy'))),
    clear: report.clear && forAudience.length === 0 && totalUnchecked === null,
    audience: audienceReport(use, audience, combined, totalUnchecked),
  }
}

function audienceTotalWarnings(audience: Audience, total: number): SafetyWarning[] {
  const limit = audience.total
  if (limit === null || total <= limit.percent + 1e-9) return []
  const message =
    limit.percent === 0
      ? `${audienceTotalText(audience)} This product is ${formatPercent(total)} essential oil.`
      : `The blend is ${formatPercent(total)} of the finished product, above the most for ${audience.label.replace(/^Children/, 'children')}: ${formatPercent(limit.percent)} in total (${limit.source}). Lower the oil percentage to ${formatPercent(limit.percent)} or less.`
  return [
    { kind: 'over-audience-total', oil: TOTAL_OIL, productPercentage: total, limitPercent: limit.percent, source: limit.source, message },
  ]
}

function audienceOilWarnings(audience: Audience, oil: SafetyOil): SafetyWarning[] {
  const caution = audienceCautionOf(audience.id, oil.name, oil.safety, oil.basedOn ?? null)
  if (!caution) return []
  const base = { oil: oil.name, productPercentage: oil.productPercentage, source: caution.source }
  return caution.effect === 'avoid'
    ? [
        {
          ...base,
          kind: 'avoid-for-audience',
          limitPercent: 0,
          message: `${audience.label}: do not use ${oil.name} (${formatPercent(oil.productPercentage)} of the finished product). ${caution.text} (${caution.source})`,
        },
      ]
    : [
        {
          ...base,
          kind: 'audience-caution',
          limitPercent: null,
          message: `${audience.label}: ${oil.name}. ${caution.text} (${caution.source})`,
        },
      ]
}

function audienceReport(use: ProductUse, audience: Audience, oils: readonly SafetyOil[], totalUnchecked: string | null): AudienceReport {
  return {
    id: audience.id,
    label: audience.label,
    totalText: audienceTotalText(audience),
    totalPercent: audience.total?.percent ?? null,
    totalUnchecked,
    maxima: use === 'leave-on' ? effectiveMaxima(use, audience.id, oils) : [],
  }
}
