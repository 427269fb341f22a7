import type { CreateIngredient } from '#shared/api/ingredients.ts'
import type { IngredientKind } from '#shared/domain/ingredients.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { NoteType, ScentFamily } from '#shared/domain/vocabulary.ts'

/** What the form holds, as typed: text stays text until Save, so nothing typed is lost to a refusal. */
export type IngredientDraft = {
  basedOn: string
  name: string
  inciName: string
  latinName: string
  kind: IngredientKind | ''
  noteType: NoteType[]
  scentFamily: ScentFamily | ''
  density: string
  maximum: string
  phototoxic: 'yes' | 'no' | 'unknown'
  source: string
  notes: string
}

export const EMPTY_DRAFT: IngredientDraft = {
  basedOn: '',
  name: '',
  inciName: '',
  latinName: '',
  kind: '',
  noteType: [],
  scentFamily: '',
  density: '',
  maximum: '',
  phototoxic: 'unknown',
  source: '',
  notes: '',
}

const phototoxicOf = (value: boolean | null | undefined): IngredientDraft['phototoxic'] =>
  value === true ? 'yes' : value === false ? 'no' : 'unknown'

/** The draft of an oil: a catalog oil as the starting point of a new one (its name left to the maker), or an ingredient to edit. */
export function draftOf(
  oil: EssentialOil & { kind?: IngredientKind; description?: string },
  basedOn: string,
  keepName: boolean,
): IngredientDraft {
  return {
    basedOn,
    name: keepName ? oil.name : '',
    inciName: oil.inciName,
    latinName: oil.latinName,
    kind: oil.kind ?? 'Essential oil',
    noteType: [...oil.noteType],
    scentFamily: oil.scentFamily,
    density: String(oil.densityGPerMl),
    maximum: oil.safety?.maxLeaveOnPercent != null ? String(oil.safety.maxLeaveOnPercent) : '',
    phototoxic: phototoxicOf(oil.safety?.phototoxic),
    source: oil.safety?.source ?? '',
    notes: keepName ? (oil.description ?? '') : '',
  }
}

/** A number as typed ("0,4" too), or the text itself so the server names it. */
const numberOf = (text: string): number | undefined => {
  const trimmed = text.trim().replace(',', '.')
  if (trimmed === '') return undefined
  const n = Number(trimmed)
  return Number.isFinite(n) ? n : Number.NaN
}

/** The body POST or PATCH sends: an empty maximum is none on file (null), never 0 or unrestricted. */
export function bodyOf(draft: IngredientDraft): CreateIngredient {
  const density = numberOf(draft.density)
  const maximum = numberOf(draft.maximum)
  return {
    name: draft.name,
    ...(draft.inciName.trim() ? { inciName: draft.inciName } : {}),
    latinName: draft.latinName,
    ...(draft.kind ? { kind: draft.kind } : {}),
    ...(draft.noteType.length > 0 || !draft.basedOn ? { noteType: draft.noteType } : {}),
    ...(draft.scentFamily ? { scentFamily: draft.scentFamily } : {}),
    ...(density !== undefined ? { densityGPerMl: density } : {}),
    safety: {
      maxLeaveOnPercent: maximum ?? null,
      phototoxic: draft.phototoxic === 'yes' ? true : draft.phototoxic === 'no' ? false : null,
      source: draft.source.trim() || null,
    },
    notes: draft.notes,
    ...(draft.basedOn ? { basedOnOilId: Number(draft.basedOn) } : {}),
  }
}
