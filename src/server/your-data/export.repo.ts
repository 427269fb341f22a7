import type { VersionOil } from '#shared/api/blends.ts'
import type {
  ExportAccord,
  ExportBatch,
  ExportBlend,
  ExportBottle,
  ExportDocument,
  ExportIngredient,
  ExportVersionOil,
} from '#shared/api/export.ts'
import type { BatchOil } from '#shared/api/shelf.ts'
import { DEFAULT_AUDIENCE, isAudienceId } from '#shared/domain/audience-ids.ts'
import { fromMilli } from '#shared/domain/shelf.ts'
import { testDay } from '#shared/domain/test-dates.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Effect } from '#shared/domain/vocabulary.ts'
import type { Executor } from '#server/db/executor.ts'
import { trackingOf } from '#server/db/tracking.ts'
import { layersOf, storedLayersOf } from '#server/blends/blend-rows.ts'
import { isAccordLine } from '#shared/domain/accords.ts'
import { slices } from '#server/shared/slices.ts'
import { ownIngredients } from '#server/oils/ingredients.commands.ts'
import type { ExportIfraCertificate, IfraCheck } from '#shared/api/ifra.ts'
import type { DeclarationItem, Label } from '#shared/api/labels.ts'

/** A 0/1 column that may be null (not recorded) as a boolean or null. */
const flagOrNull = (flag: number | null): boolean | null => (flag == null ? null : Number(flag) === 1)

/**
 * Reads for the export (GET /api/export and the CSV files), scoped by the signed-in user in every
 * query. The collection is read a page of blends at a time, with each page's versions and test
 * entries in one query each, so memory holds one page whatever the size of the journal.
 */

/** Blends per page of the export: three queries per page. */
export const EXPORT_PAGE_SIZE = 200

export async function exportProfile(ex: Executor, userId: string): Promise<{ name: string; email: string }> {
  const row = await ex.selectFrom('user').select(['name', 'email']).where('id', '=', userId).executeTakeFirst()
  return { name: row?.name ?? '', email: row?.email ?? '' }
}

/** A slug for an oil the catalog no longer has (never expected: the catalog only grows). */
const slugOf = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** A catalog oil by slug and name, noted in `used`. */
function oilRef(id: number, fallbackName: string, oils: Map<number, EssentialOil>, used: Map<string, string>) {
  const oil = oils.get(id)
  const slug = oil?.slug ?? slugOf(fallbackName)
  const name = oil?.name ?? fallbackName
  used.set(slug, name)
  return { slug, name }
}

function exportOils(layer: VersionOil[], oils: Map<number, EssentialOil>, used: Map<string, string>): ExportVersionOil[] {
  return layer.map((o) => {
    const oil = oils.get(o.id)
    const slug = oil?.slug ?? slugOf(o.name)
    const name = oil?.name ?? o.name
    used.set(slug, name)
    return { slug, name, percentage: o.percentage }
  })
}

const ACCORD_LAYERS = [
  ['topOils', 'top'],
  ['middleOils', 'middle'],
  ['baseOils', 'base'],
] as const

/**
 * A version's accords as the file carries them (version 5; decision 072): each line's snapshot with
 * its oils named by slug, its ids the exporting account's (the file's ids).
 */
function exportAccords(
  row: Parameters<typeof storedLayersOf>[0],
  oils: Map<number, EssentialOil>,
  used: Map<string, string>,
): ExportAccord[] {
  const stored = storedLayersOf(row)
  return ACCORD_LAYERS.flatMap(([key, layer]) =>
    stored[key].filter(isAccordLine).map(({ accord, percentage }) => ({
      layer,
      versionId: accord.versionId,
      projectId: accord.projectId,
      name: accord.name,
      referenceNumber: accord.referenceNumber,
      percentage,
      oils: exportOils(accord.oils, oils, used),
      contains: accord.contains,
      depth: accord.depth,
    })),
  )
}

/**
 * The user's blends in number order, a page at a time (keyset on the blend number), each with
 * its versions and test entries. `used` collects the catalog oils named (slug → name).
 * `getEx` is asked for the executor at each page, so a test can count the queries.
 */
export async function* exportBlends(
  getEx: () => Executor,
  userId: string,
  oils: Map<number, EssentialOil>,
  used: Map<string, string>,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<ExportBlend> {
  // Between pages the event loop serves other requests once a slice has run a few milliseconds
  // (decision 041): five exports of 100,000 blends must not hold up everyone else.
  const pause = slices()
  for (let after = 0; ;) {
    await pause()
    const ex = getEx()
    const projects = await ex
      .selectFrom('blend_projects')
      .select(['id', 'number', 'name', 'description', 'created_at'])
      .where('user_id', '=', userId)
      .where('number', '>', after)
      .orderBy('number')
      .limit(pageSize)
      .execute()
    if (projects.length === 0) return
    const ids = projects.map((p) => p.id)
    // One query at a time, each a slice of its own on SQLite (its driver runs a query in one go).
    await pause()
    const versions = await ex
      .selectFrom('blend_versions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('project_id', 'in', ids)
      .orderBy('id')
      .execute()
    await pause()
    const entries = await ex
      .selectFrom('journal_entries')
      .selectAll()
      .where('user_id', '=', userId)
      .where('project_id', 'in', ids)
      .orderBy('id')
      .execute()
    await pause()
    const batches = await ex
      .selectFrom('batches')
      .selectAll()
      .where('user_id', '=', userId)
      .where('project_id', 'in', ids)
      .orderBy('id', 'desc')
      .execute()
    await pause()
    const draws =
      batches.length === 0
        ? []
        : await ex
            .selectFrom('batch_draws as d')
            .innerJoin('batches as b', 'b.id', 'd.batch_id')
            .selectAll('d')
            .where('d.user_id', '=', userId)
            .where('b.user_id', '=', userId)
            .where('b.project_id', 'in', ids)
            .orderBy('d.id')
            .execute()
    const labels =
      batches.length === 0
        ? new Map<number, string>()
        : new Map(
            (
              await ex
                .selectFrom('batch_labels')
                .select(['batch_id', 'label'])
                .where('user_id', '=', userId)
                .where(
                  'batch_id',
                  'in',
                  batches.map((b) => b.id),
                )
                .execute()
            ).map((l) => [l.batch_id, l.label]),
          )
    const byProject = new Map(
      projects.map((p) => [
        p.id,
        { versions: [] as ExportBlend['versions'], testEntries: [] as ExportBlend['testEntries'], batches: [] as ExportBatch[] },
      ]),
    )
    const drawsOf = new Map<number, ExportBatch['draws']>()
    for (const d of draws) {
      const slug = oilRef(d.oil_id, '', oils, used).slug
      drawsOf.set(d.batch_id, [
        ...(drawsOf.get(d.batch_id) ?? []),
        { bottleId: d.bottle_id, slug, unit: d.unit, amount: fromMilli(Number(d.amount_milli)), ml: d.ml },
      ])
    }
    for (const b of batches) {
      byProject.get(b.project_id)?.batches.push({
        id: b.id,
        versionId: b.version_id,
        madeOn: b.made_on,
        code: b.code,
        productType: b.product_type,
        audience: isAudienceId(b.audience) ? b.audience : DEFAULT_AUDIENCE,
        weight: b.weight,
        unit: b.unit,
        oilPercentage: b.oil_percentage,
        units: b.units,
        oils: (JSON.parse(b.oils) as BatchOil[]).map((o) => ({
          ...oilRef(o.oilId, o.oilName, oils, used),
          grams: o.grams,
          ml: o.ml,
          shortMl: o.shortMl,
          cost: o.cost,
        })),
        totalCost: b.total_cost,
        costIsPartial: b.cost_is_partial === 1,
        currency: b.currency,
        draws: drawsOf.get(b.id) ?? [],
        createdAt: b.created_at,
        label: labels.has(b.id) ? (JSON.parse(labels.get(b.id)!) as Label) : null,
        ifra: b.ifra_check ? (JSON.parse(b.ifra_check) as IfraCheck) : null,
        remainingGrams: b.remaining_milli === null ? null : fromMilli(Number(b.remaining_milli)),
        crossContaminationPrevented: flagOrNull(b.cross_contamination_prevented),
        weighedInGrams: flagOrNull(b.weighed_in_grams),
      })
    }
    for (const v of versions) {
      await pause()
      const layers = layersOf(v)
      byProject.get(v.project_id)?.versions.push({
        id: v.id,
        versionLetter: v.version_letter,
        referenceNumber: v.reference_number,
        topOils: exportOils(layers.topOils, oils, used),
        middleOils: exportOils(layers.middleOils, oils, used),
        baseOils: exportOils(layers.baseOils, oils, used),
        effects: JSON.parse(v.effects) as Effect[],
        formulationNotes: v.formulation_notes,
        testingNotes: v.testing_notes,
        rating: v.rating,
        dateMade: v.date_made,
        dateTested: v.date_tested,
        ...trackingOf(v),
        createdAt: v.created_at,
        // The stored lines beside the flattened layers, only when the version holds accords (decision 072).
        ...(layers.ownOils
          ? {
              ownOils: {
                topOils: exportOils(layers.ownOils.topOils, oils, used),
                middleOils: exportOils(layers.ownOils.middleOils, oils, used),
                baseOils: exportOils(layers.ownOils.baseOils, oils, used),
              },
              accords: exportAccords(v, oils, used),
            }
          : {}),
      })
    }
    for (const e of entries) {
      await pause()
      byProject.get(e.project_id)?.testEntries.push({
        id: e.id,
        versionId: e.version_id,
        referenceNumber: e.reference_number,
        dateMade: e.date_made,
        dateTested: e.date_tested,
        day: testDay(e.date_made, e.date_tested),
        batchId: e.batch_id,
        notes: e.notes,
        rating: e.rating,
        ...trackingOf(e),
        createdAt: e.created_at,
      })
    }
    for (const p of projects) {
      const children = byProject.get(p.id)!
      // A blend is a project with at least one version (docs/product.md §3); an empty project has nothing to keep.
      if (children.versions.length === 0) continue
      yield { id: p.id, name: p.name, description: p.description, blendNumber: p.number, createdAt: p.created_at, ...children }
    }
    if (projects.length < pageSize) return
    after = projects.at(-1)!.number
  }
}

/** Bottles per page of the shelf's export. */
const SHELF_PAGE = 500

/** The user's shelf, oldest bottle first, a page at a time. */
export async function* exportShelf(
  getEx: () => Executor,
  userId: string,
  oils: Map<number, EssentialOil>,
  used: Map<string, string>,
  /** Each bottle's documents as the archive carries them (decision 084); a bottle absent has none. */
  documents: ReadonlyMap<number, ExportDocument[]> = new Map(),
): AsyncGenerator<ExportBottle> {
  const pause = slices()
  for (let after = 0; ;) {
    await pause()
    const rows = await getEx()
      .selectFrom('shelf_bottles as s')
      .leftJoin('bottle_declarations as d', (join) => join.onRef('d.bottle_id', '=', 's.id').onRef('d.user_id', '=', 's.user_id'))
      .leftJoin('bottle_ifra_certificates as c', (join) => join.onRef('c.bottle_id', '=', 's.id').onRef('c.user_id', '=', 's.user_id'))
      .selectAll('s')
      .select([
        'd.basis as declaration_basis',
        'd.items as declaration_items',
        'd.declares_none as declaration_none',
        'd.updated_at as declaration_updated_at',
        'c.amendment as ifra_amendment',
        'c.issued_on as ifra_issued_on',
        'c.limits as ifra_limits',
        'c.updated_at as ifra_updated_at',
      ])
      .where('s.user_id', '=', userId)
      .where('s.id', '>', after)
      .orderBy('s.id')
      .limit(SHELF_PAGE)
      .execute()
    for (const b of rows) {
      yield {
        id: b.id,
        ...oilRef(b.oil_id, '', oils, used),
        unit: b.unit,
        size: b.size,
        remaining: fromMilli(Number(b.remaining_milli)),
        price: b.price,
        supplier: b.supplier,
        lotCode: b.lot_code,
        purchasedOn: b.purchased_on,
        openedOn: b.opened_on ?? null,
        bestBefore: b.best_before ?? null,
        createdAt: b.created_at,
        updatedAt: b.updated_at,
        declaration:
          b.declaration_basis === null
            ? null
            : {
                basis: b.declaration_basis,
                items: JSON.parse(b.declaration_items!) as DeclarationItem[],
                declaresNone: Number(b.declaration_none) === 1,
                updatedAt: b.declaration_updated_at!,
              },
        ifraCertificate:
          b.ifra_amendment === null
            ? null
            : {
                amendment: b.ifra_amendment,
                issuedOn: b.ifra_issued_on,
                limits: JSON.parse(b.ifra_limits!) as ExportIfraCertificate['limits'],
                updatedAt: b.ifra_updated_at!,
              },
        ...(documents.has(b.id) ? { documents: documents.get(b.id)! } : {}),
      }
    }
    if (rows.length < SHELF_PAGE) return
    after = rows.at(-1)!.id
  }
}

/**
 * The maker's own ingredients with their facts (export version 5; decision 068), by name: what a
 * maker gave, so an import adds them back as they were. The catalog oil each was based on is named
 * by its slug and name.
 */
export async function exportIngredients(
  ex: Executor,
  userId: string,
  oils: ReadonlyMap<number, EssentialOil>,
): Promise<ExportIngredient[]> {
  return (await ownIngredients(ex, userId)).map((own) => {
    const based = own.basedOnOilId === null ? undefined : oils.get(own.basedOnOilId)
    return {
      slug: own.slug,
      name: own.name,
      inciName: own.inciName,
      latinName: own.latinName,
      kind: own.kind,
      noteType: own.noteType,
      scentFamily: own.scentFamily,
      densityGPerMl: own.densityGPerMl,
      safety: {
        maxLeaveOnPercent: own.safety?.maxLeaveOnPercent ?? null,
        phototoxic: own.safety?.phototoxic ?? null,
        source: own.safety?.source ?? null,
      },
      notes: own.description,
      basedOn: based && !based.yours ? { slug: based.slug, name: based.name } : null,
    }
  })
}
