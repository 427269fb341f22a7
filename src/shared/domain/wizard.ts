import type { EssentialOil } from '#shared/api/oils.ts'
import { NOTE_TYPES, type Effect, type NoteType, type ScentFamily } from '#shared/domain/vocabulary.ts'

/**
 * The blend creator's wizard (docs/product.md §2 "Blend creator", §3 "Blend draft", §4 "Wizard"): how a
 * blend is started, which layer is picked first, and what step 2 shows.
 */

export type StartingPointType = 'essential-oil' | 'effect' | 'note-type' | 'scent-family'

/**
 * Where the blend starts. An oil start keeps the oil object, the others a value. While the user
 * is still choosing, a value may be missing (no oil, no effect yet): canStart says when it is enough.
 */
export type StartingPoint =
  | { type: null }
  | { type: 'essential-oil'; essentialOil: EssentialOil | null }
  | { type: 'effect'; value: Effect[] }
  | { type: 'note-type'; value: NoteType | null }
  | { type: 'scent-family'; value: ScentFamily | null }

export const NO_STARTING_POINT: StartingPoint = { type: null }

/** docs/product.md §5: an oil is chosen, or at least one effect, or a note type, or a scent family. */
export function canStart(startingPoint: StartingPoint): boolean {
  switch (startingPoint.type) {
    case 'essential-oil':
      return startingPoint.essentialOil !== null
    case 'effect':
      return startingPoint.value.length > 0
    case 'note-type':
    case 'scent-family':
      return startingPoint.value !== null
    default:
      return false
  }
}

/** The effects of an effect start (empty for any other start). */
export function startEffects(startingPoint: StartingPoint): Effect[] {
  return startingPoint.type === 'effect' ? startingPoint.value : []
}

/** The note the wizard suggests for an oil: its first note type in the order Top, Middle, Base. */
export function suggestedNoteType(oil: Pick<EssentialOil, 'noteType'>): NoteType {
  return NOTE_TYPES.find((type) => oil.noteType.includes(type)) ?? 'Top'
}

/** The oil's other note types, in the order Top, Middle, Base (the confirmation's alternatives). */
export function alternativeNoteTypes(oil: Pick<EssentialOil, 'noteType'>): NoteType[] {
  const suggested = suggestedNoteType(oil)
  return NOTE_TYPES.filter((type) => type !== suggested && oil.noteType.includes(type))
}

/**
 * The layer a starting point preselects (docs/product.md §4): an oil suggests its own note type, a
 * note-type start that type, an effect or scent-family start the top layer.
 */
export function initialLayer(startingPoint: StartingPoint): NoteType {
  switch (startingPoint.type) {
    case 'essential-oil':
      return startingPoint.essentialOil ? suggestedNoteType(startingPoint.essentialOil) : 'Top'
    case 'note-type':
      return startingPoint.value ?? 'Top'
    default:
      return 'Top'
  }
}

// ---------------------------------------------------------------------------------------------
// The composition: one oil per layer and the layer percentages

export interface Composition<Oil = EssentialOil> {
  topNote: Oil | null
  middleNote: Oil | null
  baseNote: Oil | null
  topPercentage: number
  middlePercentage: number
  basePercentage: number
}

/** docs/product.md §9: top 30, middle 50, base 20. */
export const DEFAULT_PERCENTAGES: Readonly<Record<NoteType, number>> = { Top: 30, Middle: 50, Base: 20 }

export const EMPTY_COMPOSITION: Composition<never> = {
  topNote: null,
  middleNote: null,
  baseNote: null,
  topPercentage: DEFAULT_PERCENTAGES.Top,
  middlePercentage: DEFAULT_PERCENTAGES.Middle,
  basePercentage: DEFAULT_PERCENTAGES.Base,
}

const OIL_KEY = { Top: 'topNote', Middle: 'middleNote', Base: 'baseNote' } as const
const PERCENT_KEY = { Top: 'topPercentage', Middle: 'middlePercentage', Base: 'basePercentage' } as const

export function oilIn<Oil>(composition: Composition<Oil>, layer: NoteType): Oil | null {
  return composition[OIL_KEY[layer]]
}

export function percentageOf(composition: Composition<unknown>, layer: NoteType): number {
  return composition[PERCENT_KEY[layer]]
}

/** A copy of the composition with `oil` in the layer (null empties it). */
export function withOil<Oil>(composition: Composition<Oil>, layer: NoteType, oil: Oil | null): Composition<Oil> {
  return { ...composition, [OIL_KEY[layer]]: oil }
}

/** The chosen oils with their layers, top to base; `except` leaves one layer out (the one being re-picked). */
export function chosenOils<Oil>(composition: Composition<Oil>, except?: NoteType): { layer: NoteType; oil: Oil }[] {
  return NOTE_TYPES.flatMap((layer) => {
    const oil = oilIn(composition, layer)
    return oil !== null && layer !== except ? [{ layer, oil }] : []
  })
}

export function isComplete<Oil>(composition: Composition<Oil>): composition is Composition<Oil> & {
  topNote: Oil
  middleNote: Oil
  baseNote: Oil
} {
  return composition.topNote !== null && composition.middleNote !== null && composition.baseNote !== null
}

// ---------------------------------------------------------------------------------------------
// Step 2

export type StepTwoView =
  | { kind: 'confirm-oil'; oil: EssentialOil; suggested: NoteType; alternatives: NoteType[] }
  | { kind: 'progress' }
  | { kind: 'picker'; layer: NoteType }

/**
 * What step 2 shows (docs/product.md §2 step 2): the picker while a layer is being picked; the blend's
 * progress once a note is chosen; before that, the oil confirmation for an oil start or the
 * preselected layer's picker for any other start (also after a reload, which forgets the layer).
 */
export function stepTwoView(state: {
  startingPoint: StartingPoint
  composition: Composition
  currentNoteType: NoteType | null
}): StepTwoView {
  const { startingPoint, composition, currentNoteType } = state
  if (currentNoteType !== null) return { kind: 'picker', layer: currentNoteType }
  if (chosenOils(composition).length > 0) return { kind: 'progress' }
  if (startingPoint.type === 'essential-oil' && startingPoint.essentialOil) {
    const oil = startingPoint.essentialOil
    return { kind: 'confirm-oil', oil, suggested: suggestedNoteType(oil), alternatives: alternativeNoteTypes(oil) }
  }
  return { kind: 'picker', layer: initialLayer(startingPoint) }
}

/** docs/product.md §4: step 2 to 3 only when all three notes are filled. */
export function canReview(composition: Composition<unknown>): boolean {
  return isComplete(composition)
}
