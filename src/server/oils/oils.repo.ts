import type { EssentialOil } from '#shared/api/oils.ts'
import type { Executor } from '#server/db/executor.ts'
import type { EssentialOilRow } from '#server/db/schema.ts'

function fromRow(row: EssentialOilRow): EssentialOil {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    latinName: row.latin_name,
    inciName: row.inci_name,
    annexEntryId: row.annex_entry_id,
    noteType: JSON.parse(row.note_types),
    scentFamily: row.scent_family as EssentialOil['scentFamily'],
    effects: JSON.parse(row.effects),
    description: row.description,
    blendsWith: JSON.parse(row.blends_with),
    densityGPerMl: row.density_g_per_ml,
    safety: row.safety ? JSON.parse(row.safety) : null,
  }
}

/** The whole catalog, sorted by name. It is public reference data: no owner. */
export async function listAllOils(ex: Executor): Promise<EssentialOil[]> {
  const rows = await ex.selectFrom('essential_oils').selectAll().orderBy('name').execute()
  return rows.map(fromRow)
}
