import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import {
  allowedFamilies,
  familyFilterOptions,
  hiddenByFamilyRule,
  NO_FILTERS,
  pickerOils,
  PICKER_SORTS,
  sortOils,
  startEffectFilter,
  type PickerContext,
} from '#shared/domain/oil-picker.ts'
import { EFFECTS, NOTE_TYPES, SCENT_FAMILIES } from '#shared/domain/vocabulary.ts'
import { compatibleSet } from '#shared/domain/compatibility.ts'
import { chosenOils, EMPTY_COMPOSITION, type StartingPoint } from '#shared/domain/wizard.ts'
import { CATALOG, CATALOG_LIST, composition, makeOil } from '#tests/support/oil-fixtures.ts'

const names = (oils: EssentialOil[]) => oils.map((o) => o.name)
const anyStart: StartingPoint = { type: 'note-type', value: 'Top' }
const context = (overrides: Partial<PickerContext> = {}): PickerContext => ({
  layer: 'Top',
  composition: EMPTY_COMPOSITION,
  startingPoint: anyStart,
  ...overrides,
})

describe('the oil picker', () => {
  describe('note type', () => {
    it.each([
      ['Top', ['Bergamot', 'Black Pepper', 'Eucalyptus', 'Grapefruit', 'Lemon', 'Peppermint']],
      ['Middle', ['Bergamot', 'Black Pepper', 'Geranium', 'Ginger', 'Lavender', 'Peppermint', 'Rosemary']],
      ['Base', ['Atlas Cedarwood', 'Black Pepper', 'Frankincense', 'Ginger', 'Sandalwood', 'Vetiver']],
    ] as const)('lists only oils that can be a %s note, sorted by name', (layer, expected) => {
      const result = pickerOils(CATALOG_LIST, context({ layer }), NO_FILTERS)
      expect(names(result)).toEqual(expected)
      expect(result.every((oil) => oil.noteType.includes(layer))).toBe(true)
    })

    it('has a case above for every note type', () => {
      expect(NOTE_TYPES).toEqual(['Top', 'Middle', 'Base'])
    })

    it('lists oils with several note types in each of their layers', () => {
      for (const layer of NOTE_TYPES) {
        expect(names(pickerOils(CATALOG_LIST, context({ layer }), NO_FILTERS))).toContain('Black Pepper')
      }
    })
  })

  describe('search', () => {
    it('keeps oils whose name contains the text, ignoring case', () => {
      expect(names(pickerOils(CATALOG_LIST, context({ layer: 'Middle' }), { ...NO_FILTERS, search: 'GER' }))).toEqual([
        'Geranium',
        'Ginger',
      ])
    })

    it('searches the name only, not the Latin name', () => {
      expect(pickerOils(CATALOG_LIST, context({ layer: 'Top' }), { ...NO_FILTERS, search: 'piper' })).toEqual([])
    })

    it('finds nothing for a name no oil has', () => {
      expect(pickerOils(CATALOG_LIST, context(), { ...NO_FILTERS, search: 'zzz' })).toEqual([])
    })
  })

  describe('scent-family compatibility once a note is chosen', () => {
    it('needs no compatibility before any note is chosen', () => {
      expect(allowedFamilies(context())).toBeNull()
      expect(familyFilterOptions(context())).toEqual([...SCENT_FAMILIES])
    })

    it('with one chosen oil, keeps its family’s compatible families', () => {
      const ctx = context({ layer: 'Middle', composition: composition({ baseNote: CATALOG.vetiver }) })
      expect(allowedFamilies(ctx)).toEqual(['Earthy', 'Woody', 'Floral', 'Spicy', 'Citrus'])
      // Minty (Peppermint) and Herbal (Rosemary) do not go with Earthy, either way round.
      expect(names(pickerOils(CATALOG_LIST, ctx, NO_FILTERS))).toEqual(['Bergamot', 'Black Pepper', 'Geranium', 'Ginger', 'Lavender'])
    })

    it('with two chosen oils, keeps the intersection of their compatible families', () => {
      // Bergamot and Lavender (issue 31): Citrus goes with every family, Floral with Citrus, Woody,
      // Herbal, Earthy and Resinous, so Frankincense and Vetiver stay; the Spicy oils do not.
      const ctx = context({
        layer: 'Base',
        composition: composition({ topNote: CATALOG.bergamot, middleNote: CATALOG.lavender }),
      })
      expect(allowedFamilies(ctx)).toEqual(['Citrus', 'Woody', 'Floral', 'Herbal', 'Earthy', 'Resinous'])
      expect(names(pickerOils(CATALOG_LIST, ctx, NO_FILTERS))).toEqual(['Atlas Cedarwood', 'Frankincense', 'Sandalwood', 'Vetiver'])
    })

    it('with three chosen oils (re-picking one layer), compares with the other two only', () => {
      // Re-picking the base of Lemon / Rosemary / Vetiver: Citrus ∩ Herbal, the Vetiver aside.
      const full = composition({ topNote: CATALOG.lemon, middleNote: CATALOG.rosemary, baseNote: CATALOG.vetiver })
      const ctx = context({ layer: 'Base', composition: full })
      expect(allowedFamilies(ctx)).toEqual(['Citrus', 'Woody', 'Floral', 'Herbal', 'Spicy', 'Minty', 'Camphoraceous'])
      expect(names(pickerOils(CATALOG_LIST, ctx, NO_FILTERS))).toEqual(['Atlas Cedarwood', 'Black Pepper', 'Ginger', 'Sandalwood'])
    })

    it('with three chosen oils from three families, keeps what all three share', () => {
      // Citrus ∩ Floral ∩ Woody: Floral's row, as Citrus and Woody go with every family.
      const full = composition({ topNote: CATALOG.lemon, middleNote: CATALOG.lavender, baseNote: CATALOG.cedarwood })
      expect(compatibleSet(chosenOils(full).map(({ oil }) => oil.scentFamily))).toEqual([
        'Citrus',
        'Woody',
        'Floral',
        'Herbal',
        'Earthy',
        'Resinous',
      ])
      // Re-picking the top compares with the Floral heart and the Woody base: Floral ∩ Woody.
      expect(allowedFamilies(context({ layer: 'Top', composition: full }))).toEqual([
        'Floral',
        'Citrus',
        'Woody',
        'Herbal',
        'Earthy',
        'Resinous',
      ])
    })

    it('never lists an oil whose family is outside the compatible set', () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...NOTE_TYPES),
          fc.option(fc.constantFrom(...CATALOG_LIST)),
          fc.option(fc.constantFrom(...CATALOG_LIST)),
          fc.option(fc.constantFrom(...CATALOG_LIST)),
          (layer, topNote, middleNote, baseNote) => {
            const ctx = context({ layer, composition: composition({ topNote, middleNote, baseNote }) })
            const allowed = allowedFamilies(ctx)
            for (const oil of pickerOils(CATALOG_LIST, ctx, NO_FILTERS)) {
              expect(oil.noteType).toContain(layer)
              if (allowed) expect(allowed).toContain(oil.scentFamily)
            }
          },
        ),
      )
    })
  })

  describe('the oils the family rule hides', () => {
    const bergamotLavender = context({
      layer: 'Base',
      composition: composition({ topNote: CATALOG.bergamot, middleNote: CATALOG.lavender }),
    })

    it('counts the oils only the family rule keeps out, and lists them when asked', () => {
      // Black Pepper and Ginger (Spicy) go with neither Floral's row nor a row listing Floral.
      expect(hiddenByFamilyRule(CATALOG_LIST, bergamotLavender, NO_FILTERS)).toBe(2)
      expect(names(pickerOils(CATALOG_LIST, bergamotLavender, NO_FILTERS, 'name', false))).toEqual([
        'Atlas Cedarwood',
        'Black Pepper',
        'Frankincense',
        'Ginger',
        'Sandalwood',
        'Vetiver',
      ])
    })

    it('counts within the search: "gin" finds only an oil the rule hides', () => {
      const search = { ...NO_FILTERS, search: 'gin' }
      expect(pickerOils(CATALOG_LIST, bergamotLavender, search)).toEqual([])
      expect(hiddenByFamilyRule(CATALOG_LIST, bergamotLavender, search)).toBe(1)
      expect(names(pickerOils(CATALOG_LIST, bergamotLavender, search, 'name', false))).toEqual(['Ginger'])
    })

    it('hides nothing before a note is chosen without a family start', () => {
      expect(hiddenByFamilyRule(CATALOG_LIST, context({ layer: 'Base' }), NO_FILTERS)).toBe(0)
    })

    it('is always the difference between the list with and without the rule', () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...NOTE_TYPES),
          fc.option(fc.constantFrom(...CATALOG_LIST)),
          fc.option(fc.constantFrom(...CATALOG_LIST)),
          (layer, topNote, baseNote) => {
            const ctx = context({ layer, composition: composition({ topNote, baseNote }) })
            const shown = pickerOils(CATALOG_LIST, ctx, NO_FILTERS).length
            expect(pickerOils(CATALOG_LIST, ctx, NO_FILTERS, 'name', false).length - shown).toBe(
              hiddenByFamilyRule(CATALOG_LIST, ctx, NO_FILTERS),
            )
          },
        ),
      )
    })
  })

  describe('the compatible-family filter', () => {
    it('narrows the list to one family', () => {
      const ctx = context({ layer: 'Middle', composition: composition({ topNote: CATALOG.lemon }) })
      expect(names(pickerOils(CATALOG_LIST, ctx, { ...NO_FILTERS, family: 'Floral' }))).toEqual(['Geranium', 'Lavender'])
    })

    it('offers the compatible families in the dropdown', () => {
      const ctx = context({ layer: 'Middle', composition: composition({ topNote: CATALOG.lemon, baseNote: CATALOG.vetiver }) })
      expect(familyFilterOptions(ctx)).toEqual(['Citrus', 'Woody', 'Floral', 'Spicy', 'Earthy'])
      // Once the maker shows the oils the family rule hides, every family.
      expect(familyFilterOptions(ctx, false)).toEqual([...SCENT_FAMILIES])
    })

    it('only ever removes oils', () => {
      fc.assert(
        fc.property(fc.constantFrom(...NOTE_TYPES), fc.constantFrom(...SCENT_FAMILIES), (layer, family) => {
          const all = pickerOils(CATALOG_LIST, context({ layer }), NO_FILTERS)
          const narrowed = pickerOils(CATALOG_LIST, context({ layer }), { ...NO_FILTERS, family })
          expect(narrowed.every((oil) => all.includes(oil) && oil.scentFamily === family)).toBe(true)
        }),
      )
    })
  })

  describe('a scent-family start', () => {
    const start: StartingPoint = { type: 'scent-family', value: 'Woody' }

    it('keeps to its family until a note is chosen', () => {
      const ctx = context({ layer: 'Base', startingPoint: start })
      expect(familyFilterOptions(ctx)).toEqual(['Woody'])
      expect(names(pickerOils(CATALOG_LIST, ctx, NO_FILTERS))).toEqual(['Atlas Cedarwood', 'Sandalwood'])
    })

    it('follows compatibility once a note is chosen', () => {
      const ctx = context({ layer: 'Middle', startingPoint: start, composition: composition({ baseNote: CATALOG.vetiver }) })
      expect(familyFilterOptions(ctx)).toEqual(['Earthy', 'Woody', 'Floral', 'Spicy', 'Citrus'])
      expect(names(pickerOils(CATALOG_LIST, ctx, NO_FILTERS))).toEqual(['Bergamot', 'Black Pepper', 'Geranium', 'Ginger', 'Lavender'])
    })
  })

  describe('an effect start', () => {
    const start: StartingPoint = { type: 'effect', value: ['Grounding', 'Cleansing'] }

    it('offers no effect checkbox in the top layer', () => {
      expect(startEffectFilter({ startingPoint: start, layer: 'Top' })).toBeNull()
    })

    it('offers the FIRST chosen effect in the middle and base layers', () => {
      expect(startEffectFilter({ startingPoint: start, layer: 'Middle' })).toBe('Grounding')
      expect(startEffectFilter({ startingPoint: start, layer: 'Base' })).toBe('Grounding')
    })

    it('offers no checkbox for other starts', () => {
      expect(startEffectFilter({ startingPoint: { type: 'scent-family', value: 'Citrus' }, layer: 'Middle' })).toBeNull()
    })

    it('keeps the first layer to oils with one of the chosen effects', () => {
      expect(names(pickerOils(CATALOG_LIST, context({ startingPoint: start }), NO_FILTERS))).toEqual([
        'Black Pepper',
        'Eucalyptus',
        'Lemon',
        'Peppermint',
      ])
    })

    it('with the checkbox ticked, keeps only oils with the first effect', () => {
      const ctx = context({ layer: 'Middle', startingPoint: start, composition: composition({ topNote: CATALOG.blackPepper }) })
      const all = pickerOils(CATALOG_LIST, ctx, NO_FILTERS)
      const only = pickerOils(CATALOG_LIST, ctx, { ...NO_FILTERS, onlyStartEffect: true })
      // Spicy goes with Spicy, Woody, Herbal and Citrus.
      expect(names(all)).toEqual(['Bergamot', 'Black Pepper', 'Ginger', 'Rosemary'])
      expect(names(only)).toEqual(['Black Pepper', 'Ginger'])
    })
  })
})

describe('sorting the picker', () => {
  const oils = [
    makeOil({ name: 'Ylang Ylang', noteType: ['Middle'], scentFamily: 'Floral', effects: ['Relaxing'] }),
    makeOil({ name: 'Basil', noteType: ['Top'], scentFamily: 'Herbal', effects: ['Energising'] }),
    makeOil({ name: 'Lime', noteType: ['Top'], scentFamily: 'Citrus', effects: ['Uplifting', 'Cleansing'] }),
    makeOil({ name: 'Geranium', noteType: ['Middle'], scentFamily: 'Floral', effects: ['Balancing'] }),
    makeOil({ name: 'Cypress', noteType: ['Middle'], scentFamily: 'Woody', effects: [] }),
    makeOil({ name: 'Bergamot', noteType: ['Top'], scentFamily: 'Citrus', effects: ['Uplifting'] }),
  ]

  it('sorts by name', () => {
    expect(names(sortOils(oils, 'name'))).toEqual(['Basil', 'Bergamot', 'Cypress', 'Geranium', 'Lime', 'Ylang Ylang'])
  })

  it('sorts by scent family, then by name', () => {
    expect(names(sortOils(oils, 'scent-family'))).toEqual(['Bergamot', 'Lime', 'Geranium', 'Ylang Ylang', 'Basil', 'Cypress'])
  })

  it('sorts by main effect, then by name, with oils without effects last', () => {
    expect(names(sortOils(oils, 'effects'))).toEqual(['Geranium', 'Basil', 'Ylang Ylang', 'Bergamot', 'Lime', 'Cypress'])
  })

  it('keeps every oil, in an order that does not depend on the input order', () => {
    const arbitraryOil = fc.record({
      name: fc.string({ minLength: 1, maxLength: 6 }),
      scentFamily: fc.constantFrom(...SCENT_FAMILIES),
      effects: fc.uniqueArray(fc.constantFrom(...EFFECTS), { maxLength: 3 }),
    })
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryOil, { selector: (o) => o.name, maxLength: 12 }),
        fc.constantFrom(...PICKER_SORTS),
        (list, sort) => {
          const sorted = sortOils(list, sort)
          expect(sorted).toHaveLength(list.length)
          expect(sortOils([...list].reverse(), sort)).toEqual(sorted)
        },
      ),
    )
  })
})
