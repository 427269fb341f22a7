import { compareReferences } from '#shared/domain/references.ts'

/**
 * The journal list (docs/product.md §2, "Journal"): search over the name and every oil of every
 * version, sort by reference or name, and the All/Tested/Untested tabs. The server runs these
 * rules in SQL, a page at a time (src/server/blends/blend-lists.repo.ts); the functions here are
 * their definition, and the server's tests check its pages against them.
 */

/** The sorts and the tabs by id; their words are the journal's catalog section's (`journal.list.sort.<id>`, `journal.list.tab.<id>`). */
export const JOURNAL_SORTS = ['reference', 'name'] as const
export type JournalSort = (typeof JOURNAL_SORTS)[number]

export const JOURNAL_TABS = ['all', 'tested', 'untested'] as const
export type JournalTab = (typeof JOURNAL_TABS)[number]

/** What the list rules read of a blend: the sorts need the name and reference, the tabs the test count, the search the oil names. */
export type SortedBlend = { name: string; referenceNumber: string }
export type ListedBlend = SortedBlend & { testCount: number; oilNames: readonly string[] }

/** The search text as the server matches it: trimmed and lower-cased ('' matches every blend). */
export function searchNeedle(search: string | undefined): string {
  return (search ?? '').trim().toLowerCase()
}

/** "Tested" means the blend has at least one test entry (docs/product.md §4). */
export function isTested(blend: { testCount: number }): boolean {
  return blend.testCount > 0
}

/** The search text matches the name or any oil of any version, ignoring case and outer spaces. */
export function matchesSearch(blend: Pick<ListedBlend, 'name' | 'oilNames'>, search: string): boolean {
  const needle = searchNeedle(search)
  if (!needle) return true
  return blend.name.toLowerCase().includes(needle) || blend.oilNames.some((oil) => oil.toLowerCase().includes(needle))
}

export function inTab(blend: { testCount: number }, tab: JournalTab): boolean {
  if (tab === 'tested') return isTested(blend)
  if (tab === 'untested') return !isTested(blend)
  return true
}

/** Digits in a run are written with their count first, so "2" < "10" in plain character order. */
const DIGIT_RUN = /\d+/g
const COMBINING_MARKS = /\p{M}+/gu
/**
 * The key's length in code points, at most: names longer than this sort by their start, then by
 * reference. It bounds the page cursors that carry a key (src/shared/api/paging.ts).
 */
export const NAME_SORT_KEY_MAX = 160

/**
 * The key the "Name (A-Z)" sort compares, stored with each blend (blend_projects.name_sort) so the
 * database sorts and pages by it. "A-Z" means: case and accents do not count (Émile sorts with
 * emile), numbers count by value (Blend 2 before Blend 10), and everything else by Unicode code
 * point, byte for byte the same on SQLite and PostgreSQL. Changing it needs a migration that
 * recomputes the stored keys (see src/server/db/migrations/0009-journal-paging.ts).
 */
export function nameSortKey(name: string): string {
  const key = name
    .trim()
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(DIGIT_RUN, (run) => {
      const digits = run.replace(/^0+(?=\d)/, '')
      return `${String(digits.length).padStart(3, '0')}${digits}`
    })
  return Array.from(key).slice(0, NAME_SORT_KEY_MAX).join('')
}

const utf8 = new TextEncoder()

/** Code point order, as the databases compare name_sort (UTF-8 bytes), not JavaScript's UTF-16 order. */
export function compareSortKeys(a: string, b: string): number {
  if (a === b) return 0
  const [x, y] = [utf8.encode(a), utf8.encode(b)]
  const n = Math.min(x.length, y.length)
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return x[i]! - y[i]!
  return x.length - y.length
}

const byName = (a: SortedBlend, b: SortedBlend) =>
  compareSortKeys(nameSortKey(a.name), nameSortKey(b.name)) || compareReferences(a.referenceNumber, b.referenceNumber)

const byReference = (a: SortedBlend, b: SortedBlend) => compareReferences(a.referenceNumber, b.referenceNumber)

/** A sorted copy: by reference number (numeric on the digits, then letter) or by name A-Z, ties by reference. */
export function sortBlends<T extends SortedBlend>(blends: readonly T[], sort: JournalSort): T[] {
  return [...blends].sort(sort === 'name' ? byName : byReference)
}

/** What a tab shows: the blends in that tab matching the search, in the chosen order. */
export function journalList<T extends ListedBlend>(
  blends: readonly T[],
  options: { search: string; sort: JournalSort; tab: JournalTab },
): T[] {
  const { search, sort, tab } = options
  return sortBlends(
    blends.filter((blend) => inTab(blend, tab) && matchesSearch(blend, search)),
    sort,
  )
}
