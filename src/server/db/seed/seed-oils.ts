import type { Db } from '#server/db/db.ts'
import type { NewEssentialOilRow } from '#server/db/schema.ts'
import { OIL_SEED, type OilSeed } from '#server/db/seed/oils-data.ts'

export function toRow(oil: OilSeed): NewEssentialOilRow {
  return {
    slug: oil.slug,
    name: oil.name,
    latin_name: oil.latinName,
    inci_name: oil.inciName,
    annex_entry_id: oil.annexEntryId,
    note_types: JSON.stringify(oil.noteType),
    scent_family: oil.scentFamily,
    effects: JSON.stringify(oil.effects),
    description: oil.description,
    blends_with: JSON.stringify(oil.blendsWith),
    density_g_per_ml: oil.densityGPerMl,
    safety: oil.safety ? JSON.stringify(oil.safety) : null,
  }
}

/** Inserts or refreshes every catalog oil by slug; ids of existing oils never change. */
export async function seedOils(db: Db, oils: readonly OilSeed[] = OIL_SEED): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    for (const oil of oils) {
      const row = toRow(oil)
      const { slug: _slug, ...rest } = row
      await trx
        .insertInto('essential_oils')
        .values(row)
        .onConflict((oc) => oc.column('slug').doUpdateSet(rest))
        .execute()
    }
  })
}
