import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allEffects, combinedEffects, effectBadgeLimit, scentProfile } from '#shared/domain/blend-properties.ts'
import { EFFECTS, SCENT_FAMILIES } from '#shared/domain/vocabulary.ts'
import { CATALOG, COMPLETE, composition, makeOil } from '#tests/support/oil-fixtures.ts'

describe('the blend’s combined effects', () => {
  it('lists unique effects top to base, at most 4', () => {
    // Lemon: Uplifting, Cleansing, Energising; Lavender: Relaxing, Balancing; Cedarwood: Grounding, Balancing, Relaxing.
    expect(combinedEffects(COMPLETE)).toEqual(['Uplifting', 'Cleansing', 'Energising', 'Relaxing'])
    expect(allEffects(COMPLETE)).toEqual(['Uplifting', 'Cleansing', 'Energising', 'Relaxing', 'Balancing', 'Grounding'])
  })

  it('works on a partial blend', () => {
    expect(combinedEffects(composition({ middleNote: CATALOG.lavender }))).toEqual(['Relaxing', 'Balancing'])
    expect(combinedEffects(composition({}))).toEqual([])
  })

  it('never repeats an effect nor passes the limit', () => {
    const effects = fc.uniqueArray(fc.constantFrom(...EFFECTS), { maxLength: 4 })
    fc.assert(
      fc.property(effects, effects, effects, (a, b, c) => {
        const blend = composition({
          topNote: makeOil({ name: 'A', noteType: ['Top'], scentFamily: 'Citrus', effects: a }),
          middleNote: makeOil({ name: 'B', noteType: ['Middle'], scentFamily: 'Floral', effects: b }),
          baseNote: makeOil({ name: 'C', noteType: ['Base'], scentFamily: 'Woody', effects: c }),
        })
        const combined = combinedEffects(blend)
        expect(new Set(combined).size).toBe(combined.length)
        expect(combined.length).toBe(Math.min(4, new Set([...a, ...b, ...c]).size))
      }),
    )
  })
})

describe('the scent profile sentence', () => {
  it('names the family of each layer', () => {
    expect(scentProfile(COMPLETE)).toBe('A Citrus top, a Floral heart and a Woody base.')
  })

  it('uses “an” before a vowel', () => {
    const blend = composition({ topNote: CATALOG.lemon, middleNote: CATALOG.rosemary, baseNote: CATALOG.vetiver })
    expect(scentProfile(blend)).toBe('A Citrus top, a Herbal heart and an Earthy base.')
  })

  it('says so when one family runs through the whole blend', () => {
    const woody = makeOil({ name: 'W', noteType: ['Top', 'Middle', 'Base'], scentFamily: 'Woody' })
    expect(scentProfile(composition({ topNote: woody, middleNote: woody, baseNote: woody }))).toBe('Woody from top to base.')
  })

  it('is missing until all three notes are chosen', () => {
    expect(scentProfile(composition({ topNote: CATALOG.lemon, middleNote: CATALOG.lavender }))).toBeNull()
  })

  it('is one capitalised sentence for any three families', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCENT_FAMILIES), fc.constantFrom(...SCENT_FAMILIES), fc.constantFrom(...SCENT_FAMILIES), (a, b, c) => {
        const oil = (scentFamily: (typeof SCENT_FAMILIES)[number]) => makeOil({ name: scentFamily, noteType: ['Top'], scentFamily })
        const sentence = scentProfile(composition({ topNote: oil(a), middleNote: oil(b), baseNote: oil(c) }))!
        expect(sentence).toMatch(/^[A-Z].*\.$/)
        for (const family of [a, b, c]) expect(sentence).toContain(family)
      }),
    )
  })
})

describe('effect badge limits', () => {
  it('shows 2 in the picker, whatever the start', () => {
    expect(effectBadgeLimit('picker', 'essential-oil')).toBe(2)
    expect(effectBadgeLimit('picker', 'effect')).toBe(2)
  })

  it('shows 2 when the blend was started by effect, otherwise 3', () => {
    expect(effectBadgeLimit('oil-details', 'effect')).toBe(2)
    expect(effectBadgeLimit('oil-details', 'essential-oil')).toBe(3)
    expect(effectBadgeLimit('oil-details', 'scent-family')).toBe(3)
    expect(effectBadgeLimit('oil-details', null)).toBe(3)
  })

  it('shows 2 per summary note card', () => {
    expect(effectBadgeLimit('summary-card', 'note-type')).toBe(2)
  })
})
