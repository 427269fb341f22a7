import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BlendProject, BlendVersion, SavedBlend } from '#shared/api/blends.ts'
import {
  blendPayload,
  decideSave,
  versionPayload,
  type SaveDecision,
  type UrlProject,
} from '#shared/domain/save-decision.ts'
import type { Composition } from '#shared/domain/wizard.ts'
import { apiRequest, newIdempotencyKey, type RequestOptions } from '#client/lib/api-client.ts'
import { BLENDS_QUERY_KEY, PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'

/**
 * The wizard's save (SPEC.md §4 "Save flow", §7, §8): look up the user's blends and projects,
 * decide between a new blend and a new version, post it. Each failure carries the toast SPEC.md §8
 * names for that stage.
 */


type Request = (method: string, path: string, body?: unknown, options?: RequestOptions) => Promise<Response>

export interface SaveInput {
  composition: Composition
  name: string
  notes: string
  urlProject: UrlProject | null
}

export type SaveResult =
  | { kind: 'blend'; blend: SavedBlend }
  | { kind: 'version'; version: BlendVersion; projectName: string }

/** A failed save, with the toast it shows. */
export class SaveBlendError extends Error {
  override name = 'SaveBlendError'
  constructor(
    readonly title: string,
    readonly description: string,
    options?: { cause?: unknown },
  ) {
    super(`${title}: ${description}`, options)
  }
}

export const SAVE_ERRORS = {
  lookup: ['Error saving blend', 'Failed to save blend. Please try again.'],
  blend: ['Error saving blend', 'Please try again later.'],
  version: ['Error saving version', 'Please try again later.'],
} as const satisfies Record<string, readonly [string, string]>

async function json<T>(request: Request, method: string, path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  const res = await request(method, path, body, options)
  return (await res.json()) as T
}

/** Runs `step`; a failure becomes the SaveBlendError of that stage. */
async function stage<T>(which: keyof typeof SAVE_ERRORS, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (cause) {
    const [title, description] = SAVE_ERRORS[which]
    throw new SaveBlendError(title, description, { cause })
  }
}

/** The user's blends and projects and what saving `input` would do with them. */
export async function planSave(
  input: Pick<SaveInput, 'name' | 'urlProject'>,
  request: Request = apiRequest,
): Promise<SaveDecision> {
  const [blends, projects] = await Promise.all([
    json<SavedBlend[]>(request, 'GET', BLENDS_QUERY_KEY[0]),
    json<BlendProject[]>(request, 'GET', PROJECTS_QUERY_KEY[0]),
  ])
  return decideSave({ name: input.name, urlProject: input.urlProject, blends, projects })
}

/**
 * One save is one intent: its creates share one idempotency key (the server keeps keys per
 * endpoint), so a retried request is answered with what the first one made.
 */
export async function saveBlend(
  input: SaveInput,
  deps: { request?: Request; now?: () => Date; idempotencyKey?: string } = {},
): Promise<SaveResult> {
  const request = deps.request ?? apiRequest
  const now = deps.now ?? (() => new Date())
  const once: RequestOptions = { idempotencyKey: deps.idempotencyKey ?? newIdempotencyKey() }

  const decision = await stage('lookup', () => planSave(input, request))

  if (decision.kind === 'new-blend') {
    const blend = await stage('blend', () =>
      json<SavedBlend>(request, 'POST', BLENDS_QUERY_KEY[0], blendPayload(input.composition, input), once),
    )
    return { kind: 'blend', blend }
  }

  const project =
    decision.kind === 'version'
      ? decision.project
      : await stage('lookup', () =>
          json<BlendProject>(
            request,
            'POST',
            PROJECTS_QUERY_KEY[0],
            { name: decision.projectName, description: decision.description },
            once,
          ),
        )
  const version = await stage('version', () =>
    json<BlendVersion>(
      request,
      'POST',
      '/api/blend-versions',
      versionPayload(input.composition, { project, notes: input.notes, now: now() }),
      once,
    ),
  )
  return { kind: 'version', version, projectName: project.name }
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
