import { describe, expect, it } from 'vitest'
import { defaultQueryFn } from '#client/lib/api-client.ts'
import { createQueryClient } from '#client/lib/query-client.ts'

describe('createQueryClient', () => {
  it('applies the data-fetch defaults of docs/product.md §9', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions()
    expect(queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
      // Decision 039: reads answer offline at once (never paused), and only the offline bound drops data.
      gcTime: Infinity,
      networkMode: 'always',
      refetchOnReconnect: true,
    })
    expect(mutations).toMatchObject({ retry: false })
  })

  it('fetches through the API helper by default (docs/product.md §7)', () => {
    expect(createQueryClient().getDefaultOptions().queries?.queryFn).toBe(defaultQueryFn)
  })
})
