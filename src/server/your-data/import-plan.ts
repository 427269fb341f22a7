import type { Language } from '#shared/i18n/languages.ts'
import type { z } from 'zod'
import type { VersionOil } from '#shared/api/blends.ts'
import type { StoredLine } from '#shared/domain/accords.ts'
import type { ExportVersionOil } from '#shared/api/export.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Tracking } from '#shared/domain/maturation.ts'
import type { Effect } from '#shared/domain/vocabulary.ts'
import type { AudienceId } from '#shared/domain/audience-ids.ts'
import { AppError } from '#server/http/errors.ts'
import { slices } from '#server/shared/slices.ts'
import type { ExportIfraCertificate, IfraCheck } from '#shared/api/ifra.ts'
import type { DeclarationBasis, Label } from '#shared/api/labels.ts'
import type { DocumentKind } from '#shared/api/documents.ts'

/**
 * What an import will write, whatever it was uploaded as (a JSON export or a spreadsheet): blends
 * with their versions and test entries, oils resolved to catalog entries. Built before anything is
 * stored, so every refusal names its place in the upload and nothing is written.
 */

/**
 * An accord line of a planned version (export version 5; decision 072), by the file's ids. It is
 * stored unlinked (version and blend id 0: no row has them, so it reads as a deleted accord keeping
 * its oils) and relinked once every version of the import is stored, when its version is in the file.
 */
export type PlanAccordLink = {
  /** Where the line is in the planned version's layers. */
  key: 'topOils' | 'middleOils' | 'baseOils'
  index: number
  /** The accord version's id in the file. */
  sourceVersionId: number
  /** The blends it contains, by their ids in the file. */
  sourceContains: number[]
}

export type PlanVersion = {
  /** The id in the file; null for a spreadsheet row (it has no identity to remember). */
  sourceId: number | null
  versionLetter: string
  /** The stored lines: oils, then accords (decision 072). */
  topOils: StoredLine[]
  middleOils: StoredLine[]
  baseOils: StoredLine[]
  /** Its accord lines' links to the file's versions (absent: none). */
  accordLinks?: PlanAccordLink[]
  effects: Effect[]
  formulationNotes: string | null
  testingNotes: string | null
  rating: number | null
  dateMade: string
  dateTested: string | null
  createdAt: string
} & Tracking

export type PlanEntry = {
  sourceId: number
  /** The file id of the version tested. */
  versionSourceId: number
  dateMade: string
  dateTested: string | null
  notes: string | null
  rating: number | null
  createdAt: string
} & Tracking

/** A batch of an export version 2 file: its oils and draws resolved to catalog ids. */
export type PlanBatch = {
  /** Where it is in the upload: 'blends[3].batches[0]'. */
  source: string
  sourceId: number
  /** The file id of the version made. */
  versionSourceId: number
  madeOn: string
  /** The batch's code in the file (decision 050); absent in older files. */
  code?: string | undefined
  productType: string
  /** Who it was made for; absent in older files (adults). */
  audience?: AudienceId | undefined
  weight: number
  unit: 'g' | 'oz' | 'lb'
  oilPercentage: number
  units: number | null
  oils: { oilId: number; oilName: string; grams: number; ml: number; shortMl: number; cost: number | null }[]
  totalCost: number | null
  costIsPartial: boolean
  currency: string | null
  /** bottleSourceId: the file id of the bottle drawn from (null: deleted before the export). */
  draws: { bottleSourceId: number | null; oilId: number; unit: 'mL' | 'g'; amount: number; ml: number }[]
  createdAt: string
  /** Its saved allergen label (version 3), oil ids matched to this catalog; bottle ids still the file's. */
  label?: Label | null
  /** Its recorded IFRA check (version 4), oil ids matched to this catalog; bottle ids still the file's. */
  ifra?: IfraCheck | null
  /** The maker's checks when it was made (issue 36); null or absent: not recorded. */
  crossContaminationPrevented?: boolean | null | undefined
  weighedInGrams?: boolean | null | undefined
}

export type PlanBlend = {
  /** Where it is in the upload: 'blends[3]' or 'rows[3]'. */
  source: string
  sourceId: number | null
  name: string
  description: string | null
  createdAt: string
  versions: PlanVersion[]
  testEntries: PlanEntry[]
  batches: PlanBatch[]
}

/** A shelf bottle of an export version 2 file. */
export type PlanBottle = {
  /** Where it is in the upload: 'shelf[3]'. */
  source: string
  sourceId: number
  oilId: number
  unit: 'mL' | 'g'
  size: number
  remaining: number
  price: number | null
  supplier: string | null
  lotCode: string | null
  purchasedOn: string | null
  /** Its opened and best-before days (version 6); null in older files. */
  openedOn: string | null
  bestBefore: string | null
  createdAt: string
  updatedAt: string
  /** Its allergen declaration (version 3). */
  declaration?: {
    basis: DeclarationBasis
    items: { entryId: string; percent: number; upTo?: true }[]
    declaresNone?: boolean
    updatedAt: string
  } | null
  /** Its IFRA certificate (version 4). */
  ifraCertificate?: ExportIfraCertificate | null
  /** Its documents (version 7, from an archive; decision 084): each file checked, read again when stored. */
  documents?: PlanDocument[]
}

/** A document of an archive's bottle: its file is inflated again from the archive when stored, one at a time. */
export type PlanDocument = {
  /** Where it is in the file: 'shelf[3].documents[1]'. */
  source: string
  /** Its file's name in the archive. */
  path: string
  kind: DocumentKind
  fileName: string
  byteSize: number
  read: () => Uint8Array
}

/**
 * The plan's blends in file order, handed out a statement's worth at a time (each pass over them
 * yields to the event loop between parts). A JSON export's are a list already in memory; a
 * spreadsheet's are built again from its checked rows on each pass, so a 100,000-row file is held
 * as its rows, not also as 100,000 planned blends (decision 041: the import's memory).
 */
export type PlanBlends = {
  readonly count: number
  parts(size: number): AsyncIterable<PlanBlend[]>
}

/** A list of planned blends as PlanBlends. */
export function listedBlends(list: PlanBlend[]): PlanBlends {
  return {
    count: list.length,
    async *parts(size) {
      const pause = slices()
      for (let i = 0; i < list.length; i += size) {
        await pause()
        yield list.slice(i, i + size)
      }
    },
  }
}

/** Everything an import stores: blends (with batches), the shelf, and the file's currency. */
export type ImportPlan = {
  blends: PlanBlends
  bottles: PlanBottle[]
  /** The currency the file's prices are in; null when it names none (a version 1 file, a spreadsheet). */
  currency: string | null
  /** The account's language in the file (decision 093), when it names one. */
  language?: Language | null | undefined
  /** The file's label settings (decision 050), when it has them. */
  labelSettings?: { batchCodePattern: string | null; responsibleName: string | null; responsibleAddress: string | null } | undefined
}

/** 'blends[12].versions[0].topOils[1].percentage': a place in the upload, as the errors name it. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '')
}

export type Problem = { path: string; message: string }

/** At most this many problems are listed in an answer's details. */
const MAX_DETAILS = 100
/** An answer names at most this many unknown oils in its message, and counts the rest. */
const MAX_NAMED_OILS = 20

/** The upload failed its schema: 400 VALIDATION_ERROR naming each place (decision 002's shape). */
export function invalidUpload(problems: Problem[]): AppError {
  const first = problems[0]
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''
  return new AppError(
    400,
    'VALIDATION_ERROR',
    first ? `${first.path}: ${first.message}${more}` : 'The file is not valid',
    problems.slice(0, MAX_DETAILS),
  )
}

export function zodProblems(error: z.ZodError, prefix: PropertyKey[] = []): Problem[] {
  return error.issues.map((issue) => ({ path: formatPath([...prefix, ...issue.path]) || '(file)', message: issue.message }))
}

/**
 * Matches oils to the catalog: by slug, then by name (any case). Unknown oils are collected with
 * every place they occur, and the import fails naming them (422 UNKNOWN_OILS): never dropped.
 */
export function createOilResolver(catalog: EssentialOil[]) {
  const bySlug = new Map(catalog.map((o) => [o.slug, o]))
  const byName = new Map(catalog.map((o) => [o.name.trim().toLowerCase(), o]))
  const unknown = new Map<string, { label: string; paths: string[] }>()

  function find(oil: { slug?: string; name: string }): EssentialOil | undefined {
    return (oil.slug ? bySlug.get(oil.slug.trim().toLowerCase()) : undefined) ?? byName.get(oil.name.trim().toLowerCase())
  }

  return {
    find,
    /** The catalog oil with the file's percentage, or null (recorded as unknown at `path`). */
    resolve(oil: { slug?: string; name: string; percentage: number }, path: string): VersionOil | null {
      const found = find(oil)
      if (found) return { id: found.id, name: found.name, percentage: oil.percentage }
      const key = (oil.slug?.trim() || oil.name.trim()).toLowerCase()
      const label = oil.name.trim() || oil.slug?.trim() || '(no name)'
      const entry = unknown.get(key) ?? { label, paths: [] }
      entry.paths.push(path)
      unknown.set(key, entry)
      return null
    },
    /** Throws 422 UNKNOWN_OILS when any oil was not found. */
    assertAllKnown() {
      if (unknown.size === 0) return
      const list = [...unknown.values()]
      const details = list.flatMap((u) => u.paths.map((path) => ({ path, message: `"${u.label}" is not in Accord's oil catalog` })))
      const names = list
        .slice(0, MAX_NAMED_OILS)
        .map((u) => `"${u.label}" (${u.paths.slice(0, 3).join(', ')}${u.paths.length > 3 ? `, and ${u.paths.length - 3} more` : ''})`)
      const others = list.length > MAX_NAMED_OILS ? `; and ${list.length - MAX_NAMED_OILS} more` : ''
      const message = `${list.length === 1 ? 'This oil is' : `These ${list.length} oils are`} not in Accord's catalog, so nothing was imported: ${names.join('; ')}${others}`
      throw new AppError(422, 'UNKNOWN_OILS', message, details.slice(0, MAX_DETAILS))
    },
  }
}
export type OilResolver = ReturnType<typeof createOilResolver>

/** A layer's oils resolved, with each unknown one recorded at its path. */
export function resolveLayer(resolver: OilResolver, oils: ExportVersionOil[], path: string): VersionOil[] {
  return oils.flatMap((o, i) => resolver.resolve(o, `${path}[${i}]`) ?? [])
}
