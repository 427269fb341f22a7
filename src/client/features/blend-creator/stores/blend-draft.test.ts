import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BLEND_DRAFT_STORAGE_KEY, blendDraftStore } from '#client/features/blend-creator/stores/blend-draft.ts'
import { RESET_BLEND_DRAFT_EVENT } from '#client/lib/app-events.ts'
import { forgetStoredBlendDraft, storedDraftToAsk } from '#client/features/blend-creator/draft-storage.ts'
import { CATALOG } from '#tests/support/oil-fixtures.ts'

const stored = () => JSON.parse(localStorage.getItem(BLEND_DRAFT_STORAGE_KEY) ?? 'null') as { state: Record<string, unknown> }

describe('the blend draft', () => {
  beforeEach(() => blendDraftStore.getState().reset())
  afterEach(() => localStorage.clear())

  it('starts on step 1 with an empty 30/50/20 composition', () => {
    expect(blendDraftStore.getState()).toMatchObject({
      currentStep: 1,
      startingPoint: { type: null },
      composition: { topNote: null, middleNote: null, baseNote: null, topPercentage: 30, middlePercentage: 50, basePercentage: 20 },
      blendName: '',
      notes: '',
      isEditMode: false,
    })
  })

  it('stores the starting point and moves to step 2 when a blend is started', () => {
    blendDraftStore.getState().start({ type: 'note-type', value: 'Base' })
    expect(blendDraftStore.getState()).toMatchObject({ currentStep: 2, startingPoint: { type: 'note-type', value: 'Base' } })
  })

  it('fills a layer', () => {
    blendDraftStore.getState().start({ type: 'effect', value: ['Relaxing'] })
    blendDraftStore.getState().setNoteOil('Top', CATALOG.bergamot)
    expect(blendDraftStore.getState().composition.topNote).toEqual(CATALOG.bergamot)
  })

  it('keeps the chosen oils when started again the same way, and drops them for a new start', () => {
    const draft = blendDraftStore.getState()
    draft.start({ type: 'effect', value: ['Relaxing'] })
    draft.setNoteOil('Top', CATALOG.bergamot)
    draft.setStep(1)
    blendDraftStore.getState().start({ type: 'effect', value: ['Relaxing'] })
    expect(blendDraftStore.getState()).toMatchObject({ currentStep: 2, composition: { topNote: CATALOG.bergamot } })
    blendDraftStore.getState().start({ type: 'effect', value: ['Grounding'] })
    expect(blendDraftStore.getState()).toMatchObject({ composition: { topNote: null } })
  })

  it('sets one layer’s percentage, kept within 0-100 to the hundredth, and brings the defaults back', () => {
    const draft = blendDraftStore.getState()
    draft.setPercentage('Top', 25.5)
    draft.setPercentage('Middle', 54.456)
    expect(blendDraftStore.getState().composition).toMatchObject({ topPercentage: 25.5, middlePercentage: 54.46, basePercentage: 20 })
    draft.setPercentage('Base', 140)
    expect(blendDraftStore.getState().composition.basePercentage).toBe(100)
    draft.setPercentage('Base', -3)
    expect(blendDraftStore.getState().composition.basePercentage).toBe(0)
    draft.resetPercentages()
    expect(blendDraftStore.getState().composition).toMatchObject({ topPercentage: 30, middlePercentage: 50, basePercentage: 20 })
  })

  it('keeps changed percentages across a reload', async () => {
    blendDraftStore.getState().setPercentage('Top', 35)
    blendDraftStore.getState().setPercentage('Middle', 45)
    const saved = localStorage.getItem(BLEND_DRAFT_STORAGE_KEY)!
    blendDraftStore.getState().reset()
    localStorage.setItem(BLEND_DRAFT_STORAGE_KEY, saved)
    await blendDraftStore.persist.rehydrate()
    expect(blendDraftStore.getState().composition).toMatchObject({ topPercentage: 35, middlePercentage: 45, basePercentage: 20 })
  })

  it('drops a stored draft whose percentage is out of range', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    blendDraftStore.getState().setBlendName('Kept?')
    const state = stored().state
    blendDraftStore.getState().reset()
    localStorage.setItem(
      BLEND_DRAFT_STORAGE_KEY,
      JSON.stringify({ version: 1, state: { ...state, composition: { ...(state.composition as object), topPercentage: 25 } } }),
    )
    await blendDraftStore.persist.rehydrate()
    // In range, it is read back; out of range, the whole draft is dropped.
    expect(blendDraftStore.getState()).toMatchObject({ blendName: 'Kept?', composition: { topPercentage: 25 } })
    blendDraftStore.getState().reset()
    localStorage.setItem(
      BLEND_DRAFT_STORAGE_KEY,
      JSON.stringify({ version: 1, state: { ...state, composition: { ...(state.composition as object), topPercentage: 250 } } }),
    )
    await blendDraftStore.persist.rehydrate()
    expect(blendDraftStore.getState()).toMatchObject({ blendName: '', composition: { topPercentage: 30 } })
  })

  it('persists the step, starting point, composition, name and notes, but not edit mode', () => {
    const draft = blendDraftStore.getState()
    draft.start({ type: 'effect', value: ['Relaxing'] })
    draft.setNoteOil('Top', CATALOG.bergamot)
    draft.setBlendName('Evening Calm')
    draft.setNotes('Soft')
    draft.editBlend()
    expect(Object.keys(stored().state).sort()).toEqual(['blendName', 'composition', 'currentStep', 'notes', 'startingPoint'])
    expect(stored().state).toMatchObject({ currentStep: 2, blendName: 'Evening Calm', notes: 'Soft' })
  })

  it('restores a saved draft', async () => {
    localStorage.setItem(
      BLEND_DRAFT_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        state: {
          currentStep: 3,
          startingPoint: { type: 'scent-family', value: 'Woody' },
          composition: {
            topNote: CATALOG.lemon,
            middleNote: null,
            baseNote: null,
            topPercentage: 30,
            middlePercentage: 50,
            basePercentage: 20,
          },
          blendName: 'Forest',
          notes: '',
        },
      }),
    )
    await blendDraftStore.persist.rehydrate()
    expect(blendDraftStore.getState()).toMatchObject({ currentStep: 3, blendName: 'Forest', composition: { topNote: CATALOG.lemon } })
  })

  it('is ready at once with no stored draft, and with one only once it has been checked (the check loads then)', async () => {
    localStorage.clear()
    vi.resetModules()
    const fresh = await import('#client/features/blend-creator/stores/blend-draft.ts')
    expect(fresh.blendDraftStore.persist.hasHydrated()).toBe(true)
    localStorage.setItem(
      BLEND_DRAFT_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        state: {
          currentStep: 2,
          startingPoint: { type: 'note-type', value: 'Top' },
          composition: fresh.blendDraftStore.getState().composition,
          blendName: 'Forest',
          notes: '',
        },
      }),
    )
    vi.resetModules()
    const restoring = await import('#client/features/blend-creator/stores/blend-draft.ts')
    expect(restoring.blendDraftStore.persist.hasHydrated()).toBe(false)
    await vi.waitFor(() => expect(restoring.blendDraftStore.persist.hasHydrated()).toBe(true))
    expect(restoring.blendDraftStore.getState()).toMatchObject({ currentStep: 2, blendName: 'Forest' })
  })

  it('ignores a stored draft it cannot read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    localStorage.setItem(BLEND_DRAFT_STORAGE_KEY, JSON.stringify({ version: 1, state: { currentStep: 9, blendName: 4 } }))
    await blendDraftStore.persist.rehydrate()
    expect(blendDraftStore.getState()).toMatchObject({ currentStep: 1, blendName: '' })
  })

  it('resets on the shell’s resetBlendDraft event, with or without the page on screen', () => {
    blendDraftStore.getState().start({ type: 'note-type', value: 'Top' })
    window.dispatchEvent(new Event(RESET_BLEND_DRAFT_EVENT))
    expect(blendDraftStore.getState()).toMatchObject({ currentStep: 1, startingPoint: { type: null } })
  })

  describe('a layer holding an accord (decision 077)', () => {
    const dawn = { versionId: 41, projectId: 7, name: 'Citrus Dawn', referenceNumber: '001b' }

    it('puts the accord in the layer instead of its oil, and keeps it across a reload', async () => {
      const draft = blendDraftStore.getState()
      draft.start({ type: 'note-type', value: 'Middle' })
      draft.setNoteOil('Middle', CATALOG.lemon)
      blendDraftStore.getState().setNoteAccord('Middle', dawn)
      expect(blendDraftStore.getState().composition).toMatchObject({ middleNote: null, middleAccord: dawn })
      const saved = localStorage.getItem(BLEND_DRAFT_STORAGE_KEY)!
      blendDraftStore.getState().reset()
      localStorage.setItem(BLEND_DRAFT_STORAGE_KEY, saved)
      await blendDraftStore.persist.rehydrate()
      expect(blendDraftStore.getState().composition).toMatchObject({ middleNote: null, middleAccord: dawn })
    })

    it('drops a stored draft whose accord is not one (no version id)', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      blendDraftStore.getState().setBlendName('Kept?')
      const state = stored().state
      blendDraftStore.getState().reset()
      localStorage.setItem(
        BLEND_DRAFT_STORAGE_KEY,
        JSON.stringify({
          version: 1,
          state: { ...state, composition: { ...(state.composition as object), middleAccord: { name: 'Citrus Dawn' } } },
        }),
      )
      await blendDraftStore.persist.rehydrate()
      expect(blendDraftStore.getState().blendName).toBe('')
    })

    it('asks before starting anew when the stored draft is complete with an accord in a layer', () => {
      const draft = blendDraftStore.getState()
      draft.start({ type: 'note-type', value: 'Top' })
      draft.setNoteOil('Top', CATALOG.lemon)
      draft.setNoteAccord('Middle', dawn)
      expect(storedDraftToAsk()).toBeNull()
      blendDraftStore.getState().setNoteOil('Base', CATALOG.cedarwood)
      expect(storedDraftToAsk()).toEqual({ blendName: '' })
    })
  })

  it('lets the shell forget a stored draft without loading the store', () => {
    blendDraftStore.getState().setBlendName('Stored')
    expect(localStorage.getItem(BLEND_DRAFT_STORAGE_KEY)).not.toBeNull()
    forgetStoredBlendDraft()
    expect(localStorage.getItem(BLEND_DRAFT_STORAGE_KEY)).toBeNull()
  })

  it('resets everything to the defaults', () => {
    const draft = blendDraftStore.getState()
    draft.start({ type: 'note-type', value: 'Top' })
    draft.setNoteOil('Top', CATALOG.lemon)
    draft.setBlendName('X')
    draft.editBlend()
    blendDraftStore.getState().reset()
    expect(blendDraftStore.getState()).toMatchObject({
      currentStep: 1,
      startingPoint: { type: null },
      composition: { topNote: null },
      blendName: '',
      isEditMode: false,
    })
  })
})
