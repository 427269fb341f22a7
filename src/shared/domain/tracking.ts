/**
 * The test-tracking fields of a version and a test entry (docs/product.md §3) and their defaults,
 * apart from maturation.ts so the request schemas that need only these stay small.
 */

export const DEFAULT_MATURATION_HOURS = 48

/**
 * The test-tracking fields a blend version and a test entry share (docs/product.md §3), with the spec's
 * defaults. `tested` differs: a new version is untested, a new test entry is tested.
 */
export interface Tracking {
  tested: boolean
  maturationPeriod: number
  maturationComplete: boolean
  crossContaminationPrevented: boolean
  weighedInGrams: boolean
}
export const TRACKING_DEFAULTS: Omit<Tracking, 'tested'> = {
  maturationPeriod: DEFAULT_MATURATION_HOURS,
  maturationComplete: false,
  crossContaminationPrevented: true,
  weighedInGrams: false,
}
