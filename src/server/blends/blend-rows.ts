import type { BlendProject, BlendVersion, OilSummary } from '#shared/api/blends.ts'
import { flattenAll, isAccordLine, type StoredLine } from '#shared/domain/accords.ts'
import { flatLayersOf, layersOf, storedLayersOf } from '#server/shared/version-layers.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Effect } from '#shared/domain/vocabulary.ts'
import type { Tracking } from '#shared/domain/maturation.ts'
import { nameSortKey } from '#shared/domain/journal-list.ts'
import { referenceNumber } from '#shared/domain/references.ts'
import type { BlendProjectRow, BlendVersionRow, Database } from '#server/db/schema.ts'
import { trackingColumns, trackingOf, type TrackingColumns } from '#server/db/tracking.ts'
import type { Insertable } from 'kysely'

/**
 * Rows of blend_projects and blend_versions: the one mapping of each, both ways. The API's answers
 * are read from rows here, and every write (a save, a copy, an import: blends.commands.ts) makes
 * its rows here, so the search key, the JSON layers and the effects are written one way.
 */

/** How "the same name" is matched: trimmed, any case. */
export const nameKey = (name: string) => name.trim().toLowerCase()

/** The stored name with its match and sort keys. */
export const nameColumns = (name: string) => ({ name: name.trim(), name_key: nameKey(name), name_sort: nameSortKey(name) })

/** A new blend_projects row. */
export function projectRow(
  userId: string,
  number: number,
  p: { name: string; description: string | null; createdAt: string; versionCount?: number },
): Insertable<Database['blend_projects']> {
  return {
    user_id: userId,
    number,
    ...nameColumns(p.name),
    description: p.description,
    created_at: p.createdAt,
    ...(p.versionCount === undefined ? {} : { version_count: p.versionCount }),
  }
}

/** A version's fields as a write takes them: its layers already named from the catalog, oils then accords (decision 072). */
export type VersionFields = {
  topOils: StoredLine[]
  middleOils: StoredLine[]
  baseOils: StoredLine[]
  effects: readonly Effect[]
  formulationNotes: string | null
  testingNotes: string | null
  rating: number | null
  dateMade: string
  dateTested: string | null
  createdAt: string
} & Partial<Tracking>

/**
 * The search key GET /api/blends?q= matches oils on: every oil's name (an accord's oils included),
 * then each accord's name, lower case, joined by '|'.
 */
export const oilNamesKey = (v: Pick<VersionFields, 'topOils' | 'middleOils' | 'baseOils'>) => {
  const accords = [...v.topOils, ...v.middleOils, ...v.baseOils].filter(isAccordLine).map((l) => l.accord.name)
  return [...flattenAll(v).map((o) => o.name), ...new Set(accords)].map((n) => n.toLowerCase()).join('|')
}

/** A new blend_versions row of project `project` with letter `letter`. */
export function versionRow(
  userId: string,
  project: { id: number; number: number },
  letter: string,
  v: VersionFields,
): Insertable<Database['blend_versions']> & TrackingColumns {
  return {
    project_id: project.id,
    user_id: userId,
    version_letter: letter,
    reference_number: referenceNumber(project.number, letter),
    top_oils: JSON.stringify(v.topOils),
    middle_oils: JSON.stringify(v.middleOils),
    base_oils: JSON.stringify(v.baseOils),
    oil_names: oilNamesKey(v),
    effects: JSON.stringify([...new Set(v.effects)]),
    formulation_notes: v.formulationNotes,
    testing_notes: v.testingNotes,
    rating: v.rating,
    date_made: v.dateMade,
    date_tested: v.dateTested,
    ...trackingColumns(v, false),
    created_at: v.createdAt,
  }
}

// The layers' JSON is read in src/server/shared/version-layers.ts, which other features use too.
export { flatLayersOf, layersOf, storedLayersOf }

export function toVersion(row: BlendVersionRow): BlendVersion {
  return {
    id: row.id,
    projectId: row.project_id,
    versionLetter: row.version_letter,
    referenceNumber: row.reference_number,
    ...layersOf(row),
    effects: JSON.parse(row.effects) as Effect[],
    formulationNotes: row.formulation_notes,
    dateMade: row.date_made,
    dateTested: row.date_tested,
    testingNotes: row.testing_notes,
    rating: row.rating,
    ...trackingOf(row),
    createdAt: row.created_at,
  }
}

export function toProject(
  p: Pick<BlendProjectRow, 'id' | 'name' | 'description' | 'number' | 'created_at'>,
  versions: BlendVersion[],
): BlendProject {
  return { id: p.id, name: p.name, description: p.description, blendNumber: p.number, createdAt: p.created_at, versions }
}

const summaries = new WeakMap<EssentialOil, OilSummary>()

/** An oil as the spec's saved blend names it, made once per catalog entry. */
export function oilSummary(oil: EssentialOil | undefined): OilSummary | null {
  if (!oil) return null
  let s = summaries.get(oil)
  if (!s) {
    const { id, slug, name, latinName, scentFamily, noteType, effects } = oil
    s = { id, slug, name, latinName, scentFamily, noteType, effects }
    summaries.set(oil, s)
  }
  return s
}
