import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RatingSeries } from '#shared/domain/rating-series.ts'
import { RatingChart } from '#client/features/journal/components/charts/rating-chart.tsx'

const SERIES: RatingSeries[] = [
  {
    key: '001a|2026-11-01',
    versionId: 1,
    madeOn: '2026-11-01',
    label: '001a',
    points: [
      { entryId: 1, days: 0, rating: 3, dateTested: '2026-11-01' },
      { entryId: 2, days: 7, rating: 4, dateTested: '2026-11-08' },
    ],
  },
]

/** A ResizeObserver that remembers what it watches, so the test can deliver the browser's observation. */
const observers: { callback: ResizeObserverCallback; targets: Element[] }[] = []
class RecordingResizeObserver {
  private record: { callback: ResizeObserverCallback; targets: Element[] }
  constructor(callback: ResizeObserverCallback) {
    this.record = { callback, targets: [] }
    observers.push(this.record)
  }
  observe(target: Element) {
    this.record.targets.push(target)
  }
  unobserve() {}
  disconnect() {
    this.record.targets = []
  }
}

function observe(width: number) {
  for (const { callback, targets } of observers) {
    for (const target of targets) {
      act(() => callback([{ target, contentRect: { width } } as unknown as ResizeObserverEntry], {} as ResizeObserver))
    }
  }
}

/** Every read that makes a browser lay the page out there and then. */
const LAYOUT_READS = ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'] as const

describe('RatingChart width (decision 087)', () => {
  const reads: string[] = []
  beforeEach(() => {
    observers.length = 0
    reads.length = 0
    vi.stubGlobal('ResizeObserver', RecordingResizeObserver)
    for (const name of LAYOUT_READS) {
      vi.spyOn(HTMLElement.prototype, name, 'get').mockImplementation(() => {
        reads.push(name)
        return 1000
      })
    }
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(() => {
      reads.push('getBoundingClientRect')
      return new DOMRect(0, 0, 1000, 100)
    })
  })
  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  it('renders its first frame at the default width without reading layout in the commit', () => {
    render(<RatingChart series={SERIES} />)
    const chart = screen.getByTestId('rating-chart')
    expect(reads).toEqual([])
    expect(chart.getAttribute('width')).toBe('640')
    expect(chart.getAttribute('viewBox')).toBe('0 0 640 260')
    // Scaled to its box by the viewBox until the observer measures it.
    expect(chart.getAttribute('class')).toContain('max-w-full')
    expect(chart.getAttribute('class')).toContain('h-auto')
  })

  it("takes its width from the ResizeObserver's observation of its box", () => {
    render(<RatingChart series={SERIES} />)
    const chart = screen.getByTestId('rating-chart')
    expect(observers).toHaveLength(1)
    expect(observers[0]!.targets).toEqual([chart.parentElement])

    observe(358.6)
    expect(chart.getAttribute('width')).toBe('359')
    // A phone's width: the narrow, lower chart.
    expect(chart.getAttribute('viewBox')).toBe('0 0 359 220')

    observe(0) // a hidden box keeps the last width
    expect(chart.getAttribute('width')).toBe('359')
    expect(reads).toEqual([])
  })

  it('stops observing when it leaves the page', () => {
    const { unmount } = render(<RatingChart series={SERIES} />)
    unmount()
    expect(observers[0]!.targets).toEqual([])
  })
})
