import { describe, expect, it } from 'vitest'
import { createQueryClient } from '#client/lib/query-client.ts'

describe('createQueryClient', () => {
  it('applies the data-fetch defaults of SPEC.md §9', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions()
    expect(queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    })
    expect(mutations).toMatchObject({ retry: false })
  })
})
