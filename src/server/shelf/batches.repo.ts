import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely'
import type { IfraCheck } from '#shared/api/ifra.ts'
import type { AccordWeighing, Batch, BatchAccord, BatchOil, FromBottle } from '#shared/api/shelf.ts'
import {
  accordCostPerGram,
  accordOfRow,
  neatCostPerGram,
  planNeatDraws,
  weighingLines,
  type AccordWeigh,
  type NeatBatch,
  type WeighableAccord,
} from '#shared/domain/accord-weighing.ts'
import { DEFAULT_AUDIENCE, isAudienceId } from '#shared/domain/audience-ids.ts'
import { calculateBatch, type CalculatorResult } from '#shared/domain/calculator.ts'
import { batchOilCosts, fromMilli, mlToBottleAmount, planDraws, summarizeShelf, toMilli, type BatchOilCost } from '#shared/domain/shelf.ts'
import { toGrams, type WeightUnit } from '#shared/domain/units.ts'
import type { BatchAccordDrawsTable, BatchDrawsTable, BatchesTable, Database, ShelfBottlesTable } from '#server/db/schema.ts'
import type { Executor } from '#server/db/executor.ts'
import { decodeCursor, encodeCursor } from '#server/shared/cursor.ts'
import { layersOf } from '#server/shared/version-layers.ts'
import { costBottle, densityOf, type Oils } from '#server/shelf/shelf.repo.ts'

/**
 * Batches ("Mark as made", docs/product.md "The oil shelf"; decision 026): data access, and the
 * plan of what a batch would take (planBatch), which writes nothing. Every query is scoped by the
 * signed-in user; what a write may store, and when it is refused, is batches.commands.ts's.
 */

type BatchRow = Selectable<BatchesTable> & {
  reference_number: string
  label_saved_at: string | null
  label_complete: number | null
  label_declared: string | null
}

/** A 0/1 column that may be null (not recorded) as a boolean or null. */
export const flagOrNull = (flag: number | null | undefined): boolean | null => (flag == null ? null : Number(flag) === 1)

export function toBatch(row: BatchRow): Batch {
  const totalCost = row.total_cost
  return {
    id: row.id,
    projectId: row.project_id,
    versionId: row.version_id,
    reference: row.reference_number,
    code: row.code,
    madeOn: row.made_on,
    productType: row.product_type,
    audience: isAudienceId(row.audience) ? row.audience : DEFAULT_AUDIENCE,
    weight: row.weight,
    unit: row.unit,
    oilPercentage: row.oil_percentage,
    units: row.units,
    oils: JSON.parse(row.oils) as BatchOil[],
    totalCost,
    costIsPartial: row.cost_is_partial === 1,
    costPerUnit: totalCost !== null && row.units !== null && row.units > 0 ? totalCost / row.units : null,
    currency: row.currency,
    createdAt: row.created_at,
    ifra: row.ifra_check ? (JSON.parse(row.ifra_check) as IfraCheck) : null,
    remainingGrams: row.remaining_milli === null ? null : fromMilli(Number(row.remaining_milli)),
    accords: row.accords ? (JSON.parse(row.accords) as BatchAccord[]) : [],
    crossContaminationPrevented: flagOrNull(row.cross_contamination_prevented),
    weighedInGrams: flagOrNull(row.weighed_in_grams),
    label:
      row.label_saved_at === null
        ? null
        : {
            savedAt: row.label_saved_at,
            complete: Number(row.label_complete) === 1,
            declared: JSON.parse(row.label_declared ?? '[]') as string[],
          },
  }
}

/** A batch's row with its version's reference and its label; `ex` may be a subquery's builder. */
const batchQuery = (ex: Pick<Executor, 'selectFrom'> | ExpressionBuilder<Database, never>, userId: string) =>
  (ex as Pick<Executor, 'selectFrom'>)
    .selectFrom('batches as b')
    .innerJoin('blend_versions as v', 'v.id', 'b.version_id')
    .leftJoin('batch_labels as l', (join) => join.onRef('l.batch_id', '=', 'b.id').onRef('l.user_id', '=', 'b.user_id'))
    .selectAll('b')
    .select(['v.reference_number', 'l.saved_at as label_saved_at', 'l.complete as label_complete', 'l.declared as label_declared'])
    .where('b.user_id', '=', userId)

/** Whether the blend is the user's. */
export async function ownsProject(ex: Executor, userId: string, projectId: number): Promise<boolean> {
  const row = await ex
    .selectFrom('blend_projects')
    .select('id')
    .where('id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return !!row
}

const BATCHES = 'batch'

/** A page of the blend's batches, newest first; null when the blend is not the user's. */
export async function listBatches(
  ex: Executor,
  userId: string,
  projectId: number,
  query: { limit: number; cursor?: string },
): Promise<{ items: Batch[]; nextCursor: string | null } | null> {
  if (!(await ownsProject(ex, userId, projectId))) return null
  let q = batchQuery(ex, userId).where('b.project_id', '=', projectId)
  if (query.cursor !== undefined) q = q.where('b.id', '<', decodeCursor(query.cursor, BATCHES, ['int'] as const)[0])
  const rows = await q
    .orderBy('b.id', 'desc')
    .limit(query.limit + 1)
    .execute()
  const items = rows.slice(0, query.limit).map(toBatch)
  const last = items.at(-1)
  return { items, nextCursor: rows.length > query.limit && last ? encodeCursor(BATCHES, last.id) : null }
}

/**
 * The first page of each of the given blends' batches, as listBatches answers it with `limit` and
 * no cursor, in one query however many blends (a row number per blend, newest first): GET
 * /api/blends/details carries them for the device's offline copy (decision 055). Only the user's
 * batches are read; a blend with none, or not theirs, gets an empty page.
 */
export async function firstBatchPages(
  ex: Executor,
  userId: string,
  projectIds: readonly number[],
  limit: number,
): Promise<Map<number, { items: Batch[]; nextCursor: string | null }>> {
  const pages = new Map<number, { items: Batch[]; nextCursor: string | null }>(
    projectIds.map((id) => [id, { items: [], nextCursor: null }]),
  )
  if (projectIds.length === 0) return pages
  const rows = await ex
    .selectFrom((eb) =>
      batchQuery(eb, userId)
        .where('b.project_id', 'in', [...new Set(projectIds)])
        .select(sql<number>`row_number() over (partition by b.project_id order by b.id desc)`.as('recency'))
        .as('r'),
    )
    .selectAll('r')
    // One more than a page tells whether another follows.
    .where('r.recency', '<=', limit + 1)
    .orderBy('r.project_id')
    .orderBy('r.id', 'desc')
    .execute()
  for (const { recency, ...row } of rows) {
    const page = pages.get(row.project_id)!
    if (Number(recency) <= limit) page.items.push(toBatch(row))
    else page.nextCursor = encodeCursor(BATCHES, page.items.at(-1)!.id)
  }
  return pages
}

/** The version's layers as the weighing reads them: flattened, with its accords (decision 072). */
export function weighableOf(version: { top_oils: string; middle_oils: string; base_oils: string }, oils: Oils) {
  const { topOils, middleOils, baseOils, accords } = layersOf(version)
  const named = (list: readonly { id: number; name: string; percentage: number }[]) =>
    list.map((o) => ({ ...o, name: oils.get(o.id)?.name ?? o.name }))
  return { topOils: named(topOils), middleOils: named(middleOils), baseOils: named(baseOils), accords }
}

/** A version of the user's blend, as a batch is made from it. */
export type BatchVersion = { id: number; top_oils: string; middle_oils: string; base_oils: string; reference_number: string }

/** The user's version: the one named, or the blend's latest; undefined when not theirs. */
export async function findVersion(
  ex: Executor,
  userId: string,
  where: { projectId?: number; versionId?: number },
): Promise<(BatchVersion & { project_id: number; cross_contamination_prevented: number; weighed_in_grams: number }) | undefined> {
  let versions = ex
    .selectFrom('blend_versions')
    .select([
      'id',
      'project_id',
      'top_oils',
      'middle_oils',
      'base_oils',
      'reference_number',
      'cross_contamination_prevented',
      'weighed_in_grams',
    ])
    .where('user_id', '=', userId)
  if (where.projectId !== undefined) versions = versions.where('project_id', '=', where.projectId)
  versions = where.versionId === undefined ? versions.orderBy('id', 'desc').limit(1) : versions.where('id', '=', where.versionId)
  return versions.executeTakeFirst()
}

/** One planned draw: what a batch would take from one bottle, in the bottle's thousandths and in mL. */
export type PlannedDraw = { bottle: Selectable<ShelfBottlesTable>; amountMilli: number; ml: number }

/** One planned draw from a neat batch of an accord (decision 074), in thousandths of a gram. */
export type PlannedAccordDraw = { batchId: number; code: string; amountMilli: number; capMilli: number; accordVersionId: number }

/** How an accord is weighed in the plan, as the batch records it, with its draws from neat batches. */
export type PlannedAccord = BatchAccord & { cost: number | null; draws: PlannedAccordDraw[] }

export type BatchPlan = {
  /** The calculator's amounts (g, mL, drops) of the flattened composition, whichever way an accord is weighed: what the safety checks read. */
  result: CalculatorResult
  /** One line per oil of the flattened composition with its grams, mL, cost and what the shelf lacks (shortMl). */
  oils: BatchOil[]
  draws: PlannedDraw[]
  /** Each accord of the version and how it is weighed; [] when it holds none. */
  accords: PlannedAccord[]
}

/** The accords of a request that the version does not hold, by version id (to refuse them). */
export function unknownAccords(version: BatchVersion, weighings: readonly AccordWeighing[]): number[] {
  const held = new Set(layersOf(version).accords.map((a) => a.versionId))
  return weighings.filter((w) => !held.has(w.versionId)).map((w) => w.versionId)
}

/** The user's neat batches of these accord versions with some left (decision 074). */
async function neatBatchesOf(
  ex: Executor,
  userId: string,
  versionIds: readonly number[],
): Promise<Map<number, (NeatBatch & { capMilli: number })[]>> {
  const byVersion = new Map<number, (NeatBatch & { capMilli: number })[]>(versionIds.map((id) => [id, []]))
  if (versionIds.length === 0) return byVersion
  const rows = await ex
    .selectFrom('batches')
    .select(['id', 'code', 'made_on', 'version_id', 'remaining_milli', 'weight', 'unit', 'oil_percentage', 'total_cost', 'cost_is_partial'])
    .where('user_id', '=', userId)
    .where('version_id', 'in', [...versionIds])
    .where('remaining_milli', '>', 0)
    .execute()
  for (const r of rows) {
    const grams = toGrams((r.weight * r.oil_percentage) / 100, r.unit)
    byVersion.get(r.version_id)!.push({
      id: r.id,
      code: r.code,
      madeOn: r.made_on,
      remainingGrams: fromMilli(Number(r.remaining_milli)),
      costPerGram: neatCostPerGram({ totalCost: r.total_cost, costIsPartial: r.cost_is_partial === 1, grams }),
      capMilli: toMilli(grams),
    })
  }
  return byVersion
}

/**
 * What "Mark as made" takes from the shelf for a version at a weight and percentage, without
 * writing: the calculator's amounts from the catalog's densities, priced at the shelf's cost per
 * mL (decision 025), each oil drawn from its bottles oldest first (decision 026); what the shelf
 * lacks is each oil's shortMl. An accord weighed as a batch (decision 074) is drawn from its neat
 * batches instead, oldest first, its oils' share priced at their cost per gram and what they lack
 * its shortGrams; its oils still count, flattened, in `result` and `oils`. createBatch
 * (batches.commands.ts) records this plan; the label preview and the MCP calculate_batch tool read
 * it. `withShelf: false` leaves the shelf unread (every oil unpriced and short, every accord batch
 * unread), for a caller not allowed to see it.
 */
export async function planBatch(
  ex: Executor,
  userId: string,
  input: {
    weight: number
    unit: WeightUnit
    oilPercentage: number
    accords?: readonly AccordWeighing[] | undefined
    fromBottles?: readonly FromBottle[] | undefined
  },
  version: BatchVersion,
  oils: Oils,
  { withShelf = true }: { withShelf?: boolean } = {},
): Promise<BatchPlan> {
  const weighable = weighableOf(version, oils)
  const density = (id: number) => densityOf(oils, id)
  const amounts = { weight: input.weight, unit: input.unit, oilPercentage: input.oilPercentage }
  const result = calculateBatch({ ...amounts, oils: weighingLines(weighable, new Set(), density) })
  const weighOf = new Map<number, AccordWeigh>((input.accords ?? []).map((a) => [a.versionId, a.weigh]))
  const asBatch = new Set(weighable.accords.filter((a) => weighOf.get(a.versionId) === 'batch').map((a) => a.versionId))
  // What is weighed: the flattened oils, or with accords as one line each, their oils' shares left out.
  const weighed = asBatch.size === 0 ? result : calculateBatch({ ...amounts, oils: weighingLines(weighable, asBatch, density) })
  const oilRows = weighed.rows.filter((r) => accordOfRow(r.id) === null)

  const oilIds = [...new Set(oilRows.map((r) => r.id))]
  const bottles =
    oilIds.length === 0 || !withShelf
      ? []
      : await ex
          .selectFrom('shelf_bottles')
          .selectAll()
          .where('user_id', '=', userId)
          .where('oil_id', 'in', oilIds)
          .where('remaining_milli', '>', 0)
          .execute()
  const fromBottles = new Map<number, BatchOilCost>(
    batchOilCosts(oilRows, summarizeShelf(bottles.map((b) => costBottle(b, oils)))).map((line) => [line.oilId, line]),
  )

  const draws: PlannedDraw[] = []
  const shortMl = new Map<number, number>()
  // The bottle the maker chose for an oil is drawn first (decision 090); the keeper has checked it.
  const chosenFor = new Map((input.fromBottles ?? []).map((c) => [c.oilId, c.bottleId]))
  for (const line of fromBottles.values()) {
    const own = bottles.filter((b) => b.oil_id === line.oilId)
    const byId = new Map(own.map((b) => [b.id, b]))
    const plan = planDraws(
      line.ml,
      own.map((b) => ({ ...costBottle(b, oils), id: b.id, purchasedOn: b.purchased_on, createdAt: b.created_at })),
      chosenFor.get(line.oilId),
    )
    for (const draw of plan.draws) {
      const bottle = byId.get(draw.bottleId)!
      const held = Number(bottle.remaining_milli)
      const amountMilli = draw.emptied
        ? held
        : Math.min(held, toMilli(mlToBottleAmount(draw.ml, bottle.unit, densityOf(oils, bottle.oil_id))))
      if (amountMilli <= 0) continue
      draws.push({ bottle, amountMilli, ml: draw.ml })
    }
    shortMl.set(line.oilId, plan.shortMl)
  }

  // Each accord: weighed as its oils, or from its neat batches, oldest first.
  const neat = withShelf ? await neatBatchesOf(ex, userId, [...asBatch]) : new Map<number, (NeatBatch & { capMilli: number })[]>()
  const accords: PlannedAccord[] = []
  const costPerGram = new Map<number, number | null>()
  for (const a of uniqueAccords(weighable.accords)) {
    const grams = weighed.totalOil.grams * (a.percentage / 100)
    if (!asBatch.has(a.versionId)) {
      accords.push({ ...accordRecord(a, 'oils', grams), shortGrams: 0, drawn: [], cost: null, draws: [] })
      continue
    }
    const stock = neat.get(a.versionId) ?? []
    const perGram = accordCostPerGram(stock)
    costPerGram.set(a.versionId, perGram)
    const plan = planNeatDraws(grams, stock)
    const byId = new Map(stock.map((b) => [b.id, b]))
    const planned: PlannedAccordDraw[] = []
    for (const d of plan.draws) {
      const b = byId.get(d.batchId)!
      const held = toMilli(b.remainingGrams)
      const amountMilli = d.emptied ? held : Math.min(held, toMilli(d.grams))
      if (amountMilli > 0) planned.push({ batchId: b.id, code: b.code, amountMilli, capMilli: b.capMilli, accordVersionId: a.versionId })
    }
    accords.push({
      ...accordRecord(a, 'batch', grams),
      shortGrams: plan.shortGrams,
      drawn: planned.map((d) => ({ batchId: d.batchId, code: d.code, grams: fromMilli(d.amountMilli) })),
      cost: perGram === null ? null : grams * perGram,
      draws: planned,
    })
  }

  // The recorded oils stay the flattened composition; an oil's cost adds its bottles' part and its accords' part.
  const batchOils: BatchOil[] = batchOilCosts(result.rows, new Map()).map((line) => {
    const bottle = fromBottles.get(line.oilId)
    let cost: number | null = bottle ? bottle.cost : 0
    for (const a of weighable.accords.filter((x) => asBatch.has(x.versionId))) {
      const share = a.oils.find((o) => o.id === line.oilId)?.percentage ?? 0
      if (share === 0) continue
      const perGram = costPerGram.get(a.versionId) ?? null
      cost = cost === null || perGram === null ? null : cost + weighed.totalOil.grams * (a.percentage / 100) * (share / 100) * perGram
    }
    return { ...line, shortMl: shortMl.get(line.oilId) ?? 0, cost }
  })
  return { result, oils: batchOils, draws, accords }
}

/** An accord used in two layers is weighed once, at its two shares added. */
function uniqueAccords(accords: readonly WeighableAccord[]): WeighableAccord[] {
  const out = new Map<number, WeighableAccord>()
  for (const a of accords) {
    const seen = out.get(a.versionId)
    out.set(a.versionId, seen ? { ...seen, percentage: seen.percentage + a.percentage } : a)
  }
  return [...out.values()]
}

const accordRecord = (a: WeighableAccord, weigh: AccordWeigh, grams: number) => ({
  versionId: a.versionId,
  name: a.name,
  referenceNumber: a.referenceNumber,
  weigh,
  grams,
})

/** The user's blend (its id and name); undefined when not theirs. */
export async function blendOf(ex: Executor, userId: string, projectId: number) {
  return ex.selectFrom('blend_projects').select(['id', 'name']).where('id', '=', projectId).where('user_id', '=', userId).executeTakeFirst()
}

/** The user's bottles among these ids, with their oil and what is left; another maker's are not read. */
export async function bottlesToChoose(ex: Executor, userId: string, bottleIds: readonly number[]) {
  if (bottleIds.length === 0) return []
  return ex
    .selectFrom('shelf_bottles')
    .select(['id', 'oil_id', 'remaining_milli'])
    .where('user_id', '=', userId)
    .where('id', 'in', [...bottleIds])
    .execute()
}

/** Takes `amountMilli` from one of the user's bottles if it still holds that much; false when it does not (it changed meanwhile). */
export async function takeFromBottle(ex: Executor, userId: string, bottleId: number, amountMilli: number): Promise<boolean> {
  const res = await ex
    .updateTable('shelf_bottles')
    .set({ remaining_milli: sql`remaining_milli - ${amountMilli}` })
    .where('id', '=', bottleId)
    .where('user_id', '=', userId)
    .where('remaining_milli', '>=', amountMilli)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

export type NewBatchRow = Insertable<BatchesTable>
export type NewDrawRow = Insertable<BatchDrawsTable>

export async function insertBatchRow(ex: Executor, row: NewBatchRow): Promise<Selectable<BatchesTable>> {
  return ex.insertInto('batches').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function insertDraws(ex: Executor, rows: readonly NewDrawRow[]): Promise<void> {
  if (rows.length > 0)
    await ex
      .insertInto('batch_draws')
      .values([...rows])
      .execute()
}

/** The user's batch codes that match a LIKE pattern. */
export async function codesLike(ex: Executor, userId: string, like: string): Promise<string[]> {
  const rows = await ex
    .selectFrom('batches')
    .select('code')
    .where('user_id', '=', userId)
    .where(sql<boolean>`code like ${like} escape '\\'`)
    .execute()
  return rows.map((r) => r.code)
}

/** Whether one of the user's batches has the code. */
export async function codeTaken(ex: Executor, userId: string, code: string): Promise<boolean> {
  const row = await ex.selectFrom('batches').select('id').where('user_id', '=', userId).where('code', '=', code).executeTakeFirst()
  return row !== undefined
}

/** Whether the batch is the user's. */
export async function batchExists(ex: Executor, userId: string, batchId: number): Promise<boolean> {
  const row = await ex.selectFrom('batches').select('id').where('id', '=', batchId).where('user_id', '=', userId).executeTakeFirst()
  return row !== undefined
}

/** The batch's draws from bottles still on the shelf, with each bottle's unit, size and oil now. */
export async function drawsOnShelf(ex: Executor, userId: string, batchId: number) {
  return ex
    .selectFrom('batch_draws as d')
    .innerJoin('shelf_bottles as s', (join) => join.onRef('s.id', '=', 'd.bottle_id').onRef('s.user_id', '=', 'd.user_id'))
    .select(['d.bottle_id', 'd.unit as draw_unit', 'd.amount_milli', 'd.ml', 's.unit', 's.size', 's.oil_id'])
    .where('d.batch_id', '=', batchId)
    .where('d.user_id', '=', userId)
    .orderBy('d.id')
    .execute()
}

/** Puts `amountMilli` back into one of the user's bottles, never above `capMilli`. */
export async function putBack(ex: Executor, userId: string, bottleId: number, amountMilli: number, capMilli: number): Promise<void> {
  await ex
    .updateTable('shelf_bottles')
    .set({
      remaining_milli: sql`case when remaining_milli + ${amountMilli} > ${capMilli} then ${capMilli} else remaining_milli + ${amountMilli} end`,
    })
    .where('id', '=', bottleId)
    .where('user_id', '=', userId)
    .execute()
}

/** Takes `amountMilli` (thousandths of a gram) from one of the user's neat batches if it still holds that much; false when it does not. */
export async function takeFromNeatBatch(ex: Executor, userId: string, batchId: number, amountMilli: number): Promise<boolean> {
  const res = await ex
    .updateTable('batches')
    .set({ remaining_milli: sql`remaining_milli - ${amountMilli}` })
    .where('id', '=', batchId)
    .where('user_id', '=', userId)
    .where('remaining_milli', '>=', amountMilli)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

export type NewAccordDrawRow = Insertable<BatchAccordDrawsTable>

export async function insertAccordDraws(ex: Executor, rows: readonly NewAccordDrawRow[]): Promise<void> {
  if (rows.length > 0)
    await ex
      .insertInto('batch_accord_draws')
      .values([...rows])
      .execute()
}

/** The batch's draws from neat batches still there, with each one's full amount (its cap). */
export async function accordDrawsOnHand(ex: Executor, userId: string, batchId: number) {
  return ex
    .selectFrom('batch_accord_draws as d')
    .innerJoin('batches as s', (join) => join.onRef('s.id', '=', 'd.source_batch_id').onRef('s.user_id', '=', 'd.user_id'))
    .select(['d.source_batch_id', 'd.amount_milli', 's.weight', 's.unit', 's.oil_percentage'])
    .where('d.batch_id', '=', batchId)
    .where('d.user_id', '=', userId)
    .orderBy('d.id')
    .execute()
}

/** Puts `amountMilli` back into one of the user's neat batches, never above `capMilli`. */
export async function putBackIntoNeatBatch(
  ex: Executor,
  userId: string,
  batchId: number,
  amountMilli: number,
  capMilli: number,
): Promise<void> {
  await ex
    .updateTable('batches')
    .set({
      remaining_milli: sql`case when remaining_milli + ${amountMilli} > ${capMilli} then ${capMilli} else remaining_milli + ${amountMilli} end`,
    })
    .where('id', '=', batchId)
    .where('user_id', '=', userId)
    .where('remaining_milli', 'is not', null)
    .execute()
}

/** Deletes the batch's label, draws and row; draws other batches made from it keep no source (nothing to put back there). */
export async function deleteBatchRows(ex: Executor, userId: string, batchId: number): Promise<void> {
  await ex.deleteFrom('batch_labels').where('batch_id', '=', batchId).where('user_id', '=', userId).execute()
  await ex.deleteFrom('batch_draws').where('batch_id', '=', batchId).where('user_id', '=', userId).execute()
  await ex.deleteFrom('batch_accord_draws').where('batch_id', '=', batchId).where('user_id', '=', userId).execute()
  await ex
    .updateTable('batch_accord_draws')
    .set({ source_batch_id: null })
    .where('source_batch_id', '=', batchId)
    .where('user_id', '=', userId)
    .execute()
  await ex.deleteFrom('batches').where('id', '=', batchId).where('user_id', '=', userId).execute()
}
