import { sql } from 'kysely'
import type { ImportCounts, ImportPreviewItem, ImportResult } from '#shared/api/export.ts'
import { IMPORT_PREVIEW_MAX } from '#shared/api/export.ts'
import { nameSortKey } from '#shared/domain/journal-list.ts'
import { referenceNumber, testEntryReference, versionIndexOf, versionLetterAt } from '#shared/domain/references.ts'
import type { ImportOriginsTable } from '#server/db/schema.ts'
import type { Executor } from '#server/db/executor.ts'
import { touchUserData } from '#server/db/counters.ts'
import { nameKey } from '#server/blends/blends-write.repo.ts'
import { trackingColumns } from '#server/blends/tracking.ts'
import type { ImportPlan, PlanBatch, PlanBlend, PlanBottle, PlanEntry, PlanVersion } from '#server/your-data/import-plan.ts'
import { refusalError } from '#server/http/errors.ts'
import { adoptLabelSettings, getSettings, setCurrency } from '#server/me/settings.repo.ts'
import { listAllOils } from '#server/oils/oils.repo.ts'
import { addImportedBatches, importedBatchRefusal, type ImportedBatchRecord } from '#server/shelf/batches.commands.ts'
import { addImportedBottles, currencyRefusal, importedBottleRefusal } from '#server/shelf/shelf.commands.ts'
import type { Oils } from '#server/shelf/shelf.repo.ts'
import { serialiseOn } from '#server/db/locks.ts'
import { slices } from '#server/http/heavy-work.ts'
import { scheduleImported } from '#server/reminders/reminders.repo.ts'

/**
 * Stores an import plan for the signed-in user, all of it or nothing: the caller runs it in one
 * transaction. A record whose file id was imported before (import_origins, migration 0010), or
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

/** Reserves `count` consecutive values of one of the user's counters; returns the first. */
async function reserve(ex: Executor, userId: string, column: 'last_project_number' | 'last_entry_number', count: number): Promise<number> {
  const row = await ex
    .insertInto('user_sequences')
    .values({ user_id: userId, [column]: count })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ [column]: sql`user_sequences.${sql.ref(column)} + ${count}` }))
    .returning(column)
    .executeTakeFirstOrThrow()
  return Number((row as Record<string, number>)[column]) - count + 1
}

const oilsOf = (v: PlanVersion) => [...v.topOils, ...v.middleOils, ...v.baseOils]
const previewOils = (list: { name: string; percentage: number }[]) => list.map((o) => ({ name: o.name, percentage: o.percentage }))

/**
 * The shelf's rules, held by its commands (shelf.commands.ts, batches.commands.ts), on what this
 * import would store: its currency against the account's, and each new bottle and batch as the
 * API holds one. The first refusal fails the whole import, naming its place in the file, so the
 * dry run says it too. Answers the account's currency and the catalog the rules read.
 */
async function checkShelf(ex: Executor, userId: string, plan: ImportPlan, bottles: PlanBottle[], batches: PlanBatch[]) {
  const { currency } = await getSettings(ex, userId)
  const priced = bottles.some((b) => b.price !== null) || batches.some((b) => b.totalCost !== null)
  const oils: Oils = bottles.length === 0 ? new Map() : new Map((await listAllOils(ex)).map((o) => [o.id, o]))
  const refused =
    currencyRefusal(currency, plan.currency, priced) ??
    bottles.reduce<ReturnType<typeof importedBottleRefusal>>((found, b) => found ?? importedBottleRefusal(b, oils), null) ??
    batches.reduce<ReturnType<typeof importedBatchRefusal>>((found, b) => found ?? importedBatchRefusal(b), null)
  if (refused) throw refusalError(refused)
  return { currency, oils }
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
  const { currency: accountCurrency, oils } = await checkShelf(ex, userId, whole, newBottles, newBatches)
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

type TargetProject = { id: number; number: number; versionCount: number; letters: Set<string> }
type Maps = Awaited<ReturnType<typeof decide>>['maps']
type VersionTarget = { id: number; reference: string; projectId: number }

/** New blends take the user's next numbers, in file order; version_count follows the highest letter kept. */
async function insertBlends(trx: Executor, userId: string, blends: PlanBlend[], now: string): Promise<Map<PlanBlend, TargetProject>> {
  const projects = new Map<PlanBlend, TargetProject>()
  if (blends.length === 0) return projects
  const first = await reserve(trx, userId, 'last_project_number', blends.length)
  const numbered = blends.map((blend, i) => ({ blend, number: first + i }))
  for await (const part of chunks(numbered)) {
    const rows = await trx
      .insertInto('blend_projects')
      .values(
        part.map(({ blend, number }) => ({
          user_id: userId,
          number,
          name: blend.name.trim(),
          name_key: nameKey(blend.name),
          name_sort: nameSortKey(blend.name),
          description: blend.description,
          version_count: Math.max(...blend.versions.map((v) => versionIndexOf(v.versionLetter) + 1)),
          created_at: blend.createdAt,
        })),
      )
      .returning(['id', 'number'])
      .execute()
    const idOf = new Map(rows.map((r) => [r.number, r.id]))
    for (const { blend, number } of part) projects.set(blend, { id: idOf.get(number)!, number, versionCount: 0, letters: new Set() })
  }
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
async function loadGrownBlends(trx: Executor, userId: string, blends: PlanBlend[], maps: Maps): Promise<Map<PlanBlend, TargetProject>> {
  const projects = new Map<PlanBlend, TargetProject>()
  if (blends.length === 0) return projects
  const ids = blends.map((b) => maps.blends.get(b.sourceId!)!)
  const rows = await trx
    .selectFrom('blend_projects')
    .select(['id', 'number', 'version_count'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute()
  const letters = await trx
    .selectFrom('blend_versions')
    .select(['project_id', 'version_letter'])
    .where('user_id', '=', userId)
    .where('project_id', 'in', ids)
    .execute()
  for (const b of blends) {
    const row = rows.find((r) => r.id === maps.blends.get(b.sourceId!))!
    const used = new Set(letters.filter((l) => l.project_id === row.id).map((l) => l.version_letter))
    projects.set(b, { id: row.id, number: row.number, versionCount: row.version_count, letters: used })
  }
  return projects
}

/**
 * The versions the account lacks, each with the file's letter, or its blend's next free one if a
 * version already holds it. Answers the new versions by their file ids.
 */
async function insertVersions(trx: Executor, userId: string, projects: Map<PlanBlend, TargetProject>, maps: Maps, now: string) {
  const created: { version: PlanVersion; letter: string; project: TargetProject }[] = []
  for (const [blend, project] of projects) {
    for (const version of blend.versions) {
      if (version.sourceId !== null && maps.versions.has(version.sourceId)) continue
      let letter = version.versionLetter
      if (project.letters.has(letter)) {
        while (project.letters.has(versionLetterAt(project.versionCount))) project.versionCount += 1
        letter = versionLetterAt(project.versionCount)
      }
      project.letters.add(letter)
      project.versionCount = Math.max(project.versionCount, versionIndexOf(letter) + 1)
      created.push({ version, letter, project })
    }
  }
  const idOf = new Map<string, number>()
  for await (const part of chunks(created)) {
    const rows = await trx
      .insertInto('blend_versions')
      .values(
        part.map(({ version: v, letter, project }) => ({
          project_id: project.id,
          user_id: userId,
          version_letter: letter,
          reference_number: referenceNumber(project.number, letter),
          top_oils: JSON.stringify(v.topOils),
          middle_oils: JSON.stringify(v.middleOils),
          base_oils: JSON.stringify(v.baseOils),
          oil_names: oilsOf(v)
            .map((o) => o.name.toLowerCase())
            .join('|'),
          effects: JSON.stringify([...new Set(v.effects)]),
          formulation_notes: v.formulationNotes,
          testing_notes: v.testingNotes,
          rating: v.rating,
          date_made: v.dateMade,
          date_tested: v.dateTested,
          ...trackingColumns(v, false),
          created_at: v.createdAt,
        })),
      )
      .returning(['id', 'project_id', 'version_letter'])
      .execute()
    for (const r of rows) idOf.set(`${r.project_id}:${r.version_letter}`, r.id)
  }
  // What is untested joins Ready to test, as if it had been saved here (decision 052).
  await scheduleImported(trx, userId, {
    versions: created.map(({ version: v, letter, project }) => ({
      id: idOf.get(`${project.id}:${letter}`)!,
      projectId: project.id,
      dateMade: v.dateMade,
      createdAt: v.createdAt,
      maturationPeriod: trackingColumns(v, false).maturation_period,
    })),
    batches: [],
  })
  const targets = new Map<number, VersionTarget>()
  for (const { version, letter, project } of created) {
    if (version.sourceId === null) continue
    targets.set(version.sourceId, {
      id: idOf.get(`${project.id}:${letter}`)!,
      reference: referenceNumber(project.number, letter),
      projectId: project.id,
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
    const rows = await trx
      .selectFrom('blend_versions')
      .select(['id', 'project_id', 'reference_number'])
      .where('user_id', '=', userId)
      .where('id', 'in', part)
      .execute()
    for (const r of rows) targets.set(bySource.get(r.id)!, { id: r.id, reference: r.reference_number, projectId: r.project_id })
  }
}

/** New test entries, oldest first, take the user's next entry numbers (their TB- references). */
async function insertEntries(trx: Executor, userId: string, entries: PlanEntry[], versions: Map<number, VersionTarget>, now: string) {
  if (entries.length === 0) return
  const sorted = [...entries].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.sourceId - b.sourceId)
  const first = await reserve(trx, userId, 'last_entry_number', sorted.length)
  const numbered = sorted.map((entry, i) => {
    const version = versions.get(entry.versionSourceId)!
    return { entry, version, reference: testEntryReference(version.reference, first + i) }
  })
  const idOf = new Map<string, number>()
  for await (const part of chunks(numbered)) {
    const rows = await trx
      .insertInto('journal_entries')
      .values(
        part.map(({ entry: e, version, reference }) => ({
          user_id: userId,
          project_id: version.projectId,
          version_id: version.id,
          reference_number: reference,
          date_made: e.dateMade,
          date_tested: e.dateTested,
          notes: e.notes,
          rating: e.rating,
          ...trackingColumns(e, true),
          created_at: e.createdAt,
        })),
      )
      .returning(['id', 'reference_number'])
      .execute()
    for (const r of rows) idOf.set(r.reference_number, r.id)
  }
  await recordOrigins(
    trx,
    userId,
    'test-entry',
    numbered.map((n) => [n.entry.sourceId, idOf.get(n.reference)!] as [number, number]),
    now,
  )
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
  const records = sorted.map(({ sourceId: _s, versionSourceId, draws, label, ...b }): ImportedBatchRecord => {
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
  const newEntries: PlanEntry[] = []
  const pause = slices()
  for await (const part of whole.blends.parts(CHUNK)) {
    const projects = await insertBlends(trx, userId, part.filter(isNew(maps.blends)), now)
    const grown = part.filter((b) => !projects.has(b) && b.versions.some(isNew(maps.versions)))
    for (const [blend, project] of await loadGrownBlends(trx, userId, grown, maps)) projects.set(blend, project)
    for (const [source, target] of await insertVersions(trx, userId, projects, maps, now)) versions.set(source, target)
    for (const b of grown) {
      await pause()
      const p = projects.get(b)!
      await trx
        .updateTable('blend_projects')
        .set({ version_count: p.versionCount, list_version: sql`list_version + 1` })
        .where('id', '=', p.id)
        .where('user_id', '=', userId)
        .execute()
    }
    for (const b of part) newEntries.push(...b.testEntries.filter(isNew(maps.entries)))
  }
  await presentVersions(trx, userId, maps, versions)
  await insertEntries(trx, userId, newEntries, versions, now)
  const bottles = await insertBottles(trx, userId, newBottles, maps.bottles, oils, now)
  await insertBatches(trx, userId, newBatches, versions, bottles, now)
  // An account without a currency takes the file's.
  if (!accountCurrency && whole.currency) await setCurrency(trx, userId, whole.currency)
  // Label settings the account has not set are taken from the file (decision 050).
  if (whole.labelSettings) await adoptLabelSettings(trx, userId, whole.labelSettings)
  if (created.blends + created.versions + created.testEntries + created.batches > 0) await touchUserData(trx, userId)
  return { dryRun: false, created, skipped, preview, previewMore }
}
