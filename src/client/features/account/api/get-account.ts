import { useQuery } from '@tanstack/react-query'
import type { AccountInfo } from '#shared/api/account.ts'
import { apiRequest, readAs } from '#client/lib/api-client.ts'

export const ACCOUNT_QUERY_KEY = ['/api/me/account'] as const

/** GET /api/me/account: the name, e-mail, sign-in methods and creation date of the signed-in user. */
export async function getAccount(): Promise<AccountInfo> {
  const res = await apiRequest('GET', '/api/me/account')
  return readAs(res, 'AccountInfo')
}

export function useAccount() {
  return useQuery({ queryKey: ACCOUNT_QUERY_KEY, queryFn: getAccount })
}
