import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  AUDIENCE_IDS,
  AUDIENCES,
  audienceTotalText,
  checkSafetyFor,
  effectiveMaxima,
  effectiveMaximum,
  TOTAL_OIL,
  type AudienceId,
} from '#shared/domain/audiences.ts'
import { checkSafety, NO_WARNINGS, NOTHING_ON_FILE, type SafetyFacts, type SafetyOil } from '#shared/domain/safety.ts'

const NONE: SafetyFacts = NOTHING_ON_FILE
const TS = 'Robert Tisserand, quoted by Thrive Style [TS]'
const facts = (patch: Partial<SafetyFacts>): SafetyFacts => ({ ...NONE, ...patch })
const peppermint = facts({
  maxLeaveOnPercent: 5.4,
  source: 'PMC, BM-P',
  children: { text: 'Do not apply to or near the face of infants or children.', source: 'PMC, BM-P, DSH, PT' },
})
const clove = facts({
  maxLeaveOnPercent: 0.5,
  source: 'WW-C',
  children: { text: 'No use on the skin of children aged 2 or younger.', source: 'WW-C' },
  pregnancy: { text: 'Tisserand & Young list embryotoxicity among its hazards.', source: 'WW-C' },
})
const myrrh = facts({ pregnancy: { text: 'Avoid in pregnancy.', source: 'HPF, FLO' } })
const lemon = facts({ maxLeaveOnPercent: 2, phototoxic: true, source: 'DB' })
const palmarosa = facts({ maxLeaveOnPercent: 6.5, source: 'HW-P' })
const spearmint = facts({ maxLeaveOnPercent: 1.7, source: 'DAV' })
const oil = (name: string, productPercentage: number, safety: SafetyFacts | null): SafetyOil => ({ name, productPercentage, safety })

describe('audiences', () => {
  it('gives the children bands and figures of the source, and no total for pregnancy or the face', () => {
    expect(AUDIENCES.map((a) => [a.id, a.total?.percent ?? null, a.total?.recommended ?? null])).toEqual([
      ['adults', null, null],
      ['child-premature', 0, 0],
      ['child-under-3-months', 0.2, 0.1],
      ['child-3-24-months', 0.5, 0.25],
      ['child-2-6-years', 2, 1],
      ['child-6-15-years', 3, 1.5],
      ['child-15-plus-years', 5, 2.5],
      ['pregnancy', null, null],
      ['face', null, null],
    ])
  })

  it('says a band’s total with its source, and a missing figure as missing', () => {
    const band = AUDIENCES.find((a) => a.id === 'child-2-6-years')!
    expect(audienceTotalText(band)).toBe(
      'Children 2-6 years: at most 2% essential oil in total (1% recommended) (Robert Tisserand, quoted by Thrive Style [TS]).',
    )
    expect(audienceTotalText(AUDIENCES.find((a) => a.id === 'pregnancy')!)).toMatch(/^Pregnancy: no published figure on file/)
  })
})

describe('effective maxima', () => {
  it('lowers an oil to the total of a child of 4, and says why', () => {
    const max = effectiveMaximum('leave-on', 'child-2-6-years', { name: 'Palmarosa', safety: palmarosa })
    expect(max).toMatchObject({ maxPercent: 2, basis: 'audience-total', lowered: true, source: TS, oilMaxPercent: 6.5 })
    expect(max.reason).toBe(
      'Children 2-6 years: at most 2% essential oil in total (1% recommended) (Robert Tisserand, quoted by Thrive Style [TS]).',
    )
  })

  it('keeps an oil’s own maximum where it is lower than the total', () => {
    expect(effectiveMaximum('leave-on', 'child-2-6-years', { name: 'Spearmint', safety: spearmint })).toMatchObject({
      maxPercent: 1.7,
      basis: 'oil',
      lowered: false,
      source: 'DAV',
    })
  })

  it('keeps the maximum in pregnancy and says no source says how to lower it', () => {
    const max = effectiveMaximum('leave-on', 'pregnancy', { name: 'Palmarosa', safety: palmarosa })
    expect(max).toMatchObject({ maxPercent: 6.5, basis: 'oil', lowered: false })
    expect(max.reason).toContain('No source on file says how to lower it for this use')
  })

  it('sets 0 where a source says to avoid the oil for the audience', () => {
    expect(effectiveMaximum('leave-on', 'pregnancy', { name: 'Myrrh', safety: myrrh })).toMatchObject({ maxPercent: 0, basis: 'avoid' })
    expect(effectiveMaximum('leave-on', 'child-3-24-months', { name: 'Clove Bud', safety: clove })).toMatchObject({
      maxPercent: 0,
      basis: 'avoid',
    })
    expect(effectiveMaximum('leave-on', 'child-6-15-years', { name: 'Clove Bud', safety: clove })).toMatchObject({
      maxPercent: 0.5,
      basis: 'oil',
    })
  })

  it('bounds an oil with no maximum by the total, but says its own maximum is not on file', () => {
    expect(effectiveMaximum('leave-on', 'child-2-6-years', { name: 'Vetiver', safety: null })).toMatchObject({
      maxPercent: 2,
      oilMaximumOnFile: false,
    })
    expect(effectiveMaximum('leave-on', 'face', { name: 'Vetiver', safety: null })).toMatchObject({ maxPercent: null, basis: null })
  })

  it('sets no skin maximum for rinse-off and home products', () => {
    expect(effectiveMaximum('rinse-off', 'child-2-6-years', { name: 'Lemon', safety: lemon }).maxPercent).toBeNull()
    expect(effectiveMaximum('home', 'pregnancy', { name: 'Lemon', safety: lemon }).maxPercent).toBeNull()
  })

  it('lists an oil that sits in two layers once', () => {
    expect(
      effectiveMaxima('leave-on', 'adults', [
        { name: 'Lemon', safety: lemon },
        { name: 'Lemon', safety: lemon },
      ]),
    ).toHaveLength(1)
  })

  const safetyArb = fc.record({
    maxLeaveOnPercent: fc.option(fc.double({ min: 0.01, max: 30, noNaN: true }), { nil: null }),
    children: fc.option(fc.constant({ text: 'c', source: 's' }), { nil: null }),
    pregnancy: fc.option(fc.constant({ text: 'p', source: 's' }), { nil: null }),
  })
  const names = fc.constantFrom('Clove Bud', 'Myrrh', 'Peppermint', 'Eucalyptus', 'Lemongrass', 'Lavender', 'Basil', 'My own oil')

  it('never raises a maximum, whoever the product is for (property)', () => {
    fc.assert(
      fc.property(names, fc.option(safetyArb, { nil: null }), fc.constantFrom(...AUDIENCE_IDS), (name, patch, audience) => {
        const safety = patch ? facts(patch) : null
        const adults = effectiveMaximum('leave-on', 'adults', { name, safety }).maxPercent
        const theirs = effectiveMaximum('leave-on', audience, { name, safety }).maxPercent
        if (adults !== null) expect(theirs).not.toBeNull()
        if (adults !== null && theirs !== null) expect(theirs).toBeLessThanOrEqual(adults)
      }),
    )
  })
})

describe('checkSafetyFor: the checks for who it is for', () => {
  it('keeps checkSafety’s report for adults, with the maxima added', () => {
    const oils = [oil('Lemon', 0.5, lemon), oil('Palmarosa', 0.5, palmarosa)]
    const plain = checkSafety('leave-on', oils)
    expect(plain.audience).toBeUndefined()
    const adults = checkSafetyFor('leave-on', oils, 'adults')
    expect({ ...adults, audience: undefined }).toEqual(plain)
    expect(adults.audience?.maxima.map((m) => m.maxPercent)).toEqual([2, 6.5])
  })

  it('flags a lotion for a child of 4 above 2% in total and names the band and source', () => {
    const report = checkSafetyFor('leave-on', [oil('Palmarosa', 1.5, palmarosa), oil('Spearmint', 1.5, spearmint)], 'child-2-6-years')
    expect(report.clear).toBe(false)
    const total = report.warnings.find((w) => w.kind === 'over-audience-total')
    expect(total).toMatchObject({ oil: TOTAL_OIL, limitPercent: 2, source: TS })
    expect(total?.message).toBe(
      'The blend is 3% of the finished product, above the most for children 2-6 years: 2% in total (Robert Tisserand, quoted by Thrive Style [TS]). Lower the oil percentage to 2% or less.',
    )
    expect(report.audience?.maxima.map((m) => [m.oil, m.maxPercent, m.basis])).toEqual([
      ['Palmarosa', 2, 'audience-total'],
      ['Spearmint', 1.7, 'oil'],
    ])
  })

  it('is clear for a child of 4 only when the total is within and every oil was checked', () => {
    const within = [oil('Palmarosa', 0.5, palmarosa), oil('Spearmint', 0.5, spearmint)]
    expect(checkSafetyFor('leave-on', within, 'child-2-6-years').clear).toBe(true)
    expect(checkSafetyFor('leave-on', [...within, oil('Vetiver', 0.5, null)], 'child-2-6-years').clear).toBe(false)
  })

  it('turns Peppermint’s children caution into a warning for young children, said once', () => {
    const report = checkSafetyFor('leave-on', [oil('Peppermint', 0.5, peppermint)], 'child-2-6-years')
    expect(report.warnings).toContainEqual(
      expect.objectContaining({
        kind: 'audience-caution',
        oil: 'Peppermint',
        message: 'Children 2-6 years: Peppermint. Do not apply to or near the face of infants or children. (PMC, BM-P, DSH, PT)',
      }),
    )
    expect(report.cautions.filter((c) => c.oil === 'Peppermint')).toEqual([])
    expect(report.clear).toBe(false)
    // For adults it stays a note.
    expect(checkSafetyFor('leave-on', [oil('Peppermint', 0.5, peppermint)], 'adults').cautions).toHaveLength(1)
  })

  it('applies a catalog oil’s audience rules to an own ingredient based on it; the maker’s own maximum still counts', () => {
    // "Peppermint Arvensis", based on Peppermint: its facts keep Peppermint's children caution (decision 068), and the maker gave 1%.
    const own = { ...peppermint, maxLeaveOnPercent: 1, source: 'Supplier data sheet' }
    const based = { ...oil('Peppermint Arvensis', 0.5, own), basedOn: 'Peppermint' }
    const report = checkSafetyFor('leave-on', [based], 'child-2-6-years')
    expect(report.warnings).toContainEqual(
      expect.objectContaining({
        kind: 'audience-caution',
        oil: 'Peppermint Arvensis',
        message: 'Children 2-6 years: Peppermint Arvensis. Do not apply to or near the face of infants or children. (PMC, BM-P, DSH, PT)',
      }),
    )
    // Not based on it: the rule is Peppermint's, so none.
    const alone = checkSafetyFor('leave-on', [oil('Peppermint Arvensis', 0.5, own)], 'child-2-6-years')
    expect(alone.warnings.filter((w) => w.kind === 'audience-caution')).toEqual([])
    // An "avoid" rule carries over too (Clove Bud for infants), and the maker's lower maximum is the one lowered from.
    const cloveOwn = { name: 'Clove Bud CO2', safety: { ...clove, maxLeaveOnPercent: 0.3, source: 'Supplier' }, basedOn: 'Clove Bud' }
    expect(effectiveMaximum('leave-on', 'child-3-24-months', cloveOwn)).toMatchObject({ maxPercent: 0, basis: 'avoid' })
    expect(effectiveMaximum('leave-on', 'child-6-15-years', cloveOwn)).toMatchObject({ maxPercent: 0.3, oilMaxPercent: 0.3 })
  })

  it('flags Myrrh in pregnancy as "do not use", and never calls a pregnancy product clear', () => {
    const report = checkSafetyFor('leave-on', [oil('Myrrh', 0.5, myrrh)], 'pregnancy')
    expect(report.warnings[0]).toMatchObject({ kind: 'avoid-for-audience', oil: 'Myrrh', limitPercent: 0 })
    const plain = checkSafetyFor('leave-on', [oil('Palmarosa', 0.5, palmarosa)], 'pregnancy')
    expect(plain.warnings).toEqual([])
    expect(plain.clear).toBe(false)
    expect(plain.audience?.totalUnchecked).toMatch(/no published figure on file/)
  })

  it('says no essential oil for premature infants', () => {
    const report = checkSafetyFor('leave-on', [oil('Palmarosa', 0.1, palmarosa)], 'child-premature')
    expect(report.warnings[0]?.message).toBe(
      'Children: premature infants: no essential oil on the skin (Robert Tisserand, quoted by Thrive Style [TS]). This product is 0.1% essential oil.',
    )
  })

  it('checks nothing more for a rinse-off product, and is never clear there', () => {
    const report = checkSafetyFor('rinse-off', [oil('Palmarosa', 3, palmarosa)], 'child-2-6-years')
    expect(report.warnings).toEqual([])
    expect(report.clear).toBe(false)
    expect(report.audience?.maxima).toEqual([])
  })

  const oilArb = fc.record({
    name: fc.constantFrom('Clove Bud', 'Myrrh', 'Peppermint', 'Lavender', 'Palmarosa', 'Lemon', 'Own'),
    productPercentage: fc.double({ min: 0, max: 5, noNaN: true }),
    safety: fc.option(
      fc.record({ maxLeaveOnPercent: fc.option(fc.double({ min: 0.01, max: 30, noNaN: true }), { nil: null }) }).map((p) => facts(p)),
      { nil: null },
    ),
  })

  it('is clear only when every oil was checked for the audience and nothing flagged (property)', () => {
    fc.assert(
      fc.property(fc.array(oilArb, { maxLength: 6 }), fc.constantFrom<AudienceId>(...AUDIENCE_IDS), (drawn, audience) => {
        // One oil has one set of facts, wherever it sits in the blend.
        const oils = drawn.map((o) => ({ ...o, safety: drawn.find((first) => first.name === o.name)!.safety }))
        const report = checkSafetyFor('leave-on', oils, audience)
        if (!report.clear) return
        expect(report.warnings).toEqual([])
        expect(report.unchecked).toEqual([])
        expect(oils.every((o) => o.safety?.maxLeaveOnPercent != null)).toBe(true)
        expect(report.audience?.totalUnchecked ?? null).toBeNull()
        for (const max of report.audience?.maxima ?? []) {
          const share = oils.filter((o) => o.name === max.oil).reduce((sum, o) => sum + o.productPercentage, 0)
          expect(share).toBeLessThanOrEqual((max.maxPercent ?? 0) + 1e-9)
        }
        // An audience's clear report is clear for adults too: an audience never loosens a check.
        expect(checkSafety('leave-on', oils).clear).toBe(true)
      }),
    )
  })

  it('keeps the green line for the clear case only', () => {
    expect(NO_WARNINGS).toBe('No safety warnings for this blend at this percentage.')
  })
})
