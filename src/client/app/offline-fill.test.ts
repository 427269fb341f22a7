import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { BLEND_DETAILS_MAX, type BlendListPage } from '#shared/api/blend-list.ts'
import { listedBlendIds, nextToFill } from '#client/app/offline-fill.ts'
import { blendDetailKey, blendListKey } from '#client/lib/blend-queries.ts'
import { OFFLINE_BLENDS_MAX } from '#client/lib/offline/cache-bound.ts'

const page = (ids: number[]): BlendListPage =>
  ({ items: ids.map((id) => ({ id })), nextCursor: null, counts: { all: ids.length, tested: 0, untested: ids.length } }) as unknown as BlendListPage
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

function withLists(...lists: { q: string; pages: number[][]; at: number }[]) {
  const queryClient = new QueryClient()
  for (const list of lists) {
    queryClient.setQueryData(
      blendListKey({ q: list.q, sort: 'reference', status: 'all' }),
      { pages: list.pages.map(page), pageParams: list.pages.map(() => null) },
      { updatedAt: list.at },
    )
  }
  return queryClient
}

describe('filling the device with what the journal listed (decision 039)', () => {
  it('takes the listed blends once each, the most recently loaded list first, every page of it', () => {
    const queryClient = withLists({ q: '', pages: [[1, 2], [3]], at: 10 }, { q: 'rose', pages: [[3, 7]], at: 20 })
    expect(listedBlendIds(queryClient)).toEqual([3, 7, 1, 2])
  })

  it('asks for at most one request of missing details, skipping those on the device or already asked for', () => {
    const queryClient = withLists({ q: '', pages: [range(1, 50)], at: 10 })
    queryClient.setQueryData(blendDetailKey(2), { id: 2 })
    const first = nextToFill(queryClient, new Set([1]))
    expect(first).toHaveLength(BLEND_DETAILS_MAX)
    expect(first.slice(0, 3)).toEqual([3, 4, 5])
    expect(nextToFill(queryClient, new Set(range(1, 50)))).toEqual([])
  })

  it('never fills beyond the bound of blends the device keeps', () => {
    const queryClient = withLists({ q: '', pages: [range(1, OFFLINE_BLENDS_MAX + 30)], at: 10 })
    const tried = new Set<number>()
    const asked: number[] = []
    for (let ids = nextToFill(queryClient, tried); ids.length > 0; ids = nextToFill(queryClient, tried)) {
      for (const id of ids) tried.add(id)
      asked.push(...ids)
    }
    expect(asked).toEqual(range(1, OFFLINE_BLENDS_MAX))
  })
})
