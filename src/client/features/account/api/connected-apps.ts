import { useQuery } from '@tanstack/react-query'
import type { ConnectedAppList } from '#shared/api/connected-apps.ts'
import { apiRequest, readAs } from '#client/lib/api-client.ts'

export const CONNECTED_APPS_QUERY_KEY = ['/api/me/connected-apps'] as const

/** GET /api/me/connected-apps: the AI assistants the maker connected (decision 046). */
export async function getConnectedApps(): Promise<ConnectedAppList> {
  return readAs(await apiRequest('GET', '/api/me/connected-apps'), 'ConnectedAppList')
}

export function useConnectedApps() {
  return useQuery({ queryKey: CONNECTED_APPS_QUERY_KEY, queryFn: getConnectedApps })
}

/** DELETE /api/me/connected-apps/{clientId}: the app's access ends at once. */
export async function disconnectApp(clientId: string): Promise<void> {
  await apiRequest('DELETE', `/api/me/connected-apps/${encodeURIComponent(clientId)}`)
}
