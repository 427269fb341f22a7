import { sql } from 'kysely'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Bottle, ShelfOil } from '#shared/api/shelf.ts'
import type { AgeingLot, LotWarning } from '#shared/api/lots.ts'
import { bottleAmountToMl, fromMilli, summarizeShelf } from '#shared/domain/shelf.ts'
import { FALLBACK_DENSITY_G_PER_ML } from '#shared/domain/calculator.ts'
import { ageingLotsOf, lotStatus, oxidisesSoon, warnsBeforeDrawing } from '#shared/domain/shelf-life.ts'
import { todayIn } from '#shared/domain/calendar-date.ts'
import type { ShelfBottlesTable } from '#server/db/schema.ts'
import type { Executor } from '#server/db/executor.ts'
import { decodeCursor, encodeCursor } from '#server/shared/cursor.ts'
import type { Insertable, Selectable, Updateable } from 'kysely'

/**
 * The user's shelf of bottles (docs/product.md "The oil shelf"), scoped by the signed-in user in
 * every query: data access only. Functions take their executor first and run in their caller's
 * transaction; the rules of a write are shelf.commands.ts's. What is left is stored in
 * thousandths of the bottle's unit.
 */

export type BottleRow = Selectable<ShelfBottlesTable>
export type Oils = ReadonlyMap<number, EssentialOil>

export const densityOf = (oils: Oils, oilId: number) => oils.get(oilId)?.densityGPerMl ?? FALLBACK_DENSITY_G_PER_ML

/**
 * The slug whose shelf life an oil takes (docs/product.md "Lots and expiry"): a catalog oil's own,
 * an own ingredient's base oil's (decision 068), null for one based on none (the general default).
 */
export function shelfLifeSlug(oils: Oils, oilId: number): string | null {
  const oil = oils.get(oilId)
  if (!oil) return null
  if (!oil.yours) return oil.slug
  return oil.basedOnOilId ? (oils.get(oil.basedOnOilId)?.slug ?? null) : null
}

/** The server's day for the lots' status rule: UTC (the client reads the same rule for the maker's own day). */
export const serverToday = () => todayIn('UTC')

/**
 * A bottle as its owner sees it: size and amount left in its unit, and both in mL, and how many
 * allergens its declaration lists (null: it has none).
 */
export function toBottle(row: BottleRow, oils: Oils, declaredAllergens: number | null): Bottle {
  const oil = oils.get(row.oil_id)
  const density = densityOf(oils, row.oil_id)
  const remaining = fromMilli(Number(row.remaining_milli))
  return {
    id: row.id,
    oilId: row.oil_id,
    oilSlug: oil?.slug ?? '',
    oilName: oil?.name ?? '',
    unit: row.unit,
    size: row.size,
    remaining,
    sizeMl: bottleAmountToMl(row.size, row.unit, density),
    remainingMl: bottleAmountToMl(remaining, row.unit, density),
    price: row.price,
    supplier: row.supplier || null,
    lotCode: row.lot_code || null,
    purchasedOn: row.purchased_on,
    openedOn: row.opened_on ?? null,
    bestBefore: row.best_before ?? null,
    oxidisesSoon: oxidisesSoon(shelfLifeSlug(oils, row.oil_id)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    declaredAllergens: declaredAllergens === null ? null : Number(declaredAllergens),
  }
}

/** The bottle's size, amount left (in mL) and price, as the cost rule needs them. */
export function costBottle(row: Pick<BottleRow, 'oil_id' | 'unit' | 'size' | 'remaining_milli' | 'price'>, oils: Oils) {
  const density = densityOf(oils, row.oil_id)
  return {
    oilId: row.oil_id,
    sizeMl: bottleAmountToMl(row.size, row.unit, density),
    remainingMl: bottleAmountToMl(fromMilli(Number(row.remaining_milli)), row.unit, density),
    price: row.price,
  }
}

export async function getBottle(ex: Executor, userId: string, id: number): Promise<BottleRow | undefined> {
  return ex.selectFrom('shelf_bottles').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
}

const BOTTLES = 'b'
/** Undated bottles sort after dated ones of the same oil. */
const UNDATED = '9999-12-31'

/** A page of the user's bottles by oil name, then purchase date, then id; `oilId` narrows to one oil. */
export async function listBottles(
  ex: Executor,
  userId: string,
  oils: Oils,
  query: { limit: number; cursor?: string; oilId?: number },
): Promise<{ items: Bottle[]; nextCursor: string | null }> {
  let q = ex
    .selectFrom('shelf_bottles as b')
    .innerJoin('essential_oils as o', 'o.id', 'b.oil_id')
    .leftJoin('bottle_declarations as d', (join) => join.onRef('d.bottle_id', '=', 'b.id').onRef('d.user_id', '=', 'b.user_id'))
    .leftJoin('bottle_ifra_certificates as c', (join) => join.onRef('c.bottle_id', '=', 'b.id').onRef('c.user_id', '=', 'b.user_id'))
    .selectAll('b')
    .select([
      'o.name as oil_name',
      'd.item_count as declared_allergens',
      'c.amendment as ifra_amendment',
      sql<string>`coalesce(b.purchased_on, ${UNDATED})`.as('date_key'),
    ])
    .where('b.user_id', '=', userId)
  if (query.oilId !== undefined) q = q.where('b.oil_id', '=', query.oilId)
  if (query.cursor !== undefined) {
    const [name, date, id] = decodeCursor(query.cursor, BOTTLES, ['string', 'string', 'int'] as const)
    q = q.where(sql<boolean>`(o.name, coalesce(b.purchased_on, ${UNDATED}), b.id) > (${name}, ${date}, ${id})`)
  }
  const rows = await q
    .orderBy('o.name')
    .orderBy(sql`coalesce(b.purchased_on, ${UNDATED})`)
    .orderBy('b.id')
    .limit(query.limit + 1)
    .execute()
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    items: page.map(({ declared_allergens, ifra_amendment, oil_name: _n, date_key: _d, ...r }) => ({
      ...toBottle(r, oils, declared_allergens),
      ifraAmendment: ifra_amendment,
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(BOTTLES, last.oil_name, last.date_key, last.id) : null,
  }
}

/** A bottle's row as the shelf commands (shelf.commands.ts) map it, without the id the database gives it. */
export type NewBottleRow = Insertable<ShelfBottlesTable>

/** Stores one bottle row; answers it as stored. */
export async function insertBottle(ex: Executor, row: NewBottleRow): Promise<BottleRow> {
  return ex.insertInto('shelf_bottles').values(row).returningAll().executeTakeFirstOrThrow()
}

/** Changes one of the user's bottles; undefined when it is not theirs. */
export async function updateBottleRow(
  ex: Executor,
  userId: string,
  id: number,
  changes: Updateable<ShelfBottlesTable>,
): Promise<BottleRow | undefined> {
  return ex.updateTable('shelf_bottles').set(changes).where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst()
}

/** How many allergens the bottle's declaration lists; null when it has none. */
export async function declaredCount(ex: Executor, userId: string, bottleId: number): Promise<number | null> {
  const row = await ex
    .selectFrom('bottle_declarations')
    .select('item_count')
    .where('bottle_id', '=', bottleId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row ? Number(row.item_count) : null
}

/** Deletes one of the user's bottles, its declaration, and its link from batch draws; how many bottles went (0 or 1). */
export async function deleteBottleRows(ex: Executor, userId: string, id: number): Promise<number> {
  await ex.deleteFrom('bottle_declarations').where('bottle_id', '=', id).where('user_id', '=', userId).execute()
  await ex.deleteFrom('bottle_ifra_certificates').where('bottle_id', '=', id).where('user_id', '=', userId).execute()
  await ex.updateTable('batch_draws').set({ bottle_id: null }).where('bottle_id', '=', id).where('user_id', '=', userId).execute()
  const res = await ex.deleteFrom('shelf_bottles').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
  return Number(res.numDeletedRows)
}

/**
 * One line per oil the user has bottles of, by oil name: bottle count, mL left and cost per mL.
 * Bottles with oil left are read (the cost rule needs each); empty ones are only counted.
 */
export async function shelfOils(ex: Executor, userId: string, oils: Oils): Promise<ShelfOil[]> {
  const [counts, full] = await Promise.all([
    ex
      .selectFrom('shelf_bottles')
      .select(['oil_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('user_id', '=', userId)
      .groupBy('oil_id')
      .execute(),
    ex
      .selectFrom('shelf_bottles')
      .select([
        'id',
        'oil_id',
        'unit',
        'size',
        'remaining_milli',
        'price',
        'purchased_on',
        'created_at',
        'lot_code',
        'opened_on',
        'best_before',
      ])
      .where('user_id', '=', userId)
      .where('remaining_milli', '>', 0)
      .execute(),
  ])
  const summary = summarizeShelf(full.map((b) => costBottle(b, oils)))
  const today = serverToday()
  const byOil = new Map<number, typeof full>()
  for (const b of full) byOil.set(b.oil_id, [...(byOil.get(b.oil_id) ?? []), b])
  return counts
    .map((c): ShelfOil => {
      const oil = oils.get(c.oil_id)
      const line = summary.get(c.oil_id)
      return {
        oilId: c.oil_id,
        oilSlug: oil?.slug ?? '',
        oilName: oil?.name ?? '',
        bottleCount: Number(c.count),
        remainingMl: line?.remainingMl ?? 0,
        costPerMl: line?.costPerMl ?? null,
        ageingLots: ageingLotsOfRows(byOil.get(c.oil_id) ?? [], oils, c.oil_id, today),
      }
    })
    .sort((a, b) => a.oilName.localeCompare(b.oilName, 'en') || a.oilId - b.oilId)
}

type AgeingRow = Pick<
  BottleRow,
  'id' | 'oil_id' | 'unit' | 'size' | 'remaining_milli' | 'price' | 'purchased_on' | 'created_at' | 'lot_code' | 'opened_on' | 'best_before'
>

/** One oil's bottles that have expired, expire soon or are old, in draw order (shelf-life.ts's ageingLotsOf). */
export function ageingLotsOfRows(rows: readonly AgeingRow[], oils: Oils, oilId: number, today: string): AgeingLot[] {
  const bottles = rows.map((b) => ({
    id: b.id,
    remainingMl: costBottle(b, oils).remainingMl,
    purchasedOn: b.purchased_on,
    createdAt: b.created_at,
    lotCode: b.lot_code || null,
    bestBefore: b.best_before ?? null,
    openedOn: b.opened_on ?? null,
  }))
  return ageingLotsOf(bottles, oxidisesSoon(shelfLifeSlug(oils, oilId)), today).map((lot) => ({
    bottleId: lot.id,
    lotCode: lot.lotCode,
    status: lot.status,
    bestBefore: lot.bestBefore,
    openedOn: lot.openedOn,
    remainingMl: lot.remainingMl,
    mlBefore: lot.mlBefore,
  }))
}

/**
 * The bottles a batch draws (its plan's draws, in order, each once) that have expired or are old
 * for an oil that oxidises soon on `today`: said before drawing, never blocking (decision 079).
 */
export function lotWarningsOf(
  bottles: readonly Pick<BottleRow, 'id' | 'oil_id' | 'lot_code' | 'opened_on' | 'best_before'>[],
  oils: Oils,
  today: string,
): LotWarning[] {
  const seen = new Set<number>()
  const out: LotWarning[] = []
  for (const b of bottles) {
    if (seen.has(b.id)) continue
    seen.add(b.id)
    const dates = { bestBefore: b.best_before ?? null, openedOn: b.opened_on ?? null }
    const status = lotStatus(dates, oxidisesSoon(shelfLifeSlug(oils, b.oil_id)), today)
    if (!warnsBeforeDrawing(status)) continue
    out.push({
      bottleId: b.id,
      oilId: b.oil_id,
      oilName: oils.get(b.oil_id)?.name ?? '',
      lotCode: b.lot_code || null,
      status: status as LotWarning['status'],
      ...dates,
    })
  }
  return out
}
