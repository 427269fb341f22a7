import { productTypeById, type SafetyFacts } from '#shared/domain/safety.ts'
import { formatPercent } from '#shared/domain/units.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'

/**
 * "Make it compliant, keep its character" (docs/product.md "Make it compliant"): the words and
 * the pure arithmetic around the solver (src/server/compliance/compliance.solver.ts). A limit is
 * generic: the most an oil may be of the finished product, of some kind (today the dermal leave-on
 * maxima; IFRA limits from certificates and the maxima for an audience join the same list), with
 * its source. An oil a check applies to but with nothing on file is "unknown": it is named, and
 * never raised, since raising it would read the missing limit as no limit.
 */

/** The kinds of limits the solver is given; more join as they are built. */
export const LIMIT_KINDS = ['dermal', 'ifra', 'audience'] as const
export type LimitKind = (typeof LIMIT_KINDS)[number]

export const LIMIT_KIND_LABELS: Readonly<Record<LimitKind, string>> = {
  dermal: 'leave-on maximum',
  ifra: 'IFRA limit',
  audience: 'maximum for who will use it',
}

/** One limit on one oil: at most `maxPercent` % of the finished product. */
export interface OilLimit {
  oilId: number
  name: string
  kind: LimitKind
  maxPercent: number
  source: string
}

/** An oil a check applies to, with nothing on file for it: it cannot be checked, so it is never raised. */
export interface UnknownLimit {
  oilId: number
  name: string
  kind: LimitKind
  message: string
}

export interface ComplianceEntry {
  id: number
  name: string
  /** Share of the whole blend, in percent. */
  percentage: number
}

export type ComplianceLayers = Readonly<Record<NoteType, readonly ComplianceEntry[]>>

/**
 * An accord in the blend (decision 072), as the solver takes it: one line of its layer at its share
 * of the whole blend, whose oils move together in their fixed proportions (`oils`, each its share of
 * the accord, totalling 100). An oil's share of the blend is its own line plus, for each accord, the
 * accord's share times the oil's share of the accord.
 */
export interface ComplianceAccord {
  layer: NoteType
  versionId: number
  /** The accord as the maker reads it: 'Citrus Dawn 001b'. */
  name: string
  /** Share of the whole blend, in percent. */
  percentage: number
  oils: readonly ComplianceEntry[]
}

export interface ComplianceInput {
  /** The oils put in directly, by layer (with no accords: the whole composition). */
  layers: ComplianceLayers
  /** The accords the blend holds, each kept whole; none when absent. */
  accords?: readonly ComplianceAccord[]
  /** The blend's share of the finished product, in percent (P). */
  productPercentage: number
  limits: readonly OilLimit[]
  unknown: readonly UnknownLimit[]
  /**
   * The most essential oil in total the product may hold (who it is for, decision 069), when one
   * applies: a cap on the blend's percentage itself, which no change inside the layers can meet.
   */
  total?: { label: string; maxPercent: number; source: string } | null
}

/** The dermal leave-on maxima of the oils in a blend, for a product type (none unless it is leave-on). */
export function dermalLimits(
  productTypeId: string,
  oils: readonly { id: number; name: string; safety: Pick<SafetyFacts, 'maxLeaveOnPercent' | 'source'> | null }[],
): { limits: OilLimit[]; unknown: UnknownLimit[] } {
  const type = productTypeById(productTypeId)
  if (!type || type.use !== 'leave-on') return { limits: [], unknown: [] }
  const limits: OilLimit[] = []
  const unknown: UnknownLimit[] = []
  const seen = new Set<number>()
  for (const oil of oils) {
    if (seen.has(oil.id)) continue
    seen.add(oil.id)
    const max = oil.safety?.maxLeaveOnPercent ?? null
    if (max === null) {
      unknown.push({
        oilId: oil.id,
        name: oil.name,
        kind: 'dermal',
        message: `No published maximum on file for ${oil.name}, so it was not checked and is not raised.`,
      })
    } else {
      limits.push({ oilId: oil.id, name: oil.name, kind: 'dermal', maxPercent: max, source: oil.safety?.source ?? 'no source on file' })
    }
  }
  return { limits, unknown }
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6

/**
 * The composition as every reader reads it (flattenLayer in accords.ts does the same to stored
 * lines): each layer's own oils with its accords' oils added at the accord's share times theirs;
 * an oil that is there twice is one line. Order: first appearance, own oils first.
 */
export function flattenComposition(
  layers: ComplianceLayers,
  accords: readonly ComplianceAccord[] = [],
): Record<NoteType, ComplianceEntry[]> {
  const out = {} as Record<NoteType, ComplianceEntry[]>
  for (const layer of Object.keys(layers) as NoteType[]) {
    const lines = new Map<number, ComplianceEntry>()
    const add = (id: number, name: string, percentage: number) => {
      const seen = lines.get(id)
      if (seen) seen.percentage = round6(seen.percentage + percentage)
      else lines.set(id, { id, name, percentage: round6(percentage) })
    }
    for (const o of layers[layer]) add(o.id, o.name, o.percentage)
    for (const a of accords) if (a.layer === layer) for (const o of a.oils) add(o.id, o.name, (o.percentage * a.percentage) / 100)
    out[layer] = [...lines.values()]
  }
  return out
}

/** An oil's share of the blend: the sum of its entries in every layer. */
export function sharesByOil(layers: ComplianceLayers): Map<number, number> {
  const shares = new Map<number, number>()
  for (const layer of Object.values(layers)) for (const e of layer) shares.set(e.id, (shares.get(e.id) ?? 0) + e.percentage)
  return shares
}

/** The tightest limit of each oil (the smallest maximum; the first given on a tie). */
export function tightestLimits(limits: readonly OilLimit[]): Map<number, OilLimit> {
  const tightest = new Map<number, OilLimit>()
  for (const limit of limits) {
    const seen = tightest.get(limit.oilId)
    if (!seen || limit.maxPercent < seen.maxPercent) tightest.set(limit.oilId, limit)
  }
  return tightest
}

/** Whether an oil at `share` % of the blend, in a product at P %, is within `maxPercent` (as the safety check counts: 1e-9 slack). */
export function withinLimit(share: number, productPercentage: number, maxPercent: number): boolean {
  return (share * productPercentage) / 100 <= maxPercent + 1e-9
}

/** The highest blend percentage in the product and the oil that sets it; null when no limited oil is in the blend. */
export interface HighestPercentage {
  percentage: number
  limit: OilLimit
}

/**
 * The highest % of the blend in the product at which this blend is within every limit: the
 * smallest, over its limited oils, of limit × 100 / the oil's share of the blend, rounded down to
 * the hundredth (so it is within, never a hair over). Null when no limited oil is in the blend.
 */
export function highestPercentage(layers: ComplianceLayers, limits: readonly OilLimit[]): HighestPercentage | null {
  const shares = sharesByOil(layers)
  let best: HighestPercentage | null = null
  for (const limit of tightestLimits(limits).values()) {
    const share = shares.get(limit.oilId) ?? 0
    if (share <= 0) continue
    const percentage = Math.min(100, floorHundredths((limit.maxPercent * 100) / share))
    if (!best || percentage < best.percentage) best = { percentage, limit }
  }
  return best
}

/** Rounded down to the hundredth; a value a hair under a hundredth (float noise) counts as it. */
export function floorHundredths(value: number): number {
  const steps = value * 100
  const near = Math.round(steps)
  return (Math.abs(steps - near) <= 1e-9 * Math.max(1, Math.abs(steps)) ? near : Math.floor(steps)) / 100
}

/** How one limit reads before and after the proposal. */
export function limitText(limit: Pick<OilLimit, 'name' | 'kind' | 'maxPercent' | 'source'>): string {
  return `${limit.name}: ${LIMIT_KIND_LABELS[limit.kind]} ${formatPercent(limit.maxPercent)} (${limit.source})`
}

/** The message for a blend no change within its layers can bring within its limits. */
export function infeasibleMessage(highest: HighestPercentage | null): string {
  const base = 'No change inside the layers brings this blend within every limit while the top, middle and base totals stay as they are.'
  if (!highest) return base
  if (highest.percentage <= 0) return `${base} ${highest.limit.name} may not be in this product at all (${highest.limit.source}).`
  return `${base} At ${formatPercent(highest.percentage)} of the product, the blend as it is is within every limit (${highest.limit.name} sets it).`
}
