import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { z } from 'zod'
import { EssentialOilSchema, type EssentialOil } from '#shared/api/oils.ts'
import { EFFECTS, NOTE_TYPES, SCENT_FAMILIES, type NoteType } from '#shared/domain/vocabulary.ts'
import {
  chosenOils,
  EMPTY_COMPOSITION,
  initialLayer,
  NO_STARTING_POINT,
  withOil,
  type Composition,
  type StartingPoint,
} from '#shared/domain/wizard.ts'
import { RESET_BLEND_DRAFT_EVENT } from '#client/lib/app-events.ts'
import { BLEND_DRAFT_STORAGE_KEY } from '#client/features/blend-creator/draft-storage.ts'

/**
 * The blend draft (docs/product.md §3 "Blend draft", §4 "Wizard"). The step, starting point, composition,
 * name and notes survive reloads in localStorage; the layer being picked and edit mode do not.
 */

export type WizardStep = 1 | 2 | 3

export { BLEND_DRAFT_STORAGE_KEY }

interface DraftData {
  currentStep: WizardStep
  startingPoint: StartingPoint
  composition: Composition
  blendName: string
  notes: string
  /** The layer whose oil is being picked (step 2's picker), if any. */
  currentNoteType: NoteType | null
  /** Set by Edit Blend on the summary: every layer card can be re-picked. */
  isEditMode: boolean
}

interface DraftActions {
  /**
   * Stores the starting point and opens step 2 on the layer it preselects (none for an oil start:
   * it asks first). A different starting point begins a new composition.
   */
  start: (startingPoint: StartingPoint) => void
  goToStep: (step: WizardStep) => void
  /** Opens the picker for a layer (null closes it). */
  pickLayer: (layer: NoteType | null) => void
  /** Puts the oil in the layer and closes the picker. */
  setNoteOil: (layer: NoteType, oil: EssentialOil) => void
  setBlendName: (name: string) => void
  setNotes: (notes: string) => void
  /** Edit Blend: back to step 2 with every layer open for a new pick. */
  editBlend: () => void
  /** Everything back to the defaults, on step 1. */
  reset: () => void
}

export type BlendDraft = DraftData & DraftActions

const defaults: DraftData = {
  currentStep: 1,
  startingPoint: NO_STARTING_POINT,
  composition: EMPTY_COMPOSITION,
  blendName: '',
  notes: '',
  currentNoteType: null,
  isEditMode: false,
}

const PersistedSchema = z.object({
  currentStep: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  startingPoint: z.discriminatedUnion('type', [
    z.object({ type: z.null() }),
    z.object({ type: z.literal('essential-oil'), essentialOil: EssentialOilSchema.nullable() }),
    z.object({ type: z.literal('effect'), value: z.array(z.enum(EFFECTS)) }),
    z.object({ type: z.literal('note-type'), value: z.enum(NOTE_TYPES).nullable() }),
    z.object({ type: z.literal('scent-family'), value: z.enum(SCENT_FAMILIES).nullable() }),
  ]),
  composition: z.object({
    topNote: EssentialOilSchema.nullable(),
    middleNote: EssentialOilSchema.nullable(),
    baseNote: EssentialOilSchema.nullable(),
    topPercentage: z.number(),
    middlePercentage: z.number(),
    basePercentage: z.number(),
  }),
  blendName: z.string(),
  notes: z.string(),
})
type PersistedDraft = z.infer<typeof PersistedSchema>

export const useBlendDraft = create<BlendDraft>()(
  persist(
    (set) => ({
      ...defaults,
      start: (startingPoint) =>
        set((state) => {
          // Going back to step 1 and starting again the same way keeps the oils chosen so far.
          const same = JSON.stringify(state.startingPoint) === JSON.stringify(startingPoint)
          const composition = same ? state.composition : EMPTY_COMPOSITION
          const fresh = chosenOils(composition).length === 0
          return {
            startingPoint,
            currentStep: 2,
            composition,
            currentNoteType: fresh && startingPoint.type !== 'essential-oil' ? initialLayer(startingPoint) : null,
            isEditMode: false,
          }
        }),
      goToStep: (currentStep) => set({ currentStep, currentNoteType: null }),
      pickLayer: (currentNoteType) => set({ currentNoteType }),
      setNoteOil: (layer, oil) =>
        set((state) => ({ composition: withOil(state.composition, layer, oil), currentNoteType: null })),
      setBlendName: (blendName) => set({ blendName }),
      setNotes: (notes) => set({ notes }),
      editBlend: () => set({ currentStep: 2, currentNoteType: null, isEditMode: true }),
      reset: () => set(defaults),
    }),
    {
      name: BLEND_DRAFT_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedDraft => ({
        currentStep: state.currentStep,
        startingPoint: state.startingPoint,
        composition: state.composition,
        blendName: state.blendName,
        notes: state.notes,
      }),
      // A draft from another version of the app, or edited by hand, is dropped rather than trusted.
      merge: (persisted, current) => {
        const parsed = PersistedSchema.safeParse(persisted)
        return parsed.success ? { ...current, ...parsed.data } : current
      },
    },
  ),
)

/** The store outside React (tests, event listeners). */
export const blendDraftStore = useBlendDraft

// The shell's New Blend and the home and journal 'Create New Blend' ask for a fresh draft with this
// event, whether or not the blend creator is on screen.
if (typeof window !== 'undefined') {
  window.addEventListener(RESET_BLEND_DRAFT_EVENT, () => useBlendDraft.getState().reset())
}
