import type { Transaction } from 'kysely'
import type { z } from 'zod'
import type { CreateBlendSchema, CreateVersionSchema, CreatedBlend, CreatedVersion, SaveOutcome, VersionOil } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { getSavedBlend } from '#server/blends/blend-lists.repo.ts'
import { addVersion, createProject, saveTargetForWrite } from '#server/blends/blends-write.repo.ts'
import type { Database } from '#server/db/schema.ts'
import { AppError } from '#server/http/errors.ts'

/**
 * The two saves of a blend, each one transaction's work, shared by POST /api/blends and
 * POST /api/blend-versions and by the MCP server's create_blend and add_version tools: the server
 * decides what a save does (decision 019), so every caller gets the same outcome for the same save.
 */

type Oils = Map<number, EssentialOil>

/** Every oil must be in the catalog: answers 400 naming the first unknown id. */
export function assertKnownOils(ids: number[], oils: Oils) {
  const unknown = ids.find((id) => !oils.has(id))
  if (unknown !== undefined) {
    throw new AppError(400, 'VALIDATION_ERROR', `Unknown oil id ${unknown}`, [{ path: 'body', message: `Unknown oil id ${unknown}` }])
  }
}

const oneOil = (id: number, percentage: number): VersionOil[] => [{ id, name: '', percentage }]

/** A version for a blend the user does not have (deleted, or never theirs): 404, saying which. */
function staleProject(projectId: number) {
  const message = `Blend ${projectId} was not found: it may have been deleted, or it is not in your journal`
  return new AppError(404, 'NOT_FOUND', message, [{ path: 'body.projectId', message }])
}

/**
 * A new blend from the wizard's fields; a name the user already has (trimmed, any case) saves the
 * next version of that blend instead. The answer says which (`outcome`), so no caller decides it.
 */
export async function saveBlend(
  trx: Transaction<Database>,
  userId: string,
  b: z.output<typeof CreateBlendSchema>,
  oils: Oils,
): Promise<CreatedBlend> {
  assertKnownOils([b.topNote, b.middleNote, b.baseNote], oils)
  const version = {
    topOils: oneOil(b.topNote, b.topPercentage),
    middleOils: oneOil(b.middleNote, b.middlePercentage),
    baseOils: oneOil(b.baseNote, b.basePercentage),
    effects: b.effects,
    formulationNotes: b.notes,
  }
  // The same rule GET /blends/save-preview answers with beforehand.
  const target = await saveTargetForWrite(trx, userId, b.name)
  const project = target.project ?? (await createProject(trx, userId, { name: b.name, description: null }))
  const created = await addVersion(trx, userId, project.id, version, oils)
  const blend = await getSavedBlend(trx, userId, project.id, oils)
  if (!created || !blend) throw staleProject(project.id)
  const outcome: SaveOutcome = target.outcome
  return { ...blend, outcome, version: created }
}

/** The next version of one of the user's blends (the server assigns its letter and reference). */
export async function saveVersion(
  trx: Transaction<Database>,
  userId: string,
  body: z.output<typeof CreateVersionSchema>,
  oils: Oils,
): Promise<CreatedVersion> {
  const { projectId, versionLetter: _letter, referenceNumber: _ref, ...input } = body
  assertKnownOils(
    [...input.topOils, ...input.middleOils, ...input.baseOils].map((o) => o.id),
    oils,
  )
  const version = await addVersion(trx, userId, projectId, input, oils)
  // Deleted, or another user's: a retry can never work, so the message says so (the wizard then offers a new blend).
  if (!version) throw staleProject(projectId)
  const blend = await getSavedBlend(trx, userId, projectId, oils)
  return { ...version, outcome: 'versioned', blend: { id: projectId, name: blend?.name ?? '' } }
}
