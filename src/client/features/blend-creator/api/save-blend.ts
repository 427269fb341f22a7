import { useMutation, useQueryClient } from '@tanstack/react-query'
import { BlendVersionSchema, CreatedBlendSchema, CreatedVersionSchema, type SaveOutcome } from '#shared/api/blends.ts'
import { blendPayload, versionPayload } from '#shared/domain/wizard-save.ts'
import type { Composition } from '#shared/domain/wizard.ts'
import { ApiError, apiRequest, newIdempotencyKey, type RequestOptions } from '#client/lib/api-client.ts'
import { BLENDS_QUERY_KEY, PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'

/**
 * The wizard's save: one request, and the server decides what it does. Without a blend in the URL
 * it is POST /api/blends (a name the user already has becomes that blend's next version); with one,
 * POST /api/blend-versions to it. The answer says which happened, with the letter and reference.
 */

type Request = (method: string, path: string, body?: unknown, options?: RequestOptions) => Promise<Response>

export interface SaveInput {
  composition: Composition
  name: string
  notes: string
  /** The blend named in the URL, whose next version this is; null saves by name. */
  projectId: number | null
}

/** What the save did, as the server answered. */
export interface SaveResult {
  outcome: SaveOutcome
  blendId: number
  blendName: string
  versionLetter: string
  referenceNumber: string
}

/** Only the fields the wizard reads, so a field added to the list entry never fails a save that happened. */
const versionRef = BlendVersionSchema.pick({ versionLetter: true, referenceNumber: true })
const BlendAnswer = CreatedBlendSchema.pick({ id: true, name: true, outcome: true }).extend({ version: versionRef })
const VersionAnswer = CreatedVersionSchema.pick({ outcome: true, blend: true, versionLetter: true, referenceNumber: true })

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

function saveError(which: keyof typeof SAVE_ERRORS, cause: unknown): SaveBlendError {
  const stale = which === 'version' && cause instanceof ApiError && cause.status === 404
  const [title, description] = SAVE_ERRORS[which]
  return new SaveBlendError(title, description, stale, { cause })
}

/**
 * Saves the draft. One save is one intent with one idempotency key (the API helper's retry after a
 * 401 sends it again), so a repeated request is answered with what the first one made.
 */
export async function saveBlend(
  input: SaveInput,
  deps: { request?: Request; now?: () => Date; idempotencyKey?: string } = {},
): Promise<SaveResult> {
  const request = deps.request ?? apiRequest
  const once: RequestOptions = { idempotencyKey: deps.idempotencyKey ?? newIdempotencyKey() }
  const { composition, name, notes, projectId } = input

  if (projectId === null) {
    try {
      const res = await request('POST', BLENDS_QUERY_KEY[0], blendPayload(composition, { name, notes }), once)
      const blend = BlendAnswer.parse(await res.json())
      return { outcome: blend.outcome, blendId: blend.id, blendName: blend.name, ...blend.version }
    } catch (cause) {
      throw saveError('blend', cause)
    }
  }
  try {
    const now = deps.now ?? (() => new Date())
    const res = await request('POST', '/api/blend-versions', versionPayload(composition, { projectId, notes, now: now() }), once)
    const version = VersionAnswer.parse(await res.json())
    return {
      outcome: version.outcome,
      blendId: version.blend.id,
      blendName: version.blend.name,
      versionLetter: version.versionLetter,
      referenceNumber: version.referenceNumber,
    }
  } catch (cause) {
    throw saveError('version', cause)
  }
}

/** The save as a mutation; on success the journal's blends and projects are refetched. */
export function useSaveBlend() {
  const queryClient = useQueryClient()
  return useMutation<SaveResult, SaveBlendError, SaveInput>({
    mutationFn: (input) => saveBlend(input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BLENDS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
      ]),
  })
}
