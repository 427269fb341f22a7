import type { Selectable } from 'kysely'
import type { z } from 'zod'
import type { ClpNotice, ClpPreviewRequestSchema, Label, LabelPreviewRequestSchema, PutBatchLabelSchema } from '#shared/api/labels.ts'
import type { BatchOil } from '#shared/api/shelf.ts'
import type { LotWarning } from '#shared/api/lots.ts'
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
import { touchUserData } from '#server/db/counters.ts'
import type { Executor } from '#server/db/executor.ts'
import type { BatchesTable } from '#server/db/schema.ts'
import { done, refuse, refuseAt, type Outcome } from '#server/shared/outcome.ts'
import { findVersion, planBatch } from '#server/shelf/batches.repo.ts'
import { declarationsOf, drawsWithBottles, ownBatch, savedLabel, upsertBatchLabel, type BatchLabelRow } from '#server/shelf/labels.repo.ts'
import { densityOf, lotWarningsOf, serverToday, type Oils } from '#server/shelf/shelf.repo.ts'

/**
 * Allergen labels' commands (docs/product.md "Allergen labels"; decision 044; issue 33): the
 * previews (which write nothing) and the label saved with a batch, the only code that writes
 * `batch_labels`. A label is computed from what the batch drew from which bottle and the bottles'
 * declarations as they are now. Each answers an Outcome; places in refusals are relative.
 */

type PreviewInput = z.output<typeof LabelPreviewRequestSchema>
type ClpInput = z.output<typeof ClpPreviewRequestSchema>
type BatchLabelInput = z.output<typeof PutBatchLabelSchema>

const VERSION_NOT_YOURS = 'That version is not one of your blends’'
const versionNotFound = () => refuseAt('NOT_FOUND', 'versionId', VERSION_NOT_YOURS)
const batchNotFound = () => refuse('NOT_FOUND', 'Batch not found')
const notACosmetic = (type: string) =>
  refuse('NOT_A_COSMETIC', `${type} is a home product, not a cosmetic: it has no allergen label`, [
    { path: 'productType', message: 'Choose a cosmetic product type' },
  ])

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

/** What "Mark as made" would draw now for the preview: the oils, and each bottle's part with its declaration. */
async function previewPortions(
  ex: Executor,
  userId: string,
  input: ClpInput,
  oils: Oils,
): Promise<{ oils: LabelOil[]; portions: LabelPortion[]; lotWarnings: LotWarning[] } | null> {
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
  return {
    oils: labelOils(plan.oils, oils),
    portions,
    lotWarnings: lotWarningsOf(
      plan.draws.map((d) => d.bottle),
      oils,
      serverToday(),
    ),
  }
}

/** The label of a batch as "Mark as made" would draw it now. Writes nothing. */
export async function previewLabel(ex: Executor, userId: string, input: PreviewInput, oils: Oils): Promise<Outcome<Label>> {
  const type = productTypeById(input.productType)!
  if (labelUse(type) === null) return notACosmetic(input.productType)
  const drawn = await previewPortions(ex, userId, input, oils)
  if (!drawn) return versionNotFound()
  const label = computeLabel({
    productType: type,
    productGrams: toGrams(input.weight, input.unit),
    oilPercentage: input.oilPercentage,
    fragranceAs: input.fragranceAs,
    base: input.base,
    oils: drawn.oils,
    portions: drawn.portions,
    computedAt: new Date().toISOString(),
  })
  return done({ ...label, lotWarnings: drawn.lotWarnings })
}

/**
 * A home product's CLP allergen notice (docs/product.md "Home fragrance and CLP"), from the same
 * draws and declarations as a cosmetic label. Writes nothing.
 */
export async function previewClpNotice(ex: Executor, userId: string, input: ClpInput, oils: Oils): Promise<Outcome<ClpNotice>> {
  const type = productTypeById(input.productType)!
  if (labelUse(type) !== null) {
    return refuse('A_COSMETIC', `${input.productType} is a cosmetic: its label is the EU allergen label`, [
      { path: 'productType', message: 'Choose a home product type' },
    ])
  }
  const drawn = await previewPortions(ex, userId, input, oils)
  if (!drawn) return versionNotFound()
  const productGrams = toGrams(input.weight, input.unit)
  const clp = clpAllergens({ productGrams, oils: drawn.oils, portions: drawn.portions })
  return done({
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
    lotWarnings: drawn.lotWarnings,
  })
}

/** The label saved with the batch: null when none. */
export async function readBatchLabel(ex: Executor, userId: string, projectId: number, batchId: number): Promise<Outcome<Label | null>> {
  if (!(await ownBatch(ex, userId, projectId, batchId))) return batchNotFound()
  return done((await savedLabel(ex, userId, batchId)) ?? null)
}

/** A saved label's row: the label, whether it is complete, and the INCI names it declares for the journal's list. */
export function batchLabelRow(batchId: number, userId: string, label: Label): BatchLabelRow {
  return {
    batch_id: batchId,
    user_id: userId,
    label: JSON.stringify(label),
    complete: label.complete ? 1 : 0,
    declared: JSON.stringify(label.declared.map((a) => a.inci)),
    saved_at: label.computedAt,
  }
}

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
): Promise<Outcome<Label>> {
  const batch = await ownBatch(ex, userId, projectId, batchId)
  if (!batch) return batchNotFound()
  const type: ProductType | undefined =
    productTypeById(batch.product_type) ?? (input.productType === undefined ? undefined : productTypeById(input.productType))
  if (!type) {
    return refuse('UNKNOWN_PRODUCT_TYPE', 'This batch’s product type is not one of the usage guide: send productType', [
      { path: 'productType', message: 'Choose the product type' },
    ])
  }
  if (labelUse(type) === null) return notACosmetic(input.productType ?? 'This product')
  const baseTotal = input.base.reduce((sum, b) => sum + b.percent, 0)
  if (baseTotal + batch.oil_percentage > 100 + 1e-9) {
    return refuseAt('VALIDATION_ERROR', 'base', `The base and the batch’s ${batch.oil_percentage}% of essential oils total at most 100%`)
  }

  const label = await workOutBatchLabel(ex, userId, batch, type, input, oils)
  await upsertBatchLabel(ex, batchLabelRow(batchId, userId, label))
  // The batch's label summary is part of GET /api/blends/details (decision 055).
  await touchUserData(ex, userId)
  return done(label)
}

/**
 * A recorded batch's label worked out as "Save with this batch" computes it (from what it drew from
 * each bottle and the bottles' declarations as they are now), without saving it: the batch record
 * prints this when no label was saved with the batch (issue 36).
 */
export async function workOutBatchLabel(
  ex: Executor,
  userId: string,
  batch: Pick<Selectable<BatchesTable>, 'id' | 'oils' | 'weight' | 'unit' | 'oil_percentage'>,
  type: ProductType,
  input: Pick<BatchLabelInput, 'fragranceAs' | 'base'>,
  oils: Oils,
): Promise<Label> {
  const draws = await drawsWithBottles(ex, userId, batch.id)
  const declarations = await declarationsOf(
    ex,
    userId,
    draws.flatMap((d) => (d.shelf_id === null ? [] : [d.shelf_id])),
  )
  return batchLabelOf(batch, draws, declarations, type, input, oils)
}

/** What a batch drew from one bottle, as its label reads it; `shelf_id` null once the bottle was deleted. */
export type LabelDraw = { oil_id: number; ml: number; shelf_id: number | null; lot_code: string | null; supplier: string | null }

/**
 * A batch's label from what it drew and the bottles' declarations, already read: the one rule for
 * a label worked out for one batch (above) and for many read together (the assessor pack's records).
 */
export function batchLabelOf(
  batch: Pick<Selectable<BatchesTable>, 'oils' | 'weight' | 'unit' | 'oil_percentage'>,
  draws: readonly LabelDraw[],
  declarations: ReadonlyMap<number, LabelDeclaration>,
  type: ProductType,
  input: Pick<BatchLabelInput, 'fragranceAs' | 'base'>,
  oils: Oils,
): Label {
  const lines = JSON.parse(batch.oils) as BatchOil[]
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
  return computeLabel({
    productType: type,
    productGrams: toGrams(batch.weight, batch.unit),
    oilPercentage: batch.oil_percentage,
    fragranceAs: input.fragranceAs,
    base: input.base,
    oils: labelOils(lines, oils),
    portions,
    computedAt: new Date().toISOString(),
  })
}
