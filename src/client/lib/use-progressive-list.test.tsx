import { act, render, renderHook, screen } from '@testing-library/react'
import { useEffect } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetProgressiveLists, useProgressiveList } from '#client/lib/use-progressive-list.ts'

const items = Array.from({ length: 20 }, (_, i) => i + 1)

/** Records every list the component rendered, in order. */
function Recorder({ list, seen }: { list: readonly number[]; seen: number[][] }) {
  const shown = useProgressiveList('test-list', list, 5)
  useEffect(() => {
    seen.push([...shown])
  })
  return <p>{`${shown.length} shown`}</p>
}

beforeEach(() => resetProgressiveLists())

describe('useProgressiveList', () => {
  it('renders the first few items first, then the whole list, the first time a list appears', async () => {
    const seen: number[][] = []
    render(<Recorder list={items} seen={seen} />)
    expect(await screen.findByText('20 shown')).toBeInTheDocument()
    expect(seen[0]).toEqual([1, 2, 3, 4, 5])
    expect(seen.at(-1)).toEqual(items)
  })

  it('renders the whole list at once when it appears again (Back to a card further down)', async () => {
    const first = render(<Recorder list={items} seen={[]} />)
    await screen.findByText('20 shown')
    first.unmount()
    const seen: number[][] = []
    render(<Recorder list={items} seen={seen} />)
    expect(seen).toEqual([items])
  })

  it('renders a short list, and every later change, at once', async () => {
    const { result, rerender } = renderHook(({ list }) => useProgressiveList('short', list, 5), { initialProps: { list: [1, 2, 3] } })
    expect(result.current).toEqual([1, 2, 3])
    await act(async () => rerender({ list: items }))
    expect(result.current).toEqual(items)
  })
})
