import { z } from 'zod'
import { ExportIngredientSchema, type ExportIngredient } from '#shared/api/export.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Executor } from '#server/db/executor.ts'
import { refusalError } from '#server/http/errors.ts'
import { addIngredient } from '#server/oils/ingredients.commands.ts'

/**
 * The maker's own ingredients in an export (version 5; decision 068), brought back on import: each
 * matched by name (any case) to an ingredient the importing maker has, or added through the
 * ingredients' keeper (addIngredient), so the versions and bottles that name it resolve to it.
 */

const nameKey = (name: string) => name.trim().toLowerCase()

/** The file's ingredients; none when absent or not as the schema says (the file's check then names the place). */
export function fileIngredients(body: unknown): ExportIngredient[] {
  const parsed = z.object({ ingredients: z.array(ExportIngredientSchema).optional() }).safeParse(body)
  return parsed.success ? (parsed.data.ingredients ?? []) : []
}

/**
 * The catalog a plan resolves against before the ingredients are added: the file's ingredients the
 * maker does not have yet stand in, with ids below 0 that are never stored (a dry run's preview; the
 * import itself adds them first and resolves again).
 */
export function withPendingIngredients(catalog: EssentialOil[], ingredients: readonly ExportIngredient[]): EssentialOil[] {
  const own = new Set(catalog.filter((o) => o.yours).map((o) => nameKey(o.name)))
  const pending = ingredients
    .filter((i) => !own.has(nameKey(i.name)))
    .map((i, n): EssentialOil => ({
      id: -(n + 1),
      slug: i.slug,
      name: i.name,
      latinName: i.latinName,
      inciName: i.inciName,
      annexEntryId: null,
      noteType: i.noteType,
      scentFamily: i.scentFamily,
      effects: [],
      description: i.notes,
      blendsWith: [],
      densityGPerMl: i.densityGPerMl,
      safety: null,
      yours: true,
    }))
  return [...catalog, ...pending]
}

/**
 * Adds the file's ingredients the maker does not have (by name) through the keeper, and answers the
 * catalog with them: the catalog oils and the maker's own, as read in this transaction. A refusal
 * (a name that is a catalog oil's) fails the whole import, naming the ingredient.
 */
export async function importIngredients(
  trx: Executor,
  userId: string,
  ingredients: readonly ExportIngredient[],
  /** The catalog with the maker's own ingredients, read with the executor given (app.catalog.forUser). */
  catalogFor: (ex: Executor) => Promise<ReadonlyMap<number, EssentialOil>>,
): Promise<EssentialOil[]> {
  const catalogMap = await catalogFor(trx)
  const catalog = [...catalogMap.values()].filter((o) => !o.yours)
  const have = new Set([...catalogMap.values()].filter((o) => o.yours).map((o) => nameKey(o.name)))
  const bySlug = new Map(catalog.map((o) => [o.slug, o]))
  const byName = new Map(catalog.map((o) => [nameKey(o.name), o]))
  for (const [n, i] of ingredients.entries()) {
    if (have.has(nameKey(i.name))) continue
    const based = i.basedOn ? (bySlug.get(i.basedOn.slug) ?? byName.get(nameKey(i.basedOn.name))) : undefined
    const added = await addIngredient(
      trx,
      userId,
      {
        name: i.name,
        inciName: i.inciName,
        latinName: i.latinName,
        kind: i.kind,
        noteType: i.noteType,
        scentFamily: i.scentFamily,
        densityGPerMl: i.densityGPerMl,
        safety: i.safety,
        notes: i.notes,
        basedOnOilId: based?.id ?? null,
      },
      catalogMap,
    )
    if (!added.ok) throw refusalError({ ...added, message: `ingredients[${n}] (${i.name}): ${added.message}` })
    have.add(nameKey(i.name))
  }
  return [...(await catalogFor(trx)).values()]
}
