import { z } from 'zod'
import { DOCUMENT_KINDS, DOCUMENT_MEDIA_TYPES, MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_BOTTLE } from '#shared/api/documents.ts'
import { ExportIfraCertificateSchema, IfraCheckSchema } from '#shared/api/ifra.ts'
import { MAX_BATCH_CODE_PATTERN } from '#shared/domain/batch-code.ts'
import { calendarDateInputField, isoDateField, NOT_BLANK_PATTERN, notesField, ratingField, trackingFields } from '#shared/api/fields.ts'
import { bodyIdField } from '#shared/api/ids.ts'
import { EffectSchema } from '#shared/api/oils.ts'
import { MAX_OILS_PER_SLOT, isTotalValid, slotTotal } from '#shared/domain/percentages.ts'
import { WEIGHT_UNITS } from '#shared/domain/units.ts'
import { BOTTLE_UNITS, currencyField, languageField } from '#shared/api/shelf.ts'
import { DECLARATION_BASES, DeclarationItemSchema, LabelSchema, MAX_DECLARATION_ITEMS } from '#shared/api/labels.ts'
import { AUDIENCE_IDS } from '#shared/domain/audience-ids.ts'
import { CreateIngredientSchema, IngredientKindSchema, IngredientSafetyInputSchema } from '#shared/api/ingredients.ts'
import { NoteTypeSchema, ScentFamilySchema } from '#shared/api/oils.ts'
import { MAX_ACCORD_DEPTH, MAX_ACCORDS_PER_LAYER } from '#shared/domain/accords.ts'

/**
 * The Accord export file (docs/export-format.md; the published JSON Schema,
 * docs/export-format.schema.json, is generated from ExportFileSchema). `format` and `version` say
 * what a file is; an importer refuses a version it does not know. Ids are the exporting account's
 * own: an import remembers them, so importing the same file again creates nothing twice
 * (docs/decisions/020-import-identity-all-or-nothing.md).
 */

export const EXPORT_FORMAT = 'accord-export'
/**
 * The version this Accord writes. Version 2 added the shelf, batches and the currency; version 3
 * each bottle's allergen declaration, each batch's saved label and each oil's INCI name; version 4
 * each bottle's IFRA certificate and each batch's recorded IFRA check (decision 070); version 5 the
 * maker's own ingredients with their facts (decision 068) and each version's accords with its own
 * oils (decision 072, amended 2026-11-27); version 6 each bottle's opened and best-before days
 * (decision 079); version 7 each bottle's documents, whose files travel beside the JSON in an
 * archive (decision 084).
 */
export const EXPORT_VERSION = 7
/**
 * The versions this Accord imports: version 1 files (no shelf) still import as they did; a version
 * 2 or 3 file is a version 4 file without what those versions added, read by the same schema.
 */
export const READABLE_EXPORT_VERSIONS = [1, 2, 3, 4, 5, 6, 7] as const

const MAX_NAME = 120
/** Where a document's file is in an export archive (decision 084). */
export const ARCHIVE_DOCUMENT_PATH = /^documents\/[A-Za-z0-9._-]{1,160}$/
const sourceId = bodyIdField()
const name = z
  .string({ error: 'A name is text' })
  .trim()
  .min(1, 'A name may not be blank')
  .max(MAX_NAME, `Keep names under ${MAX_NAME} characters`)
  .meta({ pattern: NOT_BLANK_PATTERN })
const percentage = z
  .number({ error: 'Percentages are numbers' })
  .finite()
  .min(0, 'Percentages are between 0 and 100')
  .max(100, 'Percentages are between 0 and 100')

/** A catalog oil, named by its slug (stable across Accord installations) and its name. */
export const ExportOilSchema = z.object({
  slug: z.string().max(100),
  name: z.string().max(200),
})
export type ExportOil = z.infer<typeof ExportOilSchema>

/** A catalog oil the file names (its `oils` list), with its EU INCI name (version 3). */
export const ExportCatalogOilSchema = ExportOilSchema.extend({ inciName: z.string().max(200).optional() })

/**
 * One of the maker's own ingredients (version 5; decision 068) with its facts. Versions and
 * bottles name it as they name a catalog oil (its slug and name); an import matches it by name to
 * an ingredient of the importing maker, or adds it through the ingredients' keeper.
 */
export const ExportIngredientSchema = z.object({
  slug: z.string().max(100),
  name: CreateIngredientSchema.shape.name,
  inciName: z.string().trim().min(1).max(200),
  latinName: z.string().max(200),
  kind: IngredientKindSchema,
  noteType: z.array(NoteTypeSchema).min(1).max(3),
  scentFamily: ScentFamilySchema,
  densityGPerMl: CreateIngredientSchema.shape.densityGPerMl.unwrap(),
  /** The facts the maker gave: the leave-on maximum (null: no data), phototoxic or not (null: not known), their source. */
  safety: IngredientSafetyInputSchema,
  notes: z.string().max(2000),
  /** The catalog oil it was based on, if any (its facts were the starting point). */
  basedOn: ExportOilSchema.nullable(),
})
export type ExportIngredient = z.infer<typeof ExportIngredientSchema>

/** One oil in a version's layer: its share of the whole blend, in percent. */
export const ExportVersionOilSchema = ExportOilSchema.extend({ percentage })
export type ExportVersionOil = z.infer<typeof ExportVersionOilSchema>

const layer = (label: string) =>
  z
    .array(ExportVersionOilSchema)
    .min(1, `Every version needs at least one ${label} note oil`)
    .max(MAX_OILS_PER_SLOT, `At most ${MAX_OILS_PER_SLOT} oils per layer`)

/**
 * An accord inside a version (version 5; decision 072): the accord version's id and its blend's id
 * in this file, its name and reference when the line was saved, its share of the whole blend, and
 * the snapshot the line keeps (its flattened oils, each its share of the accord; the blends it
 * contains, by their ids in this file; its depth). The version's layers hold the flattened
 * composition as before, so a reader that knows nothing of accords still reads every oil.
 */
export const ExportAccordSchema = z.object({
  layer: z.enum(['top', 'middle', 'base'], { error: 'An accord sits in the top, middle or base layer' }),
  /** The accord version's id in this file; an import relinks it when that version is in the file too. */
  versionId: sourceId,
  /** The accord's blend's id in this file. */
  projectId: sourceId,
  name,
  referenceNumber: z.string().max(20),
  percentage,
  oils: z.array(ExportVersionOilSchema).min(1, 'An accord holds at least one oil').max(200),
  contains: z.array(sourceId).max(100),
  depth: z.number().int().min(1).max(MAX_ACCORD_DEPTH),
})
export type ExportAccord = z.infer<typeof ExportAccordSchema>

const ownLayer = z.array(ExportVersionOilSchema).max(MAX_OILS_PER_SLOT, `At most ${MAX_OILS_PER_SLOT} oils per layer`)

const tracking = {
  tested: trackingFields.tested,
  maturationPeriod: z
    .number()
    .int()
    .min(0)
    .max(24 * 365),
  maturationComplete: trackingFields.maturationComplete,
  crossContaminationPrevented: trackingFields.crossContaminationPrevented,
  weighedInGrams: trackingFields.weighedInGrams,
}

export const ExportVersionSchema = z
  .object({
    id: sourceId,
    versionLetter: z.string().regex(/^[a-z]{1,3}$/, 'A version letter is 1 to 3 lower-case letters'),
    referenceNumber: z.string().max(20),
    topOils: layer('top'),
    middleOils: layer('middle'),
    baseOils: layer('base'),
    effects: z.array(EffectSchema).max(10),
    formulationNotes: notesField.nullable(),
    testingNotes: notesField.nullable(),
    rating: ratingField.nullable(),
    dateMade: isoDateField,
    dateTested: isoDateField.nullable(),
    ...tracking,
    createdAt: isoDateField,
    /**
     * The oils put in directly, per layer, when the version holds accords (version 5; absent
     * otherwise: then they are the layers above). With `accords` they are the stored lines.
     */
    ownOils: z.object({ topOils: ownLayer, middleOils: ownLayer, baseOils: ownLayer }).optional(),
    /** The accords the version holds (version 5; absent when none, and in older files). */
    accords: z
      .array(ExportAccordSchema)
      .max(3 * MAX_ACCORDS_PER_LAYER)
      .optional(),
  })
  .refine((v) => isTotalValid(slotTotal([...v.topOils, ...v.middleOils, ...v.baseOils])), {
    message: 'The percentages should total 100%',
    path: ['topOils'],
  })
  .refine((v) => (v.accords === undefined || v.accords.length === 0 ? true : v.ownOils !== undefined), {
    message: 'A version with accords lists its own oils (ownOils)',
    path: ['ownOils'],
  })
  .superRefine((v, ctx) => {
    if (!v.ownOils || !v.accords) return
    const own = [...v.ownOils.topOils, ...v.ownOils.middleOils, ...v.ownOils.baseOils]
    if (!isTotalValid(slotTotal([...own, ...v.accords])))
      ctx.addIssue({ code: 'custom', message: 'The own oils and accords should total 100%', path: ['accords'] })
    for (const layer of ['top', 'middle', 'base'] as const) {
      const lines = v.ownOils[`${layer}Oils`].length + v.accords.filter((a) => a.layer === layer).length
      if (lines === 0)
        ctx.addIssue({ code: 'custom', message: `Every version needs at least one ${layer} note oil or accord`, path: ['ownOils'] })
      if (lines > MAX_OILS_PER_SLOT)
        ctx.addIssue({ code: 'custom', message: `At most ${MAX_OILS_PER_SLOT} oils and accords per layer`, path: ['accords'] })
    }
  })
export type ExportVersion = z.infer<typeof ExportVersionSchema>

export const ExportTestEntrySchema = z.object({
  id: sourceId,
  /** The id (in this file) of the version the entry tested. */
  versionId: sourceId,
  referenceNumber: z.string().max(40),
  /** The days the batch was made and tested, YYYY-MM-DD; files from before decision 036 hold ISO date-times. */
  dateMade: calendarDateInputField,
  dateTested: calendarDateInputField.nullable(),
  /** The test's day (midnights from made to tested; same day = 0). Worked out from the dates; ignored on import. */
  day: z.number().int().min(0).nullable().optional(),
  /** The id (in this file) of the batch tested, if one was chosen. Not relinked on import. */
  batchId: sourceId.nullable().optional(),
  notes: notesField.nullable(),
  rating: ratingField.nullable(),
  ...tracking,
  createdAt: isoDateField,
})
export type ExportTestEntry = z.infer<typeof ExportTestEntrySchema>

const amount = (what: string) =>
  z
    .number({ error: `${what} is a number` })
    .finite()
    .min(0, `${what} cannot be below 0`)
    .max(1_000_000, `${what} is at most 1,000,000`)
/** What Accord works out (a batch's amounts and costs): larger than anything typed, never negative. */
const computed = (what: string) =>
  z
    .number({ error: `${what} is a number` })
    .finite()
    .min(0, `${what} cannot be below 0`)
    .max(1e15, `${what} is at most 10^15`)
const money = computed('Money')
const dateOnly = z.iso.date({ error: 'Dates are written YYYY-MM-DD' })

/**
 * One of a bottle's documents (version 7; decision 084): what it is, and where its file is in the
 * archive the export becomes when there are documents (docs/export-format.md "The archive").
 */
export const ExportDocumentSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: `A document's kind is one of ${DOCUMENT_KINDS.join(', ')}` }),
  fileName: z.string().min(1, 'A document has a name').max(200),
  mediaType: z.enum(DOCUMENT_MEDIA_TYPES, { error: 'A document is a PDF, PNG, JPEG or WebP file' }),
  byteSize: z.number().int().positive().max(MAX_DOCUMENT_BYTES, `A document is at most ${MAX_DOCUMENT_BYTES} bytes`),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'A SHA-256 is 64 lowercase hexadecimal digits'),
  /** Its file's name in the archive: `documents/<id>-<name>`. */
  path: z
    .string()
    .regex(
      ARCHIVE_DOCUMENT_PATH,
      'A document is at documents/<name> in the archive, a name of letters, digits, dots, dashes and underscores',
    ),
})
export type ExportDocument = z.infer<typeof ExportDocumentSchema>

/** A bottle on the shelf (version 2): its oil, size and what is left in its unit, what it cost. */
export const ExportBottleSchema = ExportOilSchema.extend({
  id: sourceId,
  unit: z.enum(BOTTLE_UNITS, { error: 'A bottle is sized in mL or g' }),
  size: amount('The bottle size').positive('The bottle size must be greater than 0'),
  remaining: amount('The amount left'),
  price: money.max(1_000_000, 'A price is at most 1,000,000').nullable(),
  supplier: z.string().max(200).nullable(),
  lotCode: z.string().max(100).nullable(),
  purchasedOn: dateOnly.nullable(),
  /** The day it was opened (version 6; docs/product.md "Lots and expiry"): null or absent when not recorded. */
  openedOn: dateOnly.nullable().optional(),
  /** Its best-before day (version 6): null or absent when none; an import never fills one in. */
  bestBefore: dateOnly.nullable().optional(),
  createdAt: isoDateField,
  updatedAt: isoDateField,
  /** Its supplier's allergen declaration (version 3; docs/product.md "Allergen labels"): null when none. */
  // `declaresNone` (decision 049): the sheet states the oil holds none; its item list is then empty.
  // Files written before it lack it, and every declaration of theirs lists an allergen.
  declaration: z
    .object({
      basis: z.enum(DECLARATION_BASES),
      items: z.array(DeclarationItemSchema).max(MAX_DECLARATION_ITEMS),
      declaresNone: z.boolean().optional(),
      updatedAt: isoDateField,
    })
    .refine((d) => (d.declaresNone === true ? d.items.length === 0 : d.items.length > 0), {
      message: 'A declaration lists at least one allergen, or declares none and lists nothing',
      path: ['items'],
    })
    .nullable()
    .optional(),
  /** Its IFRA certificate as the maker entered it (version 4; docs/product.md "IFRA certificates"): null or absent when none. */
  ifraCertificate: ExportIfraCertificateSchema.nullable().optional(),
  /** Its documents (version 7): absent or empty when none. Their files are in the archive, never in the JSON. */
  documents: z
    .array(ExportDocumentSchema)
    .max(MAX_DOCUMENTS_PER_BOTTLE, `A bottle has at most ${MAX_DOCUMENTS_PER_BOTTLE} documents`)
    .optional(),
  // What is left is kept in thousandths of the unit, so it may round half a thousandth above the size.
}).refine((b) => b.remaining <= b.size + 0.0005, { message: 'The amount left cannot be more than the bottle holds', path: ['remaining'] })
export type ExportBottle = z.infer<typeof ExportBottleSchema>

/** One oil of a batch: its amounts, what the shelf lacked, its cost (null: no price on the shelf). */
export const ExportBatchOilSchema = ExportOilSchema.extend({
  grams: computed('An amount'),
  ml: computed('An amount'),
  shortMl: computed('A shortfall'),
  cost: money.nullable(),
})

/** What a batch took from one bottle (the bottle's id in this file), in the bottle's unit then. */
export const ExportDrawSchema = z.object({
  bottleId: sourceId.nullable(),
  slug: z.string().max(100),
  unit: z.enum(BOTTLE_UNITS),
  amount: computed('A draw'),
  ml: computed('A draw'),
})

/** A batch made of one of the blend's versions (version 2; docs/product.md "The oil shelf"). */
export const ExportBatchSchema = z.object({
  id: sourceId,
  /** The id (in this file) of the version made. */
  versionId: sourceId,
  madeOn: dateOnly,
  /** The batch's code in the exporting account (decision 050); absent in older files. Kept on import unless the account has it already. */
  code: z.string().trim().min(1).max(80).optional(),
  productType: z.string().trim().min(1).max(60).meta({ pattern: NOT_BLANK_PATTERN }),
  /** Who it was made for (decision 069); absent in older files, which were adults' batches. */
  audience: z.enum(AUDIENCE_IDS).optional(),
  weight: amount('The weight').positive('The weight must be greater than 0'),
  unit: z.enum(WEIGHT_UNITS),
  oilPercentage: z.number().finite().positive().max(100),
  units: z.number().int().positive().max(100_000).nullable(),
  oils: z.array(ExportBatchOilSchema).max(3 * MAX_OILS_PER_SLOT),
  totalCost: money.nullable(),
  costIsPartial: z.boolean(),
  currency: currencyField.nullable(),
  draws: z.array(ExportDrawSchema).max(1000),
  createdAt: isoDateField,
  /**
   * The allergen label saved with the batch (version 3), as it was computed: its bottle ids are this
   * file's, its oil ids the exporting Accord's catalog's. Null or absent when none was saved.
   */
  label: LabelSchema.nullable().optional(),
  /**
   * The IFRA check recorded when the batch was made (version 4; decision 070): its bottle ids are
   * this file's, its oil ids the exporting Accord's catalog's. Null or absent when none was recorded.
   */
  ifra: IfraCheckSchema.nullable().optional(),
  /**
   * What is left, in grams, of a neat blend made to use as an accord (version 5; decision 074): an
   * import keeps it, never above what the batch was made with. Null or absent for any other batch;
   * a neat batch without it is imported whole.
   */
  remainingGrams: z.number().finite().min(0).max(1_000_000_000).nullable().optional(),
  /**
   * The maker's checks when it was made (issue 36; docs/product.md "Batch records"). Null or
   * absent: not recorded (a batch made before they were asked, or an older file).
   */
  crossContaminationPrevented: z.boolean().nullable().optional(),
  weighedInGrams: z.boolean().nullable().optional(),
})
export type ExportBatch = z.infer<typeof ExportBatchSchema>

const blendFields = {
  id: sourceId,
  name,
  description: notesField.nullable(),
  /** The blend's number in the exporting account (its references start with it). */
  blendNumber: z.number().int().positive(),
  createdAt: isoDateField,
  /** Oldest first. */
  versions: z.array(ExportVersionSchema).min(1, 'A blend has at least one version'),
  /** Oldest first. */
  testEntries: z.array(ExportTestEntrySchema),
}

function checkBlend(blend: { versions: ExportVersion[]; testEntries: ExportTestEntry[]; batches?: ExportBatch[] }, ctx: z.RefinementCtx) {
  const letters = new Set<string>()
  const ids = new Set<number>()
  blend.versions.forEach((v, i) => {
    if (letters.has(v.versionLetter))
      ctx.addIssue({ code: 'custom', message: `Version letter ${v.versionLetter} appears twice`, path: ['versions', i, 'versionLetter'] })
    if (ids.has(v.id)) ctx.addIssue({ code: 'custom', message: `Version id ${v.id} appears twice`, path: ['versions', i, 'id'] })
    letters.add(v.versionLetter)
    ids.add(v.id)
  })
  blend.testEntries.forEach((e, i) => {
    if (!ids.has(e.versionId))
      ctx.addIssue({ code: 'custom', message: `No version of this blend has id ${e.versionId}`, path: ['testEntries', i, 'versionId'] })
  })
  blend.batches?.forEach((b, i) => {
    if (!ids.has(b.versionId))
      ctx.addIssue({ code: 'custom', message: `No version of this blend has id ${b.versionId}`, path: ['batches', i, 'versionId'] })
  })
}

/** A blend of a version 1 file. */
export const ExportBlendV1Schema = z.object(blendFields).superRefine(checkBlend)

export const ExportBlendSchema = z
  .object({
    ...blendFields,
    /** Newest first, as the blend's details list them. */
    batches: z.array(ExportBatchSchema),
  })
  .superRefine(checkBlend)
export type ExportBlend = z.infer<typeof ExportBlendSchema>

type Ids = { id: number }
/** Every id appears once per kind in a file. */
export function uniqueIds(
  file: { blends: { id: number; versions: Ids[]; testEntries: Ids[]; batches?: Ids[] }[]; shelf?: Ids[] },
  ctx: z.RefinementCtx,
) {
  const seen = {
    blend: new Set<number>(),
    version: new Set<number>(),
    entry: new Set<number>(),
    batch: new Set<number>(),
    bottle: new Set<number>(),
  }
  const once = (kind: keyof typeof seen, id: number, path: (string | number)[]) => {
    if (seen[kind].has(id)) ctx.addIssue({ code: 'custom', message: `Id ${id} appears twice`, path })
    seen[kind].add(id)
  }
  file.blends.forEach((b, i) => {
    once('blend', b.id, ['blends', i, 'id'])
    b.versions.forEach((v, j) => once('version', v.id, ['blends', i, 'versions', j, 'id']))
    b.testEntries.forEach((e, k) => once('entry', e.id, ['blends', i, 'testEntries', k, 'id']))
    b.batches?.forEach((x, k) => once('batch', x.id, ['blends', i, 'batches', k, 'id']))
  })
  file.shelf?.forEach((x, i) => once('bottle', x.id, ['shelf', i, 'id']))
}

const fileHead = {
  format: z.literal(EXPORT_FORMAT),
  exportedAt: isoDateField,
  profile: z.object({ name: z.string().max(200), email: z.string().max(320) }),
  /** Every catalog oil the blends and the shelf name. */
  oils: z.array(ExportCatalogOilSchema),
}

/** Version 1 of the file: blends, versions and test entries. Still imported. */
export const ExportFileV1Schema = z
  .object({
    ...fileHead,
    version: z.literal(1),
    /** The account's settings; none existed in version 1, so an empty object. */
    settings: z.record(z.string(), z.unknown()),
    /** Oldest (lowest number) first. */
    blends: z.array(ExportBlendV1Schema),
  })
  .superRefine(uniqueIds)
export type ExportFileV1 = z.infer<typeof ExportFileV1Schema>

/**
 * Version 5 of the file: version 1 with the currency, the shelf's bottles and each blend's batches
 * (version 2), the bottles' allergen declarations, the batches' labels and the oils' INCI names
 * (version 3), the bottles' IFRA certificates and the batches' IFRA checks (version 4), and the
 * maker's own ingredients and each version's own oils and accords (version 5).
 */
export const ExportFileSchema = z
  .object({
    ...fileHead,
    version: z.literal(EXPORT_VERSION),
    /** The maker's own ingredients (version 5); absent in older files. */
    ingredients: z.array(ExportIngredientSchema).max(2000).optional(),
    settings: z.object({
      /** The account's currency (ISO 4217); prices and costs in the file are in it. */
      currency: currencyField.nullable(),
      /** The account's language (decision 093); absent in older files. An import adopts it only when the account has none. */
      language: languageField.optional(),
      /**
       * Reminders when a blend is ready to test (decision 038): the channels and the maker's time
       * zone. Absent in files written before reminders existed; an import does not turn them on.
       * The browsers subscribed to push are not exported: they belong to the devices.
       */
      reminders: z.object({ email: z.boolean(), push: z.boolean(), timeZone: z.string().max(64) }).optional(),
      /**
       * What labels carry from the account (decision 050): the batch code pattern (null: the
       * default) and the responsible person. Absent in older files; an import fills only what the
       * account has not set.
       */
      labels: z
        .object({
          batchCodePattern: z.string().max(MAX_BATCH_CODE_PATTERN).nullable(),
          responsibleName: z.string().max(120).nullable(),
          responsibleAddress: z.string().max(300).nullable(),
        })
        .optional(),
    }),
    /** Oldest (lowest number) first. */
    blends: z.array(ExportBlendSchema),
    /** The bottles on the shelf, oldest first. */
    shelf: z.array(ExportBottleSchema),
  })
  .superRefine(uniqueIds)
  .meta({ id: 'AccordExport', title: 'Accord export, version 5' })
export type ExportFile = z.infer<typeof ExportFileSchema>

/** What an importer reads first, to say clearly when a file is not one it can read. */
export const ExportHeaderSchema = z.object({ format: z.unknown(), version: z.unknown() }).loose()

/** The published JSON Schema of the export file (docs/export-format.schema.json). */
export function exportJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ExportFileSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
}

/** POST /api/import and /api/import/csv: `?dryRun=true` previews without storing anything. */
export const ImportQuerySchema = z
  .object({
    dryRun: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  })
  .strict()

export const ImportCountsSchema = z.object({
  blends: z.number().int(),
  versions: z.number().int(),
  testEntries: z.number().int(),
  /** Shelf bottles and batches (export version 2; always 0 for a spreadsheet). */
  bottles: z.number().int(),
  batches: z.number().int(),
})
export type ImportCounts = z.infer<typeof ImportCountsSchema>

const PreviewOilSchema = z.object({ name: z.string(), percentage: z.number() })

/** One blend of the file or one row of the spreadsheet, as the import will (or did) treat it. */
export const ImportPreviewItemSchema = z.object({
  /** Where it is in the upload: `blends[3]` or `rows[3]`. */
  source: z.string(),
  name: z.string(),
  action: z.enum(['create', 'skip']),
  versions: z.number().int(),
  testEntries: z.number().int(),
  /** The oils of its newest version, per layer. */
  topOils: z.array(PreviewOilSchema),
  middleOils: z.array(PreviewOilSchema),
  baseOils: z.array(PreviewOilSchema),
})
export type ImportPreviewItem = z.infer<typeof ImportPreviewItemSchema>

/** The preview lists at most this many blends; `previewMore` counts the rest. */
export const IMPORT_PREVIEW_MAX = 500

/**
 * The answer of an import, and of its dry run (then `created` is what would be created). Records
 * already imported before (or this account's own) are `skipped`.
 */
export const ImportResultSchema = z.object({
  dryRun: z.boolean(),
  created: ImportCountsSchema,
  skipped: ImportCountsSchema,
  preview: z.array(ImportPreviewItemSchema),
  previewMore: z.number().int(),
})
export type ImportResult = z.infer<typeof ImportResultSchema>

/** POST /api/import/csv: the spreadsheet as text (Content-Type text/csv). */
export const ImportCsvBodySchema = z.string().describe('A CSV spreadsheet of blends: docs/export-format.md "Spreadsheet import"')
