import { useSearchParams } from 'react-router'
import { useBlendDetail } from '#client/lib/blend-queries.ts'
import { parseUrlProject, type UrlProject } from '#client/features/blend-creator/lib/url-project.ts'

/**
 * The project of /blend?project=12&projectName=..., whose new version the wizard saves. Without a
 * projectName in the URL, the name comes from that one blend's detail, not from the whole journal.
 */
export function useUrlProject(): UrlProject | null {
  const [params] = useSearchParams()
  const fromUrl = parseUrlProject(params)
  const detail = useBlendDetail(fromUrl !== null && fromUrl.name === null ? fromUrl.id : null)
  if (!fromUrl || fromUrl.name) return fromUrl
  return { ...fromUrl, name: detail.data?.name ?? null }
}
