import { sql, type Selectable } from 'kysely'
import type { BatchLot, CompositionLine, Lot, LotBatch } from '#shared/api/trace.ts'
import type { BatchOil } from '#shared/api/shelf.ts'
import { fromMilli } from '#shared/domain/shelf.ts'
import type { ShelfBottlesTable } from '#server/db/schema.ts'
import type { Executor } from '#server/db/executor.ts'
import { decodeCursor, encodeCursor } from '#server/shared/cursor.ts'
import { toBatch } from '#server/shelf/batches.repo.ts'
import type { Oils } from '#server/shelf/shelf.repo.ts'

/**
 * The trace look-ups (issue 36; docs/product.md "Batch records"; decision 081): reads only, every
 * query scoped by the signed-in user. A lot's batches are read a page at a time; a batch's lots
 * are the few bottles it drew from.
 */

type BottleRow = Pick<
  Selectable<ShelfBottlesTable>,
  'id' | 'oil_id' | 'lot_code' | 'supplier' | 'purchased_on' | 'opened_on' | 'best_before' | 'unit' | 'size' | 'remaining_milli'
>

const LOT_COLUMNS = [
  'id',
  'oil_id',
  'lot_code',
  'supplier',
  'purchased_on',
  'opened_on',
  'best_before',
  'unit',
  'size',
  'remaining_milli',
] as const

function toLot(row: BottleRow, oils: Oils): Lot {
  return {
    bottleId: row.id,
    oilId: row.oil_id,
    oilName: oils.get(row.oil_id)?.name ?? 'Unknown oil',
    lotCode: row.lot_code || null,
    supplier: row.supplier || null,
    purchasedOn: row.purchased_on,
    openedOn: row.opened_on,
    bestBefore: row.best_before,
    unit: row.unit,
    size: row.size,
    remaining: fromMilli(Number(row.remaining_milli)),
  }
}

/** One of the user's bottles as a lot; undefined when not theirs. */
export async function lotOf(ex: Executor, userId: string, bottleId: number, oils: Oils): Promise<Lot | undefined> {
  const row = await ex
    .selectFrom('shelf_bottles')
    .select(LOT_COLUMNS)
    .where('id', '=', bottleId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row ? toLot(row, oils) : undefined
}

const LOT_BATCHES = 'lot-batch'

/** How many of the user's batches drew from the bottle. */
export async function lotBatchCount(ex: Executor, userId: string, bottleId: number): Promise<number> {
  const row = await ex
    .selectFrom('batch_draws')
    .select(sql<number>`count(distinct batch_id)`.as('n'))
    .where('user_id', '=', userId)
    .where('bottle_id', '=', bottleId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * A page of the user's batches that drew from the bottle, newest first, with how much of it each
 * took: the page's batch ids and amounts in one grouped query, then those batches in one more.
 */
export async function lotBatches(
  ex: Executor,
  userId: string,
  bottleId: number,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ items: LotBatch[]; nextCursor: string | null }> {
  let drawn = ex
    .selectFrom('batch_draws')
    .select([
      'batch_id',
      sql<number>`sum(amount_milli)`.as('amount_milli'),
      sql<number>`sum(ml)`.as('ml'),
      sql<'mL' | 'g'>`max(unit)`.as('unit'),
    ])
    .where('user_id', '=', userId)
    .where('bottle_id', '=', bottleId)
  if (query.cursor !== undefined) drawn = drawn.where('batch_id', '<', decodeCursor(query.cursor, LOT_BATCHES, ['int'] as const)[0])
  const page = await drawn
    .groupBy('batch_id')
    .orderBy('batch_id', 'desc')
    .limit(query.limit + 1)
    .execute()
  const shown = page.slice(0, query.limit)
  if (shown.length === 0) return { items: [], nextCursor: null }
  const rows = await ex
    .selectFrom('batches as b')
    .innerJoin('blend_versions as v', 'v.id', 'b.version_id')
    .innerJoin('blend_projects as p', 'p.id', 'b.project_id')
    .select([
      'b.id',
      'b.code',
      'b.made_on',
      'b.product_type',
      'b.project_id',
      'p.name as blend_name',
      'b.version_id',
      'v.reference_number',
      'b.weight',
      'b.unit',
      'b.oil_percentage',
      'b.units',
    ])
    .where('b.user_id', '=', userId)
    .where(
      'b.id',
      'in',
      shown.map((d) => d.batch_id),
    )
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  const items = shown.flatMap((d): LotBatch[] => {
    const b = byId.get(d.batch_id)
    if (!b) return []
    return [
      {
        batchId: b.id,
        code: b.code,
        madeOn: b.made_on,
        productType: b.product_type,
        blendId: b.project_id,
        blendName: b.blend_name,
        versionId: b.version_id,
        reference: b.reference_number,
        weight: b.weight,
        unit: b.unit,
        oilPercentage: b.oil_percentage,
        units: b.units,
        lotAmount: fromMilli(Number(d.amount_milli)),
        lotUnit: d.unit,
        lotMl: Math.round(Number(d.ml) * 1000) / 1000,
      },
    ]
  })
  const last = shown.at(-1)
  return { items, nextCursor: page.length > query.limit && last ? encodeCursor(LOT_BATCHES, last.batch_id) : null }
}

/**
 * The user's batches among `batchIds`, each with its version's reference, its saved label's summary
 * and its blend's name, in one query; an id not theirs is absent.
 */
export async function batchesWithBlend(ex: Executor, userId: string, batchIds: readonly number[]) {
  if (batchIds.length === 0) return []
  const rows = await ex
    .selectFrom('batches as b')
    .innerJoin('blend_versions as v', 'v.id', 'b.version_id')
    .innerJoin('blend_projects as p', 'p.id', 'b.project_id')
    .leftJoin('batch_labels as l', (join) => join.onRef('l.batch_id', '=', 'b.id').onRef('l.user_id', '=', 'b.user_id'))
    .selectAll('b')
    .select([
      'v.reference_number',
      'p.name as blend_name',
      'l.saved_at as label_saved_at',
      'l.complete as label_complete',
      'l.declared as label_declared',
    ])
    .where('b.user_id', '=', userId)
    .where('b.id', 'in', [...new Set(batchIds)])
    .execute()
  return rows.map((row) => {
    const { blend_name, ...batchRow } = row
    return { row: batchRow, batch: toBatch(batchRow), blend: { id: row.project_id, name: blend_name } }
  })
}

/**
 * What each of these batches drew from each bottle, in order, with the bottle as a lot (null once
 * deleted), in one query: by batch id (a batch that drew nothing is absent).
 */
export async function lotsOfBatches(
  ex: Executor,
  userId: string,
  batchIds: readonly number[],
  oils: Oils,
): Promise<Map<number, Omit<BatchLot, 'documents'>[]>> {
  const byBatch = new Map<number, Omit<BatchLot, 'documents'>[]>()
  if (batchIds.length === 0) return byBatch
  const rows = await ex
    .selectFrom('batch_draws as d')
    .leftJoin('shelf_bottles as s', (join) => join.onRef('s.id', '=', 'd.bottle_id').onRef('s.user_id', '=', 'd.user_id'))
    .select([
      'd.batch_id',
      'd.oil_id as draw_oil_id',
      'd.unit as draw_unit',
      'd.amount_milli as draw_amount_milli',
      'd.ml as draw_ml',
      's.id',
      's.oil_id',
      's.lot_code',
      's.supplier',
      's.purchased_on',
      's.opened_on',
      's.best_before',
      's.unit',
      's.size',
      's.remaining_milli',
    ])
    .where('d.batch_id', 'in', [...new Set(batchIds)])
    .where('d.user_id', '=', userId)
    .orderBy('d.batch_id')
    .orderBy('d.id')
    .execute()
  for (const r of rows) {
    const lots = byBatch.get(r.batch_id) ?? []
    lots.push({
      oilId: r.draw_oil_id,
      oilName: oils.get(r.draw_oil_id)?.name ?? 'Unknown oil',
      amount: fromMilli(Number(r.draw_amount_milli)),
      unit: r.draw_unit,
      ml: r.draw_ml,
      lot:
        r.id === null
          ? null
          : toLot(
              {
                id: r.id,
                oil_id: r.oil_id!,
                lot_code: r.lot_code,
                supplier: r.supplier,
                purchased_on: r.purchased_on,
                opened_on: r.opened_on,
                best_before: r.best_before,
                unit: r.unit!,
                size: r.size!,
                remaining_milli: r.remaining_milli!,
              },
              oils,
            ),
    })
    byBatch.set(r.batch_id, lots)
  }
  return byBatch
}

/** The batch's flattened composition with each oil's share of the blend and of the product, and its INCI name. */
export function compositionOf(oilsJson: string, oilPercentage: number, oils: Oils): CompositionLine[] {
  const lines = JSON.parse(oilsJson) as BatchOil[]
  const total = lines.reduce((sum, o) => sum + o.grams, 0)
  return lines.map((o) => {
    const percentOfBlend = total > 0 ? (o.grams / total) * 100 : 0
    return {
      oilId: o.oilId,
      oilName: o.oilName,
      inci: oils.get(o.oilId)?.inciName ?? null,
      grams: o.grams,
      ml: o.ml,
      percentOfBlend,
      percentOfProduct: (percentOfBlend * oilPercentage) / 100,
    }
  })
}
