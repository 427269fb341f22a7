import type { RatingPoint } from '#shared/api/blend-list.ts'
import type { JournalEntry } from '#shared/api/journal.ts'

/** A blend's ratings (the maturation chart's data) with one entry's rating as saved: added, changed or, unrated, gone. */
export function withEntryRating(ratings: readonly RatingPoint[], entry: JournalEntry): RatingPoint[] {
  const others = ratings.filter((r) => r.entryId !== entry.id)
  if (entry.rating === null) return others
  const point: RatingPoint = {
    entryId: entry.id,
    versionId: entry.versionId,
    dateMade: entry.dateMade,
    dateTested: entry.dateTested,
    rating: entry.rating,
  }
  const at = (r: RatingPoint) => r.dateTested ?? ''
  return [...others, point].sort((a, b) => at(a).localeCompare(at(b)) || a.entryId - b.entryId)
}
