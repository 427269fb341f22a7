import { slotTotal } from '#shared/domain/percentages.ts'
import { formatCalendarDate, legacyCalendarDate, type CalendarDate } from '#shared/domain/calendar-date.ts'
import { testDay } from '#shared/domain/test-dates.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'

/**
 * How a blend matures (docs/product.md "Charts"): each batch's test ratings by the days it had
 * rested when tested, and each version's composition by layer. Pure data for the charts and
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
  /** One line: the version and the day its batch was made (unique among the series). */
  key: string
  versionId: number
  /** The day the batch was made, null for tests whose made day cannot be read. */
  madeOn: CalendarDate | null
  /** The version's reference, e.g. 001b, with the batch's made day when the version has several ("001b, made 20 Nov"). */
  label: string
  /** By days, then in test order. */
  points: SeriesPoint[]
}

/**
 * One series per batch that has a dated rating (decision 052): a batch is a version made on a day,
 * so tests of one version made months apart are separate lines, never one line joining them. In the
 * versions' order, each version's batches oldest first. A test without a test date has no point in
 * time and is left out.
 */
export function ratingSeries(versions: readonly { id: number; referenceNumber: string }[], tests: readonly RatedTest[]): RatingSeries[] {
  return versions.flatMap((version) => {
    const batches = new Map<string, { madeOn: CalendarDate | null; points: { order: number; point: SeriesPoint }[] }>()
    tests.forEach((test, order) => {
      if (test.versionId !== version.id) return
      const days = testDay(test.dateMade, test.dateTested)
      const tested = test.dateTested === null ? null : legacyCalendarDate(test.dateTested, test.dateMade)
      if (days === null || tested === null) return
      const madeOn = legacyCalendarDate(test.dateMade)
      const batch = batches.get(madeOn ?? '') ?? { madeOn, points: [] }
      batch.points.push({ order, point: { entryId: test.entryId, days, rating: test.rating, dateTested: tested } })
      batches.set(madeOn ?? '', batch)
    })
    const several = batches.size > 1
    return [...batches.values()]
      .sort((a, b) => (a.madeOn ?? '').localeCompare(b.madeOn ?? ''))
      .map(({ madeOn, points }) => ({
        key: `${version.id}:${madeOn ?? ''}`,
        versionId: version.id,
        madeOn,
        label:
          several && madeOn !== null
            ? `${version.referenceNumber}, made ${formatCalendarDate(madeOn, { withYear: true })}`
            : version.referenceNumber,
        points: points.sort((a, b) => a.point.days - b.point.days || a.order - b.order).map(({ point }) => point),
      }))
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
  return layers.map(([layer, oils]) => ({
    layer,
    total: slotTotal(oils),
    oils: oils.map(({ id, name, percentage }) => ({ id, name, percentage })),
  }))
}
