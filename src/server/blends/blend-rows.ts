import type { AccordUse, BlendProject, BlendVersion, OilSummary, VersionOil } from '#shared/api/blends.ts'
import { flattenAll, flattenLayers, isAccordLine, type Layers, type StoredLine } from '#shared/domain/accords.ts'
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

/** A version row's three layers as stored (JSON): oils, and accords with their snapshots (decision 072). */
export function storedLayersOf(row: Pick<BlendVersionRow, 'top_oils' | 'middle_oils' | 'base_oils'>): Layers<StoredLine> {
  return {
    topOils: JSON.parse(row.top_oils) as StoredLine[],
    middleOils: JSON.parse(row.middle_oils) as StoredLine[],
    baseOils: JSON.parse(row.base_oils) as StoredLine[],
  }
}

const LAYER_KEYS = [
  ['topOils', 'top'],
  ['middleOils', 'middle'],
  ['baseOils', 'base'],
] as const

/**
 * A version row's three layers, flattened (every reader of a composition reads these: the API, share
 * links, exports, the calculator), with the accords it holds and the oils put in directly. Read here
 * only. `newerVersion` is filled in by the reads that look the accords' blends up (accord-uses.repo.ts).
 */
export function layersOf(row: Pick<BlendVersionRow, 'top_oils' | 'middle_oils' | 'base_oils'>): {
  topOils: VersionOil[]
  middleOils: VersionOil[]
  baseOils: VersionOil[]
  accords: AccordUse[]
  ownOils: { topOils: VersionOil[]; middleOils: VersionOil[]; baseOils: VersionOil[] } | null
} {
  const stored = storedLayersOf(row)
  const accords: AccordUse[] = []
  for (const [key, layer] of LAYER_KEYS)
    for (const line of stored[key])
      if (isAccordLine(line)) {
        const a = line.accord
        accords.push({
          layer,
          versionId: a.versionId,
          projectId: a.projectId,
          name: a.name,
          referenceNumber: a.referenceNumber,
          percentage: line.percentage,
          oils: a.oils,
          newerVersion: null,
        })
      }
  if (accords.length === 0) {
    const { topOils, middleOils, baseOils } = stored as Layers<VersionOil>
    return { topOils: [...topOils], middleOils: [...middleOils], baseOils: [...baseOils], accords, ownOils: null }
  }
  const own = (lines: readonly StoredLine[]) => lines.filter((l): l is VersionOil => !isAccordLine(l))
  return {
    ...flattenLayers(stored),
    accords,
    ownOils: { topOils: own(stored.topOils), middleOils: own(stored.middleOils), baseOils: own(stored.baseOils) },
  }
}

/** A version row's flattened layers only (decision 072): what readers of a composition take. */
export function flatLayersOf(row: Pick<BlendVersionRow, 'top_oils' | 'middle_oils' | 'base_oils'>): Layers<VersionOil> & {
  topOils: VersionOil[]
  middleOils: VersionOil[]
  baseOils: VersionOil[]
} {
  return flattenLayers(storedLayersOf(row))
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
