import { z } from 'zod'
import { isoDateField, NOT_BLANK_PATTERN, notesField, ratingField, trackingFields, trackingInputFields } from '#shared/api/fields.ts'
import { bodyIdField, idField } from '#shared/api/ids.ts'
import { EffectSchema, EssentialOilSchema } from '#shared/api/oils.ts'
import { MAX_OILS_PER_SLOT, isTotalValid, slotTotal } from '#shared/domain/percentages.ts'
import { MAX_ACCORD_DEPTH, MAX_ACCORDS_PER_LAYER } from '#shared/domain/accords.ts'

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

const slot = () => z.array(VersionOilSchema).max(MAX_OILS_PER_SLOT, `At most ${MAX_OILS_PER_SLOT} oils per layer`)

/** The layers an accord can sit in (decision 072). */
export const AccordLayerSchema = z.enum(['top', 'middle', 'base'])
export type AccordLayer = z.infer<typeof AccordLayerSchema>

const accordVersionId = bodyIdField('An accord is the id of one of your blend versions').meta({
  description: 'The id of a version of one of your blends (GET /api/blend-projects), used whole as an accord',
})

/** An accord in a layer, as a save sends it: a version of one of the user's blends at a share of the whole blend. */
export const AccordInputSchema = z.object({ layer: AccordLayerSchema, versionId: accordVersionId, percentage }).strict()
export type AccordInput = z.infer<typeof AccordInputSchema>

/**
 * An accord in a version, as read (decision 072): pinned to its version, with that version's oils as
 * they were when this version was saved (each its share of the accord, totalling 100).
 */
export const AccordUseSchema = z.object({
  layer: AccordLayerSchema,
  versionId: z.number().int(),
  /** The accord's blend; null once that blend is deleted (the line keeps its name and its oils). */
  projectId: z.number().int().nullable(),
  /** The accord blend's name ('Citrus Dawn'). */
  name: z.string(),
  /** The accord's version reference ('001b'). */
  referenceNumber: z.string(),
  /** Its share of the whole blend, in percent. */
  percentage: z.number(),
  /** The accord's flattened oils, each its share of the accord. */
  oils: z.array(VersionOilSchema),
  /** The accord blend's newest version when it is newer than the pinned one; null otherwise. */
  newerVersion: z.object({ id: z.number().int(), referenceNumber: z.string() }).nullable(),
})
export type AccordUse = z.infer<typeof AccordUseSchema>

const layerMessage = (label: string) => `Add at least one ${label} note oil`
/** Every layer holds at least one oil or accord; the message names the first that does not. */
const layersFilled = (v: { topOils: unknown[]; middleOils: unknown[]; baseOils: unknown[]; accords?: AccordInput[] }) =>
  (['top', 'middle', 'base'] as const).find((l) => v[`${l}Oils`].length === 0 && !(v.accords ?? []).some((a) => a.layer === l))
const accordTotal = (accords: readonly AccordInput[] | undefined) => (accords ?? []).reduce((sum, a) => sum + a.percentage, 0)

const TOTAL_MESSAGE = 'The percentages should total 100%'
/** The accords' rules the keeper enforces (decision 072), stated in the published contract. */
const ACCORD_RULES = `An accord is a version of one of your blends (any other id answers 404). A blend cannot contain itself at any depth, and accords nest at most ${MAX_ACCORD_DEPTH} deep.`
/** The rule the refinements below enforce, stated in the published contract (decision 041). */
const TOTAL_RULE = 'The percentages of the three layers total 100%.'

/** POST /api/blends: a new blend from the wizard (one oil per layer). */
export const CreateBlendSchema = z
  .object({
    name,
    /** Each layer is an oil (`topNote`) or one of the user's blend versions as an accord (`topAccord`), not both. */
    topNote: oilId.optional(),
    middleNote: oilId.optional(),
    baseNote: oilId.optional(),
    topAccord: accordVersionId.optional(),
    middleAccord: accordVersionId.optional(),
    baseAccord: accordVersionId.optional(),
    topPercentage: percentage,
    middlePercentage: percentage,
    basePercentage: percentage,
    effects: z.array(EffectSchema).max(10).default([]),
    notes: notesField.nullable().default(null),
  })
  .strict()
  .meta({ description: `${TOTAL_RULE} Each layer is one oil or one accord (topNote or topAccord), not both. ${ACCORD_RULES}` })
  .superRefine((b, ctx) => {
    for (const l of ['top', 'middle', 'base'] as const) {
      const note = b[`${l}Note`] !== undefined
      const accord = b[`${l}Accord`] !== undefined
      if (note === accord)
        ctx.addIssue({
          code: 'custom',
          path: [`${l}Note`],
          message: note ? `Choose a ${l} note oil or an accord, not both` : `Choose a ${l} note oil`,
        })
    }
  })
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
  /** The flattened composition: every oil, an accord's included, as its share of the whole blend (decision 072). */
  topOils: z.array(VersionOilSchema),
  middleOils: z.array(VersionOilSchema),
  baseOils: z.array(VersionOilSchema),
  /** The accords the version holds; [] for most. */
  accords: z.array(AccordUseSchema),
  /**
   * The oils put in directly, beside the accords, when it holds any (null when it holds none: then
   * they are the layers above). A new version of it sends these with its accords.
   */
  ownOils: z
    .object({ topOils: z.array(VersionOilSchema), middleOils: z.array(VersionOilSchema), baseOils: z.array(VersionOilSchema) })
    .nullable(),
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
    /** The oils put in directly; with `accords`, each layer holds at least one oil or accord. */
    topOils: slot(),
    middleOils: slot(),
    baseOils: slot(),
    /** Saved blend versions used whole, each in a layer at its share of the whole blend (decision 072). */
    accords: z
      .array(AccordInputSchema)
      .max(3 * MAX_ACCORDS_PER_LAYER, `At most ${MAX_ACCORDS_PER_LAYER} accords per layer`)
      .default([]),
    effects: z.array(EffectSchema).max(10).default([]),
    formulationNotes: notesField.nullable().default(null),
    testingNotes: notesField.nullable().default(null),
    rating: ratingField.nullable().default(null),
    dateMade: isoDateField.optional(),
    dateTested: isoDateField.nullable().default(null),
    ...trackingInputFields(false),
  })
  .strict()
  .meta({
    description: `${TOTAL_RULE} Each layer holds at least one oil or accord (the accords count in the total), at most ${MAX_OILS_PER_SLOT} oils and accords together, at most ${MAX_ACCORDS_PER_LAYER} accords per layer. ${ACCORD_RULES}`,
  })
  .superRefine((v, ctx) => {
    const empty = layersFilled(v)
    if (empty) ctx.addIssue({ code: 'custom', message: layerMessage(empty), path: [`${empty}Oils`] })
  })
  .refine((v) => isTotalValid(slotTotal([...v.topOils, ...v.middleOils, ...v.baseOils]) + accordTotal(v.accords)), {
    message: TOTAL_MESSAGE,
    path: ['topOils'],
  })
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

/** POST /api/blends/{id}/versions/{versionId}/follow-accords: the blend and the version to follow from. */
export const BlendVersionParamsSchema = z.object({ id: idField, versionId: idField }).strict()

/**
 * GET /api/blends/{id}/accord-uses → 200 (decision 072): the user's other blends whose versions hold
 * a version of blend {id} as an accord, for the delete dialog ("Used as an accord in Evening Calm
 * (001c, 001d)"). Empty when none does.
 */
export const AccordUsesSchema = z.object({
  blends: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** The versions that use it, oldest first, each with the accord version it pins. */
      versions: z.array(z.object({ id: z.number().int(), referenceNumber: z.string(), accordReferenceNumber: z.string() })),
    }),
  ),
})
export type AccordUses = z.infer<typeof AccordUsesSchema>
