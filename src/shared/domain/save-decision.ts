import type { BlendProject, CreateBlend, CreateVersion, SavedBlend } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { allEffects } from '#shared/domain/blend-properties.ts'
import { TRACKING_DEFAULTS } from '#shared/domain/maturation.ts'
import { nextVersionLetter, referenceNumber } from '#shared/domain/references.ts'
import { NOTE_TYPES } from '#shared/domain/vocabulary.ts'
import { isComplete, oilIn, percentageOf, type Composition } from '#shared/domain/wizard.ts'

/** The wizard's save (SPEC.md §4 "Save flow", §5, §7): what to post, and the payloads. */

/** A project named in the URL (/blend?project=12&projectName=Calm%20Evenings). */
export interface UrlProject {
  id: number
  name: string | null
}

export type SaveDecision =
  /** POST /api/blends. */
  | { kind: 'new-blend' }
  /** POST /api/blend-versions to an existing project. */
  | { kind: 'version'; project: Pick<BlendProject, 'id' | 'name'> & Partial<Pick<BlendProject, 'blendNumber' | 'versions'>> }
  /** POST /api/blend-projects for a blend that has none, then POST /api/blend-versions to it. */
  | { kind: 'project-then-version'; blendId: number; projectName: string; description: string }

/** Names match trimmed and case-insensitively. */
export function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en')
}

/** The description of a project made for a blend that had none. */
export function projectDescriptionFor(blendId: number): string {
  return `Project created from existing blend ${blendId}`
}

/**
 * SPEC.md §4 "Decision": a project id in the URL, or a name matching an existing project or blend,
 * makes the save a new version. A matching blend without a project first gets one (in Accord's
 * model every blend is a project, so this branch only guards old data). Otherwise a new blend.
 */
export function decideSave(input: {
  name: string
  urlProject: UrlProject | null
  blends: readonly Pick<SavedBlend, 'id' | 'name'>[]
  projects: readonly (Pick<BlendProject, 'id' | 'name'> & Partial<Pick<BlendProject, 'blendNumber' | 'versions'>>)[]
}): SaveDecision {
  const { name, urlProject, blends, projects } = input
  if (urlProject) {
    const known = projects.find((p) => p.id === urlProject.id)
    return { kind: 'version', project: known ?? { id: urlProject.id, name: urlProject.name ?? name.trim() } }
  }
  const project = projects.find((p) => sameName(p.name, name))
  if (project) return { kind: 'version', project }
  const blend = blends.find((b) => sameName(b.name, name))
  if (blend) {
    const ofBlend = projects.find((p) => p.id === blend.id)
    if (ofBlend) return { kind: 'version', project: ofBlend }
    return {
      kind: 'project-then-version',
      blendId: blend.id,
      projectName: blend.name,
      description: projectDescriptionFor(blend.id),
    }
  }
  return { kind: 'new-blend' }
}

type CompleteComposition = Composition & { topNote: EssentialOil; middleNote: EssentialOil; baseNote: EssentialOil }

function assertComplete(composition: Composition): asserts composition is CompleteComposition {
  if (!isComplete(composition)) throw new Error('The blend needs a top, a middle and a base note')
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text)

/** POST /api/blends: one oil id per layer, the layer percentages, the blend's unique effects. */
export function blendPayload(composition: Composition, fields: { name: string; notes: string }): CreateBlend {
  assertComplete(composition)
  return {
    name: fields.name.trim(),
    topNote: composition.topNote.id,
    middleNote: composition.middleNote.id,
    baseNote: composition.baseNote.id,
    topPercentage: composition.topPercentage,
    middlePercentage: composition.middlePercentage,
    basePercentage: composition.basePercentage,
    effects: allEffects(composition),
    notes: blankToNull(fields.notes),
  }
}

/**
 * POST /api/blend-versions from the wizard: one oil per layer with the layer's percentage and the
 * SPEC.md §3 defaults (untested, no rating, 48 h maturation, cross-contamination prevented, ...).
 * The server assigns the letter and reference; the ones sent are what it is expected to choose.
 */
export function versionPayload(
  composition: Composition,
  fields: {
    project: Pick<BlendProject, 'id'> & Partial<Pick<BlendProject, 'blendNumber' | 'versions'>>
    notes: string
    now: Date
  },
): CreateVersion {
  assertComplete(composition)
  const { project, notes, now } = fields
  const layer = (type: (typeof NOTE_TYPES)[number]) => {
    const oil = oilIn(composition, type)!
    return [{ id: oil.id, name: oil.name, percentage: percentageOf(composition, type) }]
  }
  const letter = project.versions ? nextVersionLetter(project.versions.map((v) => v.versionLetter)) : undefined
  return {
    projectId: project.id,
    ...(letter !== undefined ? { versionLetter: letter } : {}),
    ...(letter !== undefined && project.blendNumber !== undefined
      ? { referenceNumber: referenceNumber(project.blendNumber, letter) }
      : {}),
    topOils: layer('Top'),
    middleOils: layer('Middle'),
    baseOils: layer('Base'),
    effects: allEffects(composition),
    formulationNotes: blankToNull(notes),
    testingNotes: null,
    rating: null,
    tested: false,
    dateMade: now.toISOString(),
    dateTested: null,
    ...TRACKING_DEFAULTS,
  }
}

/** SPEC.md §5: all three notes and a non-blank name. */
export function canSave(composition: Composition<unknown>, name: string): boolean {
  return isComplete(composition) && name.trim() !== ''
}

/** Reads ?project=&projectName= (a positive integer id; the name is optional). */
export function parseUrlProject(params: { get(name: string): string | null }): UrlProject | null {
  const raw = params.get('project')
  if (raw === null || !/^\d+$/.test(raw.trim())) return null
  const id = Number.parseInt(raw, 10)
  if (!Number.isSafeInteger(id) || id <= 0) return null
  const name = params.get('projectName')?.trim()
  return { id, name: name ? name : null }
}
