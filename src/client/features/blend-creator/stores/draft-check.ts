import { z } from 'zod'
import type { StorageValue } from 'zustand/middleware'
import { EssentialOilSchema } from '#shared/api/oils.ts'
import { EFFECTS, NOTE_TYPES, SCENT_FAMILIES } from '#shared/domain/vocabulary.ts'
import type { Composition, StartingPoint, WizardStep } from '#shared/domain/wizard.ts'

/** What of the blend draft survives a reload (blend-draft.ts; edit mode does not). */
export type PersistedDraft = {
  currentStep: WizardStep
  startingPoint: StartingPoint
  composition: Composition
  blendName: string
  notes: string
}

/** A layer's accord as the draft keeps it (decision 077); absent in drafts stored before accords. */
const DraftAccordSchema = z.object({
  versionId: z.number().int().positive(),
  projectId: z.number().int().positive(),
  name: z.string(),
  referenceNumber: z.string(),
})
const layerAccord = DraftAccordSchema.nullable().optional()

/**
 * What a stored draft must be to be restored: the shape blend-draft.ts writes, with the catalog's
 * oils and, per layer, an accord or none (a draft stored before accords has no accord keys and loads).
 */
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
    topAccord: layerAccord,
    middleAccord: layerAccord,
    baseAccord: layerAccord,
    topPercentage: z.number().min(0).max(100),
    middlePercentage: z.number().min(0).max(100),
    basePercentage: z.number().min(0).max(100),
  }),
  blendName: z.string(),
  notes: z.string(),
}) satisfies z.ZodType<PersistedDraft>

const StoredSchema = z.object({ state: PersistedSchema, version: z.number().optional() })

/**
 * A stored draft as the store may restore it, or null: one from another version of the app, or
 * edited by hand, is dropped rather than trusted.
 */
export function checkedDraft(raw: string | null): StorageValue<PersistedDraft> | null {
  if (raw === null) return null
  try {
    const parsed = StoredSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
