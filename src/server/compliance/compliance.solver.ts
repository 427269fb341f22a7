import loadHighs from 'highs'
import { largestRemainder } from '#shared/domain/calculator.ts'
import {
  flattenComposition,
  highestPercentage,
  infeasibleMessage,
  sharesByOil,
  tightestLimits,
  withinLimit,
  type ComplianceAccord,
  type ComplianceInput,
  type ComplianceLayers,
  type HighestPercentage,
  type OilLimit,
  type UnknownLimit,
} from '#shared/domain/compliance.ts'
import { formatPercent } from '#shared/domain/units.ts'
import { NOTE_TYPES, type NoteType } from '#shared/domain/vocabulary.ts'
import { TOTAL_OIL } from '#shared/domain/audiences.ts'

/**
 * The smallest change that brings a blend within every limit with its top, middle and base totals
 * kept (docs/product.md "Make it compliant"; docs/decisions/071-make-it-compliant.md). A linear
 * programme solved by HiGHS (the `highs` package: the solver compiled to WebAssembly, on the
 * server only), in two stages:
 *
 *  1. minimise Σ|s_k − s0_k| (d_k ≥ ±(s_k − s0_k)) over the layer entries k, subject to each
 *     layer's Σ s_k = its total now, each limited oil's Σ f_k·s_k (over its layers) ≤ its cap
 *     (limit × 100 / P, rounded down to the hundredth), each unknown oil's Σ f_k·s_k ≤ its share
 *     now, s_k ≥ 0. An entry is an oil put in directly (f = 1 for that oil) or an accord kept whole
 *     (decision 072): one variable, its share of the blend, whose oils move together, f being each
 *     oil's fraction of the accord;
 *  2. among the changes of that size (Σ d_k ≤ the optimum), the one whose raises spread in
 *     proportion to the oils' shares: r_k ≥ s_k − s0_k, r_k ≥ 0, r_k ≤ t_L·(s0_k + 0.01), minimise
 *     Σ t_L. So a lowered oil's share goes to the other oils of its layer as they stand, not all
 *     to one of them.
 *
 * The model is in hundredths of a percent (what versions store); the answer is rounded to them per
 * layer (largestRemainder), so each layer's total is kept exactly, and checked before it is given.
 */

export type ProposedLayer = { id: number; name: string; percentage: number }[]

/** An accord's line in the proposal: its share of the whole blend after the change. */
export interface ProposedAccord {
  layer: NoteType
  versionId: number
  name: string
  percentage: number
}

/** One line of the proposal: an oil put in directly, or an accord moved whole ('Citrus Dawn 001b'; id is its version's). */
export interface ProposedOil {
  kind: 'oil' | 'accord'
  layer: NoteType
  id: number
  name: string
  before: number
  after: number
  delta: number
}

export interface CheckedLimit extends OilLimit {
  /** The oil's share of the finished product, in percent, before and after (after = before when nothing changes). */
  before: number
  after: number
  /** The proposal holds this oil at its limit: it is what shaped the change. */
  binding: boolean
}

export type ComplianceOutcome =
  | { outcome: 'within'; productPercentage: number; limits: CheckedLimit[]; unknown: UnknownLimit[] }
  | {
      outcome: 'proposal'
      productPercentage: number
      /** The proposed composition, flattened (an accord's oils in its layer at its share times theirs). */
      layers: Record<NoteType, ProposedLayer>
      /** The proposed lines as a version stores them: the oils put in directly, and the accords whole. */
      own: Record<NoteType, ProposedLayer>
      accords: ProposedAccord[]
      oils: ProposedOil[]
      /** Σ|after − before| over the entries, in percentage points of the blend. */
      change: number
      limits: CheckedLimit[]
      unknown: UnknownLimit[]
    }
  | {
      outcome: 'infeasible'
      productPercentage: number
      /** The highest % of the blend in the product at which it is within every limit, as it is. */
      highest: HighestPercentage | null
      message: string
      limits: CheckedLimit[]
      unknown: UnknownLimit[]
    }

type Highs = Awaited<ReturnType<typeof loadHighs>>
let highs: Promise<Highs> | null = null
/** The WebAssembly module, loaded once per process on first use. */
function solver(): Promise<Highs> {
  highs ??= loadHighs()
  return highs
}

interface Entry {
  layer: NoteType
  kind: 'oil' | 'accord'
  /** The oil's id, or the accord's version id. */
  id: number
  name: string
  /** Hundredths of a percent of the blend. */
  s0: number
  /** The oils of the entry and the fraction of the entry each is (an oil: itself, 1). */
  parts: Map<number, number>
  /** The accord the entry is, kept whole. */
  accord?: ComplianceAccord
}

const H = 100
const toH = (percent: number) => Math.round(percent * H)
const OPTIONS = { output_flag: false, presolve: 'on' } as const

function accordParts(accord: ComplianceAccord): Map<number, number> {
  const parts = new Map<number, number>()
  const total = accord.oils.reduce((sum, o) => sum + o.percentage, 0)
  for (const o of accord.oils) if (total > 0) parts.set(o.id, (parts.get(o.id) ?? 0) + o.percentage / total)
  return parts
}

function entriesOf(layers: ComplianceLayers, accords: readonly ComplianceAccord[]): Entry[] {
  return NOTE_TYPES.flatMap((layer) => [
    ...layers[layer].map((e): Entry => ({
      layer,
      kind: 'oil',
      id: e.id,
      name: e.name,
      s0: toH(e.percentage),
      parts: new Map([[e.id, 1]]),
    })),
    ...accords
      .filter((a) => a.layer === layer)
      .map((a): Entry => ({
        layer,
        kind: 'accord',
        id: a.versionId,
        name: a.name,
        s0: toH(a.percentage),
        parts: accordParts(a),
        accord: a,
      })),
  ])
}

const partOf = (e: Entry, oilId: number) => e.parts.get(oilId) ?? 0
/** A coefficient as the LP format reads it: plain decimals, never an exponent. */
const coefficient = (c: number) => (Number.isInteger(c) ? String(c) : c.toFixed(12).replace(/0+$/, ''))

/** Each limited oil's cap, in hundredths of the blend: limit × 100 / P rounded down. */
function capsOf(limits: readonly OilLimit[], productPercentage: number): Map<number, number> {
  const caps = new Map<number, number>()
  for (const limit of tightestLimits(limits).values()) {
    const exact = (limit.maxPercent * 100 * H) / productPercentage
    const near = Math.round(exact)
    caps.set(limit.oilId, Math.max(0, Math.abs(exact - near) <= 1e-9 * Math.max(1, exact) ? near : Math.floor(exact)))
  }
  return caps
}

/** Upper bounds on each bounded oil's summed share (hundredths): its cap, or its share now if unknown (the smaller if both). */
function boundsOf(entries: readonly Entry[], caps: Map<number, number>, unknown: readonly UnknownLimit[]): Map<number, number> {
  const bounds = new Map(caps)
  for (const u of unknown) {
    const now = entries.reduce((sum, e) => sum + partOf(e, u.oilId) * e.s0, 0)
    bounds.set(u.oilId, Math.min(bounds.get(u.oilId) ?? Infinity, now))
  }
  return bounds
}

function terms(pairs: readonly [number, string][]): string {
  return pairs.map(([c, v], i) => `${c < 0 ? '-' : i === 0 ? '' : '+'} ${coefficient(Math.abs(c))} ${v}`).join(' ')
}

/** Stage 1 and 2's constraints shared: layer totals, bounds, the L1 distances. */
function baseRows(entries: readonly Entry[], bounds: Map<number, number>): string[] {
  const rows: string[] = []
  for (const layer of NOTE_TYPES) {
    const ks = entries.flatMap((e, k) => (e.layer === layer ? [k] : []))
    if (ks.length === 0) continue
    const total = ks.reduce((sum, k) => sum + entries[k]!.s0, 0)
    rows.push(`layer_${layer}: ${terms(ks.map((k) => [1, `s${k}`]))} = ${total}`)
  }
  for (const [oilId, bound] of bounds) {
    const ks = entries.flatMap((e, k) => (partOf(e, oilId) > 0 ? [k] : []))
    if (ks.length > 0) rows.push(`oil_${oilId}: ${terms(ks.map((k) => [partOf(entries[k]!, oilId), `s${k}`]))} <= ${coefficient(bound)}`)
  }
  entries.forEach((e, k) => {
    rows.push(`up${k}: d${k} - s${k} >= ${-e.s0}`)
    rows.push(`dn${k}: d${k} + s${k} >= ${e.s0}`)
  })
  return rows
}

function solveLp(text: string, highsSolver: Highs) {
  return highsSolver.solve(text, OPTIONS)
}

/** Rounds the solved shares (hundredths) to whole hundredths per layer and repairs any bound the rounding broke. */
function roundToHundredths(entries: readonly Entry[], solved: readonly number[], bounds: Map<number, number>): number[] {
  const out = solved.map((v) => Math.max(0, v))
  for (const layer of NOTE_TYPES) {
    const ks = entries.flatMap((e, k) => (e.layer === layer ? [k] : []))
    const total = ks.reduce((sum, k) => sum + entries[k]!.s0, 0)
    // The layer's total as it was, exactly: the rounded values are scaled onto it when float noise moved their sum.
    const values = ks.map((k) => out[k]!)
    const sum = values.reduce((a, b) => a + b, 0)
    const scaled = sum > 0 ? values.map((v) => (v * total) / sum) : values
    largestRemainder(scaled).forEach((v, i) => (out[ks[i]!] = v))
  }
  const sumOf = (oilId: number) => entries.reduce((sum, e, k) => sum + partOf(e, oilId) * out[k]!, 0)
  // How many hundredths entry j can take before one of its bounded oils (other than the one being repaired) reaches its bound.
  const roomOf = (j: number, except: number) =>
    Math.floor(
      Math.min(
        Infinity,
        ...[...entries[j]!.parts].filter(([o]) => o !== except && bounds.has(o)).map(([o, f]) => (bounds.get(o)! - sumOf(o)) / f + 1e-9),
      ),
    )
  for (const [oilId, bound] of bounds) {
    let excess = sumOf(oilId) - bound
    for (let k = 0; k < entries.length && excess > 1e-9; k++) {
      const part = partOf(entries[k]!, oilId)
      if (part <= 0 || out[k]! <= 0) continue
      // The entry in the same layer holding less of this oil (none, or an accord with a smaller part
      // of it) with the most room takes what rounding put over the bound.
      const takers = entries
        .map((e, j) => ({ j, gain: part - partOf(e, oilId), room: e.layer === entries[k]!.layer ? roomOf(j, oilId) : 0 }))
        .filter((t) => t.j !== k && t.gain > 1e-12 && t.room > 0)
        .sort((a, b) => b.gain - a.gain || b.room - a.room || out[b.j]! - out[a.j]!)
      const taker = takers[0]
      if (!taker) continue
      const moved = Math.min(Math.ceil(excess / taker.gain - 1e-9), out[k]!, taker.room)
      out[k] = out[k]! - moved
      out[taker.j] = out[taker.j]! + moved
      excess -= moved * taker.gain
    }
  }
  return out
}

function checkedLimits(limits: readonly OilLimit[], before: Map<number, number>, after: Map<number, number>, P: number): CheckedLimit[] {
  return [...tightestLimits(limits).values()]
    .filter((limit) => (before.get(limit.oilId) ?? 0) > 0 || (after.get(limit.oilId) ?? 0) > 0)
    .map((limit) => {
      const a = ((after.get(limit.oilId) ?? 0) * P) / 100
      return {
        ...limit,
        before: ((before.get(limit.oilId) ?? 0) * P) / 100,
        after: a,
        binding: a >= limit.maxPercent - (0.01 * P) / 100 - 1e-9,
      }
    })
}

/** Both stages for these bounds: each entry's share (hundredths, unrounded), or null when no change within the layers meets them. */
function solveStages(entries: readonly Entry[], bounds: Map<number, number>, highsSolver: Highs, whole: boolean): number[] | null {
  const rows = baseRows(entries, bounds)
  const sVars = entries.map((_, k) => `s${k}`)
  const dVars = entries.map((_, k) => `d${k}`)
  const integers = whole ? ['General', ` ${sVars.join(' ')}`] : []
  const stage1 = solveLp(
    ['Minimize', ` obj: ${terms(dVars.map((v) => [1, v]))}`, 'Subject To', ...rows.map((r) => ` ${r}`), ...integers, 'End'].join('\n'),
    highsSolver,
  )
  if (stage1.Status !== 'Optimal') {
    if (stage1.Status !== 'Infeasible') throw new Error(`The compliance solver stopped: ${stage1.Status}`)
    return null
  }
  const best = stage1.ObjectiveValue

  // Stage 2: the same size of change, the raises spread in proportion to the shares.
  const usedLayers = NOTE_TYPES.filter((layer) => entries.some((e) => e.layer === layer))
  const spread = entries.flatMap((e, k) => [`r${k}a: r${k} - s${k} >= ${-e.s0}`, `r${k}b: r${k} - ${e.s0 + 1} t_${e.layer} <= 0`])
  const stage2 = solveLp(
    [
      'Minimize',
      ` obj: ${terms(usedLayers.map((l) => [1, `t_${l}`]))}`,
      'Subject To',
      ...rows.map((r) => ` ${r}`),
      ` size: ${terms(dVars.map((v) => [1, v]))} <= ${best + 1e-7 * Math.max(1, best)}`,
      ...spread.map((r) => ` ${r}`),
      ...integers,
      'End',
    ].join('\n'),
    highsSolver,
  )
  const solution = stage2.Status === 'Optimal' ? stage2 : stage1
  const solved = sVars.map((v) => solution.Columns[v]?.Primal ?? 0)
  return solved
}

/** Whether rounded shares keep every bound. */
function withinBounds(entries: readonly Entry[], out: readonly number[], bounds: Map<number, number>): boolean {
  return [...bounds].every(([oilId, bound]) => entries.reduce((sum, e, k) => sum + partOf(e, oilId) * out[k]!, 0) <= bound + 1e-9)
}

/** The proposal for one blend, product percentage and list of limits. */
export async function proposeCompliance(input: ComplianceInput): Promise<ComplianceOutcome> {
  const P = input.productPercentage
  const { unknown } = input
  const accords = input.accords ?? []
  // Every limit reads the flattened composition; the solver moves the lines as they are (accords whole).
  const layers = flattenComposition(input.layers, accords)
  const limits = input.limits.filter((l) => l.maxPercent >= 0 && Number.isFinite(l.maxPercent))
  const before = sharesByOil(layers)
  const limitsNow = checkedLimits(limits, before, before, P)
  const total = input.total
  if (total && P > total.maxPercent + 1e-9) {
    // The blend's percentage itself is over the total: the answer is the highest % within it and every oil's limit.
    const byOils = highestPercentage(layers, limits)
    const highest =
      byOils && byOils.percentage <= total.maxPercent
        ? byOils
        : {
            percentage: total.maxPercent,
            limit: { oilId: 0, name: TOTAL_OIL, kind: 'audience' as const, maxPercent: total.maxPercent, source: total.source },
          }
    const message = `${total.label}: at most ${formatPercent(total.maxPercent)} essential oil in total (${total.source}). ${infeasibleMessage(highest)}`
    return { outcome: 'infeasible', productPercentage: P, highest, message, limits: limitsNow, unknown: [...unknown] }
  }
  const within = [...tightestLimits(limits).values()].every((l) => withinLimit(before.get(l.oilId) ?? 0, P, l.maxPercent))
  if (within || P <= 0) {
    return { outcome: 'within', productPercentage: P, limits: limitsNow.map((l) => ({ ...l, binding: false })), unknown: [...unknown] }
  }

  const entries = entriesOf(input.layers, accords)
  const bounds = boundsOf(entries, capsOf(limits, P), unknown)
  const highsSolver = await solver()
  // An accord's oils are fractions of it, so the exact answer may fall between hundredths where no
  // rounding keeps every bound: with an accord, the shares are whole hundredths in the programme
  // itself (a mixed-integer programme, still small), so its answer is the smallest change in hundredths.
  const withAccords = entries.some((e) => e.kind === 'accord')
  const solved = solveStages(entries, bounds, highsSolver, withAccords)
  const rounded = solved && roundToHundredths(entries, solved, bounds)
  if (!rounded || (withAccords && !withinBounds(entries, rounded, bounds))) {
    const highest = highestPercentage(layers, limits)
    return {
      outcome: 'infeasible',
      productPercentage: P,
      highest,
      message: infeasibleMessage(highest),
      limits: limitsNow,
      unknown: [...unknown],
    }
  }

  const own: Record<NoteType, ProposedLayer> = { Top: [], Middle: [], Base: [] }
  const proposedAccords: ProposedAccord[] = []
  const accordsAfter: ComplianceAccord[] = []
  const oils: ProposedOil[] = []
  entries.forEach((e, k) => {
    const after = rounded[k]! / H
    if (e.kind === 'oil') own[e.layer].push({ id: e.id, name: e.name, percentage: after })
    else {
      proposedAccords.push({ layer: e.layer, versionId: e.id, name: e.name, percentage: after })
      accordsAfter.push({ ...e.accord!, percentage: after })
    }
    oils.push({ kind: e.kind, layer: e.layer, id: e.id, name: e.name, before: e.s0 / H, after, delta: (rounded[k]! - e.s0) / H })
  })
  const proposed = flattenComposition(own, accordsAfter)
  const after = sharesByOil(proposed)
  const limitsAfter = checkedLimits(limits, before, after, P)
  const broken = limitsAfter.find((l) => !withinLimit(after.get(l.oilId) ?? 0, P, l.maxPercent))
  if (broken) throw new Error(`The compliance proposal broke the limit of oil ${broken.oilId}`)
  const change = entries.reduce((sum, e, k) => sum + Math.abs(rounded[k]! - e.s0), 0) / H
  return {
    outcome: 'proposal',
    productPercentage: P,
    layers: proposed,
    own,
    accords: proposedAccords,
    oils,
    change,
    limits: limitsAfter,
    unknown: [...unknown],
  }
}
