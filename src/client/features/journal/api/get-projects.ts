import { useQuery } from '@tanstack/react-query'
import type { BlendProject } from '#shared/api/blends.ts'

/** GET /api/blend-projects: every blend with its versions, oldest first. Loaded only once a blend is selected (SPEC.md §4). */
export const PROJECTS_QUERY_KEY = ['/api/blend-projects'] as const

export function useProjects({ enabled }: { enabled: boolean }) {
  return useQuery<BlendProject[]>({ queryKey: PROJECTS_QUERY_KEY, enabled })
}
