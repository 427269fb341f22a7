import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CreateVersionSchema, type VersionOil } from '#shared/api/blends.ts'
import {
  addCandidates,
  addOil,
  baseBlendName,
  blendTotal,
  canSaveAsNewBlend,
  canSaveVersion,
  editorStart,
  newBlendNameHint,
  newBlendPayload,
  newVersionPayload,
  removeOil,
  roundedSlotSums,
  setPercentage,
  addAccord,
  removeAccord,
  setAccordPercentage,
  accordAt,
  editorTotal,
  NO_ACCORDS,
  type EditorSlots,
  type EditorState,
} from '#shared/domain/editor.ts'
import { MAX_ACCORDS_PER_LAYER } from '#shared/domain/accords.ts'
import { isTotalValid, MAX_OILS_PER_SLOT, parsePercentage, slotTotal, splitEqually, TOTAL_TOLERANCE } from '#shared/domain/percentages.ts'
import { NOTE_TYPES } from '#shared/domain/vocabulary.ts'
import { CATALOG, CATALOG_LIST } from '#tests/support/oil-fixtures.ts'

const { lemon, bergamot, grapefruit, lavender, geranium, rosemary, cedarwood, sandalwood, vetiver, frankincense, eucalyptus, peppermint } =
  CATALOG
const at = (oil: { id: number; name: string }, percentage: number): VersionOil => ({ id: oil.id, name: oil.name, percentage })
const slots = (top: VersionOil[], middle: VersionOil[], base: VersionOil[]): EditorSlots => ({ Top: top, Middle: middle, Base: base })
const CLASSIC = slots([at(lemon, 30)], [at(lavender, 50)], [at(cedarwood, 20)])
const summary = (oil: { id: number; name: string }) => ({
  ...oil,
  slug: '',
  latinName: '',
  scentFamily: 'Citrus' as const,
  noteType: [],
  effects: [],
})

describe('the editor start state', () => {
  it('starts from the source version’s oils per note', () => {
    const source = { topOils: [at(lemon, 15), at(bergamot, 15)], middleOils: [at(lavender, 50)], baseOils: [at(cedarwood, 20)] }
    const state = editorStart({ name: 'Evening Calm', topNote: null, middleNote: null, baseNote: null }, source)
    expect(state.slots.Top).toEqual(source.topOils)
    expect(state.slots.Base).toEqual(source.baseOils)
  })

  it('starts the new blend’s name empty, never the blend’s own (which would save a version of it)', () => {
    const source = { topOils: [at(lemon, 30)], middleOils: [at(lavender, 50)], baseOils: [at(cedarwood, 20)] }
    const state = editorStart({ name: 'Evening Calm', topNote: null, middleNote: null, baseNote: null }, source)
    expect(state.name).toBe('')
    expect(canSaveAsNewBlend(state)).toBe(false)
    expect(canSaveVersion(state)).toBe(true)
  })

  it.each([
    ['Evening Calm', 'Evening Calm (2)'],
    ['Evening Calm (Version 2)', 'Evening Calm (2)'],
  ])('suggests a new name for %j: %j', (name, expected) => {
    expect(newBlendNameHint(name)).toBe(expected)
  })

  it('without a version, takes the blend’s single oil per note at 30/50/20', () => {
    const blend = { name: 'Evening Calm', topNote: summary(lemon), middleNote: summary(lavender), baseNote: summary(cedarwood) }
    expect(editorStart(blend, null).slots).toEqual(CLASSIC)
  })

  it('leaves a note without an oil empty', () => {
    const blend = { name: 'Odd', topNote: summary(lemon), middleNote: null, baseNote: null }
    expect(editorStart(blend, null).slots).toEqual(slots([at(lemon, 30)], [], []))
  })

  it.each([
    ['Evening Calm (Version 2)', 'Evening Calm'],
    ['Evening Calm (version b)', 'Evening Calm'],
    ['Evening Calm (Version 2) (Version 3)', 'Evening Calm'],
    ['Evening Calm', 'Evening Calm'],
    ['Evening (Calm)', 'Evening (Calm)'],
    ['(Version 2)', '(Version 2)'],
  ])('names %j as %j', (name, expected) => {
    expect(baseBlendName(name)).toBe(expected)
  })
})

describe('adding an oil', () => {
  it.each([
    ['Top', 30],
    ['Middle', 50],
    ['Base', 20],
  ] as const)('gives the first oil of an empty %s slot %i%%', (layer, expected) => {
    const next = addOil(slots([], [], []), layer, lemon)
    expect(next[layer]).toEqual([at(lemon, expected)])
  })

  it('splits the slot total equally when a second oil is added', () => {
    expect(addOil(CLASSIC, 'Top', bergamot).Top).toEqual([at(lemon, 15), at(bergamot, 15)])
  })

  it('splits among all the slot’s oils, keeping the total to the hundredth', () => {
    const next = addOil(addOil(CLASSIC, 'Middle', geranium), 'Middle', rosemary)
    expect(next.Middle.map((o) => o.percentage)).toEqual([16.67, 16.67, 16.66])
    expect(slotTotal(next.Middle)).toBe(50)
  })

  it('changes no other slot', () => {
    const next = addOil(CLASSIC, 'Top', bergamot)
    expect(next.Middle).toBe(CLASSIC.Middle)
    expect(next.Base).toBe(CLASSIC.Base)
  })

  it('ignores an oil already in the slot and a full slot', () => {
    expect(addOil(CLASSIC, 'Top', lemon)).toBe(CLASSIC)
    const full = slots(
      Array.from({ length: MAX_OILS_PER_SLOT }, (_, i) => at({ id: 1000 + i, name: `Oil ${i}` }, 1)),
      [],
      [],
    )
    expect(addOil(full, 'Top', lemon)).toBe(full)
  })
})

describe('removing an oil', () => {
  it('shares the slot total equally among the oils that stay', () => {
    const three = slots([at(lemon, 10), at(bergamot, 10), at(grapefruit, 10)], [], [])
    expect(removeOil(three, 'Top', bergamot.id).Top).toEqual([at(lemon, 15), at(grapefruit, 15)])
  })

  it('empties the slot when its only oil goes', () => {
    expect(removeOil(CLASSIC, 'Base', cedarwood.id).Base).toEqual([])
  })

  it('ignores an oil that is not in the slot', () => {
    expect(removeOil(CLASSIC, 'Base', lemon.id)).toBe(CLASSIC)
  })
})

describe('editing a percentage', () => {
  it('changes only that oil', () => {
    const two = slots([at(lemon, 15), at(bergamot, 15)], [at(lavender, 50)], [at(cedarwood, 20)])
    const next = setPercentage(two, 'Top', lemon.id, 20)
    expect(next.Top).toEqual([at(lemon, 20), at(bergamot, 15)])
    expect(next.Middle).toBe(two.Middle)
  })

  it.each([
    ['12.5', 12.5],
    ['', 0],
    ['abc', 0],
    ['  7 ', 7],
    ['-3', 0],
    ['250', 100],
    ['33.333', 33.33],
  ])('reads %j as %d', (text, expected) => {
    expect(parsePercentage(text)).toBe(expected)
  })
})

describe('the total', () => {
  it('is the rule the contract checks: a total the editor allows, the API accepts', () => {
    const body = (middle: number) => ({
      projectId: 1,
      topOils: [{ id: 1, name: 'Lemon', percentage: 30 }],
      middleOils: [{ id: 2, name: 'Lavender', percentage: middle }],
      baseOils: [{ id: 3, name: 'Atlas Cedarwood', percentage: 20 }],
    })
    for (const middle of [50 - TOTAL_TOLERANCE, 50, 50 + TOTAL_TOLERANCE, 49.89, 50.11]) {
      const total = 30 + middle + 20
      expect(CreateVersionSchema.safeParse(body(middle)).success, `total ${total}`).toBe(isTotalValid(total))
    }
  })

  it('is exact at the tolerance edges when summed from parts', () => {
    expect(isTotalValid(blendTotal(slots([at(lemon, 29.9)], [at(lavender, 50)], [at(cedarwood, 20)])))).toBe(true)
    expect(isTotalValid(blendTotal(slots([at(lemon, 30.1)], [at(lavender, 50)], [at(cedarwood, 20)])))).toBe(true)
    expect(isTotalValid(blendTotal(slots([at(lemon, 29.89)], [at(lavender, 50)], [at(cedarwood, 20)])))).toBe(false)
    expect(isTotalValid(blendTotal(slots([at(lemon, 30.11)], [at(lavender, 50)], [at(cedarwood, 20)])))).toBe(false)
  })

  it('disables both saves when the total is off, Save as New Blend also on a blank name', () => {
    expect(canSaveVersion({ name: 'A', slots: CLASSIC, accords: NO_ACCORDS })).toBe(true)
    expect(canSaveAsNewBlend({ name: 'A', slots: CLASSIC, accords: NO_ACCORDS })).toBe(true)
    const off = setPercentage(CLASSIC, 'Top', lemon.id, 29.8)
    expect(canSaveVersion({ name: 'A', slots: off, accords: NO_ACCORDS })).toBe(false)
    expect(canSaveAsNewBlend({ name: 'A', slots: off, accords: NO_ACCORDS })).toBe(false)
    expect(canSaveVersion({ name: '  ', slots: CLASSIC, accords: NO_ACCORDS })).toBe(true)
    expect(canSaveAsNewBlend({ name: '  ', slots: CLASSIC, accords: NO_ACCORDS })).toBe(false)
  })

  it('needs an oil in every note to save', () => {
    const noBase = slots([at(lemon, 30)], [at(lavender, 70)], [])
    expect(canSaveVersion({ name: 'A', slots: noBase, accords: NO_ACCORDS })).toBe(false)
  })
})

describe('editor properties', () => {
  const hundredths = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100)
  const oilList = (min: number) =>
    fc
      .uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: min, maxLength: MAX_OILS_PER_SLOT - 1 })
      .chain((ids) => fc.tuple(...ids.map((id) => hundredths.map((p) => at({ id, name: `Oil ${id}` }, p)))))
  const layer = fc.constantFrom(...NOTE_TYPES)
  const fresh = { id: 9999, name: 'New oil' }

  it('adding an oil to a non-empty slot keeps the slot total', () => {
    fc.assert(
      fc.property(oilList(1), layer, (oils, l) => {
        const before = slots([], [], [])
        const start = { ...before, [l]: oils }
        const after = addOil(start, l, fresh)
        expect(slotTotal(after[l])).toBeCloseTo(slotTotal(oils), 9)
        expect(after[l]).toHaveLength(oils.length + 1)
        const shares = after[l].map((o) => o.percentage)
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(0.01 + 1e-9)
      }),
    )
  })

  it('removing an oil keeps the slot total when any oil stays', () => {
    fc.assert(
      fc.property(oilList(2), layer, fc.nat(), (oils, l, pick) => {
        const start = { ...slots([], [], []), [l]: oils }
        const gone = oils[pick % oils.length]!
        const after = removeOil(start, l, gone.id)
        expect(after[l]).toHaveLength(oils.length - 1)
        expect(after[l].some((o) => o.id === gone.id)).toBe(false)
        expect(slotTotal(after[l])).toBeCloseTo(slotTotal(oils), 9)
      }),
    )
  })

  it('splitting never loses or invents a hundredth', () => {
    fc.assert(
      fc.property(hundredths, fc.integer({ min: 1, max: 12 }), (total, n) => {
        const parts = splitEqually(total, n)
        expect(parts).toHaveLength(n)
        expect(slotTotal(parts.map((percentage) => ({ percentage })))).toBeCloseTo(total, 9)
      }),
    )
  })

  it('the total check agrees with the tolerance for every hundredth', () => {
    fc.assert(
      fc.property(fc.integer({ min: 9_000, max: 11_000 }), (units) => {
        expect(isTotalValid(units / 100)).toBe(Math.abs(units - 10_000) <= 10)
      }),
    )
  })

  it('rounded layer sums each round their layer and total the rounded total', () => {
    // Found by the property below: these layers total exactly 860.5, which the layers' float sums put just under.
    const o = (percentage: number, id: number) => ({ id, name: `Oil ${id}`, percentage })
    const found = slots(
      [o(0.13, 1), o(23.51, 2), o(67.27, 3), o(80.33, 4), o(71.38, 5), o(15.03, 6), o(0.13, 7)],
      [o(0.11, 8), o(99.9, 9), o(75.82, 10), o(56.4, 11), o(82.8, 12), o(86.8, 13), o(99.33, 14), o(0.11, 15), o(0.07, 16)],
      [o(47.72, 17), o(53.66, 18)],
    )
    const r = roundedSlotSums(found)
    expect(r.Top + r.Middle + r.Base).toBe(861)
    fc.assert(
      fc.property(oilList(1), oilList(1), oilList(1), (top, middle, base) => {
        const s = slots(top, middle, base)
        const rounded = roundedSlotSums(s)
        for (const l of NOTE_TYPES) expect(Math.abs(rounded[l] - slotTotal(s[l]))).toBeLessThan(1)
        expect(rounded.Top + rounded.Middle + rounded.Base).toBe(Math.round(blendTotal(s)))
      }),
    )
  })
})

describe('add-panel candidates', () => {
  it('lists oils of the note type not yet in the blend, by name', () => {
    const { oils, fallback } = addCandidates(CATALOG_LIST, CLASSIC, 'Top', 'all')
    expect(oils.map((o) => o.name)).toEqual(['Bergamot', 'Black Pepper', 'Eucalyptus', 'Grapefruit', 'Peppermint'])
    expect(fallback).toBe(false)
  })

  it('in Compatible mode keeps oils sharing a family with the blend’s oils', () => {
    // Lemon (Citrus), Lavender (Floral), Atlas Cedarwood (Woody) are in the blend.
    const { oils } = addCandidates(CATALOG_LIST, CLASSIC, 'Base', 'compatible')
    expect(oils.map((o) => o.name)).toEqual(['Sandalwood'])
  })

  it('in Compatible mode keeps oils named in a blendsWith of the blend’s oils, either way round', () => {
    const catalog = CATALOG_LIST.map((oil) =>
      oil.id === lemon.id ? { ...oil, blendsWith: ['Vetiver'] } : oil.id === frankincense.id ? { ...oil, blendsWith: ['lavender'] } : oil,
    )
    const { oils } = addCandidates(catalog, CLASSIC, 'Base', 'compatible')
    expect(oils.map((o) => o.name)).toEqual(['Frankincense', 'Sandalwood', 'Vetiver'])
  })

  it('falls back to all when nothing is compatible', () => {
    const camphor = slots([at(eucalyptus, 100)], [], [])
    const { oils, fallback } = addCandidates(CATALOG_LIST, camphor, 'Base', 'compatible')
    expect(fallback).toBe(true)
    expect(oils.map((o) => o.id)).toEqual(addCandidates(CATALOG_LIST, camphor, 'Base', 'all').oils.map((o) => o.id))
  })

  it('never offers an oil already used in another note', () => {
    const withPeppermint = slots([at(lemon, 30)], [at(peppermint, 50)], [at(cedarwood, 20)])
    expect(addCandidates(CATALOG_LIST, withPeppermint, 'Top', 'all').oils.map((o) => o.name)).not.toContain('Peppermint')
  })
})

describe('save payloads', () => {
  const state = {
    accords: NO_ACCORDS,
    name: '  Morning Lift ',
    slots: slots(
      [at(lemon, 16.67), at(bergamot, 16.67)],
      [at(lavender, 33.33), at(geranium, 13.33)],
      [at(sandalwood, 10), at(vetiver, 10)],
    ),
  }

  it('Save as New Blend posts the first oil of each slot with each slot sum rounded and effects once', () => {
    expect(newBlendPayload(state, CATALOG_LIST, 'Brighter')).toEqual({
      name: 'Morning Lift',
      topNote: lemon.id,
      middleNote: lavender.id,
      baseNote: sandalwood.id,
      topPercentage: 33,
      middlePercentage: 47,
      basePercentage: 20,
      effects: ['Uplifting', 'Cleansing', 'Energising', 'Relaxing', 'Balancing', 'Grounding'],
      notes: 'Brighter',
    })
  })

  it('Save Version posts every oil of every slot and blank notes as null', () => {
    const payload = newVersionPayload(state, 7, CATALOG_LIST, '  ')
    expect(payload).toMatchObject({ projectId: 7, topOils: state.slots.Top, baseOils: state.slots.Base, formulationNotes: null })
    expect(payload.effects).toEqual([...new Set(payload.effects)])
  })
})

describe('accords in the editor (decision 073)', () => {
  const citrus = { versionId: 41, name: 'Citrus Dawn', referenceNumber: '001b' }
  const woody = { versionId: 52, name: 'Woody Base', referenceNumber: '004a' }
  const classic: EditorState = {
    name: '',
    slots: slots([at(lemon, 30)], [at(lavender, 50)], [at(cedarwood, 20)]),
    accords: NO_ACCORDS,
  }

  it('starts from the own oils and the accords of a version that has accords, not the flattened layers', () => {
    const source = {
      topOils: [at(lemon, 30)],
      middleOils: [at(lavender, 20), at(bergamot, 18), at(grapefruit, 12)],
      baseOils: [at(cedarwood, 20)],
      ownOils: { topOils: [at(lemon, 30)], middleOils: [at(lavender, 20)], baseOils: [at(cedarwood, 20)] },
      accords: [
        {
          layer: 'middle' as const,
          versionId: 41,
          projectId: 1,
          name: 'Citrus Dawn',
          referenceNumber: '001b',
          percentage: 30,
          oils: [at(bergamot, 60), at(grapefruit, 40)],
          newerVersion: null,
        },
      ],
    }
    const state = editorStart({ name: 'Evening Calm', topNote: null, middleNote: null, baseNote: null }, source)
    expect(state.slots.Middle).toEqual([at(lavender, 20)])
    expect(state.accords.Middle).toEqual([{ ...citrus, percentage: 30 }])
    expect(state.accords.Top).toEqual([])
    expect(editorTotal(state)).toBe(100)
  })

  it('adds an accord: an empty note takes its default, a filled one splits its total among oils and accords', () => {
    const empty: EditorState = { ...classic, slots: slots([at(lemon, 30)], [], [at(cedarwood, 20)]) }
    expect(addAccord(empty, 'Middle', citrus).accords.Middle).toEqual([{ ...citrus, percentage: 50 }])
    const split = addAccord(classic, 'Middle', citrus)
    expect(split.slots.Middle).toEqual([at(lavender, 25)])
    expect(split.accords.Middle).toEqual([{ ...citrus, percentage: 25 }])
    expect(editorTotal(split)).toBe(100)
    expect(canSaveVersion(split)).toBe(true)
  })

  it('refuses the same accord twice in a note and more than MAX_ACCORDS_PER_LAYER accords', () => {
    const once = addAccord(classic, 'Top', citrus)
    expect(addAccord(once, 'Top', citrus)).toBe(once)
    let full = classic
    for (let i = 0; i < MAX_ACCORDS_PER_LAYER; i++) full = addAccord(full, 'Base', { ...woody, versionId: 100 + i })
    expect(full.accords.Base).toHaveLength(MAX_ACCORDS_PER_LAYER)
    expect(addAccord(full, 'Base', woody)).toBe(full)
  })

  it('removes an accord and shares the note total among what stays; sets a percentage on one accord only', () => {
    const two = addAccord(classic, 'Middle', citrus)
    expect(removeAccord(two, 'Middle', citrus.versionId)).toEqual({ ...classic, accords: { ...NO_ACCORDS, Middle: [] } })
    const set = setAccordPercentage(two, 'Middle', citrus.versionId, 12.345)
    expect(set.accords.Middle[0]!.percentage).toBe(12.35)
    expect(set.slots).toBe(two.slots)
  })

  it('a note of accords only is filled: Save Version and Save as New Blend send accords', () => {
    const state = addAccord({ ...classic, name: 'Evening', slots: slots([at(lemon, 30)], [], [at(cedarwood, 20)]) }, 'Middle', citrus)
    expect(canSaveVersion(state)).toBe(true)
    const version = newVersionPayload(state, 7, CATALOG_LIST)
    expect(version.middleOils).toEqual([])
    expect(version.accords).toEqual([{ layer: 'middle', versionId: 41, percentage: 50 }])
    expect(CreateVersionSchema.safeParse(version).success).toBe(true)
    const blend = newBlendPayload(state, CATALOG_LIST)
    expect(blend).toMatchObject({ topNote: lemon.id, middleAccord: 41, baseNote: cedarwood.id, middlePercentage: 50 })
    expect(blend).not.toHaveProperty('middleNote')
  })

  it('names the accord line a refusal path counts (accords in top, middle, base order)', () => {
    const state = addAccord(addAccord(classic, 'Base', woody), 'Top', citrus)
    expect(accordAt(state.accords, 0)).toEqual({ layer: 'Top', versionId: 41 })
    expect(accordAt(state.accords, 1)).toEqual({ layer: 'Base', versionId: 52 })
    expect(accordAt(state.accords, 2)).toBeNull()
  })
})
