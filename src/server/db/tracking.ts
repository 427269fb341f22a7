import { TRACKING_DEFAULTS, type Tracking } from '#shared/domain/maturation.ts'

/** The test-tracking columns blend_versions and journal_entries share (SQLite-friendly 0/1 flags). */
export type TrackingColumns = {
  tested: number
  maturation_period: number
  maturation_complete: number
  cross_contamination_prevented: number
  weighed_in_grams: number
}

const flag = (b: boolean) => (b ? 1 : 0)

/** The columns for a new row: what the request chose, else the spec's defaults. */
export function trackingColumns(input: Partial<Tracking>, testedByDefault: boolean): TrackingColumns {
  const d = TRACKING_DEFAULTS
  return {
    tested: flag(input.tested ?? testedByDefault),
    maturation_period: input.maturationPeriod ?? d.maturationPeriod,
    maturation_complete: flag(input.maturationComplete ?? d.maturationComplete),
    cross_contamination_prevented: flag(input.crossContaminationPrevented ?? d.crossContaminationPrevented),
    weighed_in_grams: flag(input.weighedInGrams ?? d.weighedInGrams),
  }
}

/** The API's fields from a row. */
export function trackingOf(row: TrackingColumns): Tracking {
  return {
    tested: row.tested === 1,
    maturationPeriod: row.maturation_period,
    maturationComplete: row.maturation_complete === 1,
    crossContaminationPrevented: row.cross_contamination_prevented === 1,
    weighedInGrams: row.weighed_in_grams === 1,
  }
}
