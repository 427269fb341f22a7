import type { z } from 'zod'
import type {
  BottleDeclaration,
  ClpNotice,
  ClpPreviewRequestSchema,
  DeclarationBasis,
  Label,
  LabelPreviewRequestSchema,
  PutBatchLabelSchema,
  PutDeclarationSchema,
} from '#shared/api/labels.ts'
import type { BatchOil } from '#shared/api/shelf.ts'
import {
  CLP_CONTAINS_PERCENT,
  CLP_SENSITISER_PERCENT,
  clpAllergens,
  computeLabel,
  labelUse,
  type LabelDeclaration,
  type LabelOil,
  type LabelPortion,
} from '#shared/domain/allergen-label.ts'
import { productTypeById, type ProductType } from '#shared/domain/safety.ts'
import { toGrams } from '#shared/domain/units.ts'
import type { Executor } from '#server/db/executor.ts'
import { touchUserData } from '#server/db/counters.ts'
import { findVersion, planBatch } from '#server/shelf/batches.repo.ts'
import { densityOf, type Oils } from '#server/shelf/shelf.repo.ts'

/**
 * Allergen declarations and labels (docs/product.md "Allergen labels"; decision 044). A bottle's
 * supplier declaration is stored with the bottle (one per bottle, i.e. per lot); a batch's label is
 * computed from what the batch drew from which bottle and the bottles' declarations as they are
 * now, and saved with the batch. Every query is scoped by the signed-in user; functions take their
 * executor first and run in their caller's transaction.
 */

type PutInput = z.output<typeof PutDeclarationSchema>
type PreviewInput = z.output<typeof LabelPreviewRequestSchema>
type ClpInput = z.output<typeof ClpPreviewRequestSchema>
type BatchLabelInput = z.output<typeof PutBatchLabelSchema>

/** The most a w/v declaration can total: 100 mL of the oil weighs 100 x density grams. */
export const maxWeightByVolume = (densityGPerMl: number) => 100 * densityGPerMl

function toDeclaration(row: {
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

async function ownBottle(ex: Executor, userId: string, bottleId: number) {
  return ex.selectFrom('shelf_bottles').select(['id', 'oil_id']).where('id', '=', bottleId).where('user_id', '=', userId).executeTakeFirst()
}

/** The bottle's declaration: null when it has none; 'not-found' when the bottle is not the user's. */
export async function getDeclaration(ex: Executor, userId: string, bottleId: number): Promise<BottleDeclaration | null | 'not-found'> {
  if (!(await ownBottle(ex, userId, bottleId))) return 'not-found'
  const row = await ex
    .selectFrom('bottle_declarations')
    .selectAll()
    .where('bottle_id', '=', bottleId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row ? toDeclaration(row) : null
}

export type PutDeclarationResult = { declaration: BottleDeclaration } | { error: 'not-found' } | { error: 'over-volume'; max: number }

/** Replaces the bottle's declaration with the one given. */
export async function putDeclaration(
  ex: Executor,
  userId: string,
  bottleId: number,
  input: PutInput,
  oils: Oils,
): Promise<PutDeclarationResult> {
  const bottle = await ownBottle(ex, userId, bottleId)
  if (!bottle) return { error: 'not-found' }
  if (input.basis === 'w/v') {
    const max = maxWeightByVolume(densityOf(oils, bottle.oil_id))
    const total = input.items.reduce((sum, i) => sum + i.percent, 0)
    if (total > max + 1e-9) return { error: 'over-volume', max }
  }
  const row = {
    bottle_id: bottleId,
    user_id: userId,
    basis: input.basis,
    items: JSON.stringify(
      input.items.map((i) =>
        i.upTo ? { entryId: i.entryId, percent: i.percent, upTo: true } : { entryId: i.entryId, percent: i.percent },
      ),
    ),
    item_count: input.items.length,
    declares_none: input.declaresNone ? 1 : 0,
    updated_at: new Date().toISOString(),
  }
  const { bottle_id: _b, user_id: _u, ...changes } = row
  const saved = await ex
    .insertInto('bottle_declarations')
    .values(row)
    .onConflict((oc) => oc.column('bottle_id').doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow()
  return { declaration: toDeclaration(saved) }
}

/** Removes the bottle's declaration (if it has one); false when the bottle is not the user's. */
export async function deleteDeclaration(ex: Executor, userId: string, bottleId: number): Promise<boolean> {
  if (!(await ownBottle(ex, userId, bottleId))) return false
  await ex.deleteFrom('bottle_declarations').where('bottle_id', '=', bottleId).where('user_id', '=', userId).execute()
  return true
}

/** The declarations of the user's bottles named, by bottle id. */
async function declarationsOf(ex: Executor, userId: string, bottleIds: readonly number[]): Promise<Map<number, LabelDeclaration>> {
  if (bottleIds.length === 0) return new Map()
  const rows = await ex
    .selectFrom('bottle_declarations')
    .select(['bottle_id', 'basis', 'items'])
    .where('user_id', '=', userId)
    .where('bottle_id', 'in', [...new Set(bottleIds)])
    .execute()
  return new Map(rows.map((r) => [r.bottle_id, { basis: r.basis, items: JSON.parse(r.items) as LabelDeclaration['items'] }]))
}

function labelOils(lines: readonly Pick<BatchOil, 'oilId' | 'oilName' | 'grams'>[], oils: Oils): LabelOil[] {
  return lines.map((line) => {
    const oil = oils.get(line.oilId)
    return {
      oilId: line.oilId,
      oilName: oil?.name ?? line.oilName,
      inci: oil?.inciName || line.oilName,
      annexEntryId: oil?.annexEntryId ?? null,
      densityGPerMl: densityOf(oils, line.oilId),
      grams: line.grams,
    }
  })
}

/** What no bottle gave: each oil's shortfall, as grams of unknown composition. */
function shortfallPortions(lines: readonly Pick<BatchOil, 'oilId' | 'shortMl'>[], oils: Oils): LabelPortion[] {
  return lines
    .filter((l) => l.shortMl > 0)
    .map((l) => ({ oilId: l.oilId, grams: l.shortMl * densityOf(oils, l.oilId), bottle: null, reason: 'not-on-shelf' as const }))
}

export type PreviewResult = { label: Label } | { error: 'version-not-found' | 'not-a-cosmetic' }

/** What "Mark as made" would draw now for the preview: the oils, and each bottle's part with its declaration. */
async function previewPortions(
  ex: Executor,
  userId: string,
  input: ClpInput,
  oils: Oils,
): Promise<{ oils: LabelOil[]; portions: LabelPortion[] } | null> {
  const version = await findVersion(ex, userId, { versionId: input.versionId })
  if (!version) return null
  const plan = await planBatch(ex, userId, input, version, oils)
  const declarations = await declarationsOf(
    ex,
    userId,
    plan.draws.map((d) => d.bottle.id),
  )
  const portions: LabelPortion[] = [
    ...plan.draws.map((d) => ({
      oilId: d.bottle.oil_id,
      grams: d.ml * densityOf(oils, d.bottle.oil_id),
      bottle: {
        id: d.bottle.id,
        lotCode: d.bottle.lot_code || null,
        supplier: d.bottle.supplier || null,
        declaration: declarations.get(d.bottle.id) ?? null,
      },
    })),
    ...shortfallPortions(plan.oils, oils),
  ]
  return { oils: labelOils(plan.oils, oils), portions }
}

/** The label of a batch as "Mark as made" would draw it now. Writes nothing. */
export async function previewLabel(ex: Executor, userId: string, input: PreviewInput, oils: Oils): Promise<PreviewResult> {
  const type = productTypeById(input.productType)!
  if (labelUse(type) === null) return { error: 'not-a-cosmetic' }
  const drawn = await previewPortions(ex, userId, input, oils)
  if (!drawn) return { error: 'version-not-found' }
  return {
    label: computeLabel({
      productType: type,
      productGrams: toGrams(input.weight, input.unit),
      oilPercentage: input.oilPercentage,
      fragranceAs: input.fragranceAs,
      base: input.base,
      oils: drawn.oils,
      portions: drawn.portions,
      computedAt: new Date().toISOString(),
    }),
  }
}

export type ClpPreviewResult = { notice: ClpNotice } | { error: 'version-not-found' | 'a-cosmetic' }

/**
 * A home product's CLP allergen notice (docs/product.md "Home fragrance and CLP"), from the same
 * draws and declarations as a cosmetic label. Writes nothing.
 */
export async function previewClpNotice(ex: Executor, userId: string, input: ClpInput, oils: Oils): Promise<ClpPreviewResult> {
  const type = productTypeById(input.productType)!
  if (labelUse(type) !== null) return { error: 'a-cosmetic' }
  const drawn = await previewPortions(ex, userId, input, oils)
  if (!drawn) return { error: 'version-not-found' }
  const productGrams = toGrams(input.weight, input.unit)
  const clp = clpAllergens({ productGrams, oils: drawn.oils, portions: drawn.portions })
  return {
    notice: {
      productType: type.id,
      productLabel: type.label,
      productGrams,
      oilPercentage: input.oilPercentage,
      containsPercent: CLP_CONTAINS_PERCENT,
      sensitiserPercent: CLP_SENSITISER_PERCENT,
      contains: clp.contains,
      overSensitiserPercent: clp.overOnePercent,
      missing: clp.missing,
      complete: clp.complete,
      containsText: clp.containsText,
    },
  }
}

async function ownBatch(ex: Executor, userId: string, projectId: number, batchId: number) {
  return ex
    .selectFrom('batches')
    .selectAll()
    .where('id', '=', batchId)
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** The label saved with the batch: null when none; 'not-found' when the batch is not the user's (or not this blend's). */
export async function getBatchLabel(ex: Executor, userId: string, projectId: number, batchId: number): Promise<Label | null | 'not-found'> {
  if (!(await ownBatch(ex, userId, projectId, batchId))) return 'not-found'
  const row = await ex
    .selectFrom('batch_labels')
    .select('label')
    .where('batch_id', '=', batchId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row ? (JSON.parse(row.label) as Label) : null
}

export type SaveBatchLabelResult =
  { label: Label } | { error: 'not-found' | 'unknown-product-type' | 'not-a-cosmetic' } | { error: 'over-100'; oilPercentage: number }

/**
 * Computes the batch's label from its recorded draws (a draw whose bottle was deleted counts as
 * missing, as does what the shelf lacked) and the bottles' declarations as they are now, and saves
 * it with the batch, replacing an earlier one.
 */
export async function saveBatchLabel(
  ex: Executor,
  userId: string,
  projectId: number,
  batchId: number,
  input: BatchLabelInput,
  oils: Oils,
): Promise<SaveBatchLabelResult> {
  const batch = await ownBatch(ex, userId, projectId, batchId)
  if (!batch) return { error: 'not-found' }
  const type: ProductType | undefined =
    productTypeById(batch.product_type) ?? (input.productType === undefined ? undefined : productTypeById(input.productType))
  if (!type) return { error: 'unknown-product-type' }
  if (labelUse(type) === null) return { error: 'not-a-cosmetic' }
  const baseTotal = input.base.reduce((sum, b) => sum + b.percent, 0)
  if (baseTotal + batch.oil_percentage > 100 + 1e-9) return { error: 'over-100', oilPercentage: batch.oil_percentage }

  const lines = JSON.parse(batch.oils) as BatchOil[]
  const draws = await ex
    .selectFrom('batch_draws as d')
    .leftJoin('shelf_bottles as s', (join) => join.onRef('s.id', '=', 'd.bottle_id').onRef('s.user_id', '=', 'd.user_id'))
    .select(['d.bottle_id', 'd.oil_id', 'd.ml', 's.id as shelf_id', 's.lot_code', 's.supplier'])
    .where('d.batch_id', '=', batchId)
    .where('d.user_id', '=', userId)
    .orderBy('d.id')
    .execute()
  const declarations = await declarationsOf(
    ex,
    userId,
    draws.flatMap((d) => (d.shelf_id === null ? [] : [d.shelf_id])),
  )
  const portions: LabelPortion[] = [
    ...draws.map((d): LabelPortion => {
      const grams = d.ml * densityOf(oils, d.oil_id)
      if (d.shelf_id === null) return { oilId: d.oil_id, grams, bottle: null, reason: 'bottle-deleted' }
      return {
        oilId: d.oil_id,
        grams,
        bottle: {
          id: d.shelf_id,
          lotCode: d.lot_code || null,
          supplier: d.supplier || null,
          declaration: declarations.get(d.shelf_id) ?? null,
        },
      }
    }),
    ...shortfallPortions(lines, oils),
  ]
  const label = computeLabel({
    productType: type,
    productGrams: toGrams(batch.weight, batch.unit),
    oilPercentage: batch.oil_percentage,
    fragranceAs: input.fragranceAs,
    base: input.base,
    oils: labelOils(lines, oils),
    portions,
    computedAt: new Date().toISOString(),
  })
  const row = {
    batch_id: batchId,
    user_id: userId,
    label: JSON.stringify(label),
    complete: label.complete ? 1 : 0,
    declared: JSON.stringify(label.declared.map((a) => a.inci)),
    saved_at: label.computedAt,
  }
  const { batch_id: _b, user_id: _u, ...changes } = row
  await ex
    .insertInto('batch_labels')
    .values(row)
    .onConflict((oc) => oc.column('batch_id').doUpdateSet(changes))
    .execute()
  // The batch's label summary is part of GET /api/blends/details (decision 055).
  await touchUserData(ex, userId)
  return { label }
}
