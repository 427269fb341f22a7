import type { ImportCounts, ImportPreviewItem, ImportResult } from '#shared/api/export.ts'
import { remapIfraCheck } from '#shared/api/ifra.ts'
import { IMPORT_PREVIEW_MAX } from '#shared/api/export.ts'
import { referenceNumber } from '#shared/domain/references.ts'
import { flattenLayer, type StoredLine } from '#shared/domain/accords.ts'
import type { ImportOriginsTable } from '#server/db/schema.ts'
import type { Executor } from '#server/db/executor.ts'
import { touchUserData } from '#server/db/counters.ts'
import type { Outcome } from '#server/shared/outcome.ts'
import {
  importedBlendProblems,
  importedLetter,
  importedVersionCount,
  importProjects,
  importVersions,
  projectsToGrow,
  relinkImportedAccords,
  type ImportedProject,
} from '#server/blends/blends.commands.ts'
import { versionsById } from '#server/blends/blends-write.repo.ts'
import { importedTestRefusal, importTests, reserveTestNumbers } from '#server/journal/journal.commands.ts'
import {
  invalidUpload,
  type ImportPlan,
  type PlanBatch,
  type PlanBlend,
  type PlanBottle,
  type PlanEntry,
  type Problem,
} from '#server/your-data/import-plan.ts'
import { refusalError } from '#server/http/errors.ts'
import { adoptLabelSettings, getSettings, updateSettings } from '#server/me/settings.commands.ts'
import { listAllOils, listOwnOils } from '#server/oils/oils.repo.ts'
import { addImportedBatches, importedBatchRefusal, type ImportedBatchRecord } from '#server/shelf/batches.commands.ts'
import { addImportedBottles, currencyRefusal, importedBottleRefusal } from '#server/shelf/shelf.commands.ts'
import type { Oils } from '#server/shelf/shelf.repo.ts'
import { serialiseOn } from '#server/db/locks.ts'
import { MAX_ACCOUNT_DOCUMENT_BYTES } from '#shared/api/documents.ts'
import { formatBytes } from '#shared/domain/document-types.ts'
import { accountDocumentBytes, uploadDocument } from '#server/shelf/documents.commands.ts'
import { slices } from '#server/shared/slices.ts'
import { scheduleImported } from '#server/reminders/reminders.commands.ts'

/**
 * Stores an import plan for the signed-in user, all of it or nothing: the caller runs it in one
 * transaction. Blends, versions and test entries are written by their commands (blends.commands.ts,
 * journal.commands.ts: the same row mapping and rules as a save through the API or the assistant),
 * a statement's worth at a time; a record they refuse fails the import with its place in the file. A record whose file id was imported before (import_origins, migration 0010), or
 * that is this account's own (same id and creation time: its own export imported back), is
 * skipped, so importing a file twice creates nothing twice (decision 020). New blends take the
 * user's next numbers and keep their letters, percentages, notes, ratings and dates.
 */

type Kind = ImportOriginsTable['kind']
const TABLE = {
  blend: 'blend_projects',
  version: 'blend_versions',
  'test-entry': 'journal_entries',
  bottle: 'shelf_bottles',
  batch: 'batches',
} as const

/** Rows per statement: well under either engine's limit on bound parameters. */
const CHUNK = 200

/**
 * The list a statement's worth at a time. Between statements the event loop gets a turn once a
 * slice has run a few milliseconds, so a 100,000-row import does not hold up other requests
 * (decision 041); the transaction stays one, so the import is still all or nothing.
 */
async function* chunks<T>(list: T[]): AsyncGenerator<T[]> {
  const pause = slices()
  for (let i = 0; i < list.length; i += CHUNK) {
    await pause()
    yield list.slice(i, i + CHUNK)
  }
}

/**
 * Which of the file's ids are already in this account, mapped to the row that holds them: an
 * import origin whose row still exists, or the account's own row with that id and creation time.
 */
async function presentIds(
  ex: Executor,
  userId: string,
  kind: Kind,
  records: { id: number; createdAt: string }[],
): Promise<Map<number, number>> {
  const found = new Map<number, number>()
  const table = TABLE[kind] as 'blend_projects'
  for await (const part of chunks(records)) {
    const ids = part.map((r) => r.id)
    const origins = await ex
      .selectFrom('import_origins as o')
      .innerJoin(`${table} as t`, (join) => join.onRef('t.id', '=', 'o.target_id').onRef('t.user_id', '=', 'o.user_id'))
      .select(['o.source_id', 'o.target_id'])
      .where('o.user_id', '=', userId)
      .where('o.kind', '=', kind)
      .where('o.source_id', 'in', ids.map(String))
      .execute()
    for (const o of origins) found.set(Number(o.source_id), o.target_id)
    const own = await ex.selectFrom(table).select(['id', 'created_at']).where('user_id', '=', userId).where('id', 'in', ids).execute()
    const createdAt = new Map(part.map((r) => [r.id, r.createdAt]))
    for (const row of own) if (!found.has(row.id) && createdAt.get(row.id) === row.created_at) found.set(row.id, row.id)
  }
  return found
}

async function recordOrigins(ex: Executor, userId: string, kind: Kind, pairs: [number, number][], now: string) {
  for await (const part of chunks(pairs)) {
    await ex
      .insertInto('import_origins')
      .values(part.map(([source, target]) => ({ user_id: userId, kind, source_id: String(source), target_id: target, created_at: now })))
      .onConflict((oc) =>
        oc.columns(['user_id', 'kind', 'source_id']).doUpdateSet((eb) => ({ target_id: eb.ref('excluded.target_id'), created_at: now })),
      )
      .execute()
  }
}

/** A layer as the preview shows it: flattened, an accord's oils among the others (decision 072). */
const previewOils = (list: StoredLine[]) => flattenLayer(list).map((o) => ({ name: o.name, percentage: o.percentage }))

/**
 * The shelf's rules, held by its commands (shelf.commands.ts, batches.commands.ts), on what this
 * import would store: its currency against the account's, and each new bottle and batch as the
 * API holds one. The first refusal fails the whole import, naming its place in the file, so the
 * dry run says it too. Answers the account's currency and the catalog the rules read.
 */
async function checkShelf(ex: Executor, userId: string, plan: ImportPlan, bottles: PlanBottle[], batches: PlanBatch[]) {
  const { currency } = await getSettings(ex, userId)
  const priced = bottles.some((b) => b.price !== null) || batches.some((b) => b.totalCost !== null)
  // The catalog and the maker's own ingredients (decision 068): another maker's are unknown oils.
  const oils: Oils =
    bottles.length === 0 ? new Map() : new Map([...(await listAllOils(ex)), ...(await listOwnOils(ex, userId))].map((o) => [o.id, o]))
  const refused =
    currencyRefusal(currency, plan.currency, priced) ??
    bottles.reduce<ReturnType<typeof importedBottleRefusal>>((found, b) => found ?? importedBottleRefusal(b, oils), null) ??
    batches.reduce<ReturnType<typeof importedBatchRefusal>>((found, b) => found ?? importedBatchRefusal(b), null)
  if (refused) throw refusalError(refused)
  return { currency, oils }
}

/**
 * The rules the blends' and the journal's commands apply to what this blend brings that is new
 * (the same checks importProjects, importVersions and importTests make), named by place in the file.
 */
function ruleProblems(b: PlanBlend, blendPresent: boolean, versions: Map<number, number>, entries: Map<number, number>): Problem[] {
  const at = (path: string) => `${b.source}${path ? `.${path}` : ''}`
  const isNew = (id: number | null) => id === null || !versions.has(id)
  const problems = importedBlendProblems({
    name: blendPresent ? null : b.name,
    versions: b.versions.map((v) => (isNew(v.sourceId) ? v : null)),
  }).map((p) => ({ path: at(p.path), message: p.message }))
  b.testEntries.forEach((e, j) => {
    if (entries.has(e.sourceId)) return
    const refused = importedTestRefusal(e)
    const detail = (refused?.details as { path: string }[] | undefined)?.[0]
    if (refused) problems.push({ path: at(`testEntries[${j}]${detail?.path ? `.${detail.path}` : ''}`), message: refused.message })
  })
  return problems
}

/**
 * What the import does with each record: the same answer for the dry run and the real one. Read
 * before anything is written, a part of the file's blends at a time.
 */
async function decide(ex: Executor, userId: string, whole: ImportPlan) {
  const withId = <T extends { sourceId: number | null; createdAt: string }>(list: T[]) =>
    list.flatMap((r) => (r.sourceId === null ? [] : [{ id: r.sourceId, createdAt: r.createdAt }]))
  const blends = new Map<number, number>()
  const versions = new Map<number, number>()
  const entries = new Map<number, number>()
  const bottles = await presentIds(ex, userId, 'bottle', withId(whole.bottles))
  const newBottles = whole.bottles.filter((b) => !bottles.has(b.sourceId))
  const newBatches: PlanBatch[] = []
  const created: ImportCounts = { blends: 0, versions: 0, testEntries: 0, bottles: newBottles.length, batches: 0 }
  const skipped: ImportCounts = { blends: 0, versions: 0, testEntries: 0, bottles: whole.bottles.length - newBottles.length, batches: 0 }
  const preview: ImportPreviewItem[] = []
  const isPresent = (map: Map<number, number>, id: number | null) => id !== null && map.has(id)
  const problems: Problem[] = []
  const pause = slices()
  for await (const part of whole.blends.parts(CHUNK)) {
    const partBatches = part.flatMap((b) => b.batches)
    const [partBlends, partVersions, partEntries, partBatchIds] = await Promise.all([
      presentIds(ex, userId, 'blend', withId(part)),
      presentIds(ex, userId, 'version', withId(part.flatMap((b) => b.versions))),
      presentIds(
        ex,
        userId,
        'test-entry',
        withId(part.flatMap((b) => b.testEntries.map((e) => ({ ...e, sourceId: e.sourceId as number | null })))),
      ),
      presentIds(ex, userId, 'batch', withId(partBatches)),
    ])
    for (const [map, found] of [
      [blends, partBlends],
      [versions, partVersions],
      [entries, partEntries],
    ] as const)
      for (const [k, v] of found) map.set(k, v)
    const freshBatches = partBatches.filter((b) => !partBatchIds.has(b.sourceId))
    newBatches.push(...freshBatches)
    created.batches += freshBatches.length
    skipped.batches += partBatches.length - freshBatches.length
    for (const b of part) {
      await pause()
      const blendPresent = isPresent(blends, b.sourceId)
      const newVersions = b.versions.filter((v) => !isPresent(versions, v.sourceId))
      const newEntries = b.testEntries.filter((e) => !isPresent(entries, e.sourceId))
      created.blends += blendPresent ? 0 : 1
      skipped.blends += blendPresent ? 1 : 0
      created.versions += newVersions.length
      skipped.versions += b.versions.length - newVersions.length
      created.testEntries += newEntries.length
      skipped.testEntries += b.testEntries.length - newEntries.length
      problems.push(...ruleProblems(b, blendPresent, versions, entries))
      if (preview.length < IMPORT_PREVIEW_MAX) {
        const newest = b.versions.at(-1)!
        preview.push({
          source: b.source,
          name: b.name,
          action: blendPresent && newVersions.length === 0 && newEntries.length === 0 ? 'skip' : 'create',
          versions: newVersions.length,
          testEntries: newEntries.length,
          topOils: previewOils(newest.topOils),
          middleOils: previewOils(newest.middleOils),
          baseOils: previewOils(newest.baseOils),
        })
      }
    }
  }
  // What the commands would refuse, named by its place in the file: nothing is written (dry run or not).
  if (problems.length > 0) throw invalidUpload(problems)
  const { currency: accountCurrency, oils } = await checkShelf(ex, userId, whole, newBottles, newBatches)
  await checkDocumentsFit(ex, userId, newBottles)
  return {
    oils,
    maps: { blends, versions, entries, bottles },
    newBottles,
    newBatches,
    accountCurrency,
    created,
    skipped,
    preview,
    previewMore: Math.max(0, whole.blends.count - IMPORT_PREVIEW_MAX),
  }
}

/** The import's answer without storing anything (POST /api/import?dryRun=true). */
export async function previewImport(ex: Executor, userId: string, plan: ImportPlan): Promise<ImportResult> {
  const { created, skipped, preview, previewMore } = await decide(ex, userId, plan)
  return { dryRun: true, created, skipped, preview, previewMore }
}

type Maps = Awaited<ReturnType<typeof decide>>['maps']
type VersionTarget = { id: number; reference: string; projectId: number }

/** A refusal of a command that checked again what decide() checked: the import fails naming the record's place. */
function written<T>(outcome: Outcome<T>, placeOf: (index: number) => string): T {
  if (outcome.ok) return outcome.value
  const details = Array.isArray(outcome.details) ? (outcome.details as { index?: number; path?: string; message: string }[]) : []
  const first = details[0]
  const place = first?.index === undefined ? '(file)' : `${placeOf(first.index)}${first.path ? `.${first.path}` : ''}`
  throw invalidUpload([{ path: place, message: first?.message ?? outcome.message }])
}

/** New blends take the user's next numbers, in file order; version_count follows the highest letter kept. */
async function insertBlends(trx: Executor, userId: string, blends: PlanBlend[], now: string): Promise<Map<PlanBlend, ImportedProject>> {
  const projects = new Map<PlanBlend, ImportedProject>()
  if (blends.length === 0) return projects
  const made = written(
    await importProjects(
      trx,
      userId,
      blends.map((b) => ({ ...b, versionLetters: b.versions.map((v) => v.versionLetter) })),
    ),
    (i) => blends[i]!.source,
  )
  blends.forEach((b, i) => projects.set(b, made[i]!))
  await recordOrigins(
    trx,
    userId,
    'blend',
    blends.flatMap((b) => (b.sourceId === null ? [] : [[b.sourceId, projects.get(b)!.id] as [number, number]])),
    now,
  )
  return projects
}

/** Blends already here that gain versions the file has and they lack: their numbers, letters and counts. */
async function loadGrownBlends(trx: Executor, userId: string, blends: PlanBlend[], maps: Maps): Promise<Map<PlanBlend, ImportedProject>> {
  const projects = new Map<PlanBlend, ImportedProject>()
  if (blends.length === 0) return projects
  const byId = await projectsToGrow(
    trx,
    userId,
    blends.map((b) => maps.blends.get(b.sourceId!)!),
  )
  for (const b of blends) projects.set(b, byId.get(maps.blends.get(b.sourceId!)!)!)
  return projects
}

/**
 * The versions the account lacks, each with the file's letter, or its blend's next free one if a
 * version already holds it (importedLetter). Answers the new versions by their file ids.
 */
async function insertVersions(trx: Executor, userId: string, projects: Map<PlanBlend, ImportedProject>, maps: Maps, now: string) {
  const created: { blend: PlanBlend; index: number; letter: string; project: ImportedProject }[] = []
  for (const [blend, project] of projects) {
    blend.versions.forEach((version, index) => {
      if (version.sourceId !== null && maps.versions.has(version.sourceId)) return
      created.push({ blend, index, letter: importedLetter(project, version.versionLetter), project })
    })
  }
  const targets = new Map<number, VersionTarget>()
  for await (const part of chunks(created)) {
    const ids = written(
      await importVersions(
        trx,
        userId,
        part.map(({ blend, index, letter, project }) => ({ project, letter, fields: blend.versions[index]! })),
      ),
      (i) => `${part[i]!.blend.source}.versions[${part[i]!.index}]`,
    )
    part.forEach(({ blend, index, letter, project }, i) => {
      const sourceId = blend.versions[index]!.sourceId
      if (sourceId !== null)
        targets.set(sourceId, { id: ids[i]!, reference: referenceNumber(project.number, letter), projectId: project.id })
    })
  }
  await recordOrigins(
    trx,
    userId,
    'version',
    [...targets].map(([source, t]) => [source, t.id] as [number, number]),
    now,
  )
  return targets
}

/** The file's versions already here, by file id, for the new test entries and batches that name them. */
async function presentVersions(trx: Executor, userId: string, maps: Maps, targets: Map<number, VersionTarget>) {
  const bySource = new Map([...maps.versions].map(([source, target]) => [target, source]))
  for await (const part of chunks([...maps.versions.values()])) {
    for (const r of await versionsById(trx, userId, part))
      targets.set(bySource.get(r.id)!, { id: r.id, reference: r.reference_number, projectId: r.project_id })
  }
}

/** New test entries, oldest first, take the user's next entry numbers (their TB- references). */
async function insertEntries(
  trx: Executor,
  userId: string,
  entries: { entry: PlanEntry; place: string }[],
  versions: Map<number, VersionTarget>,
  now: string,
) {
  if (entries.length === 0) return
  const sorted = [...entries].sort((a, b) => a.entry.createdAt.localeCompare(b.entry.createdAt) || a.entry.sourceId - b.entry.sourceId)
  const first = await reserveTestNumbers(trx, userId, sorted.length)
  const numbered = sorted.map(({ entry, place }, i) => ({
    entry,
    place,
    version: versions.get(entry.versionSourceId)!,
    sequence: first + i,
  }))
  const pairs: [number, number][] = []
  for await (const part of chunks(numbered)) {
    const ids = written(
      await importTests(
        trx,
        userId,
        part.map(({ entry, version, sequence }) => ({ version, sequence, fields: entry })),
      ),
      (i) => part[i]!.place,
    )
    part.forEach(({ entry }, i) => pairs.push([entry.sourceId, ids[i]!]))
  }
  await recordOrigins(trx, userId, 'test-entry', pairs, now)
}

/** New bottles as the file had them (what is left already net of its batches), through the shelf's command; answers every file bottle id. */
async function insertBottles(
  trx: Executor,
  userId: string,
  bottles: PlanBottle[],
  present: Map<number, number>,
  oils: Oils,
  now: string,
): Promise<Map<number, number>> {
  const targets = new Map(present)
  const outcome = await addImportedBottles(trx, userId, bottles, oils, slices())
  if (!outcome.ok) throw refusalError(outcome)
  bottles.forEach((b, i) => targets.set(b.sourceId, outcome.value[i]!))
  await recordOrigins(
    trx,
    userId,
    'bottle',
    bottles.map((b) => [b.sourceId, targets.get(b.sourceId)!] as [number, number]),
    now,
  )
  return targets
}

/**
 * New batches of versions now in the account, oldest first, through the batches' command: their
 * draws and labels point at the imported (or present) bottles. The shelf is not drawn again.
 */
async function insertBatches(
  trx: Executor,
  userId: string,
  batches: PlanBatch[],
  versions: Map<number, VersionTarget>,
  bottles: Map<number, number>,
  now: string,
) {
  // The label's bottle ids are the file's: the imported (or present) bottles', null when the file had none.
  const bottle = (id: number | null) => (id === null ? null : (bottles.get(id) ?? null))
  const sorted = [...batches].sort((x, y) => x.createdAt.localeCompare(y.createdAt) || x.sourceId - y.sourceId)
  const records = sorted.map(({ sourceId: _s, versionSourceId, draws, label, ifra, ...b }): ImportedBatchRecord => {
    const version = versions.get(versionSourceId)!
    return {
      ...b,
      version: { id: version.id, projectId: version.projectId, reference: version.reference },
      draws: draws.map(({ bottleSourceId, ...d }) => ({ ...d, bottleId: bottle(bottleSourceId) })),
      label: label
        ? {
            ...label,
            declared: label.declared.map((a) => ({ ...a, sources: a.sources.map((s) => ({ ...s, bottleId: bottle(s.bottleId) })) })),
            belowThreshold: label.belowThreshold.map((a) => ({
              ...a,
              sources: a.sources.map((s) => ({ ...s, bottleId: bottle(s.bottleId) })),
            })),
            missing: label.missing.map((m) => ({ ...m, bottleId: bottle(m.bottleId) })),
          }
        : null,
      ifra: ifra ? remapIfraCheck(ifra, (oilId) => oilId, bottle) : null,
    }
  })
  const outcome = await addImportedBatches(trx, userId, records, slices())
  if (!outcome.ok) throw refusalError(outcome)
  await recordOrigins(
    trx,
    userId,
    'batch',
    sorted.map((b, i) => [b.sourceId, outcome.value.ids[i]!] as [number, number]),
    now,
  )
  await scheduleImported(trx, userId, { versions: [], batches: outcome.value.scheduled })
}

/**
 * The new bottles' documents (decision 084) against the account's 100 MB with what it keeps already:
 * the dry run says it too. Each bottle's 20 the file's schema holds; the keeper checks both again.
 */
async function checkDocumentsFit(ex: Executor, userId: string, bottles: PlanBottle[]) {
  const documents = bottles.flatMap((b) => b.documents ?? [])
  if (documents.length === 0) return
  let total = await accountDocumentBytes(ex, userId)
  for (const d of documents) {
    total += d.byteSize
    if (total > MAX_ACCOUNT_DOCUMENT_BYTES)
      throw invalidUpload([
        {
          path: d.source,
          message: `${d.path} (“${d.fileName}”): your documents would take ${formatBytes(total)} or more, over the ${formatBytes(MAX_ACCOUNT_DOCUMENT_BYTES)} an account may keep`,
        },
      ])
  }
}

/** The new bottles' documents through their keeper, one file inflated at a time; a refusal fails the import naming the file. */
async function insertDocuments(trx: Executor, userId: string, bottles: PlanBottle[], targets: Map<number, number>) {
  const pause = slices()
  for (const bottle of bottles) {
    for (const d of bottle.documents ?? []) {
      await pause()
      const outcome = await uploadDocument(trx, userId, targets.get(bottle.sourceId)!, {
        kind: d.kind,
        fileName: d.fileName,
        bytes: d.read(),
      })
      if (!outcome.ok) throw invalidUpload([{ path: d.source, message: `${d.path} (“${d.fileName}”): ${outcome.message}` }])
    }
  }
}

/**
 * Stores the plan in the caller's transaction (which must be one: this writes many statements). The
 * blends are written a part at a time (their blends, then their versions); test entries, bottles
 * and batches once every version they name is here.
 */
export async function runImport(trx: Executor, userId: string, whole: ImportPlan): Promise<ImportResult> {
  // One import at a time per user: the next one then finds this one's records and skips them (decision 041).
  await serialiseOn(trx, 'import', userId)
  const { maps, newBottles, newBatches, accountCurrency, oils, created, skipped, preview, previewMore } = await decide(trx, userId, whole)
  const now = new Date().toISOString()
  const isNew =
    <T extends { sourceId: number | null }>(map: Map<number, number>) =>
    (r: T) =>
      r.sourceId === null || !map.has(r.sourceId)
  const versions = new Map<number, VersionTarget>()
  const newEntries: { entry: PlanEntry; place: string }[] = []
  const blendIds = new Map(maps.blends)
  const withAccords: Parameters<typeof relinkImportedAccords>[2][number][] = []
  const pause = slices()
  for await (const part of whole.blends.parts(CHUNK)) {
    const projects = await insertBlends(trx, userId, part.filter(isNew(maps.blends)), now)
    const grown = part.filter((b) => !projects.has(b) && b.versions.some(isNew(maps.versions)))
    for (const [blend, project] of await loadGrownBlends(trx, userId, grown, maps)) projects.set(blend, project)
    const inserted = await insertVersions(trx, userId, projects, maps, now)
    for (const [source, target] of inserted) versions.set(source, target)
    for (const [blend, project] of projects) if (blend.sourceId !== null) blendIds.set(blend.sourceId, project.id)
    // Accord lines wait for every version of the file: relinked below (decision 072).
    for (const b of part)
      for (const v of b.versions) {
        const target = v.sourceId === null ? undefined : inserted.get(v.sourceId)
        if (target && v.accordLinks && v.accordLinks.length > 0)
          withAccords.push({
            id: target.id,
            layers: { topOils: v.topOils, middleOils: v.middleOils, baseOils: v.baseOils },
            links: v.accordLinks,
          })
      }
    for (const b of grown) {
      await pause()
      await importedVersionCount(trx, userId, projects.get(b)!)
    }
    for (const b of part)
      b.testEntries.forEach((entry, j) => {
        if (isNew(maps.entries)(entry)) newEntries.push({ entry, place: `${b.source}.testEntries[${j}]` })
      })
  }
  await presentVersions(trx, userId, maps, versions)
  await relinkImportedAccords(trx, userId, withAccords, versions, blendIds)
  await insertEntries(trx, userId, newEntries, versions, now)
  const bottles = await insertBottles(trx, userId, newBottles, maps.bottles, oils, now)
  await insertDocuments(trx, userId, newBottles, bottles)
  await insertBatches(trx, userId, newBatches, versions, bottles, now)
  // An account without a currency takes the file's.
  if (!accountCurrency && whole.currency) await updateSettings(trx, userId, { currency: whole.currency })
  // An account without a language takes the file's, through the settings keeper (decision 093).
  if (whole.language && (await getSettings(trx, userId)).language === null) await updateSettings(trx, userId, { language: whole.language })
  // Label settings the account has not set are taken from the file (decision 050).
  if (whole.labelSettings) await adoptLabelSettings(trx, userId, whole.labelSettings)
  if (created.blends + created.versions + created.testEntries + created.batches > 0) await touchUserData(trx, userId)
  return { dryRun: false, created, skipped, preview, previewMore }
}
