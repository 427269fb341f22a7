import { OPENED_OLD_MONTHS, shelfLifeOf, type LotDates } from '#shared/domain/shelf-life.ts'

type Translate = (id: string, values?: Record<string, unknown>) => string

/** The statuses the shelf flags (docs/product.md "Lots and expiry"). */
export type FlaggedStatus = 'expired' | 'expires-soon' | 'opened-long-ago'

const ID: Record<FlaggedStatus, string> = {
  expired: 'shelf.status.expired',
  'expires-soon': 'shelf.status.expiresSoon',
  'opened-long-ago': 'shelf.status.openedLongAgo',
}

const valuesOf = (lot: LotDates) => ({ bestBefore: lot.bestBefore, openedOn: lot.openedOn, months: OPENED_OLD_MONTHS })

/**
 * A flagged lot's status in the shown language: its label with its colon ("Expired: ") and the
 * sentence naming the date it comes from, the words of lotStatusLabel and lotStatusSentence (shelf-life.ts).
 */
export function lotStatusText(t: Translate, status: FlaggedStatus, lot: LotDates): { label: string; sentence: string } {
  return { label: t(`${ID[status]}.label`), sentence: t(`${ID[status]}.sentence`, valuesOf(lot)) }
}

/** The label and the sentence as one line ("Expired: Past its best-before (2025-03-01)"). */
export function lotStatusLine(t: Translate, status: FlaggedStatus, lot: LotDates): string {
  return t(`${ID[status]}.line`, valuesOf(lot))
}

/** Where a filled-in best-before comes from, in the shown language: the words of shelfLifeSource (shelf-life.ts). */
export function shelfLifeText(t: Translate, slug: string | null | undefined): string {
  const life = shelfLifeOf(slug)
  const years = life.months % 12 === 0 ? t('shelf.life.years', { count: life.months / 12 }) : t('shelf.life.months', { count: life.months })
  if (!life.byOil) return t('shelf.life.default', { years })
  if (life.group === 'oxidises-soon') return t('shelf.life.oxidisesSoon', { years })
  if (life.group === 'keeps-longest') return t('shelf.life.keepsLongest', { years })
  return t('shelf.life.most', { years })
}
