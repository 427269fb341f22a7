import { useQuery } from '@tanstack/react-query'
import type { BlendProject } from '#shared/api/blends.ts'

/** GET /api/blend-projects: every blend with its versions, for the version choices. */
export function useProjects() {
  return useQuery<BlendProject[]>({ queryKey: ['/api/blend-projects'] })
}
