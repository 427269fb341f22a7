import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EFFECTS, NOTE_TYPES, START_FAMILIES, type NoteType } from '#shared/domain/vocabulary.ts'
import {
  alternativeNoteTypes,
  canStart,
  chosenOils,
  EMPTY_COMPOSITION,
  initialLayer,
  isComplete,
  stepTwoView,
  suggestedNoteType,
  withOil,
  type StartingPoint,
} from '#shared/domain/wizard.ts'
import { CATALOG, COMPLETE, composition, makeOil } from '#tests/support/oil-fixtures.ts'

describe('the Start Your Blend button', () => {
  it('is disabled before any starting point is chosen', () => {
    expect(canStart({ type: null })).toBe(false)
  })

  it.each<[string, StartingPoint, boolean]>([
    ['an oil is chosen', { type: 'essential-oil', essentialOil: CATALOG.lemon }, true],
    ['the oil dropdown is still empty', { type: 'essential-oil', essentialOil: null }, false],
    ['one effect is chosen', { type: 'effect', value: ['Relaxing'] }, true],
    ['several effects are chosen', { type: 'effect', value: ['Relaxing', 'Grounding'] }, true],
    ['no effect is ticked', { type: 'effect', value: [] }, false],
    ['a note type is chosen', { type: 'note-type', value: 'Base' }, true],
    ['no note type is chosen', { type: 'note-type', value: null }, false],
    ['a scent family is chosen', { type: 'scent-family', value: 'Woody' }, true],
    ['no scent family is chosen', { type: 'scent-family', value: null }, false],
  ])('is enabled only when the option has a value: %s', (_case, startingPoint, enabled) => {
    expect(canStart(startingPoint)).toBe(enabled)
  })

  it('is enabled for any non-empty selection of effects', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...EFFECTS)), (value) => {
        expect(canStart({ type: 'effect', value })).toBe(value.length > 0)
      }),
    )
  })
})

describe('the suggested note type of an oil', () => {
  it.each<[NoteType[], NoteType, NoteType[]]>([
    [['Top'], 'Top', []],
    [['Middle'], 'Middle', []],
    [['Base'], 'Base', []],
    [['Top', 'Middle'], 'Top', ['Middle']],
    [['Middle', 'Base'], 'Middle', ['Base']],
    [['Top', 'Middle', 'Base'], 'Top', ['Middle', 'Base']],
    // The catalog lists notes in order, but the rule does not depend on it.
    [['Base', 'Top'], 'Top', ['Base']],
  ])('an oil with %j suggests %s with the alternatives %j', (noteType, suggested, alternatives) => {
    const oil = makeOil({ name: 'Any', noteType, scentFamily: 'Citrus' })
    expect(suggestedNoteType(oil)).toBe(suggested)
    expect(alternativeNoteTypes(oil)).toEqual(alternatives)
  })

  it('always suggests one of the oil’s own note types and offers the rest as alternatives', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...NOTE_TYPES), { minLength: 1 }), (noteType) => {
        const oil = { noteType }
        const suggested = suggestedNoteType(oil)
        expect(noteType).toContain(suggested)
        expect([suggested, ...alternativeNoteTypes(oil)].sort()).toEqual([...noteType].sort())
      }),
    )
  })
})

describe('the layer each starting point preselects', () => {
  it('is the oil’s suggested note for an oil start', () => {
    expect(initialLayer({ type: 'essential-oil', essentialOil: CATALOG.lavender })).toBe('Middle')
    expect(initialLayer({ type: 'essential-oil', essentialOil: CATALOG.blackPepper })).toBe('Top')
    expect(initialLayer({ type: 'essential-oil', essentialOil: CATALOG.ginger })).toBe('Middle')
  })

  it.each(NOTE_TYPES)('is that layer for a %s note-type start', (layer) => {
    expect(initialLayer({ type: 'note-type', value: layer })).toBe(layer)
  })

  it('is the top layer for an effect start', () => {
    expect(initialLayer({ type: 'effect', value: ['Grounding'] })).toBe('Top')
  })

  it.each(START_FAMILIES)('is the top layer for a %s scent-family start', (family) => {
    expect(initialLayer({ type: 'scent-family', value: family })).toBe('Top')
  })
})

describe('what step 2 shows', () => {
  const none = { composition: EMPTY_COMPOSITION, currentNoteType: null }

  it('asks to confirm the oil of an oil start, suggesting its note', () => {
    expect(stepTwoView({ ...none, startingPoint: { type: 'essential-oil', essentialOil: CATALOG.bergamot } })).toEqual({
      kind: 'confirm-oil',
      oil: CATALOG.bergamot,
      suggested: 'Top',
      alternatives: ['Middle'],
    })
  })

  it('opens the preselected layer’s picker for the other starts', () => {
    expect(stepTwoView({ ...none, startingPoint: { type: 'note-type', value: 'Base' } })).toEqual({ kind: 'picker', layer: 'Base' })
    expect(stepTwoView({ ...none, startingPoint: { type: 'effect', value: ['Relaxing'] } })).toEqual({ kind: 'picker', layer: 'Top' })
    expect(stepTwoView({ ...none, startingPoint: { type: 'scent-family', value: 'Floral' } })).toEqual({ kind: 'picker', layer: 'Top' })
  })

  it('shows the blend’s progress once a note is chosen and no layer is being picked', () => {
    const startingPoint: StartingPoint = { type: 'essential-oil', essentialOil: CATALOG.lemon }
    expect(stepTwoView({ startingPoint, composition: composition({ topNote: CATALOG.lemon }), currentNoteType: null })).toEqual({
      kind: 'progress',
    })
  })

  it('shows the picker of the layer being picked', () => {
    const startingPoint: StartingPoint = { type: 'essential-oil', essentialOil: CATALOG.lemon }
    expect(stepTwoView({ startingPoint, composition: composition({ topNote: CATALOG.lemon }), currentNoteType: 'Base' })).toEqual({
      kind: 'picker',
      layer: 'Base',
    })
  })
})

describe('the composition', () => {
  it('starts empty at 30/50/20', () => {
    expect(EMPTY_COMPOSITION).toEqual({
      topNote: null,
      middleNote: null,
      baseNote: null,
      topPercentage: 30,
      middlePercentage: 50,
      basePercentage: 20,
    })
  })

  it('fills the slot of the layer an oil is set for', () => {
    expect(withOil(EMPTY_COMPOSITION, 'Top', CATALOG.lemon).topNote).toBe(CATALOG.lemon)
    expect(withOil(EMPTY_COMPOSITION, 'Middle', CATALOG.lemon).middleNote).toBe(CATALOG.lemon)
    expect(withOil(EMPTY_COMPOSITION, 'Base', CATALOG.lemon).baseNote).toBe(CATALOG.lemon)
  })

  it('is complete only with all three notes', () => {
    expect(isComplete(COMPLETE)).toBe(true)
    expect(isComplete(withOil(COMPLETE, 'Middle', null))).toBe(false)
    expect(isComplete(EMPTY_COMPOSITION)).toBe(false)
  })

  it('lists the chosen oils top to base, optionally leaving one layer out', () => {
    expect(chosenOils(COMPLETE).map((c) => c.layer)).toEqual(['Top', 'Middle', 'Base'])
    expect(chosenOils(COMPLETE, 'Middle').map((c) => c.oil.name)).toEqual(['Lemon', 'Atlas Cedarwood'])
  })
})
