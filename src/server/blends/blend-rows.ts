import type { BlendProject, BlendVersion, OilSummary, VersionOil } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Effect } from '#shared/domain/vocabulary.ts'
import type { BlendProjectRow, BlendVersionRow } from '#server/db/schema.ts'
import { trackingOf } from '#server/db/tracking.ts'

/** Rows of blend_projects and blend_versions as the API answers them: the one mapping of each. */

/** A version row's three layers, stored as JSON: read here only (the API, share links and exports use it). */
export function layersOf(row: Pick<BlendVersionRow, 'top_oils' | 'middle_oils' | 'base_oils'>): {
  topOils: VersionOil[]
  middleOils: VersionOil[]
  baseOils: VersionOil[]
} {
  return {
    topOils: JSON.parse(row.top_oils) as VersionOil[],
    middleOils: JSON.parse(row.middle_oils) as VersionOil[],
    baseOils: JSON.parse(row.base_oils) as VersionOil[],
  }
}

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
