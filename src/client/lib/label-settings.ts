import { useQuery, type QueryClient } from '@tanstack/react-query'
import type { LabelSettings } from '#shared/api/labels.ts'
import { apiRequest, getJson, readAs } from '#client/lib/api-client.ts'
import { useSession } from '#client/lib/session.ts'

/**
 * What every label carries from the account (decision 050): the batch code pattern and the
 * responsible person. /account edits them; the label screen prints them.
 */
export const LABEL_SETTINGS_KEY = ['me', 'label-settings'] as const

export function useLabelSettings() {
  const signedIn = useSession().status === 'signed-in'
  return useQuery({
    queryKey: LABEL_SETTINGS_KEY,
    queryFn: () => getJson('/api/me/label-settings', 'LabelSettings'),
    enabled: signedIn,
  })
}

export async function saveLabelSettings(
  queryClient: QueryClient,
  settings: { batchCodePattern: string; responsibleName: string; responsibleAddress: string },
): Promise<LabelSettings> {
  const saved = await readAs(await apiRequest('PUT', '/api/me/label-settings', settings), 'LabelSettings')
  queryClient.setQueryData(LABEL_SETTINGS_KEY, saved)
  return saved
}

/** The responsible person as a label prints it, or null until both the name and the address are given. */
export function responsibleOf(settings: LabelSettings | undefined): { name: string; address: string } | null {
  if (!settings?.responsibleName || !settings.responsibleAddress) return null
  return { name: settings.responsibleName, address: settings.responsibleAddress }
}
