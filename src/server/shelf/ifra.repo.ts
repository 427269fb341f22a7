import type { Insertable, Selectable } from 'kysely'
import type { IfraCertificate } from '#shared/api/ifra.ts'
import type { IfraCertificateFacts } from '#shared/domain/ifra.ts'
import type { BottleIfraCertificatesTable } from '#server/db/schema.ts'
import type { Executor } from '#server/db/executor.ts'

/**
 * Bottles' IFRA certificates (docs/product.md "IFRA certificates"; decision 070): data access only,
 * every query scoped by the signed-in user. What a write may store is ifra.commands.ts's to decide.
 */

export type IfraCertificateRow = Insertable<BottleIfraCertificatesTable>

export function toIfraCertificate(row: Selectable<BottleIfraCertificatesTable>): IfraCertificate {
  return {
    bottleId: row.bottle_id,
    amendment: row.amendment,
    issuedOn: row.issued_on,
    limits: JSON.parse(row.limits) as IfraCertificate['limits'],
    updatedAt: row.updated_at,
  }
}

/** The bottle's certificate row; undefined when it has none. */
export async function ifraCertificateRow(ex: Executor, userId: string, bottleId: number) {
  return ex
    .selectFrom('bottle_ifra_certificates')
    .selectAll()
    .where('bottle_id', '=', bottleId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** Stores the bottle's certificate, replacing an earlier one; answers it as stored. */
export async function upsertIfraCertificate(ex: Executor, row: IfraCertificateRow) {
  const { bottle_id: _b, user_id: _u, ...changes } = row
  return ex
    .insertInto('bottle_ifra_certificates')
    .values(row)
    .onConflict((oc) => oc.column('bottle_id').doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Stores certificates of new bottles (an import's), a statement for all. */
export async function insertIfraCertificates(ex: Executor, rows: readonly IfraCertificateRow[]): Promise<void> {
  if (rows.length > 0)
    await ex
      .insertInto('bottle_ifra_certificates')
      .values([...rows])
      .execute()
}

export async function deleteIfraCertificateRow(ex: Executor, userId: string, bottleId: number): Promise<void> {
  await ex.deleteFrom('bottle_ifra_certificates').where('bottle_id', '=', bottleId).where('user_id', '=', userId).execute()
}

/** The certificates of the user's bottles named, by bottle id. */
export async function ifraCertificatesOf(
  ex: Executor,
  userId: string,
  bottleIds: readonly number[],
): Promise<Map<number, IfraCertificateFacts>> {
  if (bottleIds.length === 0) return new Map()
  const rows = await ex
    .selectFrom('bottle_ifra_certificates')
    .select(['bottle_id', 'amendment', 'issued_on', 'limits'])
    .where('user_id', '=', userId)
    .where('bottle_id', 'in', [...new Set(bottleIds)])
    .execute()
  return new Map(
    rows.map((r) => [
      r.bottle_id,
      { amendment: r.amendment, issuedOn: r.issued_on, limits: JSON.parse(r.limits) as IfraCertificateFacts['limits'] },
    ]),
  )
}

/** Which of the user's bottles carry a certificate (for the shelf's list). */
export async function certifiedBottles(ex: Executor, userId: string, bottleIds: readonly number[]): Promise<Set<number>> {
  if (bottleIds.length === 0) return new Set()
  const rows = await ex
    .selectFrom('bottle_ifra_certificates')
    .select('bottle_id')
    .where('user_id', '=', userId)
    .where('bottle_id', 'in', [...new Set(bottleIds)])
    .execute()
  return new Set(rows.map((r) => r.bottle_id))
}
