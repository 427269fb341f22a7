import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { CreateIngredient, Ingredient, IngredientKind, UpdateIngredient } from '#shared/api/ingredients.ts'
import type { EssentialOil, OilSafety } from '#shared/api/oils.ts'
import { NOTHING_ON_FILE } from '#shared/domain/safety.ts'
import { flattenLayer, type StoredLine } from '#shared/domain/accords.ts'
import type { Executor } from '#server/db/executor.ts'
import type { NewEssentialOilRow } from '#server/db/schema.ts'
import { done, refuse, refuseAt, type Outcome, type Refusal } from '#server/shared/outcome.ts'
import {
  deleteIngredientRow,
  getOwnIngredientRow,
  insertIngredientRow,
  ownIngredientRows,
  ownIngredientNamed,
  toIngredient,
  updateIngredientRow,
} from '#server/oils/oils.repo.ts'

/**
 * A maker's own ingredients (docs/product.md "Your own ingredients", decision 068): the only code
 * that writes an owned row of `essential_oils`. Every door (the API, the assistant, the importer)
 * goes through these, and each answers an Outcome whose places are relative ('name', 'safety').
 * Nothing is guessed: a maximum not given is no data, a phototoxicity not given is not known.
 */

type Catalog = ReadonlyMap<number, EssentialOil>

const notFound = () => refuse('NOT_FOUND', 'Ingredient not found')

/** The facts an ingredient is made of once the "based on" oil and the maker's fields are merged. */
type Fields = {
  name: string
  inciName: string
  latinName: string
  kind: IngredientKind
  noteType: EssentialOil['noteType']
  scentFamily: EssentialOil['scentFamily']
  densityGPerMl: number
  safety: OilSafety
  description: string
  effects: EssentialOil['effects']
  blendsWith: string[]
  annexEntryId: string | null
}

/**
 * The maker's safety facts over the starting ones. The three facts a maker gives replace the
 * starting oil's together (a maximum and a phototoxicity finding come from the source named with
 * them); the starting oil's sourced cautions (children, pregnancy, oxidation) stay, since they are
 * about the oil itself. A maximum that changed drops the note written for the catalog's maximum.
 */
function mergedSafety(start: OilSafety | null, given: CreateIngredient['safety']): OilSafety {
  const base = start ?? NOTHING_ON_FILE
  if (!given) return { ...NOTHING_ON_FILE, ...base }
  const source = given.source ? given.source : null
  return {
    ...NOTHING_ON_FILE,
    ...base,
    maxLeaveOnPercent: given.maxLeaveOnPercent,
    maximumNote: given.maxLeaveOnPercent === base.maxLeaveOnPercent && source === base.source ? base.maximumNote : null,
    phototoxic: given.phototoxic,
    source,
  }
}

/** The name is the maker's own: not a catalog oil's (which would read as that oil), not one they already use. */
async function nameRefusal(ex: Executor, userId: string, name: string, catalog: Catalog, exceptId?: number): Promise<Refusal | null> {
  const key = name.trim().toLowerCase()
  const clash = [...catalog.values()].find((oil) => !oil.yours && oil.name.trim().toLowerCase() === key)
  if (clash) {
    return refuseAt(
      'VALIDATION_ERROR',
      'name',
      `${clash.name} is the name of a catalog oil: give yours a name of its own (for example "${clash.name} FCF" or your supplier's name for it)`,
    )
  }
  if (await ownIngredientNamed(ex, userId, name, exceptId)) {
    return refuseAt('VALIDATION_ERROR', 'name', `You already have an ingredient named "${name.trim()}"`)
  }
  return null
}

function toRow(fields: Fields): Omit<NewEssentialOilRow, 'slug' | 'name' | 'user_id' | 'based_on_oil_id'> {
  return {
    own_name: fields.name,
    latin_name: fields.latinName,
    inci_name: fields.inciName,
    annex_entry_id: fields.annexEntryId,
    note_types: JSON.stringify(fields.noteType),
    scent_family: fields.scentFamily,
    effects: JSON.stringify(fields.effects),
    description: fields.description,
    blends_with: JSON.stringify(fields.blendsWith),
    density_g_per_ml: fields.densityGPerMl,
    safety: JSON.stringify(fields.safety),
    kind: fields.kind,
  }
}

/** The maker's own ingredients, by name, as read (the export and the importer read them here). */
export async function ownIngredients(ex: Executor, userId: string): Promise<Ingredient[]> {
  return (await ownIngredientRows(ex, userId)).map(toIngredient)
}

/** Notes in the catalog's order, Top, Middle, Base. */
const inOrder = (notes: EssentialOil['noteType']) => (['Top', 'Middle', 'Base'] as const).filter((n) => notes.includes(n))

/**
 * Adds an ingredient of the maker's own. With `basedOnOilId`, a catalog oil's facts are the
 * starting point and every field sent replaces its own; without, the name, INCI name, kind, notes,
 * scent family and density are needed.
 */
export async function addIngredient(ex: Executor, userId: string, input: CreateIngredient, catalog: Catalog): Promise<Outcome<Ingredient>> {
  let base: EssentialOil | undefined
  if (input.basedOnOilId != null) {
    base = catalog.get(input.basedOnOilId)
    if (!base || base.yours) return refuseAt('VALIDATION_ERROR', 'basedOnOilId', `No oil in the catalog has id ${input.basedOnOilId}`)
  }
  const missing: [string, string][] = []
  const inciName = input.inciName ?? base?.inciName
  if (!inciName) missing.push(['inciName', 'Give its INCI name (the one on the supplier’s label or data sheet)'])
  const kind = input.kind ?? (base ? 'Essential oil' : undefined)
  if (!kind) missing.push(['kind', 'Choose what kind of ingredient it is'])
  const noteType = input.noteType ?? base?.noteType
  if (!noteType) missing.push(['noteType', 'Choose at least one note: top, middle or base'])
  const scentFamily = input.scentFamily ?? base?.scentFamily
  if (!scentFamily) missing.push(['scentFamily', 'Choose its scent family'])
  const densityGPerMl = input.densityGPerMl ?? base?.densityGPerMl
  if (densityGPerMl === undefined) missing.push(['densityGPerMl', 'Give its density in g/mL (on the supplier’s data sheet)'])
  if (missing.length > 0 || !inciName || !kind || !noteType || !scentFamily || densityGPerMl === undefined) {
    const details = missing.map(([path, message]) => ({ path, message }))
    return refuse('VALIDATION_ERROR', details[0]?.message ?? 'Some fields are missing', details)
  }
  const refused = await nameRefusal(ex, userId, input.name, catalog)
  if (refused) return refused
  const fields: Fields = {
    name: input.name.trim(),
    inciName,
    latinName: input.latinName ?? base?.latinName ?? '',
    kind,
    noteType: inOrder(noteType),
    scentFamily,
    densityGPerMl,
    safety: mergedSafety(base?.safety ?? null, input.safety),
    description: input.notes ?? '',
    effects: base?.effects ?? [],
    blendsWith: base?.blendsWith ?? [],
    annexEntryId: base?.annexEntryId ?? null,
  }
  const slug = `own-${randomUUID()}`
  const row = await insertIngredientRow(ex, {
    ...toRow(fields),
    slug,
    // The catalog's `name` column is unique across everyone: an owned row keeps its unique slug there.
    name: slug,
    user_id: userId,
    based_on_oil_id: base?.id ?? null,
  })
  return done(toIngredient(row))
}

/** Changes the fields sent; the rest stay. */
export async function changeIngredient(
  ex: Executor,
  userId: string,
  id: number,
  input: UpdateIngredient,
  catalog: Catalog,
): Promise<Outcome<Ingredient>> {
  const row = await getOwnIngredientRow(ex, userId, id)
  if (!row) return notFound()
  const current = toIngredient(row)
  if (input.name !== undefined) {
    const refused = await nameRefusal(ex, userId, input.name, catalog, id)
    if (refused) return refused
  }
  const fields: Fields = {
    name: input.name?.trim() ?? current.name,
    inciName: input.inciName ?? current.inciName,
    latinName: input.latinName ?? current.latinName,
    kind: input.kind ?? current.kind,
    noteType: inOrder(input.noteType ?? current.noteType),
    scentFamily: input.scentFamily ?? current.scentFamily,
    densityGPerMl: input.densityGPerMl ?? current.densityGPerMl,
    safety: input.safety ? mergedSafety(current.safety, input.safety) : (current.safety ?? NOTHING_ON_FILE),
    description: input.notes ?? current.description,
    effects: current.effects,
    blendsWith: current.blendsWith,
    annexEntryId: current.annexEntryId,
  }
  const updated = await updateIngredientRow(ex, userId, id, toRow(fields))
  return updated ? done(toIngredient(updated)) : notFound()
}

/** What of the maker's still names the ingredient: blends (by name and version) and bottles. */
export async function usesOf(ex: Executor, userId: string, id: number): Promise<{ blends: string[]; bottles: number }> {
  // The layers are JSON arrays of {"id":n,...}: the pattern finds candidates, the parse decides.
  const pattern = `%"id":${id}%`
  const versions = await ex
    .selectFrom('blend_versions as v')
    .innerJoin('blend_projects as p', 'p.id', 'v.project_id')
    .select(['p.name', 'v.version_letter', 'v.top_oils', 'v.middle_oils', 'v.base_oils'])
    .where('v.user_id', '=', userId)
    .where((eb) => eb.or([eb('v.top_oils', 'like', pattern), eb('v.middle_oils', 'like', pattern), eb('v.base_oils', 'like', pattern)]))
    .orderBy('p.name')
    .orderBy('v.version_letter')
    .execute()
  const blends = new Set<string>()
  for (const v of versions) {
    // The flattened composition (decision 072): an oil inside an accord is in use too.
    const ids = flattenLayer([v.top_oils, v.middle_oils, v.base_oils].flatMap((layer) => JSON.parse(layer) as StoredLine[])).map(
      (o) => o.id,
    )
    if (ids.includes(id)) blends.add(v.name)
  }
  const bottles = await ex
    .selectFrom('shelf_bottles')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('oil_id', '=', id)
    .executeTakeFirstOrThrow()
  return { blends: [...blends], bottles: Number(bottles.n) }
}

/** Names at most this many blends in a refusal, and counts the rest. */
const NAMED = 3

/**
 * Deletes an ingredient nothing uses. One a blend version or a bottle names is refused, naming
 * them: the maker removes it from those first (decision 068), so no recipe loses an oil unseen.
 * Recorded batches keep the names they were made with.
 */
export async function removeIngredient(ex: Executor, userId: string, id: number): Promise<Outcome<void>> {
  const row = await getOwnIngredientRow(ex, userId, id)
  if (!row) return notFound()
  const uses = await usesOf(ex, userId, id)
  if (uses.blends.length > 0 || uses.bottles > 0) {
    const parts: string[] = []
    if (uses.blends.length > 0) {
      const named = uses.blends.slice(0, NAMED).map((n) => `"${n}"`)
      const more = uses.blends.length - named.length
      parts.push(`${uses.blends.length === 1 ? 'the blend' : 'the blends'} ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`)
    }
    if (uses.bottles > 0) parts.push(`${uses.bottles === 1 ? 'a bottle' : `${uses.bottles} bottles`} on your shelf`)
    return refuse(
      'INGREDIENT_IN_USE',
      `${row.own_name ?? 'This ingredient'} is used by ${parts.join(' and ')}. Remove it from ${parts.length > 1 || uses.blends.length > 1 || uses.bottles > 1 ? 'them' : 'it'} first, then delete the ingredient.`,
      { blends: uses.blends, bottles: uses.bottles },
    )
  }
  return (await deleteIngredientRow(ex, userId, id)) > 0 ? done(undefined) : notFound()
}
