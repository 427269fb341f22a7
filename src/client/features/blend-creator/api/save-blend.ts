import { blendPayload, versionPayload } from '#shared/domain/wizard-save.ts'
import { NOTE_TYPES, type NoteType } from '#shared/domain/vocabulary.ts'
import { accordIn, accordLabel, chosenAccords, type Composition } from '#shared/domain/wizard.ts'
import { ApiError, newIdempotencyKey } from '#client/lib/api-client.ts'
import { saveByName, saveVersion, useSaveMutation, type Request, type SaveResult } from '#client/lib/blend-saves.ts'

/**
 * The wizard's save: one request, and the server decides what it does. Without a blend in the URL
 * it is POST /api/blends (a name the user already has becomes that blend's next version); with one,
 * POST /api/blend-versions to it. The answer says which happened, with the letter and reference.
 */

export interface SaveInput {
  composition: Composition
  name: string
  notes: string
  /** The blend named in the URL, whose next version this is; null saves by name. */
  projectId: number | null
}

export type { SaveResult }

/**
 * A failed save, with the toast it shows. `staleProject`: the blend in the URL is gone (deleted, or
 * not this user's), so retrying can never work; the wizard offers to save a new blend instead.
 */
export class SaveBlendError extends Error {
  override name = 'SaveBlendError'
  constructor(
    readonly title: string,
    readonly description: string,
    readonly staleProject: boolean,
    options?: { cause?: unknown },
  ) {
    super(`${title}: ${description}`, options)
  }
}

export const SAVE_ERRORS = {
  blend: ['Error saving blend', 'Please try again later.'],
  version: ['Error saving version', 'Please try again later.'],
} as const satisfies Record<string, readonly [string, string]>

/**
 * The layer whose accord a refusal names (decision 077): `body.middleAccord` from POST /api/blends,
 * `body.accords[N]…` from POST /api/blend-versions (the payload lists accords top to base); null
 * when the refusal is not about an accord.
 */
export function refusedAccordLayer(composition: Composition, cause: unknown): NoteType | null {
  if (!(cause instanceof ApiError) || !Array.isArray(cause.details)) return null
  for (const detail of cause.details as unknown[]) {
    const path = typeof detail === 'object' && detail !== null ? (detail as { path?: unknown }).path : undefined
    if (typeof path !== 'string') continue
    const byKey = NOTE_TYPES.find((layer) => path === `body.${layer.toLowerCase()}Accord`)
    if (byKey && accordIn(composition, byKey)) return byKey
    const match = /^body\.accords(?:\[(\d+)\]|\.(\d+))/.exec(path)
    const index = match?.[1] ?? match?.[2]
    const listed = index === undefined ? undefined : chosenAccords(composition)[Number(index)]
    if (listed) return listed.layer
  }
  return null
}

function saveError(which: keyof typeof SAVE_ERRORS, cause: unknown, composition: Composition): SaveBlendError {
  // A refused accord is the maker's to change, never the blend in the URL gone nor "try again".
  const layer = refusedAccordLayer(composition, cause)
  const accord = layer ? accordIn(composition, layer) : null
  if (layer && accord && cause instanceof ApiError) {
    const description =
      cause.status === 404
        ? `${accordLabel(accord)} is no longer in your journal. Choose another accord or an oil for the ${layer} Note.`
        : `${cause.message} Choose another accord or an oil for the ${layer} Note.`
    return new SaveBlendError(`${accordLabel(accord)} cannot be used here`, description, false, { cause })
  }
  const stale = which === 'version' && cause instanceof ApiError && cause.status === 404
  const [title, description] = SAVE_ERRORS[which]
  return new SaveBlendError(title, description, stale, { cause })
}

/**
 * Saves the draft through the one save path (lib/blend-saves.ts). One save is one intent with one
 * idempotency key, so a repeated request is answered with what the first one made.
 */
export async function saveBlend(
  input: SaveInput,
  deps: { request?: Request; now?: () => Date; idempotencyKey?: string } = {},
): Promise<SaveResult> {
  const options = { request: deps.request, idempotencyKey: deps.idempotencyKey ?? newIdempotencyKey() }
  const { composition, name, notes, projectId } = input
  if (projectId === null) {
    try {
      return await saveByName(blendPayload(composition, { name, notes }), options)
    } catch (cause) {
      throw saveError('blend', cause, composition)
    }
  }
  try {
    const now = deps.now ?? (() => new Date())
    return await saveVersion(versionPayload(composition, { projectId, notes, now: now() }), options)
  } catch (cause) {
    throw saveError('version', cause, composition)
  }
}

/** The save as a mutation; on success the journal's blends and projects are refetched. */
export function useSaveBlend() {
  return useSaveMutation<SaveInput, SaveBlendError>((input) => saveBlend(input))
}
