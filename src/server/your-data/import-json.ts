import { languageOf } from '#shared/i18n/languages.ts'
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  ExportBlendSchema,
  ExportBlendV1Schema,
  ExportFileSchema,
  ExportFileV1Schema,
  ExportHeaderSchema,
  READABLE_EXPORT_VERSIONS,
  uniqueIds,
} from '#shared/api/export.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { legacyCalendarDate } from '#shared/domain/calendar-date.ts'
import { AppError, NUL_MESSAGE, pathToNul } from '#server/http/errors.ts'
import { slices } from '#server/shared/slices.ts'
import {
  createOilResolver,
  formatPath,
  invalidUpload,
  resolveLayer,
  zodProblems,
  type ImportPlan,
  type OilResolver,
  type PlanAccordLink,
  type PlanBatch,
  type PlanVersion,
  type Problem,
  type PlanBlend,
  type PlanDocument,
  listedBlends,
} from '#server/your-data/import-plan.ts'
import type { ExportAccord, ExportBatch, ExportBlend, ExportBottle, ExportFile, ExportFileV1, ExportVersion } from '#shared/api/export.ts'
import { createHash } from 'node:crypto'
import { ARCHIVE_JSON, type ImportArchive } from '#server/your-data/import-archive.ts'
import { documentContentRefusal } from '#server/shelf/documents.commands.ts'
import type { StoredLine } from '#shared/domain/accords.ts'
import { remapIfraCheck } from '#shared/api/ifra.ts'
import type { Label } from '#shared/api/labels.ts'

/**
 * An Accord JSON export (docs/export-format.md), version 1 or 2, turned into an import plan, or a
 * refusal naming the place: not an export (400), a version this Accord cannot read (422), a value
 * that breaks the schema (400 with every path), an oil the catalog lacks (422).
 */
export async function planFromExport(body: unknown, catalog: EssentialOil[], archive?: ImportArchive): Promise<ImportPlan> {
  const header = ExportHeaderSchema.safeParse(body)
  if (!header.success || header.data.format !== EXPORT_FORMAT) {
    throw new AppError(400, 'NOT_AN_ACCORD_EXPORT', `This is not an Accord export: its "format" should be "${EXPORT_FORMAT}".`, [
      { path: 'format', message: `Expected "${EXPORT_FORMAT}"` },
    ])
  }
  const version = header.data.version
  if (!(READABLE_EXPORT_VERSIONS as readonly unknown[]).includes(version)) {
    const shown = JSON.stringify(version) ?? 'missing'
    const readable = `${READABLE_EXPORT_VERSIONS.slice(0, -1).join(', ')} and ${READABLE_EXPORT_VERSIONS.at(-1)}`
    throw new AppError(
      422,
      'UNSUPPORTED_EXPORT_VERSION',
      `This file is export version ${shown}; this Accord reads versions ${readable}. Import it into an Accord as new as the one that made it.`,
      [{ path: 'version', message: `Expected ${readable}` }],
    )
  }
  // PostgreSQL cannot store a NUL character: refused here, on both engines, like every other request.
  const nul = await slicedPathToNul(body)
  if (nul) throw invalidUpload([{ path: formatPath(nul.map((k) => (/^\d+$/.test(k) ? Number(k) : k))), message: NUL_MESSAGE }])
  // A version 2 or 3 file is a version 4 file without what the later versions added.
  const file: ExportFile | ExportFileV1 =
    version === 1 ? await checkedFile(body, 1) : await checkedFile(isRecord(body) ? { ...body, version: EXPORT_VERSION } : body, 3)

  const resolver = createOilResolver(catalog)
  const pause = slices()
  const blends: PlanBlend[] = []
  for (const [i, b] of file.blends.entries()) {
    await pause()
    const at = `blends[${i}]`
    blends.push({
      source: at,
      sourceId: b.id,
      name: b.name,
      description: b.description,
      createdAt: b.createdAt,
      versions: b.versions.map(({ ownOils, accords, ...v }, j) => ({
        ...v,
        sourceId: v.id,
        ...(ownOils && accords && accords.length > 0
          ? planAccords(resolver, ownOils, accords, `${at}.versions[${j}]`)
          : {
              topOils: resolveLayer(resolver, v.topOils, `${at}.versions[${j}].topOils`),
              middleOils: resolveLayer(resolver, v.middleOils, `${at}.versions[${j}].middleOils`),
              baseOils: resolveLayer(resolver, v.baseOils, `${at}.versions[${j}].baseOils`),
            }),
      })),
      testEntries: b.testEntries.map(({ day: _day, batchId: _batch, ...e }) => ({
        ...e,
        sourceId: e.id,
        versionSourceId: e.versionId,
        // An older file's ISO date-times, read as the days they stood for (decision 036); the schema checked they parse.
        dateMade: legacyCalendarDate(e.dateMade) ?? e.dateMade,
        dateTested: e.dateTested === null ? null : (legacyCalendarDate(e.dateTested, e.dateMade) ?? e.dateTested),
      })),
      batches: 'batches' in b ? (b as ExportBlend).batches.map((x, k) => planBatch(resolver, x, `${at}.batches[${k}]`)) : [],
    })
  }
  const shelf = 'shelf' in file ? file.shelf : []
  const bottles = shelf.flatMap((b, i) => {
    const oil = resolver.resolve({ ...b, percentage: 0 }, `shelf[${i}]`)
    if (!oil) return []
    const { id, slug: _slug, name: _name, openedOn, bestBefore, ...rest } = b
    const { documents: _documents, ...fields } = rest
    // A file before version 6 has no dates: its bottles get none, never a guessed one (decision 079).
    return [{ ...fields, openedOn: openedOn ?? null, bestBefore: bestBefore ?? null, source: `shelf[${i}]`, sourceId: id, oilId: oil.id }]
  })
  resolver.assertAllKnown()
  const documents = await planDocuments(shelf, archive)
  for (const bottle of bottles) {
    const listed = documents.get(bottle.source)
    if (listed) Object.assign(bottle, { documents: listed })
  }
  const cycle = accordCycle(file.blends)
  if (cycle) throw invalidUpload([cycle])
  const currency = 'currency' in file.settings && typeof file.settings.currency === 'string' ? file.settings.currency : null
  const labelSettings = 'labels' in file.settings ? (file as ExportFile).settings.labels : undefined
  const language = 'language' in file.settings ? languageOf(String(file.settings.language)) : null
  return { blends: listedBlends(blends), bottles, currency, language, labelSettings }
}

/**
 * The bottles' documents from the archive (decision 084), each file inflated and checked once here
 * (its size and SHA-256 against the JSON's, its type by content, as the documents' keeper reads it)
 * and let go: the import reads it again when it stores it. A document the upload does not carry, an
 * archive file no document names, and a file named twice are refused, each naming its place.
 */
async function planDocuments(shelf: readonly ExportBottle[], archive: ImportArchive | undefined): Promise<Map<string, PlanDocument[]>> {
  const planned = new Map<string, PlanDocument[]>()
  const named = new Set<string>()
  const pause = slices()
  for (const [i, bottle] of shelf.entries()) {
    for (const [j, d] of (bottle.documents ?? []).entries()) {
      await pause()
      const source = `shelf[${i}].documents[${j}]`
      const at = (message: string) => invalidUpload([{ path: source, message: `${d.path} (“${d.fileName}”): ${message}` }])
      if (!archive) throw at('a JSON file carries no documents: import the archive (.zip) the export gave')
      if (named.has(d.path)) throw at('another document names the same file')
      named.add(d.path)
      if (!archive.names.includes(d.path)) throw at('the archive has no such file')
      const bytes = archive.read(d.path)
      if (bytes.length !== d.byteSize) throw at(`the file holds ${bytes.length} bytes, not the ${d.byteSize} the export says`)
      if (createHash('sha256').update(bytes).digest('hex') !== d.sha256) throw at('the file is not the one exported (its SHA-256 differs)')
      const type = documentContentRefusal(bytes)
      if (!type.ok) throw at(type.message)
      const list = planned.get(`shelf[${i}]`) ?? []
      list.push({ source, path: d.path, kind: d.kind, fileName: d.fileName, byteSize: d.byteSize, read: () => archive.read(d.path) })
      planned.set(`shelf[${i}]`, list)
    }
  }
  const stray = archive?.names.find((name) => name !== ARCHIVE_JSON && !named.has(name))
  if (stray) throw invalidUpload([{ path: stray, message: 'No bottle in the export names this file: refused' }])
  return planned
}

const KEY_OF = { top: 'topOils', middle: 'middleOils', base: 'baseOils' } as const

/**
 * A version's stored lines from a version 5 file's own oils and accords (decision 072): the oils
 * resolved to the catalog, each accord a line keeping the file's snapshot, unlinked (ids 0) until
 * the import stores every version and relinks the accords whose versions the file holds.
 */
function planAccords(
  resolver: OilResolver,
  own: NonNullable<ExportVersion['ownOils']>,
  accords: ExportAccord[],
  at: string,
): Pick<PlanVersion, 'topOils' | 'middleOils' | 'baseOils' | 'accordLinks'> {
  const layers: Record<'topOils' | 'middleOils' | 'baseOils', StoredLine[]> = {
    topOils: resolveLayer(resolver, own.topOils, `${at}.ownOils.topOils`),
    middleOils: resolveLayer(resolver, own.middleOils, `${at}.ownOils.middleOils`),
    baseOils: resolveLayer(resolver, own.baseOils, `${at}.ownOils.baseOils`),
  }
  const accordLinks: PlanAccordLink[] = accords.map((a, i) => {
    const key = KEY_OF[a.layer]
    const oils = resolveLayer(resolver, a.oils, `${at}.accords[${i}].oils`)
    layers[key].push({
      accord: { versionId: 0, projectId: 0, name: a.name, referenceNumber: a.referenceNumber, oils, contains: [], depth: a.depth },
      percentage: a.percentage,
    })
    return { key, index: layers[key].length - 1, sourceVersionId: a.versionId, sourceContains: a.contains }
  })
  return { ...layers, accordLinks }
}

/**
 * A blend of the file that would contain itself through accords whose versions the file holds
 * (decision 072: no blend contains itself at any depth): the accord line that closes the loop,
 * named by its place, in accordProblem's words. One pass over the file's accords (a depth-first
 * search of blend → accord blend); null when there is none.
 */
function accordCycle(blends: readonly (ExportBlend | ExportFileV1['blends'][number])[]): Problem | null {
  const blendOfVersion = new Map<number, number>()
  for (const b of blends) for (const v of b.versions) blendOfVersion.set(v.id, b.id)
  type Edge = { to: number; path: string; name: string; reference: string }
  const edges = new Map<number, Edge[]>()
  const names = new Map<number, string>()
  blends.forEach((b, i) => {
    names.set(b.id, b.name)
    b.versions.forEach((v, j) => {
      const accords = (v as ExportVersion).accords ?? []
      accords.forEach((a, k) => {
        const to = blendOfVersion.get(a.versionId)
        if (to === undefined) return
        const list = edges.get(b.id) ?? []
        list.push({ to, path: `blends[${i}].versions[${j}].accords[${k}].versionId`, name: a.name, reference: a.referenceNumber })
        edges.set(b.id, list)
      })
    })
  })
  const state = new Map<number, 'open' | 'done'>()
  for (const start of edges.keys()) {
    if (state.has(start)) continue
    const stack: { node: number; next: number }[] = [{ node: start, next: 0 }]
    state.set(start, 'open')
    while (stack.length > 0) {
      const top = stack.at(-1)!
      const edge = edges.get(top.node)?.[top.next++]
      if (!edge) {
        state.set(top.node, 'done')
        stack.pop()
        continue
      }
      if (state.get(edge.to) === 'open') {
        const host = names.get(top.node) ?? ''
        const message =
          edge.to === top.node
            ? `${host} cannot contain its own version ${edge.reference}: a blend cannot contain itself`
            : `${host} cannot contain ${edge.name} ${edge.reference}, which contains ${host}: a blend cannot contain itself`
        return { path: edge.path, message }
      }
      if (!state.has(edge.to)) {
        state.set(edge.to, 'open')
        stack.push({ node: edge.to, next: 0 })
      }
    }
  }
  return null
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * pathToNul over the file a blend at a time, giving the event loop a turn between slices (decision
 * 041): the same first place, found in the same order.
 */
async function slicedPathToNul(body: unknown): Promise<string[] | null> {
  if (!isRecord(body)) return pathToNul(body)
  const pause = slices()
  for (const [key, value] of Object.entries(body)) {
    if (key.includes('\u0000')) return [key]
    if (key === 'blends' && Array.isArray(value)) {
      for (const [i, blend] of value.entries()) {
        await pause()
        const found = pathToNul(blend, ['blends', String(i)], 2)
        if (found) return found
      }
      continue
    }
    const found = pathToNul(value, [key], 1)
    if (found) return found
  }
  return null
}

/**
 * The file checked against its version's schema a blend at a time, with the event loop served in
 * between (decision 041): a 19 MB file took 0.3–0.6 s in one call. The parts add up to the whole
 * schema (the file without its blends, each blend, and ids once per kind across blends); a file
 * that fails any part is checked again whole, so a refusal names the same places, in the same
 * order, as the whole schema does.
 */
async function checkedFile(body: unknown, version: 1 | 3): Promise<ExportFile | ExportFileV1> {
  const [fileSchema, blendSchema] = version === 3 ? [ExportFileSchema, ExportBlendSchema] : [ExportFileV1Schema, ExportBlendV1Schema]
  const whole = () => {
    const parsed = fileSchema.safeParse(body)
    if (!parsed.success) throw invalidUpload(zodProblems(parsed.error))
    return parsed.data
  }
  if (!isRecord(body) || !Array.isArray(body.blends)) return whole()
  const head = fileSchema.safeParse({ ...body, blends: [] })
  if (!head.success) return whole()
  const pause = slices()
  const blends: unknown[] = []
  for (const blend of body.blends) {
    await pause()
    const parsed = blendSchema.safeParse(blend)
    if (!parsed.success) return whole()
    blends.push(parsed.data)
  }
  let duplicate = false
  uniqueIds({ blends: blends as ExportBlend[] }, { addIssue: () => (duplicate = true) } as unknown as Parameters<typeof uniqueIds>[1])
  if (duplicate) return whole()
  return { ...head.data, blends } as ExportFile | ExportFileV1
}

/** A batch with its oils and draws matched to the catalog (unknown oils recorded at their path). */
function planBatch(resolver: OilResolver, b: ExportBatch, at: string): PlanBatch {
  const oils = b.oils.flatMap((o, i) => {
    const oil = resolver.resolve({ ...o, percentage: 0 }, `${at}.oils[${i}]`)
    return oil ? [{ oilId: oil.id, oilName: oil.name, grams: o.grams, ml: o.ml, shortMl: o.shortMl, cost: o.cost }] : []
  })
  const draws = b.draws.flatMap((d, i) => {
    const oil = resolver.resolve({ slug: d.slug, name: d.slug, percentage: 0 }, `${at}.draws[${i}]`)
    return oil ? [{ bottleSourceId: d.bottleId, oilId: oil.id, unit: d.unit, amount: d.amount, ml: d.ml }] : []
  })
  const { id, versionId, oils: _oils, draws: _draws, label, ifra, ...rest } = b
  // The label names oils by the exporting catalog's ids: matched to this one's through the batch's oils, by name.
  const byName = new Map(oils.map((o) => [o.oilName, o.oilId]))
  const oilId = (old: number, oilName: string) => byName.get(oilName) ?? old
  const relabelled: Label | null =
    label == null
      ? null
      : {
          ...label,
          declared: label.declared.map((a) => ({ ...a, sources: a.sources.map((s) => ({ ...s, oilId: oilId(s.oilId, s.oilName) })) })),
          belowThreshold: label.belowThreshold.map((a) => ({
            ...a,
            sources: a.sources.map((s) => ({ ...s, oilId: oilId(s.oilId, s.oilName) })),
          })),
          missing: label.missing.map((m) => ({ ...m, oilId: oilId(m.oilId, m.oilName) })),
        }
  // The IFRA check's oils likewise; its bottle ids stay the file's until the bottles are stored.
  const ifraCheck = ifra == null ? null : remapIfraCheck(ifra, oilId, (bottle) => bottle)
  return { ...rest, source: at, sourceId: id, versionSourceId: versionId, oils, draws, label: relabelled, ifra: ifraCheck }
}
