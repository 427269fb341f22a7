import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import type { BlendProject } from '#shared/api/blends.ts'
import { parseUrlProject, type UrlProject } from '#shared/domain/save-decision.ts'
import { PROJECTS_QUERY_KEY } from '#client/lib/blends.ts'

/**
 * The project of /blend?project=12&projectName=..., whose new version the wizard saves. Without a
 * projectName in the URL, the name comes from the user's projects.
 */
export function useUrlProject(): UrlProject | null {
  const [params] = useSearchParams()
  const fromUrl = parseUrlProject(params)
  const projects = useQuery<BlendProject[]>({
    queryKey: PROJECTS_QUERY_KEY,
    enabled: fromUrl !== null && fromUrl.name === null,
  })
  if (!fromUrl || fromUrl.name) return fromUrl
  return { ...fromUrl, name: projects.data?.find((p) => p.id === fromUrl.id)?.name ?? null }
}
