import type { Executor } from '#server/db/executor.ts'
import type { RedemptionClaimsTable } from '#server/db/schema.ts'

export type VerifiedBy = RedemptionClaimsTable['verified_by']

export type NewClaim = { email: string; marketplace: string; purchaseMonth: string }

/**
 * Stores a claim and, when `code` is given, claims that code for it with one conditional UPDATE,
 * so of several concurrent uses of one code exactly one wins. Returns how the claim was verified.
 */
export async function recordClaim(
  trx: Executor,
  claim: NewClaim,
  proof: { wordMatches: boolean; code: string | null },
  now = new Date(),
): Promise<{ id: number; verifiedBy: VerifiedBy }> {
  const createdAt = now.toISOString()
  const initial: VerifiedBy = proof.wordMatches ? 'word' : null
  const { id } = await trx
    .insertInto('redemption_claims')
    .values({
      email: claim.email,
      marketplace: claim.marketplace,
      purchase_month: claim.purchaseMonth,
      verified_by: initial,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (initial || !proof.code) return { id, verifiedBy: initial }
  const claimed = await trx
    .updateTable('redemption_codes')
    .set({ claimed_at: createdAt, claim_id: id })
    .where('code', '=', proof.code)
    .where('claimed_at', 'is', null)
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) !== 1) return { id, verifiedBy: null }
  await trx.updateTable('redemption_claims').set({ verified_by: 'code' }).where('id', '=', id).execute()
  return { id, verifiedBy: 'code' as const }
}

/** Adds codes that are not stored yet; returns how many were added and how many already existed. */
export async function insertCodes(ex: Executor, codes: string[], now = new Date()): Promise<{ added: number; skipped: number }> {
  const unique = [...new Set(codes)]
  const createdAt = now.toISOString()
  let added = 0
  for (let i = 0; i < unique.length; i += 500) {
    const batch = unique.slice(i, i + 500)
    const result = await ex
      .insertInto('redemption_codes')
      .values(batch.map((code) => ({ code, created_at: createdAt })))
      .onConflict((oc) => oc.column('code').doNothing())
      .executeTakeFirst()
    added += Number(result.numInsertedOrUpdatedRows ?? 0)
  }
  return { added, skipped: codes.length - added }
}

export type ClaimExportRow = {
  id: number
  email: string
  marketplace: string
  purchase_month: string
  verified_by: VerifiedBy
  code: string | null
  created_at: string
}

/** Every stored claim, oldest first, with the code it used (if any). */
export async function listClaims(ex: Executor): Promise<ClaimExportRow[]> {
  return ex
    .selectFrom('redemption_claims as c')
    .leftJoin('redemption_codes as k', 'k.claim_id', 'c.id')
    .select(['c.id', 'c.email', 'c.marketplace', 'c.purchase_month', 'c.verified_by', 'k.code', 'c.created_at'])
    .orderBy('c.id')
    .execute()
}
