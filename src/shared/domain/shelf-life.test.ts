import { describe, expect, it } from 'vitest'
import {
  addMonths,
  defaultBestBefore,
  EXPIRES_SOON_DAYS,
  lotStatus,
  openedOnProblem,
  OPENED_AFTER_TODAY,
  OPENED_BEFORE_PURCHASE,
  oxidisesSoon,
  shelfLifeOf,
  shelfLifeSource,
  warnsBeforeDrawing,
} from '#shared/domain/shelf-life.ts'
import { addDays } from '#shared/domain/calendar-date.ts'
import { planDraws } from '#shared/domain/shelf.ts'
import { ageingLotsOf, drawnLotsToWarn, drawnLotsToWarnFrom } from '#shared/domain/shelf-life.ts'

describe('shelf life by oil', () => {
  it('gives citrus and conifers the shortest life, woods and resins the longest, others the default', () => {
    expect(shelfLifeOf('lemon')).toEqual({ group: 'oxidises-soon', months: 12, byOil: true })
    expect(shelfLifeOf('scots-pine').months).toBe(12)
    expect(shelfLifeOf('sandalwood')).toEqual({ group: 'keeps-longest', months: 48, byOil: true })
    expect(shelfLifeOf('benzoin').months).toBe(48)
    expect(shelfLifeOf('lavender')).toEqual({ group: 'standard', months: 24, byOil: false })
    expect(shelfLifeOf(null)).toEqual({ group: 'standard', months: 24, byOil: false })
    expect(oxidisesSoon('bergamot')).toBe(true)
    expect(oxidisesSoon('vetiver')).toBe(false)
  })

  it('counts calendar months, keeping to the end of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2027-12-15', 12)).toBe('2028-12-15')
    expect(addMonths('2026-11-28', 14)).toBe('2028-01-28')
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28')
    expect(defaultBestBefore('lemon', '2026-03-10')).toBe('2027-03-10')
    expect(defaultBestBefore('patchouli', '2026-03-10')).toBe('2030-03-10')
  })

  it('says where the default came from', () => {
    expect(shelfLifeSource('lemon')).toMatch(/^1 year: this oil oxidises sooner/)
    expect(shelfLifeSource('sandalwood')).toMatch(/^4 years: woods and resins/)
    expect(shelfLifeSource(null)).toMatch(/general default/)
  })
})

describe('lotStatus', () => {
  const today = '2026-11-28'
  it('is expired the day after its best-before, not on it', () => {
    expect(lotStatus({ bestBefore: '2026-11-27', openedOn: null }, false, today)).toBe('expired')
    expect(lotStatus({ bestBefore: today, openedOn: null }, false, today)).toBe('expires-soon')
  })

  it(`expires soon within ${EXPIRES_SOON_DAYS} days`, () => {
    expect(lotStatus({ bestBefore: addDays(today, EXPIRES_SOON_DAYS - 1), openedOn: null }, false, today)).toBe('expires-soon')
    expect(lotStatus({ bestBefore: addDays(today, EXPIRES_SOON_DAYS), openedOn: null }, false, today)).toBe('fine')
  })

  it('flags an oxidation-prone oil opened more than six months ago, even before its best-before', () => {
    const lot = { bestBefore: '2027-06-01', openedOn: '2026-05-27' }
    expect(lotStatus(lot, true, today)).toBe('opened-long-ago')
    expect(lotStatus({ ...lot, openedOn: '2026-05-28' }, true, today)).toBe('fine')
    expect(lotStatus(lot, false, today)).toBe('fine')
    // Without a best-before the opened rule still speaks.
    expect(lotStatus({ bestBefore: null, openedOn: '2025-01-01' }, true, today)).toBe('opened-long-ago')
  })

  it('says expired before opened long ago, and not known without a best-before', () => {
    expect(lotStatus({ bestBefore: '2026-01-01', openedOn: '2025-01-01' }, true, today)).toBe('expired')
    expect(lotStatus({ bestBefore: null, openedOn: null }, true, today)).toBe('not-known')
    expect(lotStatus({ bestBefore: null, openedOn: '2025-01-01' }, false, today)).toBe('not-known')
  })

  it('warns before drawing from expired and old bottles only', () => {
    expect(['expired', 'opened-long-ago', 'expires-soon', 'fine', 'not-known'].map((s) => warnsBeforeDrawing(s as never))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ])
  })
})

describe('openedOnProblem', () => {
  it('refuses a day after today or before the purchase', () => {
    expect(openedOnProblem('2026-11-29', null, '2026-11-28')).toBe(OPENED_AFTER_TODAY)
    expect(openedOnProblem('2026-01-01', '2026-02-01', '2026-11-28')).toBe(OPENED_BEFORE_PURCHASE)
    expect(openedOnProblem('2026-02-01', '2026-02-01', '2026-11-28')).toBeNull()
    expect(openedOnProblem('2026-11-28', null, '2026-11-28')).toBeNull()
  })
})

describe('the lots a draw warns about', () => {
  const today = '2026-11-28'
  const bottle = (id: number, purchasedOn: string, remainingMl: number, bestBefore: string | null) => ({
    id,
    purchasedOn,
    createdAt: '2026-01-01T00:00:00.000Z',
    remainingMl,
    lotCode: `L-${id}`,
    bestBefore,
    openedOn: null,
  })

  it('are exactly the expired bottles planDraws opens, oldest first', () => {
    // Given out of order: the draw order is by purchase day. Bottle 4 is empty and never drawn.
    const shelf = [
      bottle(3, '2026-03-01', 4, '2026-01-01'),
      bottle(1, '2026-01-01', 5, '2099-01-01'),
      bottle(2, '2026-02-01', 3, '2026-06-01'),
      bottle(4, '2025-12-01', 0, '2025-01-01'),
    ]
    const lots = ageingLotsOf(shelf, false, today)
    expect(lots.map((l) => [l.id, l.status, l.mlBefore])).toEqual([
      [2, 'expired', 5],
      [3, 'expired', 8],
    ])
    for (const need of [0, 1, 5, 5.0005, 5.01, 8, 8.5, 12, 40]) {
      const drawn = new Set(planDraws(need, shelf).draws.map((d) => d.bottleId))
      const expected = lots.filter((l) => drawn.has(l.id)).map((l) => l.id)
      expect(
        drawnLotsToWarn(lots, need).map((l) => l.id),
        `need ${need} mL`,
      ).toEqual(expected)
    }
  })

  it('are exactly the expired bottles planDraws opens when the maker chose the bottle drawn first (decision 090)', () => {
    const shelf = [
      bottle(3, '2026-03-01', 4, '2026-01-01'),
      bottle(1, '2026-01-01', 5, '2099-01-01'),
      bottle(2, '2026-02-01', 3, '2026-06-01'),
      bottle(5, '2026-04-01', 2, '2099-01-01'),
    ]
    const lots = ageingLotsOf(shelf, false, today).map((l) => ({ ...l, bottleId: l.id }))
    // What the bottles before each hold in the usual order, as the screen works it out from the shelf.
    const mlBefore = new Map([
      [1, 0],
      [2, 5],
      [3, 8],
      [5, 12],
    ])
    for (const first of [1, 2, 3, 5]) {
      const chosen = { bottleId: first, remainingMl: shelf.find((b) => b.id === first)!.remainingMl, mlBefore: mlBefore.get(first)! }
      for (const need of [0, 1, 2, 3, 4, 4.5, 5, 6, 8, 9, 12, 14, 40]) {
        const drawn = new Set(planDraws(need, shelf, first).draws.map((d) => d.bottleId))
        const expected = lots.filter((l) => drawn.has(l.id)).map((l) => l.id)
        expect(
          drawnLotsToWarnFrom(lots, need, chosen)
            .map((l) => l.id)
            .sort(),
          `bottle ${first} first, need ${need} mL`,
        ).toEqual(expected.sort())
      }
    }
    // Choosing the expired bottle 3 warns of it for the least of needs; the usual order would not reach it.
    expect(drawnLotsToWarn(lots, 1)).toEqual([])
    expect(drawnLotsToWarnFrom(lots, 1, { bottleId: 3, remainingMl: 4, mlBefore: 8 }).map((l) => l.id)).toEqual([3])
  })

  it('leaves out a lot that only expires soon', () => {
    const lots = ageingLotsOf([bottle(1, '2026-01-01', 5, addDays(today, 10))], false, today)
    expect(lots.map((l) => l.status)).toEqual(['expires-soon'])
    expect(drawnLotsToWarn(lots, 3)).toEqual([])
  })
})
