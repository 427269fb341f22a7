import type { SavedBlend } from '#shared/api/blends.ts'
import { compareReferences } from '#shared/domain/references.ts'

/**
 * The journal list (SPEC.md §2 "Journal", PRODUCT.md "One coherent blend model"): search over the
 * name and every oil of every version, sort by reference or name, and the All/Tested/Untested tabs.
 */

export const JOURNAL_SORTS = ['reference', 'name'] as const
export type JournalSort = (typeof JOURNAL_SORTS)[number]

export const JOURNAL_SORT_LABELS: Readonly<Record<JournalSort, string>> = {
  reference: 'Reference Number',
  name: 'Name (A-Z)',
}

export const JOURNAL_TABS = ['all', 'tested', 'untested'] as const
export type JournalTab = (typeof JOURNAL_TABS)[number]

export const JOURNAL_TAB_LABELS: Readonly<Record<JournalTab, string>> = {
  all: 'All Blends',
  tested: 'Tested',
  untested: 'Untested',
}

export type ListedBlend = Pick<SavedBlend, 'name' | 'referenceNumber' | 'testCount' | 'oilNames'>

const lower = (text: string) => text.toLocaleLowerCase('en')

/** "Tested" means the blend has at least one test entry (PRODUCT.md). */
export function isTested(blend: Pick<SavedBlend, 'testCount'>): boolean {
  return blend.testCount > 0
}

/** The search text matches the name or any oil of any version, ignoring case and outer spaces. */
export function matchesSearch(blend: Pick<SavedBlend, 'name' | 'oilNames'>, search: string): boolean {
  const needle = lower(search.trim())
  if (!needle) return true
  return lower(blend.name).includes(needle) || blend.oilNames.some((oil) => lower(oil).includes(needle))
}

export function inTab(blend: Pick<SavedBlend, 'testCount'>, tab: JournalTab): boolean {
  if (tab === 'tested') return isTested(blend)
  if (tab === 'untested') return !isTested(blend)
  return true
}

const byName = (a: ListedBlend, b: ListedBlend) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true }) ||
  compareReferences(a.referenceNumber, b.referenceNumber)

const byReference = (a: ListedBlend, b: ListedBlend) =>
  compareReferences(a.referenceNumber, b.referenceNumber) || a.name.localeCompare(b.name, 'en')

/** A sorted copy: by reference number (numeric on the digits, then letter) or by name A-Z. */
export function sortBlends<T extends ListedBlend>(blends: readonly T[], sort: JournalSort): T[] {
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
