import type { EssentialOil } from '#shared/api/oils.ts'
import { isTotalValid, roundToHundredth, slotTotal } from '#shared/domain/percentages.ts'
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
// The composition: one oil (or one accord) per layer and the layer percentages

/**
 * One of the signed-in maker's saved blend versions holding a layer whole (an accord, decisions 072
 * and 077), as the draft keeps it: the version's id for the save, its blend's name and reference for
 * the screens ('Citrus Dawn 001b').
 */
export interface DraftAccord {
  versionId: number
  projectId: number
  name: string
  referenceNumber: string
}

export interface Composition<Oil = EssentialOil> {
  topNote: Oil | null
  middleNote: Oil | null
  baseNote: Oil | null
  /** A layer holds an oil or an accord, never both. Absent in drafts stored before accords (null). */
  topAccord?: DraftAccord | null
  middleAccord?: DraftAccord | null
  baseAccord?: DraftAccord | null
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
const ACCORD_KEY = { Top: 'topAccord', Middle: 'middleAccord', Base: 'baseAccord' } as const
const PERCENT_KEY = { Top: 'topPercentage', Middle: 'middlePercentage', Base: 'basePercentage' } as const

export function oilIn<Oil>(composition: Composition<Oil>, layer: NoteType): Oil | null {
  return composition[OIL_KEY[layer]]
}

export function percentageOf(composition: Composition<unknown>, layer: NoteType): number {
  return composition[PERCENT_KEY[layer]]
}

/** The accord holding the layer, or null. */
export function accordIn(composition: Composition<unknown>, layer: NoteType): DraftAccord | null {
  return composition[ACCORD_KEY[layer]] ?? null
}

/** 'Citrus Dawn 001b': how the wizard names an accord. */
export function accordLabel(accord: Pick<DraftAccord, 'name' | 'referenceNumber'>): string {
  return `${accord.name} ${accord.referenceNumber}`
}

/** What the layer holds, by name: the oil's ('Bergamot') or the accord's ('Citrus Dawn 001b'); null when empty. */
export function layerName<Oil extends { name: string }>(
  composition: Composition<Oil>,
  layer: NoteType,
  /** How an oil is named on screen (the client passes the maker's language's name). */
  nameOf: (oil: Oil) => string = (oil) => oil.name,
): string | null {
  const accord = accordIn(composition, layer)
  if (accord) return accordLabel(accord)
  const oil = oilIn(composition, layer)
  return oil ? nameOf(oil) : null
}

/** A copy of the composition with `oil` in the layer (null empties it); an accord there is let go. */
export function withOil<Oil>(composition: Composition<Oil>, layer: NoteType, oil: Oil | null): Composition<Oil> {
  return { ...composition, [OIL_KEY[layer]]: oil, [ACCORD_KEY[layer]]: null }
}

/** A copy of the composition with the accord holding the layer (null empties it); an oil there is let go. */
export function withAccord<Oil>(composition: Composition<Oil>, layer: NoteType, accord: DraftAccord | null): Composition<Oil> {
  return { ...composition, [OIL_KEY[layer]]: null, [ACCORD_KEY[layer]]: accord }
}

/** True when the layer holds an oil or an accord. */
export function isLayerFilled(composition: Composition<unknown>, layer: NoteType): boolean {
  return oilIn(composition, layer) !== null || accordIn(composition, layer) !== null
}

/** The layers holding an oil or an accord, top to base. */
export function filledLayers(composition: Composition<unknown>): NoteType[] {
  return NOTE_TYPES.filter((layer) => isLayerFilled(composition, layer))
}

/** The accords with their layers, top to base. */
export function chosenAccords(composition: Composition<unknown>): { layer: NoteType; accord: DraftAccord }[] {
  return NOTE_TYPES.flatMap((layer) => {
    const accord = accordIn(composition, layer)
    return accord ? [{ layer, accord }] : []
  })
}

/** The chosen oils with their layers, top to base; `except` leaves one layer out (the one being re-picked). */
export function chosenOils<Oil>(composition: Composition<Oil>, except?: NoteType): { layer: NoteType; oil: Oil }[] {
  return NOTE_TYPES.flatMap((layer) => {
    const oil = oilIn(composition, layer)
    return oil !== null && layer !== except ? [{ layer, oil }] : []
  })
}

/** A copy of the composition with the layer's percentage set (0-100, to the hundredth). */
export function withPercentage<Oil>(composition: Composition<Oil>, layer: NoteType, percentage: number): Composition<Oil> {
  const value = Number.isFinite(percentage) ? Math.min(100, Math.max(0, percentage)) : 0
  return { ...composition, [PERCENT_KEY[layer]]: roundToHundredth(value) }
}

/** A copy with the layer defaults, 30/50/20, back. */
export function withDefaultPercentages<Oil>(composition: Composition<Oil>): Composition<Oil> {
  return {
    ...composition,
    topPercentage: DEFAULT_PERCENTAGES.Top,
    middlePercentage: DEFAULT_PERCENTAGES.Middle,
    basePercentage: DEFAULT_PERCENTAGES.Base,
  }
}

export function hasDefaultPercentages(composition: Composition<unknown>): boolean {
  return NOTE_TYPES.every((layer) => percentageOf(composition, layer) === DEFAULT_PERCENTAGES[layer])
}

/** The three layers' sum, exact to the hundredth. */
export function compositionTotal(composition: Composition<unknown>): number {
  return slotTotal(NOTE_TYPES.map((layer) => ({ percentage: percentageOf(composition, layer) })))
}

/** docs/product.md "Percentages": the layers total 100 within 0.1, as in the journal's editor. */
export function isCompositionTotalValid(composition: Composition<unknown>): boolean {
  return isTotalValid(compositionTotal(composition))
}

/**
 * The other layers that already hold this oil (docs/product.md "The wizard's places"): the picker
 * marks such an oil 'in your base' and asks before using it twice.
 */
export function layersUsing(composition: Composition<{ id: number }>, oilId: number, except: NoteType): NoteType[] {
  return chosenOils(composition, except)
    .filter(({ oil }) => oil.id === oilId)
    .map(({ layer }) => layer)
}

/** The picker's mark for an oil already in other layers: 'in your base', 'in your top and base'. */
export function inYourLabel(layers: readonly NoteType[]): string {
  const names = layers.map((layer) => layer.toLowerCase())
  const list = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
  return `in your ${list}`
}

/** Every layer holds an oil or an accord. */
export function isComplete(composition: Composition<unknown>): boolean {
  return filledLayers(composition).length === NOTE_TYPES.length
}

/** Every layer holds an oil (no accord): what the scent profile needs. */
export function hasThreeOils<Oil>(composition: Composition<Oil>): composition is Composition<Oil> & {
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
  if (filledLayers(composition).length > 0) return { kind: 'progress' }
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

// ---------------------------------------------------------------------------------------------
// The wizard's place in the address (docs/product.md "The wizard's places", decision 027)

export type WizardStep = 1 | 2 | 3

/** Where the wizard is: the step, and at step 2 the layer whose oil is being picked (null: none). */
export interface WizardPlace {
  step: WizardStep
  layer: NoteType | null
}

/** The wizard's three steps as its progress names them (docs/product.md §2). */
export const WIZARD_STEPS = [
  { step: 1, label: 'Start' },
  { step: 2, label: 'Select Oils' },
  { step: 3, label: 'Summary' },
] as const

export const STEP_PARAM = 'step'
export const LAYER_PARAM = 'layer'

const LAYER_SLUGS: Readonly<Record<NoteType, string>> = { Top: 'top', Middle: 'middle', Base: 'base' }

/** `?step=2&layer=middle` → step 2, picking the middle note. Null when the address names no valid step. */
export function parseWizardPlace(params: { get(name: string): string | null }): WizardPlace | null {
  const step = params.get(STEP_PARAM)?.trim()
  if (step !== '1' && step !== '2' && step !== '3') return null
  const slug = params.get(LAYER_PARAM)?.trim().toLowerCase()
  const layer = step === '2' ? (NOTE_TYPES.find((type) => LAYER_SLUGS[type] === slug) ?? null) : null
  return { step: Number(step) as WizardStep, layer }
}

/** The address's parameters for a place: `step`, and `layer` while a layer is being picked. */
export function wizardPlaceParams(place: WizardPlace): { step: string; layer?: string } {
  return place.layer === null ? { step: String(place.step) } : { step: String(place.step), layer: LAYER_SLUGS[place.layer] }
}

export function samePlace(a: WizardPlace | null, b: WizardPlace | null): boolean {
  return a !== null && b !== null && a.step === b.step && a.layer === b.layer
}

/** A draft with nothing in it yet: no starting point, no oil and no accord. */
export function isFreshDraft(draft: { startingPoint: StartingPoint; composition: Composition<unknown> }): boolean {
  return draft.startingPoint.type === null && filledLayers(draft.composition).length === 0
}

/**
 * The place to show for the address's place (null: the address names none) and the draft: without
 * one, the step the draft was last on; a fresh draft has nothing to show after step 1; a layer only
 * at step 2; and at step 2 before any oil (except an oil start, which asks first), the layer the
 * starting point preselects, so the address always names the picker on screen.
 */
export function resolveWizardPlace(
  requested: WizardPlace | null,
  draft: { currentStep: WizardStep; startingPoint: StartingPoint; composition: Composition },
): WizardPlace {
  const step = isFreshDraft(draft) ? 1 : (requested?.step ?? draft.currentStep)
  if (step !== 2) return { step, layer: null }
  const layer = requested?.step === 2 ? requested.layer : null
  if (layer !== null) return { step, layer }
  const view = stepTwoView({ startingPoint: draft.startingPoint, composition: draft.composition, currentNoteType: null })
  return { step, layer: view.kind === 'picker' ? view.layer : null }
}
