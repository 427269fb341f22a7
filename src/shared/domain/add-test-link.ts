import { isCalendarDate, type CalendarDate } from '#shared/domain/calendar-date.ts'
import { addTestAnchor } from '#shared/domain/ready-to-test.ts'

/**
 * The address of a version's add-test form (docs/product.md "Ready to test", decision 052), apart
 * from ready-to-test.ts so the journal's own chunk carries only the anchor, not the reading of it.
 */

/** What an add-test link names besides the version: the batch (null for the version itself) and its made day. */
export type AddTestTarget = { batchId: number | null; madeOn: CalendarDate }

/**
 * The path that opens a blend's add-test form for one of its versions. With a target (a Ready to
 * test row, a reminder, a batch's line) it also names the batch and the made day, so the form opens
 * on them and counts the right day (decision 052), also offline where the batch list is not at hand.
 */
export function addTestPath(projectId: number, versionId: number, target?: AddTestTarget): string {
  const query = new URLSearchParams({ blend: String(projectId) })
  if (target) {
    if (target.batchId !== null) query.set('batch', String(target.batchId))
    query.set('made', target.madeOn)
  }
  return `/journal?${query.toString()}#${addTestAnchor(versionId)}`
}

/** The batch and made day an add-test address names (addTestPath), or null when it names neither. */
export function readAddTestTarget(search: string): AddTestTarget | null {
  const params = new URLSearchParams(search)
  const made = params.get('made')
  if (made === null || !isCalendarDate(made)) return null
  const batch = params.get('batch')
  const batchId = batch !== null && /^[1-9]\d{0,9}$/.test(batch) ? Number(batch) : null
  return { batchId, madeOn: made }
}
