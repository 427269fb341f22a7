import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EFFECTS, NOTE_TYPES, START_FAMILIES, type NoteType } from '#shared/domain/vocabulary.ts'
import {
  accordIn,
  accordLabel,
  chosenAccords,
  filledLayers,
  isFreshDraft,
  layerName,
  withAccord,
  alternativeNoteTypes,
  canStart,
  chosenOils,
  compositionTotal,
  EMPTY_COMPOSITION,
  hasDefaultPercentages,
  initialLayer,
  inYourLabel,
  isComplete,
  isCompositionTotalValid,
  layersUsing,
  parseWizardPlace,
  resolveWizardPlace,
  stepTwoView,
  suggestedNoteType,
  withDefaultPercentages,
  withOil,
  withPercentage,
  wizardPlaceParams,
  type StartingPoint,
  type WizardPlace,
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

describe('a layer holding an accord (decision 077)', () => {
  const dawn = { versionId: 41, projectId: 7, name: 'Citrus Dawn', referenceNumber: '001b' }

  it('holds the accord instead of the oil, and an oil put back lets the accord go', () => {
    const withDawn = withAccord(COMPLETE, 'Middle', dawn)
    expect(withDawn.middleNote).toBeNull()
    expect(accordIn(withDawn, 'Middle')).toEqual(dawn)
    expect(accordIn(withOil(withDawn, 'Middle', CATALOG.lemon), 'Middle')).toBeNull()
    expect(chosenAccords(withDawn)).toEqual([{ layer: 'Middle', accord: dawn }])
    expect(chosenOils(withDawn).map((c) => c.layer)).toEqual(['Top', 'Base'])
  })

  it('counts as filled: the blend is complete and step 2 shows the progress', () => {
    const onlyDawn = withAccord(EMPTY_COMPOSITION, 'Middle', dawn)
    expect(filledLayers(onlyDawn)).toEqual(['Middle'])
    expect(isComplete(withAccord(COMPLETE, 'Base', dawn))).toBe(true)
    expect(isComplete(onlyDawn)).toBe(false)
    expect(stepTwoView({ startingPoint: { type: null }, composition: onlyDawn, currentNoteType: null })).toEqual({ kind: 'progress' })
    expect(isFreshDraft({ startingPoint: { type: null }, composition: onlyDawn })).toBe(false)
  })

  it('is named by its blend and reference: Citrus Dawn 001b', () => {
    expect(accordLabel(dawn)).toBe('Citrus Dawn 001b')
    expect(layerName(withAccord(COMPLETE, 'Middle', dawn), 'Middle')).toBe('Citrus Dawn 001b')
    expect(layerName(COMPLETE, 'Top')).toBe('Lemon')
    expect(layerName(EMPTY_COMPOSITION, 'Top')).toBeNull()
  })

  it('reads a composition stored before accords (no accord keys) as holding none', () => {
    const old = { ...COMPLETE }
    delete old.topAccord
    expect(accordIn(old, 'Top')).toBeNull()
    expect(filledLayers(old)).toEqual(['Top', 'Middle', 'Base'])
  })
})

describe('the proportions', () => {
  it('sets one layer’s share, within 0-100 and to the hundredth, leaving the others', () => {
    const changed = withPercentage(COMPLETE, 'Middle', 45.555)
    expect(changed).toMatchObject({ topPercentage: 30, middlePercentage: 45.56, basePercentage: 20 })
    expect(withPercentage(COMPLETE, 'Top', 120).topPercentage).toBe(100)
    expect(withPercentage(COMPLETE, 'Top', -1).topPercentage).toBe(0)
    expect(withPercentage(COMPLETE, 'Top', Number.NaN).topPercentage).toBe(0)
  })

  it('totals 100 within 0.1, as the journal’s editor does', () => {
    expect(isCompositionTotalValid(COMPLETE)).toBe(true)
    const at = (top: number) => withPercentage(COMPLETE, 'Top', top)
    expect(isCompositionTotalValid(at(29.9))).toBe(true)
    expect(isCompositionTotalValid(at(30.1))).toBe(true)
    expect(isCompositionTotalValid(at(29.89))).toBe(false)
    expect(isCompositionTotalValid(at(30.11))).toBe(false)
    // Exact in hundredths: 33.33 + 33.33 + 33.34 is 100, not 99.99999999999999.
    const thirds = withPercentage(withPercentage(withPercentage(COMPLETE, 'Top', 33.33), 'Middle', 33.33), 'Base', 33.34)
    expect(compositionTotal(thirds)).toBe(100)
  })

  it('brings the 30/50/20 defaults back', () => {
    const changed = withPercentage(withPercentage(COMPLETE, 'Top', 40), 'Middle', 40)
    expect(hasDefaultPercentages(changed)).toBe(false)
    expect(withDefaultPercentages(changed)).toMatchObject({ topPercentage: 30, middlePercentage: 50, basePercentage: 20 })
    expect(hasDefaultPercentages(withDefaultPercentages(changed))).toBe(true)
  })
})

describe('an oil in two layers', () => {
  it('names the other layers that hold the oil, not the one being picked', () => {
    const twice = composition({ topNote: CATALOG.lavender, middleNote: CATALOG.geranium, baseNote: CATALOG.lavender })
    expect(layersUsing(twice, CATALOG.lavender.id, 'Middle')).toEqual(['Top', 'Base'])
    expect(layersUsing(twice, CATALOG.lavender.id, 'Top')).toEqual(['Base'])
    expect(layersUsing(twice, CATALOG.geranium.id, 'Middle')).toEqual([])
    expect(layersUsing(EMPTY_COMPOSITION, CATALOG.lavender.id, 'Top')).toEqual([])
  })

  it('marks it in the picker’s words', () => {
    expect(inYourLabel(['Base'])).toBe('in your base')
    expect(inYourLabel(['Top', 'Base'])).toBe('in your top and base')
  })
})

describe('the wizard’s place in the address', () => {
  const params = (search: string) => new URLSearchParams(search)

  it('reads the step, and the layer being picked at step 2', () => {
    expect(parseWizardPlace(params('step=1'))).toEqual({ step: 1, layer: null })
    expect(parseWizardPlace(params('step=2'))).toEqual({ step: 2, layer: null })
    expect(parseWizardPlace(params('step=2&layer=middle'))).toEqual({ step: 2, layer: 'Middle' })
    expect(parseWizardPlace(params('project=4&step=2&layer=BASE'))).toEqual({ step: 2, layer: 'Base' })
    expect(parseWizardPlace(params('step=3'))).toEqual({ step: 3, layer: null })
  })

  it('ignores a layer outside step 2 and one it does not know', () => {
    expect(parseWizardPlace(params('step=3&layer=top'))).toEqual({ step: 3, layer: null })
    expect(parseWizardPlace(params('step=2&layer=heart'))).toEqual({ step: 2, layer: null })
  })

  it('names no place without a valid step', () => {
    for (const search of ['', 'layer=top', 'step=0', 'step=4', 'step=two', 'step=2.0', 'project=4']) {
      expect(parseWizardPlace(params(search))).toBeNull()
    }
  })

  it('writes every place so that reading it gives it back', () => {
    fc.assert(
      fc.property(fc.constantFrom<1 | 2 | 3>(1, 2, 3), fc.constantFrom<NoteType | null>(null, ...NOTE_TYPES), (step, layer) => {
        const place: WizardPlace = { step, layer: step === 2 ? layer : null }
        expect(parseWizardPlace(new URLSearchParams(wizardPlaceParams(place)))).toEqual(place)
      }),
    )
    expect(wizardPlaceParams({ step: 2, layer: 'Middle' })).toEqual({ step: '2', layer: 'middle' })
    expect(wizardPlaceParams({ step: 3, layer: null })).toEqual({ step: '3' })
  })

  describe('the place shown', () => {
    const started = { currentStep: 2 as const, startingPoint: { type: 'effect', value: ['Relaxing'] } as StartingPoint }

    it('is the address’s place when the draft can show it', () => {
      const draft = { ...started, composition: COMPLETE }
      expect(resolveWizardPlace({ step: 3, layer: null }, draft)).toEqual({ step: 3, layer: null })
      expect(resolveWizardPlace({ step: 2, layer: 'Base' }, draft)).toEqual({ step: 2, layer: 'Base' })
      expect(resolveWizardPlace({ step: 1, layer: null }, draft)).toEqual({ step: 1, layer: null })
    })

    it('is the draft’s last step when the address names none', () => {
      expect(resolveWizardPlace(null, { ...started, currentStep: 3, composition: COMPLETE })).toEqual({ step: 3, layer: null })
    })

    it('is step 1 for a fresh draft, whatever the address says (after a save, or a reset elsewhere)', () => {
      const fresh = { currentStep: 3 as const, startingPoint: { type: null } as StartingPoint, composition: EMPTY_COMPOSITION }
      expect(resolveWizardPlace({ step: 3, layer: null }, fresh)).toEqual({ step: 1, layer: null })
      expect(resolveWizardPlace({ step: 2, layer: 'Top' }, fresh)).toEqual({ step: 1, layer: null })
      expect(resolveWizardPlace(null, fresh)).toEqual({ step: 1, layer: null })
    })

    it('names the preselected picker at step 2 before any oil, but not an oil start’s confirmation', () => {
      expect(resolveWizardPlace({ step: 2, layer: null }, { ...started, composition: EMPTY_COMPOSITION })).toEqual({
        step: 2,
        layer: 'Top',
      })
      const base = { ...started, startingPoint: { type: 'note-type', value: 'Base' } as StartingPoint, composition: EMPTY_COMPOSITION }
      expect(resolveWizardPlace({ step: 2, layer: null }, base)).toEqual({ step: 2, layer: 'Base' })
      const oil = {
        ...started,
        startingPoint: { type: 'essential-oil', essentialOil: CATALOG.bergamot } as StartingPoint,
        composition: EMPTY_COMPOSITION,
      }
      expect(resolveWizardPlace({ step: 2, layer: null }, oil)).toEqual({ step: 2, layer: null })
    })

    it('shows the blend’s progress at step 2 once an oil is chosen', () => {
      const one = { ...started, composition: composition({ topNote: CATALOG.lemon }) }
      expect(resolveWizardPlace({ step: 2, layer: null }, one)).toEqual({ step: 2, layer: null })
    })
  })
})
