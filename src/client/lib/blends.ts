import { useQuery } from '@tanstack/react-query'
import type { BlendProject, SavedBlend } from '#shared/api/blends.ts'

/**
 * The user's blends, as the server-state cache holds them for every feature (home, blend creator,
 * journal, calculator): one key each, so a write in one feature refreshes the others.
 */

/** GET /api/blends: every blend of the user, with test counts and every oil name for the list. */
export const BLENDS_QUERY_KEY = ['/api/blends'] as const

/** GET /api/blend-projects: every blend with its versions, oldest first. */
export const PROJECTS_QUERY_KEY = ['/api/blend-projects'] as const

export function useBlends() {
  return useQuery<SavedBlend[]>({ queryKey: BLENDS_QUERY_KEY })
}

/** `enabled: false` waits (the journal loads versions only once a blend is selected, SPEC.md §4). */
export function useProjects({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<BlendProject[]>({ queryKey: PROJECTS_QUERY_KEY, enabled })
}
