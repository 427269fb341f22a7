import { CreateVersionSchema, type VersionOil } from '#shared/api/blends.ts'
import type { ComplianceAnswer, ComplianceRequest, CompliantVersion } from '#shared/api/compliance.ts'
import { MAX_NOTES } from '#shared/api/fields.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { basedOnName } from '#shared/domain/ingredients.ts'
import { audienceById, effectiveMaxima } from '#shared/domain/audiences.ts'
import { AUDIENCE_LABELS, DEFAULT_AUDIENCE, type AudienceId } from '#shared/domain/audience-ids.ts'
import { dermalLimits, type ComplianceAccord, type ComplianceLayers, type OilLimit, type UnknownLimit } from '#shared/domain/compliance.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'
import { productTypeById } from '#shared/domain/safety.ts'
import { formatPercent } from '#shared/domain/units.ts'
import { layersOf } from '#server/blends/blend-rows.ts'
import { saveVersion } from '#server/blends/blends.commands.ts'
import { proposeCompliance, type ComplianceOutcome } from '#server/compliance/compliance.solver.ts'
import type { Executor } from '#server/db/executor.ts'
import { done, refuse, type Outcome } from '#server/shared/outcome.ts'
import { previewIfraCheck } from '#server/shelf/ifra.commands.ts'

/**
 * "Make it compliant" for one of the user's versions (docs/product.md "Make it compliant"): the
 * limits that apply to the product type (today the dermal leave-on maxima of the catalog's safety
 * facts; IFRA limits and the maxima for an audience join the same list), the solver's proposal,
 * and saving it as the blend's next version through the blends' own command (saveVersion), so the
 * version is checked and numbered as every other save is. The same for the route and the assistant.
 */

type Oils = Map<number, EssentialOil>
export type ComplianceTarget = { projectId: number; versionId: number }

const notFound = () => refuse('NOT_FOUND', 'Version not found')

async function readVersion(ex: Executor, userId: string, target: ComplianceTarget) {
  return ex
    .selectFrom('blend_versions')
    .innerJoin('blend_projects', 'blend_projects.id', 'blend_versions.project_id')
    .select([
      'blend_versions.id',
      'blend_versions.reference_number',
      'blend_versions.top_oils',
      'blend_versions.middle_oils',
      'blend_versions.base_oils',
      'blend_versions.effects',
      'blend_projects.name',
    ])
    .where('blend_versions.id', '=', target.versionId)
    .where('blend_versions.project_id', '=', target.projectId)
    .where('blend_versions.user_id', '=', userId)
    .where('blend_projects.user_id', '=', userId)
    .executeTakeFirst()
}

interface Limits {
  limits: OilLimit[]
  unknown: UnknownLimit[]
  notChecked: string[]
  /** The most essential oil in total the audience allows, in percent of the product; null when none applies. */
  total: { maxPercent: number; source: string; label: string } | null
}

/**
 * The limits for this product of every oil in the version (an oil with nothing on file is unknown):
 * the leave-on maxima, lowered for who it is for (effectiveMaxima, decision 069), and, given a batch
 * weight, the IFRA limits of the certificates of the lots that batch would draw (decision 070).
 */
async function limitsFor(
  ex: Executor,
  userId: string,
  target: ComplianceTarget,
  request: ComplianceRequest,
  layers: ComplianceLayers,
  oils: Oils,
): Promise<Limits> {
  const all = [...layers.Top, ...layers.Middle, ...layers.Base].map((o) => ({
    id: o.id,
    name: oils.get(o.id)?.name ?? o.name,
    safety: oils.get(o.id)?.safety ?? null,
    basedOn: basedOnName(oils.get(o.id), oils),
  }))
  const audienceId: AudienceId = request.audience ?? DEFAULT_AUDIENCE
  const type = productTypeById(request.productType)!
  const result: Limits = { limits: [], unknown: [], notChecked: [], total: null }
  if (audienceId === DEFAULT_AUDIENCE || type.use !== 'leave-on') {
    const dermal = dermalLimits(request.productType, all)
    result.limits.push(...dermal.limits)
    result.unknown.push(...dermal.unknown)
  } else {
    const audience = audienceById(audienceId)!
    const byName = new Map(all.map((o) => [o.name, o]))
    for (const max of effectiveMaxima(type.use, audienceId, all)) {
      const oil = byName.get(max.oil)!
      if (max.maxPercent === null) {
        result.unknown.push({
          oilId: oil.id,
          name: oil.name,
          kind: 'dermal',
          message: `${max.reason} It was not checked and is not raised.`,
        })
      } else {
        const kind = max.basis === 'oil' ? 'dermal' : 'audience'
        result.limits.push({ oilId: oil.id, name: oil.name, kind, maxPercent: max.maxPercent, source: max.source ?? max.reason })
      }
    }
    if (audience.total)
      result.total = { maxPercent: audience.total.percent, source: audience.total.source, label: AUDIENCE_LABELS[audienceId] }
    else result.notChecked.push(`${AUDIENCE_LABELS[audienceId]}: no published total on file, so the total was not checked.`)
  }
  if (request.weight === undefined) {
    result.notChecked.push(
      'IFRA limits: not checked without the batch weight, which decides the lots (and their certificates) a batch draws.',
    )
    return result
  }
  const check = await previewIfraCheck(
    ex,
    userId,
    {
      versionId: target.versionId,
      productType: request.productType,
      weight: request.weight,
      unit: request.unit ?? 'g',
      oilPercentage: request.productPercentage,
    },
    oils,
  )
  if (!check.ok) return result
  if (check.value.category === null) {
    result.notChecked.push(`IFRA limits: ${type.label} maps to no single IFRA category, so they were not checked.`)
    return result
  }
  // No certificate on file for any of them: IFRA was not checked at all, and says so. Freezing every
  // oil as unknown would answer "no change possible" to a maker who has not entered certificates.
  if (check.value.oils.every((oil) => oil.maxProductPercent === 'unknown')) {
    result.notChecked.push(`IFRA limits: no IFRA certificate on file for the lots this batch would draw, so they were not checked.`)
    return result
  }
  for (const oil of check.value.oils) {
    if (oil.maxProductPercent === 'unknown') {
      result.unknown.push({
        oilId: oil.oilId,
        name: oil.oilName,
        kind: 'ifra',
        message: `No IFRA limit known for ${oil.oilName} in category ${check.value.category} (${(oil.reasons ?? []).join(', ').replaceAll('-', ' ')}), so it is not raised.`,
      })
    } else if (oil.maxProductPercent !== 'no-restriction') {
      const lots = oil.lots.map((l) => `${l.amendment ?? 'IFRA'} amendment certificate${l.lotCode ? ` of lot ${l.lotCode}` : ''}`)
      result.limits.push({ oilId: oil.oilId, name: oil.oilName, kind: 'ifra', maxPercent: oil.maxProductPercent, source: lots.join('; ') })
    }
  }
  return result
}

const withoutZeros = (oils: readonly VersionOil[]) => {
  const kept = oils.filter((o) => o.percentage > 0)
  return kept.length > 0 ? kept : oils.slice(0, 1)
}

const LAYER_NAMES = { Top: 'top', Middle: 'middle', Base: 'base' } as const satisfies Record<NoteType, string>
const NOTE_OF = { top: 'Top', middle: 'Middle', base: 'Base' } as const

/** The proposal's lines as a version stores them: its own oils without the zeros, and its accords above 0. */
function proposedLines(outcome: Extract<ComplianceOutcome, { outcome: 'proposal' }>) {
  const accords = outcome.accords
    .filter((a) => a.percentage > 0)
    .map((a) => ({ layer: LAYER_NAMES[a.layer], versionId: a.versionId, name: a.name, percentage: a.percentage }))
  if (outcome.accords.length === 0) return { ownOils: null, accords }
  // With accords, a layer may be its accords alone: its own oils at 0 go.
  const own = (layer: NoteType) => outcome.own[layer].filter((o) => o.percentage > 0)
  return { ownOils: { topOils: own('Top'), middleOils: own('Middle'), baseOils: own('Base') }, accords }
}

function answerOf(
  outcome: ComplianceOutcome,
  row: { id: number; reference_number: string; name: string },
  projectId: number,
  request: ComplianceRequest,
  current: { topOils: VersionOil[]; middleOils: VersionOil[]; baseOils: VersionOil[] },
  notChecked: string[],
): ComplianceAnswer {
  const common = {
    blend: { id: projectId, name: row.name },
    version: { id: row.id, referenceNumber: row.reference_number },
    productType: request.productType,
    productPercentage: request.productPercentage,
    current,
    limits: outcome.limits,
    unknown: outcome.unknown,
    notChecked,
  }
  const type = productTypeById(request.productType)!
  if (outcome.outcome === 'within') {
    const message =
      outcome.limits.length === 0
        ? `No limit on file applies to this blend in a ${type.label.toLowerCase()}, so there is nothing to change.`
        : `This blend is within every limit on file at ${formatPercent(request.productPercentage)} in a ${type.label.toLowerCase()}: nothing to change.`
    return { outcome: 'within', ...common, message }
  }
  if (outcome.outcome === 'infeasible') {
    return {
      outcome: 'infeasible',
      ...common,
      message: outcome.message,
      highestPercentage: outcome.highest?.percentage ?? null,
      limitingOil: outcome.highest
        ? {
            id: outcome.highest.limit.oilId,
            name: outcome.highest.limit.name,
            kind: outcome.highest.limit.kind,
            source: outcome.highest.limit.source,
          }
        : null,
    }
  }
  const proposed = {
    topOils: withoutZeros(outcome.layers.Top),
    middleOils: withoutZeros(outcome.layers.Middle),
    baseOils: withoutZeros(outcome.layers.Base),
  }
  const { ownOils, accords } = proposedLines(outcome)
  const movedLines = outcome.oils.filter((o) => o.delta !== 0)
  const moved = movedLines.length
  const what = movedLines.some((o) => o.kind === 'accord')
    ? `${moved} line${moved === 1 ? '' : 's'} (an accord moves whole, its oils in their proportions)`
    : `${moved} oil${moved === 1 ? '' : 's'}`
  return {
    outcome: 'proposal',
    ...common,
    message: `${what} change within ${moved === 1 ? 'its' : 'their'} layer; the top, middle and base totals stay as they are, and every limit on file is met at ${formatPercent(request.productPercentage)}.`,
    proposed,
    ownOils,
    accords,
    oils: outcome.oils,
    change: outcome.change,
  }
}

/** The proposal for one of the user's versions, with the version's row; null when the version is not theirs (or not this blend's). */
async function proposalFor(ex: Executor, userId: string, target: ComplianceTarget, request: ComplianceRequest, oils: Oils) {
  const row = await readVersion(ex, userId, target)
  if (!row) return null
  const read = layersOf(row)
  const current = { topOils: read.topOils, middleOils: read.middleOils, baseOils: read.baseOils }
  // The limits read the flattened composition; the solver moves the lines the version holds, accords whole.
  const flat: ComplianceLayers = { Top: read.topOils, Middle: read.middleOils, Base: read.baseOils }
  const own = read.ownOils ?? current
  const lines: ComplianceLayers = { Top: own.topOils, Middle: own.middleOils, Base: own.baseOils }
  const accords: ComplianceAccord[] = read.accords.map((a) => ({
    layer: NOTE_OF[a.layer],
    versionId: a.versionId,
    name: `${a.name} ${a.referenceNumber}`,
    percentage: a.percentage,
    oils: a.oils,
  }))
  const { limits, unknown, notChecked, total } = await limitsFor(ex, userId, target, request, flat, oils)
  const outcome = await proposeCompliance({ layers: lines, accords, productPercentage: request.productPercentage, limits, unknown, total })
  return { row, answer: answerOf(outcome, row, target.projectId, request, current, notChecked) }
}

/** The proposal for one of the user's versions; NOT_FOUND when the version is not theirs (or not this blend's). */
export async function complianceProposal(
  ex: Executor,
  userId: string,
  target: ComplianceTarget,
  request: ComplianceRequest,
  oils: Oils,
): Promise<Outcome<ComplianceAnswer>> {
  const found = await proposalFor(ex, userId, target, request, oils)
  return found ? done(found.answer) : notFound()
}

/** The note the saved version carries: where it came from and why. */
function noteOf(answer: Extract<ComplianceAnswer, { outcome: 'proposal' }>): string {
  const type = productTypeById(answer.productType)!
  const moves = answer.oils
    .filter((o) => o.delta !== 0)
    .map((o) => `${o.name} (${o.layer.toLowerCase()}) ${formatPercent(o.before)} → ${formatPercent(o.after)}`)
  const note = `Made compliant from ${answer.version.referenceNumber} for ${type.label} at ${formatPercent(answer.productPercentage)}, layer totals kept: ${moves.join('; ')}.`
  return note.length > MAX_NOTES ? `${note.slice(0, MAX_NOTES - 1)}…` : note
}

/**
 * Computes the proposal again and saves it as the blend's next version (saveVersion: the one
 * keeper of versions). CONFLICT when there is nothing to save: already within every limit, or no
 * change inside the layers can do it (the message says which, and the highest percentage).
 */
export async function saveCompliantVersion(
  trx: Executor,
  userId: string,
  target: ComplianceTarget,
  request: ComplianceRequest,
  oils: Oils,
): Promise<Outcome<CompliantVersion>> {
  const found = await proposalFor(trx, userId, target, request, oils)
  if (!found) return notFound()
  const { row, answer } = found
  if (answer.outcome !== 'proposal') return refuse('NO_PROPOSAL', answer.message)
  // A version with accords is saved as it is kept: its own oils and its accords whole (decision 072).
  const lines = answer.ownOils
    ? { ...answer.ownOils, accords: answer.accords.map(({ layer, versionId, percentage }) => ({ layer, versionId, percentage })) }
    : answer.proposed
  const body = CreateVersionSchema.parse({
    projectId: target.projectId,
    ...lines,
    effects: JSON.parse(row.effects) as unknown,
    formulationNotes: noteOf(answer),
  })
  const saved = await saveVersion(trx, userId, body, oils)
  if (!saved.ok) return saved
  return done({ version: saved.value, proposal: answer })
}
