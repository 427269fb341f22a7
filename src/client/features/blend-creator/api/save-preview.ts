import { useQuery } from '@tanstack/react-query'
import type { SavePreview } from '#shared/api/blends.ts'
import { apiRequest, readAs } from '#client/lib/api-client.ts'
import { BLENDS_QUERY_KEY } from '#client/lib/blends.ts'
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts'

/** How long typing the name pauses before the wizard asks what a save would do. */
export const SAVE_PREVIEW_DEBOUNCE_MS = 300

/** Names are matched trimmed and in any case (decision 006), so one question per such name. */
const previewName = (name: string) => name.trim().toLowerCase()

/** Under BLENDS_QUERY_KEY, so every save (any feature's) asks again. */
export const savePreviewKey = (name: string) => [...BLENDS_QUERY_KEY, 'save-preview', previewName(name)] as const

export async function fetchSavePreview(name: string): Promise<SavePreview> {
  const res = await apiRequest('GET', `/api/blends/save-preview?name=${encodeURIComponent(name.trim())}`)
  return readAs(res, 'SavePreview')
}

/**
 * What saving the wizard under `name` would do, as the server answers it (GET
 * /api/blends/save-preview, decision 037): asked once typing pauses, and only for a name the
 * wizard saves by (`enabled`). `preview` is null until the answer for the name as typed now is in,
 * so a label never speaks of a name the maker has already changed.
 */
export function useSavePreview(name: string, enabled: boolean): SavePreview | null {
  const settled = useDebouncedValue(name, SAVE_PREVIEW_DEBOUNCE_MS)
  const asked = enabled && previewName(settled) !== ''
  const query = useQuery({
    queryKey: savePreviewKey(settled),
    queryFn: () => fetchSavePreview(settled),
    enabled: asked,
    staleTime: 30_000,
    retry: false,
  })
  if (!asked || previewName(settled) !== previewName(name) || !query.data) return null
  return query.data
}
