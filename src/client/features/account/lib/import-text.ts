import type { ImportCounts } from '#shared/api/export.ts'
import type { Translate } from '#client/features/account/account-catalog.ts'
import { currentLanguage } from '#client/lib/i18n.ts'

type Kind = 'blends' | 'versions' | 'testEntries' | 'bottles' | 'batches'

/** '1 blend', '3 test entries', in the shown language. */
export const countOf = (t: Translate, kind: Kind, count: number): string => t(`account.import.count.${kind}`, { count })

/** 'a, b and c' in the shown language (English without the serial comma, as the spec words it). */
const listOf = (parts: string[]) =>
  new Intl.ListFormat(currentLanguage() === 'en' ? 'en-GB' : currentLanguage(), { type: 'conjunction' }).format(parts)

/** '2 blends, 3 versions and 1 test entry'; shelf bottles and batches are named only when there are some. */
export function countsText(t: Translate, c: ImportCounts): string {
  const parts = [countOf(t, 'blends', c.blends), countOf(t, 'versions', c.versions), countOf(t, 'testEntries', c.testEntries)]
  if (c.bottles > 0) parts.push(countOf(t, 'bottles', c.bottles))
  if (c.batches > 0) parts.push(countOf(t, 'batches', c.batches))
  return listOf(parts)
}

export const nothingIn = (c: ImportCounts) => c.blends + c.versions + c.testEntries + c.bottles + c.batches === 0

/** '2.4 MB', '830 kB'. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`
}

/** The import button: 'Import 3 blends', or the versions or entries when a file adds only those. */
export function importLabel(t: Translate, c: ImportCounts): string {
  const [kind, count]: [Kind, number] =
    c.blends > 0
      ? ['blends', c.blends]
      : c.versions > 0
        ? ['versions', c.versions]
        : c.testEntries === 0 && c.bottles > 0
          ? ['bottles', c.bottles]
          : c.testEntries === 0 && c.batches > 0
            ? ['batches', c.batches]
            : ['testEntries', c.testEntries]
  return t(`account.import.action.${kind}`, { count })
}
