import { describe, expect, it } from 'vitest'
import { CreateBlendSchema, CreateVersionSchema } from '#shared/api/blends.ts'
import { blendPayload, canSave, versionPayload } from '#shared/domain/wizard-save.ts'
import { withAccord, withOil, type DraftAccord } from '#shared/domain/wizard.ts'
import { COMPLETE } from '#tests/support/oil-fixtures.ts'

describe('what can be saved', () => {
  it('needs all three notes and a name that is not blank', () => {
    expect(canSave(COMPLETE, 'Evening Calm')).toBe(true)
    expect(canSave(COMPLETE, '   ')).toBe(false)
    expect(canSave(withOil(COMPLETE, 'Base', null), 'Evening Calm')).toBe(false)
  })
})

const CITRUS_DAWN_B: DraftAccord = { versionId: 41, projectId: 7, name: 'Citrus Dawn', referenceNumber: '001b' }

describe('a layer holding an accord (decision 077)', () => {
  const withMiddleAccord = withAccord(COMPLETE, 'Middle', CITRUS_DAWN_B)

  it('can be saved like a layer holding an oil', () => {
    expect(canSave(withMiddleAccord, 'Evening Calm')).toBe(true)
    expect(canSave(withAccord(COMPLETE, 'Middle', null), 'Evening Calm')).toBe(false)
  })

  it('posts middleAccord instead of middleNote, with only the oils’ effects, and the contract takes it', () => {
    const body = blendPayload(withMiddleAccord, { name: 'Dawn Over Cedar', notes: '' })
    expect(body).toEqual({
      name: 'Dawn Over Cedar',
      topNote: COMPLETE.topNote!.id,
      middleAccord: 41,
      baseNote: COMPLETE.baseNote!.id,
      topPercentage: 30,
      middlePercentage: 50,
      basePercentage: 20,
      effects: ['Uplifting', 'Cleansing', 'Energising', 'Grounding', 'Balancing', 'Relaxing'],
      notes: null,
    })
    expect('middleNote' in body).toBe(false)
    expect(CreateBlendSchema.safeParse(body).success).toBe(true)
  })

  it('posts a version with the accord in `accords` at the layer’s percentage and no oil in that layer', () => {
    const body = versionPayload(withMiddleAccord, { projectId: 3, notes: '', now: new Date('2025-03-01T10:00:00.000Z') })
    expect(body.middleOils).toEqual([])
    expect(body.accords).toEqual([{ layer: 'middle', versionId: 41, percentage: 50 }])
    expect(body.topOils).toEqual([{ id: COMPLETE.topNote!.id, name: 'Lemon', percentage: 30 }])
    expect(CreateVersionSchema.safeParse(body).success).toBe(true)
  })

  it('an oil put back in the layer replaces the accord in the payload', () => {
    const body = blendPayload(withOil(withMiddleAccord, 'Middle', COMPLETE.middleNote), { name: 'A', notes: '' })
    expect(body.middleNote).toBe(COMPLETE.middleNote!.id)
    expect(body.middleAccord).toBeUndefined()
  })
})

describe('the payloads', () => {
  it('posts a blend with one oil id per layer, 30/50/20, its unique effects and the notes', () => {
    const body = blendPayload(COMPLETE, { name: '  Citrus Garden ', notes: 'Bright and calm' })
    expect(body).toEqual({
      name: 'Citrus Garden',
      topNote: COMPLETE.topNote!.id,
      middleNote: COMPLETE.middleNote!.id,
      baseNote: COMPLETE.baseNote!.id,
      topPercentage: 30,
      middlePercentage: 50,
      basePercentage: 20,
      effects: ['Uplifting', 'Cleansing', 'Energising', 'Relaxing', 'Balancing', 'Grounding'],
      notes: 'Bright and calm',
    })
    expect(CreateBlendSchema.safeParse(body).success).toBe(true)
  })

  it('sends blank notes as null', () => {
    expect(blendPayload(COMPLETE, { name: 'A', notes: '  ' }).notes).toBeNull()
  })

  it('posts a version with one oil per slot at the slot’s percentage and the wizard defaults, no letter or reference', () => {
    const now = new Date('2025-03-01T10:00:00.000Z')
    const body = versionPayload(COMPLETE, { projectId: 1, notes: '', now })
    expect(body).toEqual({
      projectId: 1,
      topOils: [{ id: COMPLETE.topNote!.id, name: 'Lemon', percentage: 30 }],
      middleOils: [{ id: COMPLETE.middleNote!.id, name: 'Lavender', percentage: 50 }],
      baseOils: [{ id: COMPLETE.baseNote!.id, name: 'Atlas Cedarwood', percentage: 20 }],
      accords: [],
      effects: ['Uplifting', 'Cleansing', 'Energising', 'Relaxing', 'Balancing', 'Grounding'],
      formulationNotes: null,
      testingNotes: null,
      rating: null,
      tested: false,
      dateMade: '2025-03-01T10:00:00.000Z',
      dateTested: null,
      maturationPeriod: 48,
      maturationComplete: false,
      crossContaminationPrevented: true,
      weighedInGrams: false,
    })
    expect(CreateVersionSchema.safeParse(body).success).toBe(true)
  })

  it('refuses an incomplete blend', () => {
    expect(() => blendPayload(withOil(COMPLETE, 'Top', null), { name: 'A', notes: '' })).toThrow()
    expect(() => versionPayload(withOil(COMPLETE, 'Base', null), { projectId: 1, notes: '', now: new Date() })).toThrow()
  })
})
