import type { Ingredient, IngredientKind } from '#shared/api/ingredients.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Executor } from '#server/db/executor.ts'
import type { EssentialOilRow, NewEssentialOilRow } from '#server/db/schema.ts'

function fromRow(row: EssentialOilRow): EssentialOil {
  return {
    id: row.id,
    slug: row.slug,
    // An own ingredient's `name` column holds its unique slug; its name is `own_name` (decision 068).
    name: row.own_name ?? row.name,
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
    ...(row.user_id !== null ? { yours: true as const, basedOnOilId: row.based_on_oil_id } : {}),
  }
}

/** An own ingredient as its maker reads it. */
export function toIngredient(row: EssentialOilRow): Ingredient {
  return {
    ...fromRow(row),
    yours: true,
    kind: (row.kind ?? 'Other') as IngredientKind,
    basedOnOilId: row.based_on_oil_id,
  }
}

/** The whole catalog, sorted by name. It is public reference data: no owner, no maker's ingredient. */
export async function listAllOils(ex: Executor): Promise<EssentialOil[]> {
  const rows = await ex.selectFrom('essential_oils').selectAll().where('user_id', 'is', null).orderBy('name').execute()
  return rows.map(fromRow)
}

/** One user's own ingredients as rows, by name. */
export async function ownIngredientRows(ex: Executor, userId: string): Promise<EssentialOilRow[]> {
  return ex.selectFrom('essential_oils').selectAll().where('user_id', '=', userId).orderBy('own_name').orderBy('id').execute()
}

/** One user's own ingredients as every oil is read. */
export async function listOwnOils(ex: Executor, userId: string): Promise<EssentialOil[]> {
  return (await ownIngredientRows(ex, userId)).map(fromRow)
}

export async function getOwnIngredientRow(ex: Executor, userId: string, id: number): Promise<EssentialOilRow | undefined> {
  return ex.selectFrom('essential_oils').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
}

/** The user's ingredient of this name, any case, if there is one (other than `exceptId`). */
export async function ownIngredientNamed(
  ex: Executor,
  userId: string,
  name: string,
  exceptId?: number,
): Promise<EssentialOilRow | undefined> {
  const rows = await ex.selectFrom('essential_oils').selectAll().where('user_id', '=', userId).execute()
  const key = name.trim().toLowerCase()
  return rows.find((r) => r.id !== exceptId && (r.own_name ?? '').trim().toLowerCase() === key)
}

export async function insertIngredientRow(ex: Executor, row: NewEssentialOilRow): Promise<EssentialOilRow> {
  return ex.insertInto('essential_oils').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function updateIngredientRow(
  ex: Executor,
  userId: string,
  id: number,
  changes: Partial<NewEssentialOilRow>,
): Promise<EssentialOilRow | undefined> {
  return ex.updateTable('essential_oils').set(changes).where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst()
}

export async function deleteIngredientRow(ex: Executor, userId: string, id: number): Promise<number> {
  const result = await ex.deleteFrom('essential_oils').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows)
}
