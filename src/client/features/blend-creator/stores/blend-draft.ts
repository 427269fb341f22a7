import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { z } from 'zod'
import { EssentialOilSchema, type EssentialOil } from '#shared/api/oils.ts'
import { EFFECTS, NOTE_TYPES, SCENT_FAMILIES, type NoteType } from '#shared/domain/vocabulary.ts'
import {
  EMPTY_COMPOSITION,
  NO_STARTING_POINT,
  withDefaultPercentages,
  withOil,
  withPercentage,
  type Composition,
  type StartingPoint,
  type WizardStep,
} from '#shared/domain/wizard.ts'
import { RESET_BLEND_DRAFT_EVENT } from '#client/lib/app-events.ts'
import { BLEND_DRAFT_STORAGE_KEY } from '#client/features/blend-creator/draft-storage.ts'

/**
 * The blend draft (docs/product.md §3 "Blend draft", §4 "Wizard"). The step, starting point, composition,
 * name and notes survive reloads in localStorage; edit mode does not. Where the wizard is (the step, and
 * the layer being picked) is the address's to say (hooks/use-wizard-place.ts); `currentStep` keeps the
 * last step shown, for a visit to /blend that names none.
 */

export type { WizardStep }

export { BLEND_DRAFT_STORAGE_KEY }

interface DraftData {
  currentStep: WizardStep
  startingPoint: StartingPoint
  composition: Composition
  blendName: string
  notes: string
  /** Set by Edit Blend on the summary, until the next start or reset. */
  isEditMode: boolean
}

interface DraftActions {
  /** Stores the starting point; a different starting point begins a new composition. */
  start: (startingPoint: StartingPoint) => void
  /** Remembers the step on screen (the address decides it). */
  setStep: (step: WizardStep) => void
  /** Puts the oil in the layer. */
  setNoteOil: (layer: NoteType, oil: EssentialOil) => void
  /** Sets one layer's percentage (0-100, to the hundredth); the others do not change. */
  setPercentage: (layer: NoteType, percentage: number) => void
  /** The 30/50/20 defaults back. */
  resetPercentages: () => void
  setBlendName: (name: string) => void
  setNotes: (notes: string) => void
  /** Edit Blend: the summary's way back to the layers. */
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
    topPercentage: z.number().min(0).max(100),
    middlePercentage: z.number().min(0).max(100),
    basePercentage: z.number().min(0).max(100),
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
          return { startingPoint, currentStep: 2, composition: same ? state.composition : EMPTY_COMPOSITION, isEditMode: false }
        }),
      setStep: (currentStep) => set({ currentStep }),
      setNoteOil: (layer, oil) => set((state) => ({ composition: withOil(state.composition, layer, oil) })),
      setPercentage: (layer, percentage) =>
        set((state) => ({ composition: withPercentage(state.composition, layer, percentage) })),
      resetPercentages: () => set((state) => ({ composition: withDefaultPercentages(state.composition) })),
      setBlendName: (blendName) => set({ blendName }),
      setNotes: (notes) => set({ notes }),
      editBlend: () => set({ isEditMode: true }),
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
