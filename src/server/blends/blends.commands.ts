import type { z } from 'zod'
import type {
  BlendProject,
  BlendVersion,
  CreateBlendSchema,
  CreateProjectSchema,
  CreateVersionSchema,
  CreatedBlend,
  CreatedVersion,
  SavedBlend,
  SaveOutcome,
  VersionOil,
} from '#shared/api/blends.ts'
import type { AccordLayer } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Effect } from '#shared/domain/vocabulary.ts'
import {
  MAX_ACCORDS_PER_LAYER,
  accordProblem,
  isAccordLine,
  snapshotOf,
  type AccordSnapshot,
  type StoredLine,
} from '#shared/domain/accords.ts'
import { MAX_NOTES } from '#shared/api/fields.ts'
import { MAX_OILS_PER_SLOT, isTotalValid, slotTotal } from '#shared/domain/percentages.ts'
import { versionIndexOf, versionLetterAt } from '#shared/domain/references.ts'
import type { Executor } from '#server/db/executor.ts'
import { reserveSequence } from '#server/db/counters.ts'
import { done, refuse, type Outcome, type Refusal } from '#server/shared/outcome.ts'
import { getSavedBlend } from '#server/blends/blend-lists.repo.ts'
import { projectRow, storedLayersOf, toProject, versionRow, type VersionFields } from '#server/blends/blend-rows.ts'
import { accordVersionsById, newestVersions, withAccordLinks } from '#server/blends/accord-uses.repo.ts'
import {
  addVersion,
  blendOfUser,
  createProject,
  insertProjects,
  insertVersions,
  projectsWithLetters,
  relinkVersionLayers,
  renameProject,
  saveTargetForWrite,
  setVersionCount,
  updateVersionNotes,
  type NewVersion,
} from '#server/blends/blends-write.repo.ts'
import { deleteProject, restoreProject } from '#server/blends/deleted-blends.repo.ts'
import { scheduleImported } from '#server/reminders/reminders.commands.ts'
import { keptOrNewBatchCode } from '#server/shelf/batches.commands.ts'

/**
 * The blends' one keeper (docs/architecture.md, "The server's layers"; decision 061): the only code
 * that writes blend_projects and blend_versions (and what a save writes with them: the user's
 * counters, the version's reminder). Routes, the assistant's tools and the importer call these
 * commands; each applies the rules of docs/product.md that concern its write (names, totals of
 * 100 %, oils per layer, catalog oils, version letters, notes and ratings) and answers an Outcome:
 * the value, or a refusal whose details name the field (`topOils`, `projectId`), never an HTTP
 * error. A command that refuses after a write is inside its caller's transaction, which the caller
 * rolls back by throwing the refusal (valueOrThrow), so a refusal writes nothing.
 */

type Oils = Map<number, EssentialOil>

/** One broken rule: the field it concerns (relative to the write's input; '' for the whole) and its words. */
export type RuleProblem = { path: string; message: string }

const invalid = (problem: RuleProblem): Refusal =>
  refuse('VALIDATION_ERROR', problem.path ? `${problem.path}: ${problem.message}` : problem.message, [problem])

/** The API's own words for each rule (the schemas of src/shared/api/blends.ts say the same). */
export const MAX_NAME = 120
export const TOTAL_MESSAGE = 'The percentages should total 100%'

/** docs/product.md §5: a blend's name is 1 to 120 characters once trimmed. */
export function blendNameProblem(name: string, path = 'name'): RuleProblem | null {
  const trimmed = name.trim()
  if (!trimmed) return { path, message: 'Give the blend a name' }
  if (trimmed.length > MAX_NAME) return { path, message: `Keep the name under ${MAX_NAME} characters` }
  return null
}

/** The first oil not in the catalog, as the API has always worded it. */
function unknownOil(ids: number[], oils: Oils, path: string): RuleProblem | null {
  const unknown = ids.find((id) => !oils.has(id))
  return unknown === undefined ? null : { path, message: `Unknown oil id ${unknown}` }
}

/**
 * docs/product.md §5 ("The server checks the same") for a version's layers and notes: 1 to 12 oils a
 * layer, percentages 0 to 100 totalling 100 within 0.1, oils in the catalog (when `oils` is given;
 * an import's were matched to it by name), notes up to 10,000 characters, ratings 1 to 5.
 */
export function versionProblem(
  v: Pick<VersionFields, 'topOils' | 'middleOils' | 'baseOils' | 'formulationNotes' | 'testingNotes' | 'rating'>,
  oils?: Oils,
): RuleProblem | null {
  const layers = [
    ['topOils', 'top', v.topOils],
    ['middleOils', 'middle', v.middleOils],
    ['baseOils', 'base', v.baseOils],
  ] as const
  for (const [path, label, list] of layers) {
    if (list.length === 0) return { path, message: `Add at least one ${label} note oil` }
    if (list.length > MAX_OILS_PER_SLOT) return { path, message: `At most ${MAX_OILS_PER_SLOT} oils per layer` }
    if (list.filter(isAccordLine).length > MAX_ACCORDS_PER_LAYER)
      return { path, message: `At most ${MAX_ACCORDS_PER_LAYER} accords per layer` }
    if (list.some((o) => !Number.isFinite(o.percentage) || o.percentage < 0 || o.percentage > 100))
      return { path, message: 'Percentages are between 0 and 100' }
  }
  const all = [...v.topOils, ...v.middleOils, ...v.baseOils]
  if (!isTotalValid(slotTotal(all))) return { path: 'topOils', message: TOTAL_MESSAGE }
  for (const [path, notes] of [
    ['formulationNotes', v.formulationNotes],
    ['testingNotes', v.testingNotes],
  ] as const)
    if (notes !== null && notes.length > MAX_NOTES)
      return { path, message: `Keep notes under ${MAX_NOTES.toLocaleString('en')} characters` }
  if (v.rating !== null && (!Number.isInteger(v.rating) || v.rating < 1 || v.rating > 5))
    return { path: 'rating', message: 'A rating is from 1 to 5' }
  return oils
    ? unknownOil(
        all.filter((o) => !isAccordLine(o)).map((o) => (o as VersionOil).id),
        oils,
        '',
      )
    : null
}

const oneOil = (id: number, percentage: number): VersionOil[] => [{ id, name: '', percentage }]

/** A version for a blend the user does not have (deleted, or never theirs), saying which. */
function staleProject(projectId: number): Refusal {
  const message = `Blend ${projectId} was not found: it may have been deleted, or it is not in your journal`
  return refuse('NOT_FOUND', message, [{ path: 'projectId', message }])
}

/** An accord version the user does not have (another user's, or none): the same words either way, so nothing leaks. */
function unknownAccord(path: string, versionId: number): Refusal {
  const message = `Blend version ${versionId} was not found: an accord is a version of one of your blends`
  return refuse('NOT_FOUND', message, [{ path, message }])
}

type AccordLine = { accord: AccordSnapshot; percentage: number }
type AccordLines = Record<AccordLayer, AccordLine[]>

/**
 * Accords as a save sends them, made lines (decision 072): each version found among the user's own
 * (otherwise NOT_FOUND naming its field), its snapshot taken, and refused when the host blend would
 * contain itself or nest deeper than MAX_ACCORD_DEPTH (accordProblem's words). `host.projectId` is
 * null for a blend not saved yet (nothing can contain it).
 */
async function accordLines(
  trx: Executor,
  userId: string,
  host: { projectId: number | null; name: string },
  accords: readonly { layer: AccordLayer; versionId: number; percentage: number; path: string }[],
): Promise<Outcome<AccordLines>> {
  const lines: AccordLines = { top: [], middle: [], base: [] }
  if (accords.length === 0) return done(lines)
  const rows = new Map(
    (
      await accordVersionsById(
        trx,
        userId,
        accords.map((a) => a.versionId),
      )
    ).map((r) => [r.id, r]),
  )
  for (const a of accords) {
    const row = rows.get(a.versionId)
    if (!row) return unknownAccord(a.path, a.versionId)
    const snapshot = snapshotOf(
      { id: row.id, projectId: row.project_id, referenceNumber: row.reference_number, layers: storedLayersOf(row) },
      row.name,
    )
    const problem = accordProblem({ projectId: host.projectId ?? -1, name: host.name.trim() }, snapshot)
    if (problem) return invalid({ path: a.path, message: problem })
    lines[a.layer].push({ accord: snapshot, percentage: a.percentage })
  }
  return done(lines)
}

/** A version's layers with accord lines after its own oils. */
const withAccords = (v: NewVersion, lines: AccordLines): NewVersion => ({
  ...v,
  topOils: [...v.topOils, ...lines.top],
  middleOils: [...v.middleOils, ...lines.middle],
  baseOils: [...v.baseOils, ...lines.base],
})

/** The rules of a version's fields as a request sends them (defaults filled in). */
function checkedVersion(input: NewVersion, oils: Oils): Refusal | null {
  const problem = versionProblem(
    {
      topOils: input.topOils,
      middleOils: input.middleOils,
      baseOils: input.baseOils,
      formulationNotes: input.formulationNotes ?? null,
      testingNotes: input.testingNotes ?? null,
      rating: input.rating ?? null,
    },
    oils,
  )
  return problem ? invalid(problem) : null
}

/**
 * A new blend from the wizard's fields; a name the user already has (trimmed, any case) saves the
 * next version of that blend instead. The answer says which (`outcome`), so no caller decides it.
 */
export async function saveBlend(
  trx: Executor,
  userId: string,
  b: z.output<typeof CreateBlendSchema>,
  oils: Oils,
): Promise<Outcome<CreatedBlend>> {
  const named = blendNameProblem(b.name)
  if (named) return invalid(named)
  // The same rule GET /blends/save-preview answers with beforehand.
  const target = await saveTargetForWrite(trx, userId, b.name)
  // Each layer is one oil or one of the user's versions as an accord (decision 072).
  const layers = (['top', 'middle', 'base'] as const).map((l) => ({
    layer: l,
    note: b[`${l}Note`],
    versionId: b[`${l}Accord`],
    percentage: b[`${l}Percentage`],
  }))
  const lines = await accordLines(
    trx,
    userId,
    { projectId: target.project?.id ?? null, name: target.project?.name ?? b.name },
    layers.flatMap((l) => (l.versionId === undefined ? [] : [{ ...l, versionId: l.versionId, path: `${l.layer}Accord` }])),
  )
  if (!lines.ok) return lines
  const own = (l: (typeof layers)[number]) => (l.note === undefined ? [] : oneOil(l.note, l.percentage))
  const version = withAccords(
    { topOils: own(layers[0]!), middleOils: own(layers[1]!), baseOils: own(layers[2]!), effects: b.effects, formulationNotes: b.notes },
    lines.value,
  )
  const broken = checkedVersion(version, oils)
  if (broken) return broken
  const project = target.project ?? (await createProject(trx, userId, { name: b.name, description: null }))
  const created = await addVersion(trx, userId, project.id, version, oils)
  const blend = await getSavedBlend(trx, userId, project.id, oils)
  if (!created || !blend) return staleProject(project.id)
  const outcome: SaveOutcome = target.outcome
  const [linked] = await withAccordLinks(trx, userId, [created])
  return done({ ...blend, outcome, version: linked! })
}

/** The next version of one of the user's blends (the server assigns its letter and reference). */
export async function saveVersion(
  trx: Executor,
  userId: string,
  body: z.output<typeof CreateVersionSchema>,
  oils: Oils,
): Promise<Outcome<CreatedVersion>> {
  const { projectId, versionLetter: _letter, referenceNumber: _ref, accords, ...input } = body
  let version: NewVersion = input
  if (accords.length > 0) {
    // The host's name for a refusal's words; a blend that is not the user's is refused as before.
    const host = await blendOfUser(trx, userId, projectId)
    if (!host) return staleProject(projectId)
    const lines = await accordLines(
      trx,
      userId,
      { projectId, name: host.name },
      accords.map((a, i) => ({ ...a, path: `accords[${i}].versionId` })),
    )
    if (!lines.ok) return lines
    version = withAccords(input, lines.value)
  }
  return savedVersion(trx, userId, projectId, version, oils)
}

/** A version added through addBlendVersion, answered as POST /api/blend-versions answers it. */
async function savedVersion(
  trx: Executor,
  userId: string,
  projectId: number,
  version: NewVersion,
  oils: Oils,
): Promise<Outcome<CreatedVersion>> {
  const added = await addBlendVersion(trx, userId, projectId, version, oils)
  if (!added.ok) return added
  const [[linked], blend] = await Promise.all([withAccordLinks(trx, userId, [added.value]), getSavedBlend(trx, userId, projectId, oils)])
  return done({ ...linked!, outcome: 'versioned', blend: { id: projectId, name: blend?.name ?? '' } })
}

/**
 * "Use the newer version" (decision 072): a new version of the blend that is `versionId` with each
 * accord whose blend has a newer version pinned to the newest (same percentage, a new snapshot),
 * under every rule of a save (a cycle the newer version makes is refused). Its oils, effects and
 * blend notes are those of `versionId`; accords whose blend is gone keep their lines. NOTHING_NEWER when
 * no accord has a newer version.
 */
export async function followAccords(
  trx: Executor,
  userId: string,
  projectId: number,
  versionId: number,
  oils: Oils,
): Promise<Outcome<CreatedVersion>> {
  const [row] = await accordVersionsById(trx, userId, [versionId])
  if (!row || row.project_id !== projectId) return refuse('NOT_FOUND', 'Blend version not found')
  const stored = storedLayersOf(row)
  const keys = [
    ['topOils', 'top'],
    ['middleOils', 'middle'],
    ['baseOils', 'base'],
  ] as const
  const accordsOf = keys.flatMap(([key]) => stored[key].filter(isAccordLine))
  const newest = await newestVersions(
    trx,
    userId,
    accordsOf.map((l) => l.accord.projectId),
  )
  const newerOf = (l: AccordLine) => {
    const n = newest.get(l.accord.projectId)
    return n && n.id > l.accord.versionId ? n : null
  }
  const following = keys.flatMap(([key, layer]) =>
    stored[key].filter(isAccordLine).flatMap((l) => {
      const n = newerOf(l)
      return n ? [{ layer, versionId: n.id, percentage: l.percentage, path: `accords` }] : []
    }),
  )
  if (following.length === 0) return refuse('NOTHING_NEWER', 'No accord in this version has a newer version to follow')
  const lines = await accordLines(trx, userId, { projectId, name: row.name }, following)
  if (!lines.ok) return lines
  const next = { top: [...lines.value.top], middle: [...lines.value.middle], base: [...lines.value.base] }
  // Each line in its place: a followed accord takes the new line, the others stay as they were.
  const layerOf = (key: (typeof keys)[number][0], layer: AccordLayer): StoredLine[] =>
    stored[key].map((l) => (isAccordLine(l) && newerOf(l) ? next[layer].shift()! : l))
  return savedVersion(
    trx,
    userId,
    projectId,
    {
      topOils: layerOf('topOils', 'top'),
      middleOils: layerOf('middleOils', 'middle'),
      baseOils: layerOf('baseOils', 'base'),
      effects: JSON.parse(row.effects) as Effect[],
      formulationNotes: row.formulation_notes,
    },
    oils,
  )
}

/** A version added to one of the user's blends, its letter the blend's next (a save, a copy of a shared recipe). */
export async function addBlendVersion(
  trx: Executor,
  userId: string,
  projectId: number,
  input: NewVersion,
  oils: Oils,
): Promise<Outcome<BlendVersion>> {
  const broken = checkedVersion(input, oils)
  if (broken) return broken
  const version = await addVersion(trx, userId, projectId, input, oils)
  // Deleted, or another user's: a retry can never work, so the message says so (the wizard then offers a new blend).
  return version ? done(version) : staleProject(projectId)
}

/** An empty blend (POST /api/blend-projects), with the user's next number. */
export async function createBlendProject(
  trx: Executor,
  userId: string,
  input: z.output<typeof CreateProjectSchema>,
): Promise<Outcome<BlendProject>> {
  const named = blendNameProblem(input.name)
  if (named) return invalid(named)
  if (input.description !== null && input.description.length > MAX_NOTES)
    return invalid({ path: 'description', message: `Keep notes under ${MAX_NOTES.toLocaleString('en')} characters` })
  return done(toProject(await createProject(trx, userId, input), []))
}

/**
 * A blend copied into the user's journal from a share link: a new blend, marked as copied (its
 * list's badge), holding the shared version as its original, under every rule a save holds.
 */
export async function copyBlend(
  trx: Executor,
  userId: string,
  input: { name: string; version: NewVersion },
  oils: Oils,
): Promise<Outcome<{ project: BlendProject; version: BlendVersion }>> {
  const named = blendNameProblem(input.name)
  if (named) return invalid(named)
  const broken = checkedVersion(input.version, oils)
  if (broken) return broken
  const project = await createProject(trx, userId, { name: input.name, description: null, copiedFromShare: true })
  const version = await addVersion(trx, userId, project.id, input.version, oils)
  return version ? done({ project: toProject(project, []), version }) : staleProject(project.id)
}

/** Renames one of the user's blends; a blank name is ignored (docs/product.md §5), the blend answered as it is. */
export async function renameBlend(
  trx: Executor,
  userId: string,
  projectId: number,
  name: string,
  oils: Oils,
): Promise<Outcome<SavedBlend>> {
  if (name.trim()) {
    const named = blendNameProblem(name)
    if (named) return invalid(named)
    if (!(await renameProject(trx, userId, projectId, name))) return refuse('NOT_FOUND', 'Blend not found')
  }
  const blend = await getSavedBlend(trx, userId, projectId, oils)
  return blend ? done(blend) : refuse('NOT_FOUND', 'Blend not found')
}

/** A version's blend notes (autosave). */
export async function changeVersionNotes(
  trx: Executor,
  userId: string,
  versionId: number,
  formulationNotes: string | null,
): Promise<Outcome<BlendVersion>> {
  if (formulationNotes !== null && formulationNotes.length > MAX_NOTES)
    return invalid({ path: 'formulationNotes', message: `Keep notes under ${MAX_NOTES.toLocaleString('en')} characters` })
  const version = await updateVersionNotes(trx, userId, versionId, formulationNotes)
  return version ? done(version) : refuse('NOT_FOUND', 'Blend version not found')
}

/** Deletes one of the user's blends, kept for 'Undo' (decision 030). */
export async function deleteBlend(trx: Executor, userId: string, projectId: number): Promise<Outcome<void>> {
  return (await deleteProject(trx, userId, projectId)) ? done(undefined) : refuse('NOT_FOUND', 'Blend not found')
}

/** 'Undo' after a delete, within the restore window. */
export async function restoreBlend(trx: Executor, userId: string, projectId: number): Promise<Outcome<void>> {
  return (await restoreProject(trx, userId, projectId, keptOrNewBatchCode))
    ? done(undefined)
    : refuse('NOT_FOUND', 'Blend not found: a deleted blend can be restored for 10 minutes')
}

/*
 * An import's writes (src/server/your-data/importer.ts): many rows a statement, through the same
 * row mapping (blend-rows.ts) and the same rules. Each refusal's details carry the index of the
 * record in the list it was given, so the importer names the record's place in the file.
 */

/** A refusal of the record at `index` of a list. */
const atIndex = (index: number, problem: RuleProblem): Refusal =>
  refuse('VALIDATION_ERROR', problem.message, [{ index, path: problem.path, message: problem.message }])

/**
 * What an import checks of a blend and its versions before anything is written (the dry run's
 * answer too): the name of a new blend (null: the blend is here already) and each new version
 * (null: skipped), with paths within the blend (`versions[2].topOils`).
 */
export function importedBlendProblems(blend: {
  name: string | null
  versions: (
    | (Pick<VersionFields, 'topOils' | 'middleOils' | 'baseOils' | 'formulationNotes' | 'testingNotes' | 'rating'> & {
        versionLetter: string
      })
    | null
  )[]
}): RuleProblem[] {
  const problems: RuleProblem[] = []
  const named = blend.name === null ? null : blendNameProblem(blend.name)
  if (named) problems.push(named)
  blend.versions.forEach((v, i) => {
    if (v === null) return
    const problem = versionProblem(v)
    if (problem) problems.push({ path: `versions[${i}]${problem.path ? `.${problem.path}` : ''}`, message: problem.message })
    if (!/^[a-z]{1,4}$/.test(v.versionLetter))
      problems.push({ path: `versions[${i}].versionLetter`, message: 'A version letter is a to z, then aa, ab …' })
  })
  return problems
}

export type ImportedProject = { id: number; number: number; versionCount: number; letters: Set<string> }

/** New blends, numbered the user's next numbers in the order given; each with the version count its highest letter makes. */
export async function importProjects(
  trx: Executor,
  userId: string,
  blends: { name: string; description: string | null; createdAt: string; versionLetters: string[] }[],
): Promise<Outcome<ImportedProject[]>> {
  if (blends.length === 0) return done([])
  for (const [index, b] of blends.entries()) {
    const named = blendNameProblem(b.name)
    if (named) return atIndex(index, named)
  }
  const first = await reserveSequence(trx, userId, 'last_project_number', blends.length)
  const rows = blends.map((b, i) =>
    projectRow(userId, first + i, { ...b, versionCount: Math.max(...b.versionLetters.map((l) => versionIndexOf(l) + 1)) }),
  )
  const idOf = await insertProjects(trx, rows)
  return done(rows.map((r) => ({ id: idOf.get(r.number)!, number: r.number, versionCount: 0, letters: new Set<string>() })))
}

/** Blends of the user's that an import adds versions to: their numbers, counts and the letters they use. */
export async function projectsToGrow(trx: Executor, userId: string, ids: number[]): Promise<Map<number, ImportedProject>> {
  const rows = await projectsWithLetters(trx, userId, ids)
  return new Map(rows.map((r) => [r.id, { id: r.id, number: r.number, versionCount: r.version_count, letters: r.letters }]))
}

/**
 * docs/product.md "Version letters" for an import: a version keeps the file's letter, or takes its
 * blend's next free one when a version there already holds it. Marks the letter used.
 */
export function importedLetter(project: ImportedProject, wanted: string): string {
  let letter = wanted
  if (project.letters.has(letter)) {
    while (project.letters.has(versionLetterAt(project.versionCount))) project.versionCount += 1
    letter = versionLetterAt(project.versionCount)
  }
  project.letters.add(letter)
  project.versionCount = Math.max(project.versionCount, versionIndexOf(letter) + 1)
  return letter
}

/**
 * New versions of the user's blends with the letters importedLetter gave them, each with its reminder
 * (decision 052: what is untested joins Ready to test). Answers their ids in the order given.
 */
export async function importVersions(
  trx: Executor,
  userId: string,
  versions: { project: ImportedProject; letter: string; fields: VersionFields }[],
): Promise<Outcome<number[]>> {
  for (const [index, v] of versions.entries()) {
    const problem = versionProblem(v.fields)
    if (problem) return atIndex(index, problem)
  }
  const rows = versions.map((v) => versionRow(userId, v.project, v.letter, v.fields))
  const idOf = await insertVersions(trx, rows)
  const ids = rows.map((r) => idOf.get(`${r.project_id}:${r.version_letter}`)!)
  await scheduleImported(trx, userId, {
    versions: rows.map((r, i) => ({
      id: ids[i]!,
      projectId: r.project_id,
      dateMade: r.date_made,
      createdAt: r.created_at,
      maturationPeriod: r.maturation_period,
    })),
    batches: [],
  })
  return done(ids)
}

/** A grown blend's version count as its letters now stand. */
export async function importedVersionCount(trx: Executor, userId: string, project: ImportedProject): Promise<void> {
  await setVersionCount(trx, userId, project.id, project.versionCount)
}

/**
 * An import's accord lines relinked once all its versions are stored (decision 072; export
 * version 5): each line whose accord version the file holds takes that version's id, blend and
 * reference in this account (`linked`: the file's version id → the stored one), and the blends it
 * contains their ids here (`blends`: the file's blend id → the stored one; ids the file lacks are
 * left out). A line whose version the file lacks keeps its snapshot, unlinked (ids 0), read as a
 * deleted accord keeping its oils. The versions are this import's own, in its transaction; a
 * version's accords are never relinked after the import (decision 018).
 */
export async function relinkImportedAccords(
  trx: Executor,
  userId: string,
  versions: readonly {
    id: number
    layers: Record<'topOils' | 'middleOils' | 'baseOils', StoredLine[]>
    links: readonly { key: 'topOils' | 'middleOils' | 'baseOils'; index: number; sourceVersionId: number; sourceContains: number[] }[]
  }[],
  linked: ReadonlyMap<number, { id: number; projectId: number; reference: string }>,
  blends: ReadonlyMap<number, number>,
): Promise<void> {
  if (versions.length === 0) return
  const relinked = versions.map((v) => {
    const layers = { topOils: [...v.layers.topOils], middleOils: [...v.layers.middleOils], baseOils: [...v.layers.baseOils] }
    for (const link of v.links) {
      const line = layers[link.key][link.index]
      if (!line || !isAccordLine(line)) continue
      const target = linked.get(link.sourceVersionId)
      const contains = link.sourceContains.flatMap((id) => (blends.has(id) ? [blends.get(id)!] : []))
      layers[link.key][link.index] = {
        ...line,
        accord: target
          ? {
              ...line.accord,
              versionId: target.id,
              projectId: target.projectId,
              referenceNumber: target.reference,
              contains: [...new Set([target.projectId, ...contains])],
            }
          : { ...line.accord, versionId: 0, projectId: 0, contains },
      }
    }
    return { id: v.id, layers }
  })
  await relinkVersionLayers(trx, userId, relinked)
}
