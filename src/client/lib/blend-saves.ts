import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  BlendVersionSchema,
  CreatedBlendSchema,
  CreatedVersionSchema,
  type CreateBlend,
  type CreateVersion,
  type SaveOutcome,
} from '#shared/api/blends.ts'
import { apiRequest, newIdempotencyKey, type RequestOptions } from '#client/lib/api-client.ts'
import { BLENDS_QUERY_KEY, PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'

/**
 * The one way the client saves a blend, for the wizard and the journal's editor alike. There are two
 * requests and the server decides what each does (decision 006): POST /api/blends saves by name (a
 * name the user already has becomes that blend's next version), POST /api/blend-versions adds the
 * next version to a named blend. Both answer with what happened, and callers word their messages
 * from that `outcome`, never from a guess.
 */

export type Request = (method: string, path: string, body?: unknown, options?: RequestOptions) => Promise<Response>

/** What a save did, as the server answered. */
export interface SaveResult {
  outcome: SaveOutcome
  blendId: number
  blendName: string
  versionId: number
  versionLetter: string
  referenceNumber: string
}

/** Only the fields a save reads, so a field added to the answer never fails a save that happened. */
const versionRef = BlendVersionSchema.pick({ id: true, versionLetter: true, referenceNumber: true })
const BlendAnswer = CreatedBlendSchema.pick({ id: true, name: true, outcome: true }).extend({ version: versionRef })
const VersionAnswer = CreatedVersionSchema.pick({ id: true, outcome: true, blend: true, versionLetter: true, referenceNumber: true })

export interface SaveOptions {
  /** The request function (the API client unless a test gives its own). */
  request?: Request
  /** One save is one intent with one key: the API client's retry after a 401 sends it again. */
  idempotencyKey?: string
}

/** POST /api/blends: saves by name; the answer says whether it made a blend or a version. */
export async function saveByName(
  body: CreateBlend,
  { request = apiRequest, idempotencyKey = newIdempotencyKey() }: SaveOptions = {},
): Promise<SaveResult> {
  const res = await request('POST', '/api/blends', body, { idempotencyKey })
  const blend = BlendAnswer.parse(await res.json())
  return {
    outcome: blend.outcome,
    blendId: blend.id,
    blendName: blend.name,
    versionId: blend.version.id,
    versionLetter: blend.version.versionLetter,
    referenceNumber: blend.version.referenceNumber,
  }
}

/** POST /api/blend-versions: the next version of the blend the body names. */
export async function saveVersion(
  body: CreateVersion,
  { request = apiRequest, idempotencyKey = newIdempotencyKey() }: SaveOptions = {},
): Promise<SaveResult> {
  const res = await request('POST', '/api/blend-versions', body, { idempotencyKey })
  const version = VersionAnswer.parse(await res.json())
  return {
    outcome: version.outcome,
    blendId: version.blend.id,
    blendName: version.blend.name,
    versionId: version.id,
    versionLetter: version.versionLetter,
    referenceNumber: version.referenceNumber,
  }
}

/** A save as a mutation: on success the journal's blends, lists and Home's summary come again. */
export function useSaveMutation<TInput, TError = Error>(save: (input: TInput) => Promise<SaveResult>) {
  const queryClient = useQueryClient()
  return useMutation<SaveResult, TError, TInput>({
    // Each mutate is one intent, with a fresh idempotency key.
    mutationFn: save,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BLENDS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
      ]),
  })
}
