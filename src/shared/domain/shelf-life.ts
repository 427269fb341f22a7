import { compareDates, daysBetween, type CalendarDate } from '#shared/domain/calendar-date.ts'
import { drawOrder, SHORTFALL_TOLERANCE_ML, type DrawBottle } from '#shared/domain/shelf.ts'

/**
 * Lots that age (docs/product.md "Lots and expiry", decision 079): how long a bottle of an oil
 * keeps, the best-before day it gets when the maker gives none, and the one rule that says, for a
 * bottle and a day, whether it has expired, expires soon, is old for an oil that oxidises readily,
 * is fine, or is not known. The server's shelf keeper, its draw warnings and the client's shelf
 * all read this module, so they never disagree.
 *
 * The grouping follows Tisserand & Young, Essential Oil Safety, 2nd ed. (2014), on oxidation and
 * storage: oils rich in monoterpenes (expressed citrus oils, pine and other conifers, tea tree,
 * frankincense) and citral-rich oils oxidise soonest; woods and resins keep longest. The month
 * figures are Accord's conservative reading of that guidance (the Tisserand Institute's "use
 * within 1-2 years" for tea tree is the low end for the first group), and the maker can change any
 * bottle's date.
 */

/** How readily an oil oxidises, as the shelf life groups it. */
export const SHELF_LIFE_GROUPS = ['oxidises-soon', 'standard', 'keeps-longest'] as const
export type ShelfLifeGroup = (typeof SHELF_LIFE_GROUPS)[number]

/** Months from purchase to best-before, by group. */
export const SHELF_LIFE_MONTHS: Readonly<Record<ShelfLifeGroup, number>> = {
  'oxidises-soon': 12,
  standard: 24,
  'keeps-longest': 48,
}

/** A bottle of an oil that oxidises soon, opened more than this many months ago, is old even before its best-before. */
export const OPENED_OLD_MONTHS = 6

/** A best-before within this many days (today included) "expires soon". */
export const EXPIRES_SOON_DAYS = 60

/**
 * The catalog's oils by slug (src/server/db/seed/oils-data.ts); an oil not listed (an own
 * ingredient based on none) keeps the stated general default, 'standard'.
 */
const GROUP_BY_SLUG: Readonly<Record<string, ShelfLifeGroup>> = {
  // Expressed citrus oils and citral-rich oils.
  bergamot: 'oxidises-soon',
  'bitter-orange': 'oxidises-soon',
  grapefruit: 'oxidises-soon',
  lemon: 'oxidises-soon',
  lime: 'oxidises-soon',
  mandarin: 'oxidises-soon',
  'sweet-orange': 'oxidises-soon',
  lemongrass: 'oxidises-soon',
  litsea: 'oxidises-soon',
  // Pine, fir and other monoterpene-rich oils.
  'scots-pine': 'oxidises-soon',
  'fir-needle': 'oxidises-soon',
  cypress: 'oxidises-soon',
  'juniper-berry': 'oxidises-soon',
  'tea-tree': 'oxidises-soon',
  frankincense: 'oxidises-soon',
  // Woods and resins.
  'atlas-cedarwood': 'keeps-longest',
  sandalwood: 'keeps-longest',
  patchouli: 'keeps-longest',
  vetiver: 'keeps-longest',
  benzoin: 'keeps-longest',
  myrrh: 'keeps-longest',
  spikenard: 'keeps-longest',
}

/** The general default for an oil the table does not list. */
export const DEFAULT_SHELF_LIFE_GROUP: ShelfLifeGroup = 'standard'

export type ShelfLife = {
  group: ShelfLifeGroup
  months: number
  /** False when the oil is not in the table and the general default was taken. */
  byOil: boolean
}

/** The shelf life of a catalog oil by its slug (an own ingredient passes its base oil's slug, or null). */
export function shelfLifeOf(slug: string | null | undefined): ShelfLife {
  const listed = slug ? GROUP_BY_SLUG[slug] : undefined
  const group = listed ?? DEFAULT_SHELF_LIFE_GROUP
  return { group, months: SHELF_LIFE_MONTHS[group], byOil: listed !== undefined }
}

/** Whether an oil (by slug) is one that oxidises soon. */
export const oxidisesSoon = (slug: string | null | undefined) => shelfLifeOf(slug).group === 'oxidises-soon'

/** The day `months` calendar months after `day`, the last day of the month when it is shorter (31 Jan + 1 = 28/29 Feb). */
export function addMonths(day: CalendarDate, months: number): CalendarDate {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const index = y * 12 + (m - 1) + months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}

/** The best-before a bottle gets when the maker gives none: its shelf life from the day it was bought (or added). */
export function defaultBestBefore(slug: string | null | undefined, from: CalendarDate): CalendarDate {
  return addMonths(from, shelfLifeOf(slug).months)
}

/** Plain words for where a default best-before came from, for the bottle form. */
export function shelfLifeSource(slug: string | null | undefined): string {
  const life = shelfLifeOf(slug)
  const years = life.months % 12 === 0 ? `${life.months / 12} year${life.months === 12 ? '' : 's'}` : `${life.months} months`
  if (!life.byOil) return `${years}, the general default for an oil without a shelf life of its own`
  if (life.group === 'oxidises-soon') return `${years}: this oil oxidises sooner than most (Tisserand & Young 2014)`
  if (life.group === 'keeps-longest') return `${years}: woods and resins keep longest (Tisserand & Young 2014)`
  return `${years}, the shelf life of most oils (Tisserand & Young 2014)`
}

export const LOT_STATUSES = ['expired', 'expires-soon', 'opened-long-ago', 'fine', 'not-known'] as const
/**
 * What a bottle's dates say on a day: 'expired' (its best-before has passed), 'opened-long-ago'
 * (an oil that oxidises soon, opened more than OPENED_OLD_MONTHS ago), 'expires-soon' (its
 * best-before within EXPIRES_SOON_DAYS), 'fine', or 'not-known' (no best-before, and nothing else to go by).
 */
export type LotStatus = (typeof LOT_STATUSES)[number]

export type LotDates = { bestBefore: CalendarDate | null; openedOn: CalendarDate | null }

/** The one rule (docs/product.md "Lots and expiry"): the first that applies of expired, opened long ago, expires soon, fine. */
export function lotStatus(lot: LotDates, oilOxidisesSoon: boolean, today: CalendarDate): LotStatus {
  if (lot.bestBefore !== null && compareDates(lot.bestBefore, today) < 0) return 'expired'
  if (oilOxidisesSoon && lot.openedOn !== null && compareDates(addMonths(lot.openedOn, OPENED_OLD_MONTHS), today) < 0) {
    return 'opened-long-ago'
  }
  if (lot.bestBefore === null) return 'not-known'
  return daysBetween(today, lot.bestBefore) < EXPIRES_SOON_DAYS ? 'expires-soon' : 'fine'
}

/** Whether a status is one to warn about before drawing from the bottle. */
export const warnsBeforeDrawing = (status: LotStatus) => status === 'expired' || status === 'opened-long-ago'

/** A short label for a status, as the shelf shows it. */
export function lotStatusLabel(status: LotStatus): string {
  switch (status) {
    case 'expired':
      return 'Expired'
    case 'expires-soon':
      return 'Expires soon'
    case 'opened-long-ago':
      return 'Opened long ago'
    case 'fine':
      return 'In date'
    case 'not-known':
      return 'No best-before'
  }
}

/** A plain sentence for a status, naming the date it comes from. */
export function lotStatusSentence(status: LotStatus, lot: LotDates): string {
  switch (status) {
    case 'expired':
      return `Past its best-before (${lot.bestBefore})`
    case 'expires-soon':
      return `Best before ${lot.bestBefore}`
    case 'opened-long-ago':
      return `Opened ${lot.openedOn}: more than ${OPENED_OLD_MONTHS} months ago for an oil that oxidises soon`
    case 'fine':
      return `Best before ${lot.bestBefore}`
    case 'not-known':
      return 'No best-before date on file'
  }
}

/** An opened day's problem: it is not before the bottle was bought, nor after today. */
export function openedOnProblem(openedOn: CalendarDate, purchasedOn: CalendarDate | null, today: CalendarDate): string | null {
  if (compareDates(openedOn, today) > 0) return OPENED_AFTER_TODAY
  if (purchasedOn !== null && compareDates(openedOn, purchasedOn) < 0) return OPENED_BEFORE_PURCHASE
  return null
}

export const OPENED_AFTER_TODAY = "The opened date can't be in the future."
export const OPENED_BEFORE_PURCHASE = "The opened date can't be before the purchase date."

/** The statuses the shelf lists at the top and a draw looks at. */
export type AgeingStatus = Exclude<LotStatus, 'fine' | 'not-known'>

/** A bottle of one oil as the draw order and the status rule read it. */
export type AgeingBottle = DrawBottle & LotDates & { lotCode: string | null }

/**
 * One oil's bottles with oil left whose status is expired, expires soon or opened long ago, in
 * the order a batch draws them (drawOrder, decision 026), each with the millilitres its earlier
 * bottles hold (`mlBefore`, every bottle with oil left counted).
 */
export function ageingLotsOf<T extends AgeingBottle>(
  bottles: readonly T[],
  oilOxidisesSoon: boolean,
  today: CalendarDate,
): (T & { status: AgeingStatus; mlBefore: number })[] {
  const out: (T & { status: AgeingStatus; mlBefore: number })[] = []
  let before = 0
  for (const bottle of drawOrder(bottles.filter((b) => b.remainingMl > 0))) {
    const status = lotStatus(bottle, oilOxidisesSoon, today)
    if (status !== 'fine' && status !== 'not-known') out.push({ ...bottle, status, mlBefore: before })
    before += bottle.remainingMl
  }
  return out
}

/**
 * The lots of one oil a batch needing `needMl` would draw from and should be warned about: as
 * planDraws takes them (a bottle is opened while more than the tolerance is still needed), those
 * that have expired or are old for an oil that oxidises soon.
 */
export function drawnLotsToWarn<T extends { status: AgeingStatus; mlBefore: number }>(lots: readonly T[], needMl: number): T[] {
  return lots.filter((lot) => warnsBeforeDrawing(lot.status) && needMl - lot.mlBefore >= SHORTFALL_TOLERANCE_ML)
}

/**
 * drawnLotsToWarn when the maker chose the bottle an oil is drawn from first (decision 090): the
 * chosen bottle is drawn before all others, so the lots the usual order took before it now wait
 * for it too. `chosen.mlBefore` is what the bottles before it hold in the usual order.
 */
export function drawnLotsToWarnFrom<T extends { bottleId: number; status: AgeingStatus; mlBefore: number }>(
  lots: readonly T[],
  needMl: number,
  chosen?: { bottleId: number; remainingMl: number; mlBefore: number },
): T[] {
  if (!chosen) return drawnLotsToWarn(lots, needMl)
  const shifted = lots.map((lot) =>
    lot.bottleId === chosen.bottleId
      ? { ...lot, mlBefore: 0 }
      : lot.mlBefore < chosen.mlBefore
        ? { ...lot, mlBefore: lot.mlBefore + chosen.remainingMl }
        : lot,
  )
  return drawnLotsToWarn(
    shifted.sort((a, b) => a.mlBefore - b.mlBefore),
    needMl,
  )
}
