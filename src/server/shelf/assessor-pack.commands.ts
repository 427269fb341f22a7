import type { z } from 'zod'
import {
  AssessorPackRequestSchema,
  MAX_PACK_BATCHES,
  PACK_NOTICE,
  type AssessorPack,
  type PackBatch,
  type PackOil,
  type PackVariant,
} from '#shared/api/assessor-pack.ts'
import type { Label } from '#shared/api/labels.ts'
import { thresholdFor } from '#shared/domain/allergen-label.ts'
import { AUDIENCE_LABELS } from '#shared/domain/audience-ids.ts'
import { checkSafetyFor } from '#shared/domain/audiences.ts'
import { ifraCategoryOf } from '#shared/domain/ifra.ts'
import { basedOnName } from '#shared/domain/ingredients.ts'
import { labelUse, productTypeById } from '#shared/domain/safety.ts'
import type { Executor } from '#server/db/executor.ts'
import { getLabelSettings } from '#server/me/settings.commands.ts'
import { done, refuse, refuseAt, type Outcome } from '#server/shared/outcome.ts'
import { packBatchCount, packBatches, packVersions } from '#server/shelf/assessor-pack.repo.ts'
import { planBatch } from '#server/shelf/batches.repo.ts'
import { ifraCheckOfPlan } from '#server/shelf/ifra.commands.ts'
import { previewLabel } from '#server/shelf/labels.commands.ts'
import type { Oils } from '#server/shelf/shelf.repo.ts'
import { traceBatches } from '#server/shelf/trace.queries.ts'

/**
 * The safety assessor pack (docs/product.md "The safety assessor pack"; decision 083): what Accord
 * knows of a product for the assessor's product information file, read through the keepers that
 * already answer each part, so the pack says what the calculator, the label and the IFRA check say.
 * Writes nothing. The same for the route and any other caller.
 */

type PackInput = z.output<typeof AssessorPackRequestSchema>

/**
 * The weight the worked-out label and IFRA check are computed at. Concentrations in the product do
 * not depend on it; it only decides which bottles "Mark as made" would draw now (oldest first).
 */
export const PACK_PRODUCT_GRAMS = 100

const flag = (value: number | null): boolean | null => (value === null ? null : Number(value) === 1)

/** The flattened composition, each oil once (in several layers or accords: its shares summed), largest first. */
function compositionOf(
  rows: readonly { id: number; name: string; percentage: number; productPercentage: number }[],
  oils: Oils,
): PackOil[] {
  const byOil = new Map<number, PackOil>()
  for (const row of rows) {
    const oil = oils.get(row.id)
    const line = byOil.get(row.id) ?? {
      oilId: row.id,
      name: oil?.name ?? row.name,
      inci: oil?.inciName || row.name,
      blendPercent: 0,
      productPercent: 0,
    }
    line.blendPercent += row.percentage
    line.productPercent += row.productPercentage
    byOil.set(row.id, line)
  }
  return [...byOil.values()].sort((a, b) => b.productPercent - a.productPercent || a.name.localeCompare(b.name))
}

/**
 * The newest batches of each variant (at most MAX_PACK_BATCHES) with their full batch records, and
 * how many each variant has in all: per variant a page and a count, then every record read together
 * by `traceBatches`, so the pack costs the same queries for one batch as for a hundred.
 */
async function batchesOf(
  ex: Executor,
  userId: string,
  versionIds: readonly number[],
  productType: string,
  oils: Oils,
): Promise<Map<number, { batches: PackBatch[]; count: number }>> {
  const pages = await Promise.all(
    versionIds.map(async (versionId) => {
      const [rows, count] = await Promise.all([
        packBatches(ex, userId, versionId, productType, MAX_PACK_BATCHES),
        packBatchCount(ex, userId, versionId, productType),
      ])
      return { versionId, rows, count }
    }),
  )
  const records = new Map(
    (
      await traceBatches(
        ex,
        userId,
        pages.flatMap((p) => p.rows.map((r) => r.id)),
        oils,
      )
    ).map((r) => [r.batch.id, r]),
  )
  return new Map(
    pages.map(({ versionId, rows, count }) => [
      versionId,
      {
        count,
        batches: rows.flatMap((b): PackBatch[] => {
          const record = records.get(b.id)
          if (!record) return []
          return [
            {
              id: b.id,
              code: b.code,
              madeOn: b.made_on,
              weight: b.weight,
              unit: b.unit,
              oilPercentage: b.oil_percentage,
              audience: b.audience,
              crossContaminationPrevented: flag(b.cross_contamination_prevented),
              weighedInGrams: flag(b.weighed_in_grams),
              lots: record.lots.map((l) => ({
                bottleId: l.lot?.bottleId ?? null,
                oilName: l.oilName,
                lotCode: l.lot?.lotCode ?? null,
                supplier: l.lot?.supplier ?? null,
                purchasedOn: l.lot?.purchasedOn ?? null,
                bestBefore: l.lot?.bestBefore ?? null,
                ml: l.ml,
                documents: l.documents,
              })),
              label: record.label?.source === 'saved' ? record.label.label : null,
              record,
            },
          ]
        }),
      },
    ]),
  )
}

/** The pack's data for the user's versions at a cosmetic product type; another user's version answers 404. */
export async function assessorPack(ex: Executor, userId: string, input: PackInput, oils: Oils): Promise<Outcome<AssessorPack>> {
  const type = productTypeById(input.productType)!
  const use = labelUse(type)
  if (use === null) {
    return refuse('NOT_A_COSMETIC', `${type.label} is a home product, not a cosmetic: it needs no product information file`, [
      { path: 'productType', message: 'Choose a cosmetic product type' },
    ])
  }
  const versions = await packVersions(ex, userId, input.versionIds)
  const byId = new Map(versions.map((v) => [v.id, v]))
  const missing = input.versionIds.findIndex((id) => !byId.has(id))
  if (missing !== -1) return refuseAt('NOT_FOUND', `versionIds.${missing}`, 'That version is not one of your blends’')

  const made = await batchesOf(ex, userId, input.versionIds, type.id, oils)
  const amounts = { weight: PACK_PRODUCT_GRAMS, unit: 'g' as const, oilPercentage: input.oilPercentage }
  const variants: PackVariant[] = []
  for (const versionId of input.versionIds) {
    const version = byId.get(versionId)!
    const plan = await planBatch(ex, userId, amounts, version, oils)
    const labelled = await previewLabel(ex, userId, { ...amounts, versionId, productType: type.id, fragranceAs: 'inci', base: [] }, oils)
    if (!labelled.ok) return labelled
    const ifra = await ifraCheckOfPlan(ex, userId, plan, type.id, ifraCategoryOf(type.id))
    const safety = checkSafetyFor(
      type.use,
      plan.result.rows.map((row) => ({
        name: oils.get(row.id)?.name ?? row.name,
        productPercentage: row.productPercentage,
        safety: oils.get(row.id)?.safety ?? null,
        basedOn: basedOnName(oils.get(row.id), oils),
      })),
      input.audience,
    )
    variants.push({
      versionId,
      blendId: version.project_id,
      blendName: version.name,
      referenceNumber: version.reference_number,
      composition: compositionOf(plan.result.rows, oils),
      label: labelled.value satisfies Label,
      ifra,
      safety: {
        scope: safety.scope,
        clear: safety.clear,
        warnings: safety.warnings.map((w) => w.message),
        unchecked: safety.unchecked.map((u) => u.message),
        cautions: safety.cautions.map((c) => c.message),
        // The findings those sentences are written from, for a client to say them in its language (issue 37).
        warningDetails: safety.warnings,
        uncheckedDetails: safety.unchecked,
        cautionDetails: safety.cautions,
      },
      batches: made.get(versionId)!.batches,
      batchCount: made.get(versionId)!.count,
      moreBatches: made.get(versionId)!.count > made.get(versionId)!.batches.length,
    })
  }
  const settings = await getLabelSettings(ex, userId)
  return done({
    productType: type.id,
    productLabel: type.label,
    use,
    oilPercentage: input.oilPercentage,
    audience: input.audience,
    audienceLabel: AUDIENCE_LABELS[input.audience],
    thresholdPercent: thresholdFor(use),
    responsibleName: settings.responsibleName,
    responsibleAddress: settings.responsibleAddress,
    variants,
    notice: PACK_NOTICE,
    generatedAt: new Date().toISOString(),
  })
}
