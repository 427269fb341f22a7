import type { z } from 'zod'
import {
  IFRA_NOTICE,
  type IfraCertificate,
  type IfraCheck,
  type IfraCheckRequestSchema,
  type PutIfraCertificateSchema,
} from '#shared/api/ifra.ts'
import {
  checkIfra,
  IFRA_CATEGORIES,
  ifraCategoryOf,
  type IfraCategory,
  type IfraCertificateLimit,
  type IfraOilInput,
} from '#shared/domain/ifra.ts'
import type { Executor } from '#server/db/executor.ts'
import { done, refuse, refuseAt, type Outcome, type Refusal } from '#server/shared/outcome.ts'
import { findVersion, planBatch, type BatchPlan } from '#server/shelf/batches.repo.ts'
import {
  deleteIfraCertificateRow,
  ifraCertificateRow as storedIfraCertificate,
  ifraCertificatesOf,
  toIfraCertificate,
  upsertIfraCertificate,
  type IfraCertificateRow,
} from '#server/shelf/ifra.repo.ts'
import { ownBottle } from '#server/shelf/labels.repo.ts'
import type { Oils } from '#server/shelf/shelf.repo.ts'

/**
 * IFRA from the maker's certificates (docs/product.md "IFRA certificates"; decision 070): the
 * only code that writes `bottle_ifra_certificates`, and the IFRA check of a batch from the lots it
 * draws. Each answers an Outcome; places in refusals are relative.
 */

type CertificateInput = z.output<typeof PutIfraCertificateSchema>
type CheckInput = z.output<typeof IfraCheckRequestSchema>

const bottleNotFound = () => refuse('NOT_FOUND', 'Bottle not found')

/** What a certificate is, whoever sends it (the API's schema says it too; an import file is held to it here). */
export type IfraCertificateRules = {
  amendment: string
  issuedOn: string | null
  limits: readonly IfraCertificateLimit[]
}

/** An imported certificate's rules: an amendment, at least one category, each once, limits within 0-100. */
export function ifraCertificateRefusal(certificate: IfraCertificateRules): Refusal | null {
  if (certificate.amendment.trim() === '') return refuseAt('VALIDATION_ERROR', 'amendment', 'Enter the amendment the certificate follows')
  if (certificate.limits.length === 0) return refuseAt('VALIDATION_ERROR', 'limits', 'Enter the limit of at least one category')
  if (new Set(certificate.limits.map((l) => l.category)).size !== certificate.limits.length)
    return refuseAt('VALIDATION_ERROR', 'limits', 'Each category is listed once')
  return null
}

/** A certificate's row as stored: its categories in IFRA's order. */
export function ifraCertificateRow(
  bottleId: number,
  userId: string,
  certificate: IfraCertificateRules,
  updatedAt: string,
): IfraCertificateRow {
  return {
    bottle_id: bottleId,
    user_id: userId,
    amendment: certificate.amendment.trim(),
    issued_on: certificate.issuedOn,
    limits: JSON.stringify(
      [...certificate.limits]
        .sort((a, b) => IFRA_CATEGORIES.indexOf(a.category) - IFRA_CATEGORIES.indexOf(b.category))
        .map((l) => ({ category: l.category, limit: l.limit })),
    ),
    updated_at: updatedAt,
  }
}

/** The bottle's IFRA certificate: null when it has none. */
export async function readIfraCertificate(ex: Executor, userId: string, bottleId: number): Promise<Outcome<IfraCertificate | null>> {
  if (!(await ownBottle(ex, userId, bottleId))) return bottleNotFound()
  const row = await storedIfraCertificate(ex, userId, bottleId)
  return done(row ? toIfraCertificate(row) : null)
}

/** Replaces the bottle's IFRA certificate with the one given. */
export async function putIfraCertificate(
  ex: Executor,
  userId: string,
  bottleId: number,
  input: CertificateInput,
): Promise<Outcome<IfraCertificate>> {
  if (!(await ownBottle(ex, userId, bottleId))) return bottleNotFound()
  const refused = ifraCertificateRefusal(input)
  if (refused) return refused
  const saved = await upsertIfraCertificate(ex, ifraCertificateRow(bottleId, userId, input, new Date().toISOString()))
  return done(toIfraCertificate(saved))
}

/** Removes the bottle's IFRA certificate (if it has one). */
export async function removeIfraCertificate(ex: Executor, userId: string, bottleId: number): Promise<Outcome<void>> {
  if (!(await ownBottle(ex, userId, bottleId))) return bottleNotFound()
  await deleteIfraCertificateRow(ex, userId, bottleId)
  return done(undefined)
}

/**
 * The IFRA check of a planned batch (docs/product.md "The IFRA check"): each oil's share of the
 * blend from the calculator's rows (an oil in two layers counted once), the lots "Mark as made"
 * draws it from (oldest first, decision 026) with their certificates, and what no bottle gives.
 */
export async function ifraCheckOfPlan(
  ex: Executor,
  userId: string,
  plan: BatchPlan,
  productType: string,
  category: IfraCategory | null,
): Promise<IfraCheck> {
  const certificates = await ifraCertificatesOf(
    ex,
    userId,
    plan.draws.map((d) => d.bottle.id),
  )
  const shares = new Map<number, number>()
  for (const row of plan.result.rows) shares.set(row.id, (shares.get(row.id) ?? 0) + row.percentage)
  const oils: IfraOilInput[] = plan.oils.map((oil) => ({
    oilId: oil.oilId,
    oilName: oil.oilName,
    blendPercent: shares.get(oil.oilId) ?? 0,
    shortMl: oil.shortMl,
    lots: plan.draws
      .filter((d) => d.bottle.oil_id === oil.oilId)
      .map((d) => ({
        bottleId: d.bottle.id,
        lotCode: d.bottle.lot_code || null,
        ml: d.ml,
        certificate: certificates.get(d.bottle.id) ?? null,
      })),
  }))
  const check = checkIfra(category, plan.result.productPercentage, oils)
  return { productType, ...check, notice: IFRA_NOTICE, checkedAt: new Date().toISOString() }
}

/** The IFRA check of the calculator's batch as "Mark as made" would draw it now. Writes nothing. */
export async function previewIfraCheck(ex: Executor, userId: string, input: CheckInput, oils: Oils): Promise<Outcome<IfraCheck>> {
  const version = await findVersion(ex, userId, { versionId: input.versionId })
  if (!version) return refuseAt('NOT_FOUND', 'versionId', 'That version is not one of your blends’')
  const plan = await planBatch(ex, userId, input, version, oils)
  return done(await ifraCheckOfPlan(ex, userId, plan, input.productType, input.category ?? ifraCategoryOf(input.productType)))
}
