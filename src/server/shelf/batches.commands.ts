import type { z } from 'zod'
import type { IfraCheck } from '#shared/api/ifra.ts'
import type { Label } from '#shared/api/labels.ts'
import type { Batch, BatchOil, CreateBatchSchema } from '#shared/api/shelf.ts'
import { labelUse } from '#shared/domain/allergen-label.ts'
import { batchCodeLike, nextBatchCode } from '#shared/domain/batch-code.ts'
import { ifraCategoryOf } from '#shared/domain/ifra.ts'
import { latestTodayOnEarth, MADE_AFTER_TODAY_MESSAGE } from '#shared/domain/made-date.ts'
import { productTypeById } from '#shared/domain/safety.ts'
import { DEFAULT_AUDIENCE, type AudienceId } from '#shared/domain/audience-ids.ts'
import { batchCostTotals, mlToBottleAmount, toMilli } from '#shared/domain/shelf.ts'
import { toGrams, type WeightUnit } from '#shared/domain/units.ts'
import { NEAT_PRODUCT_TYPE } from '#shared/domain/accord-weighing.ts'
import type { AccordWeighing, FromBottle } from '#shared/api/shelf.ts'
import { touchUserData } from '#server/db/counters.ts'
import type { Executor } from '#server/db/executor.ts'
import { serialiseOn } from '#server/db/locks.ts'
import { getLabelSettings, getSettings } from '#server/me/settings.commands.ts'
import { forgetBatch, scheduleBatch, type ImportedBatch } from '#server/reminders/reminders.commands.ts'
import { done, placed, refuse, refuseAt, type Outcome, type Refusal } from '#server/shared/outcome.ts'
import {
  batchExists,
  blendOf,
  bottlesToChoose,
  codesLike,
  codeTaken,
  deleteBatchRows,
  drawsOnShelf,
  findVersion,
  insertBatchRow,
  insertDraws,
  ownsProject,
  planBatch,
  putBack,
  takeFromBottle,
  takeFromNeatBatch,
  toBatch,
  unknownAccords,
  accordDrawsOnHand,
  insertAccordDraws,
  putBackIntoNeatBatch,
  weighableOf,
  type BatchPlan,
  type BatchVersion,
  type NewDrawRow,
} from '#server/shelf/batches.repo.ts'
import { ifraCheckOfPlan } from '#server/shelf/ifra.commands.ts'
import { batchLabelRow } from '#server/shelf/labels.commands.ts'
import { upsertBatchLabel } from '#server/shelf/labels.repo.ts'
import { densityOf, type Oils } from '#server/shelf/shelf.repo.ts'

/**
 * Batches' commands ("Mark as made", its undo, and an import's batches; docs/product.md "The oil
 * shelf", decisions 026 and 050; issue 33): the only code that writes `batches` and `batch_draws`.
 * Each answers an Outcome. A refusal after the shelf was drawn (SHELF_CHANGED) leaves writes in
 * the caller's transaction: every caller throws it, so the transaction rolls back.
 */

type CreateInput = z.output<typeof CreateBatchSchema>

const blendNotFound = () => refuse('NOT_FOUND', 'Blend not found')
const VERSION_NOT_THIS_BLENDS = 'That version is not one of this blend’s'
const versionNotFound = () => refuseAt('NOT_FOUND', 'versionId', VERSION_NOT_THIS_BLENDS)
/** Another request changed a bottle between this one's read and its write (PostgreSQL). */
const shelfChanged = () => refuse('SHELF_CHANGED', 'Your shelf changed while this batch was being recorded. Try again.')

/** An accord named in the request that the version does not hold (decision 074). */
function accordsRefusal(version: BatchVersion, weighings: readonly AccordWeighing[] | undefined): Refusal | null {
  const unknown = unknownAccords(version, weighings ?? [])
  return unknown.length === 0
    ? null
    : refuseAt('VALIDATION_ERROR', 'accords', `This version holds no accord with version id ${unknown.join(', ')}`)
}

const BOTTLE_NOT_FOUND = 'Bottle not found'

/**
 * The bottles the maker chose to draw from first (decision 090), each: theirs (another maker's or
 * an unknown id: 404, the same words), holding that oil, an oil of the version made, not empty.
 */
async function fromBottlesRefusal(
  ex: Executor,
  userId: string,
  version: BatchVersion,
  chosen: readonly FromBottle[] | undefined,
  oils: Oils,
): Promise<Refusal | null> {
  if (!chosen || chosen.length === 0) return null
  const found = new Map(
    (
      await bottlesToChoose(
        ex,
        userId,
        chosen.map((c) => c.bottleId),
      )
    ).map((b) => [b.id, b]),
  )
  const { topOils, middleOils, baseOils } = weighableOf(version, oils)
  const inVersion = new Set([...topOils, ...middleOils, ...baseOils].map((o) => o.id))
  for (const [i, c] of chosen.entries()) {
    const bottle = found.get(c.bottleId)
    if (!bottle) return refuseAt('NOT_FOUND', `fromBottles.${i}.bottleId`, BOTTLE_NOT_FOUND)
    const oilName = oils.get(c.oilId)?.name ?? `oil ${c.oilId}`
    if (bottle.oil_id !== c.oilId) {
      const holds = oils.get(bottle.oil_id)?.name ?? 'another oil'
      return refuseAt('NOT_DRAWABLE', `fromBottles.${i}.bottleId`, `That bottle holds ${holds}, not ${oilName}`)
    }
    if (!inVersion.has(c.oilId)) return refuseAt('NOT_DRAWABLE', `fromBottles.${i}.oilId`, `${oilName} is not in the version being made`)
    if (Number(bottle.remaining_milli) <= 0)
      return refuseAt('NOT_DRAWABLE', `fromBottles.${i}.bottleId`, `That bottle of ${oilName} is empty`)
  }
  return null
}

/** A batch is never made after today anywhere on Earth (decision 052). */
export function madeOnRefusal(madeOn: string): Refusal | null {
  return madeOn > latestTodayOnEarth() ? refuseAt('VALIDATION_ERROR', 'madeOn', MADE_AFTER_TODAY_MESSAGE) : null
}

/**
 * planBatch for one of the user's blends, by its id: the version named (or the latest), with the
 * blend's name and the version's reference. Writes nothing.
 */
export async function planBatchOf(
  ex: Executor,
  userId: string,
  projectId: number,
  input: {
    versionId?: number | undefined
    weight: number
    unit: WeightUnit
    oilPercentage: number
    accords?: readonly AccordWeighing[] | undefined
  },
  oils: Oils,
  options: { withShelf?: boolean } = {},
): Promise<Outcome<{ blend: { id: number; name: string }; version: { id: number; reference_number: string }; plan: BatchPlan }>> {
  const blend = await blendOf(ex, userId, projectId)
  if (!blend) return blendNotFound()
  const version = await findVersion(ex, userId, { projectId, ...(input.versionId === undefined ? {} : { versionId: input.versionId }) })
  if (!version) return refuse('NOT_FOUND', 'Version of this blend not found')
  const refused = accordsRefusal(version, input.accords)
  if (refused) return refused
  const plan = await planBatch(ex, userId, input, version, oils, options)
  return done({ blend, version: { id: version.id, reference_number: version.reference_number }, plan })
}

/**
 * A new batch's code from the maker's pattern (decision 050): one above the highest counter of
 * the codes made from the same pattern and day. Batches of one user take turns here, so two made
 * at once on PostgreSQL never read the same codes; the unique index holds it either way.
 */
export async function newBatchCode(ex: Executor, userId: string, batch: { madeOn: string; reference: string }): Promise<string> {
  await serialiseOn(ex, 'batch-code', userId)
  const { batchCodePattern } = await getLabelSettings(ex, userId)
  return nextBatchCode(batchCodePattern, batch, await codesLike(ex, userId, batchCodeLike(batchCodePattern, batch)))
}

/**
 * The code a batch brought back keeps (an import's, a restored blend's) unless the account has it
 * (or it has none): then a new one from the maker's pattern.
 */
export async function keptOrNewBatchCode(
  ex: Executor,
  userId: string,
  batch: { code: string | undefined; madeOn: string; reference: string },
): Promise<string> {
  return batch.code === undefined || (await codeTaken(ex, userId, batch.code)) ? await newBatchCode(ex, userId, batch) : batch.code
}

/**
 * "Mark as made": records a batch of one of the user's blends and takes its oils from the shelf:
 * the version named (or the latest), its amounts for the weight and percentage, each oil drawn
 * from its bottles oldest first; what the shelf lacks is recorded as shortMl (decision 026).
 */
export async function markAsMade(ex: Executor, userId: string, projectId: number, input: CreateInput, oils: Oils): Promise<Outcome<Batch>> {
  const early = madeOnRefusal(input.madeOn)
  if (early) return early
  if (!(await ownsProject(ex, userId, projectId))) return blendNotFound()
  const version = await findVersion(ex, userId, { projectId, ...(input.versionId === undefined ? {} : { versionId: input.versionId }) })
  if (!version) return versionNotFound()
  const refused = accordsRefusal(version, input.accords) ?? (await fromBottlesRefusal(ex, userId, version, input.fromBottles, oils))
  if (refused) return refused
  const productType = input.productType.trim()
  const neat = productType === NEAT_PRODUCT_TYPE
  if (neat && input.oilPercentage !== 100)
    return refuseAt('VALIDATION_ERROR', 'oilPercentage', 'A neat blend (to use as an accord) is made at 100 %')

  const plan = await planBatch(ex, userId, input, version, oils)
  // The IFRA check of the lots this batch draws, recorded with it (docs/product.md "The IFRA check").
  const ifra = await ifraCheckOfPlan(ex, userId, plan, productType, ifraCategoryOf(productType))
  // Take each oil from its bottles, oldest first; the draws are recorded for undo.
  const draws: Omit<NewDrawRow, 'batch_id'>[] = []
  for (const { bottle, amountMilli, ml } of plan.draws) {
    if (!(await takeFromBottle(ex, userId, bottle.id, amountMilli))) return shelfChanged()
    draws.push({ user_id: userId, bottle_id: bottle.id, oil_id: bottle.oil_id, unit: bottle.unit, amount_milli: amountMilli, ml })
  }
  // An accord weighed as a batch: its amount from its neat batches, oldest first (decision 074).
  const accordDraws = plan.accords.flatMap((a) => a.draws)
  for (const d of accordDraws) if (!(await takeFromNeatBatch(ex, userId, d.batchId, d.amountMilli))) return shelfChanged()
  const totals = batchCostTotals(plan.oils, input.units)
  const { currency } = await getSettings(ex, userId)
  const code = await newBatchCode(ex, userId, { madeOn: input.madeOn, reference: version.reference_number })
  const created = await insertBatchRow(ex, {
    user_id: userId,
    project_id: projectId,
    version_id: version.id,
    made_on: input.madeOn,
    product_type: productType,
    audience: input.audience,
    weight: input.weight,
    unit: input.unit,
    oil_percentage: input.oilPercentage,
    units: input.units,
    oils: JSON.stringify(plan.oils),
    ifra_check: JSON.stringify(ifra),
    // A neat batch can be drawn from as an accord: all of its oil is left (decision 074).
    remaining_milli: neat ? toMilli(plan.result.totalOil.grams) : null,
    accords: plan.accords.length === 0 ? null : JSON.stringify(plan.accords.map(({ cost: _cost, draws: _draws, ...record }) => record)),
    total_cost: totals.totalCost,
    cost_is_partial: totals.costIsPartial ? 1 : 0,
    currency,
    created_at: new Date().toISOString(),
    code,
    // The maker's checks as asked at the time of making; unasked, the version's own flags (docs/product.md "Batch records").
    cross_contamination_prevented: flagOf(input.crossContaminationPrevented ?? version.cross_contamination_prevented === 1),
    weighed_in_grams: flagOf(input.weighedInGrams ?? version.weighed_in_grams === 1),
  })
  await insertDraws(
    ex,
    draws.map((d) => ({ ...d, batch_id: created.id })),
  )
  await insertAccordDraws(
    ex,
    accordDraws.map((d) => ({
      batch_id: created.id,
      user_id: userId,
      source_batch_id: d.batchId,
      accord_version_id: d.accordVersionId,
      amount_milli: d.amountMilli,
    })),
  )
  // Ready to test from its ready day's midnight where the maker is (decision 038).
  await scheduleBatch(ex, userId, { id: created.id, projectId, versionId: version.id, madeOn: created.made_on })
  // GET /api/blends/details carries the blend's batches (decision 055): its cached answer must go.
  await touchUserData(ex, userId)
  return done(
    toBatch({ ...created, reference_number: version.reference_number, label_saved_at: null, label_complete: null, label_declared: null }),
  )
}

/**
 * Undoes one of the user's batches: each draw goes back to its bottle (in the bottle's unit at the
 * time; converted through mL if the unit was changed since), never above the bottle's size; a
 * deleted bottle gets nothing back (decision 026).
 */
export async function undoBatch(ex: Executor, userId: string, batchId: number, oils: Oils): Promise<Outcome<void>> {
  if (!(await batchExists(ex, userId, batchId))) return refuse('NOT_FOUND', 'Batch not found')
  for (const d of await drawsOnShelf(ex, userId, batchId)) {
    const back = d.unit === d.draw_unit ? Number(d.amount_milli) : toMilli(mlToBottleAmount(d.ml, d.unit, densityOf(oils, d.oil_id)))
    await putBack(ex, userId, d.bottle_id!, back, toMilli(d.size))
  }
  // What it took from neat batches of its accords goes back to them, never above what each was made with.
  for (const d of await accordDrawsOnHand(ex, userId, batchId))
    await putBackIntoNeatBatch(
      ex,
      userId,
      d.source_batch_id!,
      Number(d.amount_milli),
      toMilli(toGrams((d.weight * d.oil_percentage) / 100, d.unit)),
    )
  await forgetBatch(ex, userId, batchId)
  await deleteBatchRows(ex, userId, batchId)
  await touchUserData(ex, userId)
  return done(undefined)
}

/** A batch as an import file has it, its version and bottles already resolved to this account's rows. */
export type ImportedBatchRecord = {
  /** Where it is in the file: 'blends[2].batches[0]'. */
  source: string
  version: { id: number; projectId: number; reference: string }
  madeOn: string
  code?: string | undefined
  productType: string
  /** Absent in files from before decision 069: an adults' batch. */
  audience?: AudienceId | undefined
  weight: number
  unit: WeightUnit
  oilPercentage: number
  units: number | null
  oils: BatchOil[]
  totalCost: number | null
  costIsPartial: boolean
  currency: string | null
  createdAt: string
  /** Each draw's bottle: this account's id, or null (deleted before the export, or not in the file). */
  draws: { bottleId: number | null; oilId: number; unit: 'mL' | 'g'; amount: number; ml: number }[]
  /** Its saved label, its bottle ids already this account's. */
  label?: Label | null | undefined
  /** Its recorded IFRA check (decision 070), its bottle ids already this account's. */
  ifra?: IfraCheck | null | undefined
  /** What is left of a neat blend (decision 074); absent: all of it. */
  remainingGrams?: number | null | undefined
  /** The maker's checks when it was made (issue 36); null or absent: not recorded. */
  crossContaminationPrevented?: boolean | null | undefined
  weighedInGrams?: boolean | null | undefined
}

const flagOf = (check: boolean | null | undefined) => (check == null ? null : check ? 1 : 0)

/** An imported batch's stock: a neat blend's, as the file says, never above what it was made with; none for any other. */
function importedRemainingMilli(b: Pick<ImportedBatchRecord, 'productType' | 'weight' | 'unit' | 'oilPercentage' | 'remainingGrams'>) {
  if (b.productType.trim() !== NEAT_PRODUCT_TYPE) return null
  const made = toMilli(toGrams((b.weight * b.oilPercentage) / 100, b.unit))
  return b.remainingGrams == null ? made : Math.min(made, toMilli(b.remainingGrams))
}

/**
 * The rules an imported batch is held to, as "Mark as made" and "Save with this batch" hold the
 * API's: never made after today; a saved label only on a cosmetic's batch (decision 044).
 */
export function importedBatchRefusal(batch: Pick<ImportedBatchRecord, 'source' | 'madeOn' | 'productType' | 'label'>): Refusal | null {
  const early = madeOnRefusal(batch.madeOn)
  if (early) return placed(early, batch.source)
  if (!batch.label) return null
  const type = productTypeById(batch.productType) ?? productTypeById(batch.label.productType)
  if (!type) {
    return placed(refuseAt('UNKNOWN_PRODUCT_TYPE', 'productType', 'This batch’s product type is not one of the usage guide'), batch.source)
  }
  if (labelUse(type) === null) {
    return placed(
      refuseAt('NOT_A_COSMETIC', 'label', `${type.label} is a home product, not a cosmetic: it has no allergen label`),
      batch.source,
    )
  }
  return null
}

/**
 * Stores an import's batches, oldest first, with their draws (the shelf is not drawn again: the
 * file's bottles are net of them) and saved labels, in the caller's transaction, each through the
 * rules and row mapping of a batch recorded here. The file's code is kept unless the account has
 * it: then a new one from the maker's pattern. Answers each new batch id, in the order given.
 */
export async function addImportedBatches(
  ex: Executor,
  userId: string,
  batches: readonly ImportedBatchRecord[],
  pause: () => Promise<void> | undefined,
): Promise<Outcome<{ ids: number[]; scheduled: ImportedBatch[] }>> {
  for (const b of batches) {
    const refused = importedBatchRefusal(b)
    if (refused) return refused
  }
  const ids: number[] = []
  const scheduled: ImportedBatch[] = []
  for (const b of batches) {
    await pause()
    const code = await keptOrNewBatchCode(ex, userId, { code: b.code, madeOn: b.madeOn, reference: b.version.reference })
    const row = await insertBatchRow(ex, {
      code,
      user_id: userId,
      project_id: b.version.projectId,
      version_id: b.version.id,
      made_on: b.madeOn,
      product_type: b.productType.trim(),
      audience: b.audience ?? DEFAULT_AUDIENCE,
      weight: b.weight,
      unit: b.unit,
      oil_percentage: b.oilPercentage,
      units: b.units,
      oils: JSON.stringify(b.oils),
      total_cost: b.totalCost,
      cost_is_partial: b.costIsPartial ? 1 : 0,
      currency: b.currency,
      created_at: b.createdAt,
      ifra_check: b.ifra ? JSON.stringify(b.ifra) : null,
      remaining_milli: importedRemainingMilli(b),
      cross_contamination_prevented: flagOf(b.crossContaminationPrevented),
      weighed_in_grams: flagOf(b.weighedInGrams),
    })
    ids.push(row.id)
    scheduled.push({ id: row.id, projectId: b.version.projectId, versionId: b.version.id, madeOn: b.madeOn })
    await insertDraws(
      ex,
      b.draws.map((d) => ({
        batch_id: row.id,
        user_id: userId,
        bottle_id: d.bottleId,
        oil_id: d.oilId,
        unit: d.unit,
        amount_milli: toMilli(d.amount),
        ml: d.ml,
      })),
    )
    if (b.label) await upsertBatchLabel(ex, batchLabelRow(row.id, userId, b.label))
  }
  return done({ ids, scheduled })
}
