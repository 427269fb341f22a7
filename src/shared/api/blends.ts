import { z } from 'zod'
import { isoDateField, NOT_BLANK_PATTERN, notesField, ratingField, trackingFields, trackingInputFields } from '#shared/api/fields.ts'
import { bodyIdField } from '#shared/api/ids.ts'
import { EffectSchema, EssentialOilSchema } from '#shared/api/oils.ts'
import { MAX_OILS_PER_SLOT, isTotalValid, slotTotal } from '#shared/domain/percentages.ts'

/**
 * Blends, projects and versions (docs/product.md §3 and §7, docs/product.md "One coherent blend model").
 * A blend is a project: a named family of versions. The wizard's first save creates project N with
 * version a (reference 00Na); every later version takes the project's next unused letter. A blend's
 * id is its project's id.
 */

const MAX_NAME = 120

const name = z
  .string({ error: 'Give the blend a name' })
  .trim()
  .min(1, 'Give the blend a name')
  .max(MAX_NAME, `Keep the name under ${MAX_NAME} characters`)
  // Trimmed before the length check: the contract says a blank name is refused (decision 041).
  .meta({ pattern: NOT_BLANK_PATTERN })
const percentage = z
  .number({ error: 'Percentages are numbers' })
  .finite()
  .min(0, 'Percentages are between 0 and 100')
  .max(100, 'Percentages are between 0 and 100')
const oilId = bodyIdField('Oil ids are whole numbers from 1').meta({
  description: 'The id of an oil in the catalog (GET /api/essential-oils)',
})

/** One oil in a version's layer: its share of the whole blend, in percent. */
export const VersionOilSchema = z.object({ id: oilId, name: z.string().max(200), percentage }).strict()
export type VersionOil = z.infer<typeof VersionOilSchema>

const slot = (label: string) =>
  z
    .array(VersionOilSchema)
    .min(1, `Add at least one ${label} note oil`)
    .max(MAX_OILS_PER_SLOT, `At most ${MAX_OILS_PER_SLOT} oils per layer`)

const TOTAL_MESSAGE = 'The percentages should total 100%'
/** The rule the refinements below enforce, stated in the published contract (decision 041). */
const TOTAL_RULE = 'The percentages of the three layers total 100%.'

/** POST /api/blends: a new blend from the wizard (one oil per layer). */
export const CreateBlendSchema = z
  .object({
    name,
    topNote: oilId,
    middleNote: oilId,
    baseNote: oilId,
    topPercentage: percentage,
    middlePercentage: percentage,
    basePercentage: percentage,
    effects: z.array(EffectSchema).max(10).default([]),
    notes: notesField.nullable().default(null),
  })
  .strict()
  .meta({ description: TOTAL_RULE })
  .refine((b) => isTotalValid(b.topPercentage + b.middlePercentage + b.basePercentage), {
    message: TOTAL_MESSAGE,
    path: ['topPercentage'],
  })
export type CreateBlend = z.input<typeof CreateBlendSchema>

/** A version as stored and listed. */
export const BlendVersionSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  versionLetter: z.string(),
  referenceNumber: z.string(),
  topOils: z.array(VersionOilSchema),
  middleOils: z.array(VersionOilSchema),
  baseOils: z.array(VersionOilSchema),
  effects: z.array(EffectSchema),
  formulationNotes: z.string().nullable(),
  dateMade: z.string(),
  dateTested: z.string().nullable(),
  testingNotes: z.string().nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
  ...trackingFields,
  createdAt: z.string(),
})
export type BlendVersion = z.infer<typeof BlendVersionSchema>

/** POST /api/blend-versions. The server assigns the letter and reference (sent values are ignored). */
export const CreateVersionSchema = z
  .object({
    projectId: bodyIdField('projectId is the id of one of your blends'),
    versionLetter: z.string().max(10).optional(),
    referenceNumber: z.string().max(20).optional(),
    topOils: slot('top'),
    middleOils: slot('middle'),
    baseOils: slot('base'),
    effects: z.array(EffectSchema).max(10).default([]),
    formulationNotes: notesField.nullable().default(null),
    testingNotes: notesField.nullable().default(null),
    rating: ratingField.nullable().default(null),
    dateMade: isoDateField.optional(),
    dateTested: isoDateField.nullable().default(null),
    ...trackingInputFields(false),
  })
  .strict()
  .meta({ description: TOTAL_RULE })
  .refine((v) => isTotalValid(slotTotal([...v.topOils, ...v.middleOils, ...v.baseOils])), { message: TOTAL_MESSAGE, path: ['topOils'] })
export type CreateVersion = z.input<typeof CreateVersionSchema>

/** PATCH /api/blend-versions/{id}. */
export const UpdateVersionSchema = z.object({ formulationNotes: notesField.nullable() }).strict()

/** PATCH /api/blends/{id}: rename. A blank name is ignored (docs/product.md §5). */
export const RenameBlendSchema = z.object({ name: z.string().max(MAX_NAME) }).strict()

/** A blend project with all its versions, oldest first. */
export const BlendProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  blendNumber: z.number().int(),
  createdAt: z.string(),
  versions: z.array(BlendVersionSchema),
})
export type BlendProject = z.infer<typeof BlendProjectSchema>

/** POST /api/blend-projects. */
export const CreateProjectSchema = z.object({ name, description: notesField.nullable().default(null) }).strict()
export type CreateProject = z.input<typeof CreateProjectSchema>

/** An oil as a saved blend names it: enough to show it; the full entry is in the catalog. */
export const OilSummarySchema = EssentialOilSchema.pick({
  id: true,
  slug: true,
  name: true,
  latinName: true,
  scentFamily: true,
  noteType: true,
  effects: true,
})
export type OilSummary = z.infer<typeof OilSummarySchema>

/**
 * A saved blend in the spec's shape: one oil per layer (the first version's first oil of each).
 * POST and PATCH /api/blends answer one; lists use the compact BlendListItem (blend-list.ts).
 */
export const SavedBlendSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  topNote: OilSummarySchema.nullable(),
  middleNote: OilSummarySchema.nullable(),
  baseNote: OilSummarySchema.nullable(),
  topPercentage: z.number(),
  middlePercentage: z.number(),
  basePercentage: z.number(),
  effects: z.array(EffectSchema),
  notes: z.string().nullable(),
  createdAt: z.string(),
  referenceNumber: z.string(),
  versionCount: z.number().int(),
  /** Test entries over all its versions: "tested" means at least one. */
  testCount: z.number().int(),
  /** Every oil of every version, lower-cased. */
  oilNames: z.array(z.string()),
})
export type SavedBlend = z.infer<typeof SavedBlendSchema>

export const NextReferenceSchema = z.object({ referenceNumber: z.string() })

/**
 * What a save did: `created` a new blend (its version a), or `versioned`: added the next version to
 * a blend the user already has. The server decides, in the save's own transaction (decision 006).
 */
export const SaveOutcomeSchema = z.enum(['created', 'versioned'])
export type SaveOutcome = z.infer<typeof SaveOutcomeSchema>

/** POST /api/blends → 201: the saved blend, what the save did, and the version it made. */
export const CreatedBlendSchema = SavedBlendSchema.extend({ outcome: SaveOutcomeSchema, version: BlendVersionSchema })
export type CreatedBlend = z.infer<typeof CreatedBlendSchema>

/** POST /api/blend-versions → 201: the version made, and the blend it was added to. */
export const CreatedVersionSchema = BlendVersionSchema.extend({
  outcome: z.literal('versioned'),
  blend: z.object({ id: z.number().int(), name: z.string() }),
})
export type CreatedVersion = z.infer<typeof CreatedVersionSchema>

/** GET /api/blends/save-preview?name=: the name the wizard would save under. */
export const SavePreviewQuerySchema = z.object({ name }).strict()

/**
 * GET /api/blends/save-preview → 200: what POST /api/blends with this name would do now, decided by
 * the save's own rule (docs/decisions/037-comparing-versions.md): a new blend with its reference, or
 * the next version (letter and reference) of the user's blend of that name. A preview only: another
 * save in between may take the reference.
 */
export const SavePreviewSchema = z.object({
  outcome: SaveOutcomeSchema,
  versionLetter: z.string(),
  referenceNumber: z.string(),
  /** The blend a version would join; null for a new blend. */
  blend: z.object({ id: z.number().int(), name: z.string() }).nullable(),
})
export type SavePreview = z.infer<typeof SavePreviewSchema>
