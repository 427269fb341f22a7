import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CreatePushSubscription, ReminderSettings, UpdateReminderSettings } from '#shared/api/reminders.ts'
import { apiRequest, getJson, newIdempotencyKey, readAs } from '#client/lib/api-client.ts'

export const REMINDERS_QUERY_KEY = ['/api/me/reminders'] as const

/** GET /api/me/reminders: the channels, the saved time zone, the VAPID key and how many browsers are subscribed. */
export function useReminderSettings() {
  return useQuery({
    queryKey: REMINDERS_QUERY_KEY,
    queryFn: () => getJson('/api/me/reminders', 'ReminderSettings'),
  })
}

/** PUT /api/me/reminders. */
export function useSaveReminderSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: UpdateReminderSettings) =>
      await readAs(await apiRequest('PUT', '/api/me/reminders', body), 'ReminderSettings'),
    onSuccess: (settings) => queryClient.setQueryData(REMINDERS_QUERY_KEY, settings),
  })
}

/** POST /api/me/push-subscriptions: this browser may show reminders. */
export async function savePushSubscription(subscription: CreatePushSubscription): Promise<ReminderSettings> {
  const res = await apiRequest('POST', '/api/me/push-subscriptions', subscription, { idempotencyKey: newIdempotencyKey() })
  return readAs(res, 'ReminderSettings')
}

/** DELETE /api/me/push-subscriptions: this browser no longer shows reminders (a 404 means it already did not). */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  try {
    await apiRequest('DELETE', '/api/me/push-subscriptions', { endpoint })
  } catch (err) {
    if ((err as { status?: number }).status !== 404) throw err
  }
}
