import { useSyncExternalStore } from 'react'
import { create } from 'zustand'
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { NoteType } from '#shared/domain/vocabulary.ts'
import {
  EMPTY_COMPOSITION,
  NO_STARTING_POINT,
  withAccord,
  withDefaultPercentages,
  withOil,
  withPercentage,
  type Composition,
  type DraftAccord,
  type StartingPoint,
  type WizardStep,
} from '#shared/domain/wizard.ts'
import { RESET_BLEND_DRAFT_EVENT } from '#client/lib/app-events.ts'
import { BLEND_DRAFT_STORAGE_KEY } from '#client/features/blend-creator/draft-storage.ts'
import type { PersistedDraft } from '#client/features/blend-creator/stores/draft-check.ts'

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
  /** Puts the oil in the layer (an accord there is let go). */
  setNoteOil: (layer: NoteType, oil: EssentialOil) => void
  /** Puts one of the maker's saved blend versions in the layer as an accord (an oil there is let go). */
  setNoteAccord: (layer: NoteType, accord: DraftAccord) => void
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

export type { PersistedDraft }

/**
 * localStorage, with a stored draft checked against its schema before it is restored
 * (draft-check.ts). The check and its schema library load only when there is a draft to check, so
 * the blend creator's first load carries no schema library; with nothing stored, the store is ready
 * at once, and with a draft, a moment later (useDraftRestored).
 */
const draftStorage: PersistStorage<PersistedDraft> = {
  getItem: (name) => {
    if (readStored(name) === null) return null
    // Read again once the check has loaded: a reset meanwhile wrote the fresh draft.
    return import('#client/features/blend-creator/stores/draft-check.ts').then(({ checkedDraft }) => checkedDraft(readStored(name)))
  },
  setItem: (name, value: StorageValue<PersistedDraft>) => writeStored(name, JSON.stringify(value)),
  removeItem: (name) => writeStored(name, null),
}

function readStored(name: string): string | null {
  try {
    return localStorage.getItem(name)
  } catch {
    // Storage can be unavailable (private mode, blocked): the draft then lives in memory only.
    return null
  }
}

function writeStored(name: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(name)
    else localStorage.setItem(name, value)
  } catch {
    // Full or unavailable: the draft still lives in memory for this visit.
  }
}

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
      setNoteAccord: (layer, accord) => set((state) => ({ composition: withAccord(state.composition, layer, accord) })),
      setPercentage: (layer, percentage) => set((state) => ({ composition: withPercentage(state.composition, layer, percentage) })),
      resetPercentages: () => set((state) => ({ composition: withDefaultPercentages(state.composition) })),
      setBlendName: (blendName) => set({ blendName }),
      setNotes: (notes) => set({ notes }),
      editBlend: () => set({ isEditMode: true }),
      reset: () => set(defaults),
    }),
    {
      name: BLEND_DRAFT_STORAGE_KEY,
      version: 1,
      storage: draftStorage,
      partialize: (state): PersistedDraft => ({
        currentStep: state.currentStep,
        startingPoint: state.startingPoint,
        composition: state.composition,
        blendName: state.blendName,
        notes: state.notes,
      }),
    },
  ),
)

/** True once a stored draft has been checked and restored (at once when none is stored). */
export function useDraftRestored(): boolean {
  return useSyncExternalStore(useBlendDraft.persist.onFinishHydration, useBlendDraft.persist.hasHydrated, () => true)
}

/** The store outside React (tests, event listeners). */
export const blendDraftStore = useBlendDraft

// The shell's New Blend and the home and journal 'Create New Blend' ask for a fresh draft with this
// event, whether or not the blend creator is on screen.
if (typeof window !== 'undefined') {
  window.addEventListener(RESET_BLEND_DRAFT_EVENT, () => useBlendDraft.getState().reset())
}
