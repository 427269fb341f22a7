import type { AccordInput, BlendVersion, CreateBlend, CreateVersion, SavedBlend, VersionOil } from '#shared/api/blends.ts'
import { MAX_ACCORDS_PER_LAYER } from '#shared/domain/accords.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { isTotalValid, MAX_OILS_PER_SLOT, roundToHundredth, slotTotal, splitEqually } from '#shared/domain/percentages.ts'
import { NOTE_TYPES, type Effect, type NoteType } from '#shared/domain/vocabulary.ts'

/**
 * The journal's Modify Blend editor (docs/product.md §4 "Modify editor", §5, §9): a blend as lists of oils
 * per note, each with its share of the whole blend in percent.
 *
 * Percentages are kept to hundredths (0.01 %): a split then adds up to exactly the slot's total,
 * and every value is one a number input with step 0.1 can show.
 */

export type EditorSlots = Readonly<Record<NoteType, readonly VersionOil[]>>

/** An accord line of the editor (decision 072): one of the user's saved blend versions at a share of the whole blend. */
export interface EditorAccord {
  versionId: number
  /** The accord blend's name ('Citrus Dawn'). */
  name: string
  /** '001b'. */
  referenceNumber: string
  percentage: number
}

export type EditorAccords = Readonly<Record<NoteType, readonly EditorAccord[]>>

export const NO_ACCORDS: EditorAccords = { Top: [], Middle: [], Base: [] }

export interface EditorState {
  /** The name a "Save as New Blend" uses. */
  name: string
  /** The oils put in directly, per note. */
  slots: EditorSlots
  /** The accords beside them, per note (decision 073). */
  accords: EditorAccords
}

/** docs/product.md §9: an empty slot's first oil gets its layer's default share. */
export const DEFAULT_SLOT_PERCENTAGE: Readonly<Record<NoteType, number>> = { Top: 30, Middle: 50, Base: 20 }

export type OilRef = Pick<VersionOil, 'id' | 'name'>

/** The name without any trailing '(Version ...)' suffix: 'Calm (Version 2)' → 'Calm'. */
export function baseBlendName(name: string): string {
  const stripped = name.replace(/(\s*\(version\b[^)]*\))+\s*$/i, '').trim()
  return stripped || name.trim()
}

type Shares = Readonly<Record<NoteType, readonly { percentage: number }[]>>

export function blendTotal(slots: Shares): number {
  return slotTotal(NOTE_TYPES.flatMap((layer) => slots[layer]))
}

/** The whole blend's total: its oils and its accords. */
export function editorTotal(state: Pick<EditorState, 'slots' | 'accords'>): number {
  return slotTotal(NOTE_TYPES.flatMap((layer) => [...state.slots[layer], ...state.accords[layer]]))
}

/** One note's total: its oils and its accords. */
export function layerTotal(state: Pick<EditorState, 'slots' | 'accords'>, layer: NoteType): number {
  return slotTotal([...state.slots[layer], ...state.accords[layer]])
}

/** A note with neither an oil nor an accord. */
export function isLayerEmpty(state: Pick<EditorState, 'slots' | 'accords'>, layer: NoteType): boolean {
  return state.slots[layer].length === 0 && state.accords[layer].length === 0
}

/** Save Version: the total (accords included) is valid and every layer has an oil or an accord (the contract needs one per layer). */
export function canSaveVersion(state: EditorState): boolean {
  return isTotalValid(editorTotal(state)) && NOTE_TYPES.every((layer) => !isLayerEmpty(state, layer))
}

/** Save as New Blend: as Save Version, and the new name is not blank. */
export function canSaveAsNewBlend(state: EditorState): boolean {
  return canSaveVersion(state) && state.name.trim() !== ''
}

type SourceVersion = Pick<BlendVersion, 'topOils' | 'middleOils' | 'baseOils'> & Partial<Pick<BlendVersion, 'accords' | 'ownOils'>>
type BlendNotes = Pick<SavedBlend, 'name' | 'topNote' | 'middleNote' | 'baseNote'>

const copy = (oils: readonly VersionOil[]): VersionOil[] =>
  oils.map(({ id, name, percentage }) => ({ id, name, percentage: roundToHundredth(percentage) }))

const LAYER_OF: Readonly<Record<AccordInput['layer'], NoteType>> = { top: 'Top', middle: 'Middle', base: 'Base' }
const LAYER_KEY: Readonly<Record<NoteType, AccordInput['layer']>> = { Top: 'top', Middle: 'middle', Base: 'base' }

/** A version's accords as the editor's lines, per note. */
function accordsOf(source: SourceVersion): EditorAccords {
  const out: Record<NoteType, EditorAccord[]> = { Top: [], Middle: [], Base: [] }
  for (const a of source.accords ?? [])
    out[LAYER_OF[a.layer]].push({
      versionId: a.versionId,
      name: a.name,
      referenceNumber: a.referenceNumber,
      percentage: roundToHundredth(a.percentage),
    })
  return out
}

/**
 * Where the editor starts: the source version's oils per note (with accords, its own oils and its
 * accords, never the flattened layers, decision 073); without one, the blend's single oil
 * of each note at the 30/50/20 defaults. The new blend's name starts empty (issue 31): the blend's
 * own name would make Save as New Blend save a version of it (the server files a name in use as
 * that blend's next version); newBlendNameHint suggests one instead.
 */
export function editorStart(blend: BlendNotes, source: SourceVersion | null): EditorState {
  const name = ''
  if (source) {
    const own = source.ownOils ?? source
    return {
      name,
      slots: { Top: copy(own.topOils), Middle: copy(own.middleOils), Base: copy(own.baseOils) },
      accords: accordsOf(source),
    }
  }
  const single = (layer: NoteType, oil: BlendNotes['topNote']): VersionOil[] =>
    oil ? [{ id: oil.id, name: oil.name, percentage: DEFAULT_SLOT_PERCENTAGE[layer] }] : []
  return {
    name,
    slots: { Top: single('Top', blend.topNote), Middle: single('Middle', blend.middleNote), Base: single('Base', blend.baseNote) },
    accords: NO_ACCORDS,
  }
}

/** The editor's suggestion for a new blend's name, as a placeholder: "Evening Calm (2)", never the name itself. */
export function newBlendNameHint(blendName: string): string {
  return `${baseBlendName(blendName)} (2)`
}

function withSlot(slots: EditorSlots, layer: NoteType, oils: VersionOil[]): EditorSlots {
  return { ...slots, [layer]: oils }
}

/**
 * Adds an oil to a layer. An empty layer gives it the layer's default (30/50/20); otherwise the
 * layer's total is split equally among all its oils, the new one included. An oil already in the
 * layer, or a full layer, leaves it unchanged.
 */
export function addOil(slots: EditorSlots, layer: NoteType, oil: OilRef): EditorSlots {
  const current = slots[layer]
  if (current.some((o) => o.id === oil.id) || current.length >= MAX_OILS_PER_SLOT) return slots
  if (current.length === 0) return withSlot(slots, layer, [{ id: oil.id, name: oil.name, percentage: DEFAULT_SLOT_PERCENTAGE[layer] }])
  const shares = splitEqually(slotTotal(current), current.length + 1)
  const next = [...current.map(({ id, name }) => ({ id, name })), { id: oil.id, name: oil.name }]
  return withSlot(
    slots,
    layer,
    next.map((o, i) => ({ ...o, percentage: shares[i]! })),
  )
}

/** Removes an oil; the layer's total is shared equally among the oils that stay. */
export function removeOil(slots: EditorSlots, layer: NoteType, oilId: number): EditorSlots {
  const current = slots[layer]
  if (!current.some((o) => o.id === oilId)) return slots
  const rest = current.filter((o) => o.id !== oilId)
  const shares = splitEqually(slotTotal(current), rest.length)
  return withSlot(
    slots,
    layer,
    rest.map((o, i) => ({ ...o, percentage: shares[i]! })),
  )
}

/** Sets one oil's percentage; no other oil changes. */
export function setPercentage(slots: EditorSlots, layer: NoteType, oilId: number, percentage: number): EditorSlots {
  return withSlot(
    slots,
    layer,
    slots[layer].map((o) => (o.id === oilId ? { ...o, percentage: roundToHundredth(percentage) } : o)),
  )
}

/** A saved blend version offered as an accord: its blend and reference. */
export type AccordRef = Pick<EditorAccord, 'versionId' | 'name' | 'referenceNumber'>

/**
 * Adds an accord to a note. An empty note gives it the note's default share (30/50/20); otherwise
 * the note's total is split equally among its oils and accords, the new one included, as addOil
 * does. An accord already in the note, or a note holding MAX_ACCORDS_PER_LAYER accords or
 * MAX_OILS_PER_SLOT lines, leaves it unchanged.
 */
export function addAccord(state: EditorState, layer: NoteType, accord: AccordRef): EditorState {
  const oils = state.slots[layer]
  const accords = state.accords[layer]
  if (accords.some((a) => a.versionId === accord.versionId)) return state
  if (accords.length >= MAX_ACCORDS_PER_LAYER || oils.length + accords.length >= MAX_OILS_PER_SLOT) return state
  const line = { versionId: accord.versionId, name: accord.name, referenceNumber: accord.referenceNumber }
  if (oils.length === 0 && accords.length === 0)
    return { ...state, accords: { ...state.accords, [layer]: [{ ...line, percentage: DEFAULT_SLOT_PERCENTAGE[layer] }] } }
  const shares = splitEqually(layerTotal(state, layer), oils.length + accords.length + 1)
  return {
    ...state,
    slots: { ...state.slots, [layer]: oils.map((o, i) => ({ ...o, percentage: shares[i]! })) },
    accords: {
      ...state.accords,
      [layer]: [...accords, line].map((a, i) => ({ ...a, percentage: shares[oils.length + i]! })),
    },
  }
}

/** Removes an accord; the note's total is shared equally among the oils and accords that stay. */
export function removeAccord(state: EditorState, layer: NoteType, versionId: number): EditorState {
  const oils = state.slots[layer]
  const accords = state.accords[layer]
  if (!accords.some((a) => a.versionId === versionId)) return state
  const rest = accords.filter((a) => a.versionId !== versionId)
  const shares = splitEqually(layerTotal(state, layer), oils.length + rest.length)
  return {
    ...state,
    slots: { ...state.slots, [layer]: oils.map((o, i) => ({ ...o, percentage: shares[i]! })) },
    accords: { ...state.accords, [layer]: rest.map((a, i) => ({ ...a, percentage: shares[oils.length + i]! })) },
  }
}

/** Sets one accord's percentage; nothing else changes. */
export function setAccordPercentage(state: EditorState, layer: NoteType, versionId: number, percentage: number): EditorState {
  return {
    ...state,
    accords: {
      ...state.accords,
      [layer]: state.accords[layer].map((a) => (a.versionId === versionId ? { ...a, percentage: roundToHundredth(percentage) } : a)),
    },
  }
}

/** The accords as a save sends them, top first (the order refusals' `accords.N` paths count in). */
export function accordInputs(accords: EditorAccords): AccordInput[] {
  return NOTE_TYPES.flatMap((layer) =>
    accords[layer].map((a) => ({ layer: LAYER_KEY[layer], versionId: a.versionId, percentage: roundToHundredth(a.percentage) })),
  )
}

/** The accord line (note and version) that a save's `accords.N` names, or null. */
export function accordAt(accords: EditorAccords, index: number): { layer: NoteType; versionId: number } | null {
  const line = NOTE_TYPES.flatMap((layer) => accords[layer].map((a) => ({ layer, versionId: a.versionId })))[index]
  return line ?? null
}

export type CandidateMode = 'all' | 'compatible'

type CatalogOil = Pick<EssentialOil, 'id' | 'name' | 'noteType' | 'scentFamily' | 'blendsWith'>

export interface Candidates<T extends CatalogOil> {
  oils: T[]
  /** Compatible mode found nothing compatible and lists every candidate instead. */
  fallback: boolean
}

const lower = (text: string) => text.toLocaleLowerCase('en')

/**
 * The add panel's oils for a layer: catalog oils of that note type not yet in the blend, by name.
 * 'compatible' keeps those sharing a scent family with the blend's oils or named in a blendsWith
 * list with them (either way round); when none match, it falls back to all.
 */
export function addCandidates<T extends CatalogOil>(
  catalog: readonly T[],
  slots: EditorSlots,
  layer: NoteType,
  mode: CandidateMode,
): Candidates<T> {
  const used = new Set(NOTE_TYPES.flatMap((l) => slots[l].map((o) => o.id)))
  const all = catalog.filter((oil) => oil.noteType.includes(layer) && !used.has(oil.id)).sort((a, b) => a.name.localeCompare(b.name, 'en'))
  if (mode === 'all') return { oils: all, fallback: false }

  const inBlend = catalog.filter((oil) => used.has(oil.id))
  const families = new Set(inBlend.map((oil) => oil.scentFamily))
  const namedByBlend = new Set(inBlend.flatMap((oil) => oil.blendsWith.map(lower)))
  const blendNames = new Set(inBlend.map((oil) => lower(oil.name)))
  const compatible = all.filter(
    (oil) =>
      families.has(oil.scentFamily) || namedByBlend.has(lower(oil.name)) || oil.blendsWith.some((name) => blendNames.has(lower(name))),
  )
  return compatible.length > 0 ? { oils: compatible, fallback: false } : { oils: all, fallback: true }
}

/**
 * Whole-number layer shares that each round their layer's sum (down or up, by largest remainder)
 * and together make the rounded total, so a blend that totals 100 ± 0.1 still totals 100.
 */
export function roundedSlotSums(slots: Shares): Record<NoteType, number> {
  const sums = NOTE_TYPES.map((layer) => slotTotal(slots[layer]))
  const floors = sums.map(Math.floor)
  // The total in exact hundredths (blendTotal): adding the layers' floats can land just under an x.5.
  let missing = Math.round(blendTotal(slots)) - floors.reduce((a, b) => a + b, 0)
  const byRemainder = sums.map((sum, i) => ({ i, rest: sum - floors[i]! })).sort((a, b) => b.rest - a.rest)
  const result = [...floors]
  for (const { i } of byRemainder) {
    if (missing <= 0) break
    result[i]! += 1
    missing -= 1
  }
  return { Top: result[0]!, Middle: result[1]!, Base: result[2]! }
}

/** The unique effects of the given oils, in order, looked up in the catalog. */
export function effectsOf(oils: readonly OilRef[], catalog: readonly Pick<EssentialOil, 'id' | 'effects'>[]): Effect[] {
  const byId = new Map(catalog.map((oil) => [oil.id, oil]))
  return [...new Set(oils.flatMap((oil) => byId.get(oil.id)?.effects ?? []))]
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text)

/**
 * POST /api/blends for "Save as New Blend": the first oil of each layer (or, in a layer of accords
 * only, its first accord, sent as `topAccord`...), each percentage its layer's rounded sum (accords
 * counted), the effects of those oils without repeats.
 */
export function newBlendPayload(state: EditorState, catalog: readonly Pick<EssentialOil, 'id' | 'effects'>[], notes = ''): CreateBlend {
  const first = (layer: NoteType): { oil: VersionOil } | { accord: EditorAccord } => {
    const oil = state.slots[layer][0]
    if (oil) return { oil }
    const accord = state.accords[layer][0]
    if (accord) return { accord }
    throw new Error(`The ${layer.toLowerCase()} note has no oil`)
  }
  const lines = { top: first('Top'), middle: first('Middle'), base: first('Base') }
  const sums = roundedSlotSums({
    Top: [...state.slots.Top, ...state.accords.Top],
    Middle: [...state.slots.Middle, ...state.accords.Middle],
    Base: [...state.slots.Base, ...state.accords.Base],
  })
  const chosen: Partial<CreateBlend> = {}
  for (const [key, line] of Object.entries(lines) as [AccordInput['layer'], ReturnType<typeof first>][]) {
    if ('oil' in line) chosen[`${key}Note`] = line.oil.id
    else chosen[`${key}Accord`] = line.accord.versionId
  }
  const oils = Object.values(lines).flatMap((line) => ('oil' in line ? [line.oil] : []))
  return {
    name: state.name.trim(),
    ...chosen,
    topPercentage: sums.Top,
    middlePercentage: sums.Middle,
    basePercentage: sums.Base,
    effects: effectsOf(oils, catalog),
    notes: blankToNull(notes),
  }
}

/** POST /api/blend-versions for "Save Version": every oil of every layer; the server picks the letter. */
export function newVersionPayload(
  state: EditorState,
  projectId: number,
  catalog: readonly Pick<EssentialOil, 'id' | 'effects'>[],
  notes = '',
): CreateVersion {
  const all = NOTE_TYPES.flatMap((layer) => state.slots[layer])
  return {
    projectId,
    topOils: copy(state.slots.Top),
    middleOils: copy(state.slots.Middle),
    baseOils: copy(state.slots.Base),
    accords: accordInputs(state.accords),
    effects: effectsOf(all, catalog),
    formulationNotes: blankToNull(notes),
  }
}
