import type { BlendVersion, CreateBlend, CreateVersion, SavedBlend, VersionOil } from '#shared/api/blends.ts'
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

export interface EditorState {
  /** The name a "Save as New Blend" uses. */
  name: string
  slots: EditorSlots
}

/** docs/product.md §9: an empty slot's first oil gets its layer's default share. */
export const DEFAULT_SLOT_PERCENTAGE: Readonly<Record<NoteType, number>> = { Top: 30, Middle: 50, Base: 20 }

export type OilRef = Pick<VersionOil, 'id' | 'name'>

/** The name without any trailing '(Version ...)' suffix: 'Calm (Version 2)' → 'Calm'. */
export function baseBlendName(name: string): string {
  const stripped = name.replace(/(\s*\(version\b[^)]*\))+\s*$/i, '').trim()
  return stripped || name.trim()
}

export function blendTotal(slots: EditorSlots): number {
  return slotTotal(NOTE_TYPES.flatMap((layer) => slots[layer]))
}

/** Save Version: the total is valid and every layer has an oil (the contract needs one per layer). */
export function canSaveVersion(state: EditorState): boolean {
  return isTotalValid(blendTotal(state.slots)) && NOTE_TYPES.every((layer) => state.slots[layer].length > 0)
}

/** Save as New Blend: as Save Version, and the new name is not blank. */
export function canSaveAsNewBlend(state: EditorState): boolean {
  return canSaveVersion(state) && state.name.trim() !== ''
}

type SourceVersion = Pick<BlendVersion, 'topOils' | 'middleOils' | 'baseOils'>
type BlendNotes = Pick<SavedBlend, 'name' | 'topNote' | 'middleNote' | 'baseNote'>

const copy = (oils: readonly VersionOil[]): VersionOil[] =>
  oils.map(({ id, name, percentage }) => ({ id, name, percentage: roundToHundredth(percentage) }))

/**
 * Where the editor starts: the source version's oils per note; without one, the blend's single oil
 * of each note at the 30/50/20 defaults. The new blend's name starts empty (issue 31): the blend's
 * own name would make Save as New Blend save a version of it (the server files a name in use as
 * that blend's next version); newBlendNameHint suggests one instead.
 */
export function editorStart(blend: BlendNotes, source: SourceVersion | null): EditorState {
  const name = ''
  if (source) {
    return { name, slots: { Top: copy(source.topOils), Middle: copy(source.middleOils), Base: copy(source.baseOils) } }
  }
  const single = (layer: NoteType, oil: BlendNotes['topNote']): VersionOil[] =>
    oil ? [{ id: oil.id, name: oil.name, percentage: DEFAULT_SLOT_PERCENTAGE[layer] }] : []
  return {
    name,
    slots: { Top: single('Top', blend.topNote), Middle: single('Middle', blend.middleNote), Base: single('Base', blend.baseNote) },
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
export function roundedSlotSums(slots: EditorSlots): Record<NoteType, number> {
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
 * POST /api/blends for "Save as New Blend": the first oil of each layer, each percentage its
 * layer's rounded sum, the effects of those oils without repeats.
 */
export function newBlendPayload(state: EditorState, catalog: readonly Pick<EssentialOil, 'id' | 'effects'>[], notes = ''): CreateBlend {
  const first = (layer: NoteType) => {
    const oil = state.slots[layer][0]
    if (!oil) throw new Error(`The ${layer.toLowerCase()} note has no oil`)
    return oil
  }
  const [top, middle, base] = [first('Top'), first('Middle'), first('Base')]
  const sums = roundedSlotSums(state.slots)
  return {
    name: state.name.trim(),
    topNote: top.id,
    middleNote: middle.id,
    baseNote: base.id,
    topPercentage: sums.Top,
    middlePercentage: sums.Middle,
    basePercentage: sums.Base,
    effects: effectsOf([top, middle, base], catalog),
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
    effects: effectsOf(all, catalog),
    formulationNotes: blankToNull(notes),
  }
}
