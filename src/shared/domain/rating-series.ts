import { slotTotal } from '#shared/domain/percentages.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'

/**
 * How a blend matures (docs/product.md "Charts"): each version's test ratings by the days its batch
 * had rested when tested, and each version's composition by layer. Pure data for the charts and
 * their tables.
 */

const DAY_MS = 24 * 60 * 60 * 1000

/** A rated test: when its batch was made and tested, and the stars. */
export interface RatedTest {
  entryId: number
  versionId: number
  dateMade: string
  dateTested: string | null
  rating: number
}

export interface SeriesPoint {
  entryId: number
  /** Whole days from making the batch to testing it (0 for a test on the day, or dated before it). */
  days: number
  rating: number
  dateTested: string
}

export interface RatingSeries {
  versionId: number
  /** The version's reference, e.g. 001b. */
  label: string
  /** By days, then in test order. */
  points: SeriesPoint[]
}

/** Whole days between two moments, rounded; never below 0. */
export function daysBetween(from: string, to: string): number {
  const days = Math.round((new Date(to).getTime() - new Date(from).getTime()) / DAY_MS)
  return Number.isFinite(days) ? Math.max(0, days) : 0
}

/**
 * One series per version that has a dated rating, in the versions' order. A test without a test
 * date has no point in time and is left out.
 */
export function ratingSeries(versions: readonly { id: number; referenceNumber: string }[], tests: readonly RatedTest[]): RatingSeries[] {
  return versions.flatMap((version) => {
    const points = tests
      .flatMap((test, order) =>
        test.versionId === version.id && test.dateTested !== null
          ? [{ order, point: { entryId: test.entryId, days: daysBetween(test.dateMade, test.dateTested), rating: test.rating, dateTested: test.dateTested } }]
          : [],
      )
      .sort((a, b) => a.point.days - b.point.days || a.order - b.order)
      .map(({ point }) => point)
    return points.length > 0 ? [{ versionId: version.id, label: version.referenceNumber, points }] : []
  })
}

export interface LayerShare {
  layer: NoteType
  /** The layer's share of the blend, in percent. */
  total: number
  oils: { id: number; name: string; percentage: number }[]
}

/** A version's top, middle and base shares with the oils within each, for the composition chart. */
export function compositionOf(version: {
  topOils: readonly { id: number; name: string; percentage: number }[]
  middleOils: readonly { id: number; name: string; percentage: number }[]
  baseOils: readonly { id: number; name: string; percentage: number }[]
}): LayerShare[] {
  const layers: [NoteType, readonly { id: number; name: string; percentage: number }[]][] = [
    ['Top', version.topOils],
    ['Middle', version.middleOils],
    ['Base', version.baseOils],
  ]
  return layers.map(([layer, oils]) => ({ layer, total: slotTotal(oils), oils: oils.map(({ id, name, percentage }) => ({ id, name, percentage })) }))
}
