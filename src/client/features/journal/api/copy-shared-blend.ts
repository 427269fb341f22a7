import type { CopiedBlend } from '#shared/api/shares.ts'
import { apiRequest, readAs } from '#client/lib/api-client.ts'

/** POST /api/shared/{token}/copy: the shared recipe as a new blend in the signed-in user's journal. */
export async function copySharedBlend(token: string, idempotencyKey: string): Promise<CopiedBlend> {
  const res = await apiRequest('POST', `/api/shared/${encodeURIComponent(token)}/copy`, undefined, { idempotencyKey })
  return readAs(res, 'CopiedBlend')
}
