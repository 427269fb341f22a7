import { slotTotal } from '#shared/domain/percentages.ts'
import { legacyCalendarDate, type CalendarDate } from '#shared/domain/calendar-date.ts'
import { testDay } from '#shared/domain/test-dates.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'

/**
 * How a blend matures (docs/product.md "Charts"): each version's test ratings by the days its batch
 * had rested when tested, and each version's composition by layer. Pure data for the charts and
 * their tables.
 */

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
  /** The test's day: midnights from the day made to the day tested (testDay; 0 for a test on the day). */
  days: number
  rating: number
  /** The day of the test. */
  dateTested: CalendarDate
}

export interface RatingSeries {
  versionId: number
  /** The version's reference, e.g. 001b. */
  label: string
  /** By days, then in test order. */
  points: SeriesPoint[]
}

/**
 * One series per version that has a dated rating, in the versions' order. A test without a test
 * date has no point in time and is left out.
 */
export function ratingSeries(versions: readonly { id: number; referenceNumber: string }[], tests: readonly RatedTest[]): RatingSeries[] {
  return versions.flatMap((version) => {
    const points = tests
      .flatMap((test, order) => {
        const days = test.versionId === version.id ? testDay(test.dateMade, test.dateTested) : null
        const tested = test.dateTested === null ? null : legacyCalendarDate(test.dateTested, test.dateMade)
        return days !== null && tested !== null ? [{ order, point: { entryId: test.entryId, days, rating: test.rating, dateTested: tested } }] : []
      })
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
