import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BLEND_DRAFT_STORAGE_KEY, blendDraftStore } from '#client/features/blend-creator/stores/blend-draft.ts'
import { RESET_BLEND_DRAFT_EVENT } from '#client/lib/app-events.ts'
import { forgetStoredBlendDraft } from '#client/features/blend-creator/draft-storage.ts'
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
      currentNoteType: null,
      isEditMode: false,
    })
  })

  it('opens the preselected layer when a blend is started', () => {
    blendDraftStore.getState().start({ type: 'note-type', value: 'Base' })
    expect(blendDraftStore.getState()).toMatchObject({ currentStep: 2, currentNoteType: 'Base' })
    blendDraftStore.getState().start({ type: 'scent-family', value: 'Citrus' })
    expect(blendDraftStore.getState().currentNoteType).toBe('Top')
  })

  it('asks before placing the oil of an oil start', () => {
    blendDraftStore.getState().start({ type: 'essential-oil', essentialOil: CATALOG.lavender })
    expect(blendDraftStore.getState()).toMatchObject({ currentStep: 2, currentNoteType: null })
  })

  it('fills a layer and closes the picker', () => {
    blendDraftStore.getState().start({ type: 'effect', value: ['Relaxing'] })
    blendDraftStore.getState().setNoteOil('Top', CATALOG.bergamot)
    expect(blendDraftStore.getState().composition.topNote).toEqual(CATALOG.bergamot)
    expect(blendDraftStore.getState().currentNoteType).toBeNull()
  })

  it('keeps the chosen oils when started again the same way, and drops them for a new start', () => {
    const draft = blendDraftStore.getState()
    draft.start({ type: 'effect', value: ['Relaxing'] })
    draft.setNoteOil('Top', CATALOG.bergamot)
    draft.goToStep(1)
    blendDraftStore.getState().start({ type: 'effect', value: ['Relaxing'] })
    expect(blendDraftStore.getState()).toMatchObject({ currentStep: 2, currentNoteType: null, composition: { topNote: CATALOG.bergamot } })
    blendDraftStore.getState().start({ type: 'effect', value: ['Grounding'] })
    expect(blendDraftStore.getState()).toMatchObject({ currentNoteType: 'Top', composition: { topNote: null } })
  })

  it('persists the step, starting point, composition, name and notes, but not the picker or edit mode', () => {
    const draft = blendDraftStore.getState()
    draft.start({ type: 'effect', value: ['Relaxing'] })
    draft.setNoteOil('Top', CATALOG.bergamot)
    draft.setBlendName('Evening Calm')
    draft.setNotes('Soft')
    draft.editBlend()
    draft.pickLayer('Middle')
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
          composition: { topNote: CATALOG.lemon, middleNote: null, baseNote: null, topPercentage: 30, middlePercentage: 50, basePercentage: 20 },
          blendName: 'Forest',
          notes: '',
        },
      }),
    )
    await blendDraftStore.persist.rehydrate()
    expect(blendDraftStore.getState()).toMatchObject({ currentStep: 3, blendName: 'Forest', composition: { topNote: CATALOG.lemon } })
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
