import { useCallback, useEffect } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import type { NoteType } from '#shared/domain/vocabulary.ts'
import {
  LAYER_PARAM,
  parseWizardPlace,
  resolveWizardPlace,
  samePlace,
  STEP_PARAM,
  wizardPlaceParams,
  type WizardPlace,
} from '#shared/domain/wizard.ts'
import { blendDraftStore, useBlendDraft } from '#client/features/blend-creator/stores/blend-draft.ts'

/**
 * Where the wizard is, kept in the address (docs/product.md "The wizard's places", decision 027):
 * `/blend?step=2&layer=middle`. Every move the user makes is a history entry, so Back and Forward
 * walk the steps and a reload comes back to the same place; any other parameter (`project`,
 * `projectName`) stays as it is.
 */

/** History state of a picker opened from the blend's progress: closing it goes back to that entry. */
interface PickerState {
  pickerFromProgress?: boolean
}

export function withPlace(params: URLSearchParams, place: WizardPlace): URLSearchParams {
  const next = new URLSearchParams(params)
  next.delete(STEP_PARAM)
  next.delete(LAYER_PARAM)
  for (const [name, value] of Object.entries(wizardPlaceParams(place))) next.set(name, value)
  return next
}

/** The place the address asks for (null: none) and the place shown, given the draft. */
function usePlaces(): { requested: WizardPlace | null; place: WizardPlace } {
  const [params] = useSearchParams()
  const currentStep = useBlendDraft((s) => s.currentStep)
  const startingPoint = useBlendDraft((s) => s.startingPoint)
  const composition = useBlendDraft((s) => s.composition)
  const requested = parseWizardPlace(params)
  return { requested, place: resolveWizardPlace(requested, { currentStep, startingPoint, composition }) }
}

export interface WizardNavigation {
  place: WizardPlace
  /** A new history entry for the place. */
  goTo: (place: WizardPlace) => void
  /** Opens a layer's picker from the blend's progress. */
  openPicker: (layer: NoteType) => void
  /**
   * Closes the picker for the blend's progress: back to the entry it was opened from, so Back does
   * not open it again; a picker the wizard opened itself (after a start) gives way to the progress.
   */
  closePicker: () => void
}

export function useWizardNavigation(): WizardNavigation {
  const { place } = usePlaces()
  const [, setParams] = useSearchParams()
  const navigate = useNavigate()
  const location = useLocation()
  const fromProgress = (location.state as PickerState | null)?.pickerFromProgress === true

  const goTo = useCallback(
    (next: WizardPlace, options: { replace?: boolean; state?: PickerState } = {}) =>
      setParams((params) => withPlace(params, next), { replace: options.replace ?? false, state: options.state ?? null }),
    [setParams],
  )
  return {
    place,
    goTo,
    openPicker: (layer) => goTo({ step: 2, layer }, { state: { pickerFromProgress: true } }),
    closePicker: () => {
      if (fromProgress) void navigate(-1)
      else goTo({ step: 2, layer: null }, { replace: true })
    },
  }
}

/**
 * The page's side of it: an address naming no place, or one the draft cannot show (step 3 of a
 * fresh draft), is replaced by the place shown; the draft remembers the step. `paused` while the
 * page handles a request for a fresh draft.
 */
export function useWizardPlaceSync(paused: boolean): WizardPlace {
  const { requested, place } = usePlaces()
  const [, setParams] = useSearchParams()
  const location = useLocation()
  const mismatch = !samePlace(requested, place)

  useEffect(() => {
    if (paused || !mismatch) return
    void setParams((params) => withPlace(params, place), { replace: true, state: location.state })
  }, [paused, mismatch, place, setParams, location.state])

  useEffect(() => {
    if (blendDraftStore.getState().currentStep !== place.step) blendDraftStore.getState().setStep(place.step)
  }, [place.step])

  return place
}
