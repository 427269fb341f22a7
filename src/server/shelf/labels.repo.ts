import type { Insertable, Selectable } from 'kysely'
import type { BottleDeclaration, DeclarationBasis, Label } from '#shared/api/labels.ts'
import type { LabelDeclaration } from '#shared/domain/allergen-label.ts'
import type { BatchLabelsTable, BottleDeclarationsTable } from '#server/db/schema.ts'
import type { Executor } from '#server/db/executor.ts'

/**
 * Allergen declarations and saved labels (docs/product.md "Allergen labels"; decision 044): data
 * access only, every query scoped by the signed-in user. Functions take their executor first and
 * run in their caller's transaction; what a write may store is labels.commands.ts's to decide.
 */

export type DeclarationRow = Insertable<BottleDeclarationsTable> & { declares_none: number }
export type BatchLabelRow = Insertable<BatchLabelsTable>

export function toDeclaration(row: {
  bottle_id: number
  basis: DeclarationBasis
  items: string
  declares_none: number
  updated_at: string
}): BottleDeclaration {
  return {
    bottleId: row.bottle_id,
    basis: row.basis,
    items: JSON.parse(row.items) as BottleDeclaration['items'],
    declaresNone: Number(row.declares_none) === 1,
    updatedAt: row.updated_at,
  }
}

/** One of the user's bottles (its id and oil); undefined when not theirs. */
export async function ownBottle(ex: Executor, userId: string, bottleId: number) {
  return ex.selectFrom('shelf_bottles').select(['id', 'oil_id']).where('id', '=', bottleId).where('user_id', '=', userId).executeTakeFirst()
}

/** The bottle's declaration row; undefined when it has none. */
export async function declarationRow(
  ex: Executor,
  userId: string,
  bottleId: number,
): Promise<Selectable<BottleDeclarationsTable> | undefined> {
  return ex.selectFrom('bottle_declarations').selectAll().where('bottle_id', '=', bottleId).where('user_id', '=', userId).executeTakeFirst()
}

/** Stores the bottle's declaration, replacing an earlier one; answers it as stored. */
export async function upsertDeclaration(ex: Executor, row: DeclarationRow): Promise<Selectable<BottleDeclarationsTable>> {
  const { bottle_id: _b, user_id: _u, ...changes } = row
  return ex
    .insertInto('bottle_declarations')
    .values(row)
    .onConflict((oc) => oc.column('bottle_id').doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Stores declarations of new bottles (an import's), a statement for all. */
export async function insertDeclarations(ex: Executor, rows: readonly DeclarationRow[]): Promise<void> {
  if (rows.length > 0)
    await ex
      .insertInto('bottle_declarations')
      .values([...rows])
      .execute()
}

export async function deleteDeclarationRow(ex: Executor, userId: string, bottleId: number): Promise<void> {
  await ex.deleteFrom('bottle_declarations').where('bottle_id', '=', bottleId).where('user_id', '=', userId).execute()
}

/** The declarations of the user's bottles named, by bottle id. */
export async function declarationsOf(ex: Executor, userId: string, bottleIds: readonly number[]): Promise<Map<number, LabelDeclaration>> {
  if (bottleIds.length === 0) return new Map()
  const rows = await ex
    .selectFrom('bottle_declarations')
    .select(['bottle_id', 'basis', 'items'])
    .where('user_id', '=', userId)
    .where('bottle_id', 'in', [...new Set(bottleIds)])
    .execute()
  return new Map(rows.map((r) => [r.bottle_id, { basis: r.basis, items: JSON.parse(r.items) as LabelDeclaration['items'] }]))
}

/** One of the user's batches of the blend; undefined when not theirs (or not this blend's). */
export async function ownBatch(ex: Executor, userId: string, projectId: number, batchId: number) {
  return ex
    .selectFrom('batches')
    .selectAll()
    .where('id', '=', batchId)
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** What the batch drew, in order, with the bottle each came from (null once deleted). */
export async function drawsWithBottles(ex: Executor, userId: string, batchId: number) {
  return ex
    .selectFrom('batch_draws as d')
    .leftJoin('shelf_bottles as s', (join) => join.onRef('s.id', '=', 'd.bottle_id').onRef('s.user_id', '=', 'd.user_id'))
    .select(['d.bottle_id', 'd.oil_id', 'd.ml', 's.id as shelf_id', 's.lot_code', 's.supplier'])
    .where('d.batch_id', '=', batchId)
    .where('d.user_id', '=', userId)
    .orderBy('d.id')
    .execute()
}

/** The label saved with the batch; undefined when none. */
export async function savedLabel(ex: Executor, userId: string, batchId: number): Promise<Label | undefined> {
  const row = await ex
    .selectFrom('batch_labels')
    .select('label')
    .where('batch_id', '=', batchId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row ? (JSON.parse(row.label) as Label) : undefined
}

/** The labels saved with these batches, by batch id, in one query. */
export async function savedLabels(ex: Executor, userId: string, batchIds: readonly number[]): Promise<Map<number, Label>> {
  if (batchIds.length === 0) return new Map()
  const rows = await ex
    .selectFrom('batch_labels')
    .select(['batch_id', 'label'])
    .where('user_id', '=', userId)
    .where('batch_id', 'in', [...new Set(batchIds)])
    .execute()
  return new Map(rows.map((r) => [r.batch_id, JSON.parse(r.label) as Label]))
}

/** Stores the batch's label, replacing an earlier one. */
export async function upsertBatchLabel(ex: Executor, row: BatchLabelRow): Promise<void> {
  const { batch_id: _b, user_id: _u, ...changes } = row
  await ex
    .insertInto('batch_labels')
    .values(row)
    .onConflict((oc) => oc.column('batch_id').doUpdateSet(changes))
    .execute()
}
