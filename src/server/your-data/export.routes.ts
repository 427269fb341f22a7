import type { EssentialOil } from '#shared/api/oils.ts'
import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  ExportFileSchema,
  type ExportBlend,
  type ExportDocument,
  type ExportVersionOil,
} from '#shared/api/export.ts'
import { exportBlends, exportIngredients, exportProfile, exportShelf } from '#server/your-data/export.repo.ts'
import { exportArchive } from '#server/your-data/export-archive.ts'
import { keepsDocuments } from '#server/shelf/documents.commands.ts'
import { getExportSettings } from '#server/me/settings.commands.ts'
import { limitRunning } from '#server/http/heavy-work.ts'
import { slices } from '#server/shared/slices.ts'
import { answers, HEAVY } from '#server/openapi/responses.ts'

/**
 * GET /api/export (the whole journal as one JSON file), /api/export/blends.csv and
 * /api/export/test-entries.csv (docs/export-format.md). Each answer is streamed: blends are read a
 * page at a time and written as they are read, so memory does not grow with the collection.
 * Reading and writing run in slices that let other requests in; two exports of a user's run at a
 * time (EXPORTS_AT_ONCE in the process), and each user has a per-minute limit (decision 041).
 */

/** Exports running at once in the process, whoever asks: each page read holds SQLite's one connection a moment. */
export const EXPORTS_AT_ONCE = 4

const today = () => new Date().toISOString().slice(0, 10)
const attachment = (reply: FastifyReply, name: string, type: string) =>
  reply.header('content-disposition', `attachment; filename="${name}"`).type(type)

const layerText = (oils: ExportVersionOil[]) => oils.map((o) => `${o.name} ${o.percentage}%`).join('; ')
const layerTotal = (oils: ExportVersionOil[]) => Math.round(oils.reduce((sum, o) => sum + o.percentage * 100, 0)) / 100
const yesNo = (b: boolean) => (b ? 'yes' : 'no')

/** One row per version. */
const BLEND_COLUMNS = [
  'Blend',
  'Reference',
  'Version',
  'Top oils',
  'Top %',
  'Middle oils',
  'Middle %',
  'Base oils',
  'Base %',
  'Effects',
  'Blend notes',
  'Testing notes',
  'Rating',
  'Date made',
  'Date tested',
  'Created',
]
/** One row per test entry. */
const ENTRY_COLUMNS = [
  'Reference',
  'Blend',
  'Version',
  'Date made',
  'Date tested',
  'Day',
  'Rating',
  'Tested',
  'Maturation (hours)',
  'Maturation complete',
  'Notes',
  'Created',
]

function blendRows(blend: ExportBlend): unknown[][] {
  return blend.versions.map((v) => [
    blend.name,
    v.referenceNumber,
    v.versionLetter,
    layerText(v.topOils),
    layerTotal(v.topOils),
    layerText(v.middleOils),
    layerTotal(v.middleOils),
    layerText(v.baseOils),
    layerTotal(v.baseOils),
    v.effects.join('; '),
    v.formulationNotes ?? '',
    v.testingNotes ?? '',
    v.rating ?? '',
    v.dateMade,
    v.dateTested ?? '',
    v.createdAt,
  ])
}

function entryRows(blend: ExportBlend): unknown[][] {
  const refs = new Map(blend.versions.map((v) => [v.id, v.referenceNumber]))
  return blend.testEntries.map((e) => [
    e.referenceNumber,
    blend.name,
    refs.get(e.versionId) ?? '',
    e.dateMade,
    e.dateTested ?? '',
    e.day ?? '',
    e.rating ?? '',
    yesNo(e.tested),
    e.maturationPeriod,
    yesNo(e.maturationComplete),
    e.notes ?? '',
    e.createdAt,
  ])
}

/** A CSV file; errors still answer the JSON error shape, hence both types in the contract. */
const CsvSchema = z.string().describe('CSV, UTF-8 with a byte order mark')

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const heavy = {
    onRequest: limitRunning({ perUser: 2, perProcess: EXPORTS_AT_ONCE, what: 'export' }),
    config: {
      rateLimit: {
        max: app.config.exportRateLimitPerUser,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => `export|${request.userId || request.ip}`,
      },
    },
  }

  /** The user's blends as they are read; app.db is read per page so the query counter of a test sees it. */
  const blendsOf = (userId: string, used: Map<string, string>, known?: Map<number, EssentialOil>) =>
    (async function* () {
      // The catalog and the maker's own ingredients (decision 068), read once per export.
      const oils = known ?? (await app.catalog.forUser(userId))
      yield* exportBlends(() => app.db.kysely, userId, oils, used)
    })()

  app.get(
    '/export',
    {
      ...heavy,
      schema: {
        response: answers(200, ExportFileSchema, HEAVY),
        produces: ['application/json', 'application/zip'],
        description:
          'Everything in the journal as one JSON file (docs/export-format.md), streamed. When the maker keeps documents with their bottles, the answer is instead a ZIP archive (application/zip, accord-export-YYYY-MM-DD.zip) holding that JSON file as accord-export.json and each document under documents/ (docs/export-format.md "The archive").',
      },
    },
    async (request, reply) => {
      const profile = await exportProfile(app.db.kysely, request.userId)
      const settings = await getExportSettings(app.db.kysely, request.userId)
      const used = new Map<string, string>()
      const oilsById = await app.catalog.forUser(request.userId)
      const blends = blendsOf(request.userId, used, oilsById)
      const ingredients = await exportIngredients(app.db.kysely, request.userId, oilsById)
      // JSON keys have no order, so `oils` comes last: by then every blend has named its oils.
      async function* body(documents?: ReadonlyMap<number, ExportDocument[]>) {
        const head = {
          format: EXPORT_FORMAT,
          version: EXPORT_VERSION,
          exportedAt: new Date().toISOString(),
          profile,
          ingredients,
          settings,
        }
        yield `${JSON.stringify(head).slice(0, -1)},"blends":[`
        let first = true
        const pause = slices()
        for await (const blend of blends) {
          await pause()
          yield `${first ? '\n' : ',\n'}${JSON.stringify(blend)}`
          first = false
        }
        yield '\n],"shelf":['
        first = true
        for await (const bottle of exportShelf(() => app.db.kysely, request.userId, oilsById, used, documents)) {
          yield `${first ? '\n' : ',\n'}${JSON.stringify(bottle)}`
          first = false
        }
        const inci = new Map([...oilsById.values()].map((o) => [o.slug, o.inciName]))
        const oils = [...used]
          .map(([slug, name]) => (inci.get(slug) ? { slug, name, inciName: inci.get(slug)! } : { slug, name }))
          .sort((a, b) => a.slug.localeCompare(b.slug))
        yield `\n],"oils":${JSON.stringify(oils)}}\n`
      }
      // Without documents the export is the JSON file, as it always was; with them, an archive (decision 084).
      if (!(await keepsDocuments(app.db.kysely, request.userId)))
        return attachment(reply, `accord-export-${today()}.json`, 'application/json; charset=utf-8').send(Readable.from(body()))
      const archive = exportArchive(() => app.db.kysely, request.userId, body)
      return attachment(reply, `accord-export-${today()}.zip`, 'application/zip').send(Readable.from(archive))
    },
  )

  const csv = (path: string, file: string, columns: string[], rows: (blend: ExportBlend) => unknown[][], description: string) =>
    app.get(
      path,
      { ...heavy, schema: { response: answers(200, CsvSchema, HEAVY), produces: ['text/csv', 'application/json'], description } },
      async (request, reply) => {
        const blends = blendsOf(request.userId, new Map())
        async function* records() {
          const pause = slices()
          for await (const blend of blends) {
            await pause()
            yield* rows(blend)
          }
        }
        // A byte order mark so spreadsheets read UTF-8; cells a spreadsheet would run as a formula get a leading '.
        const out = Readable.from(records()).pipe(stringify({ bom: true, header: true, columns, escape_formulas: true }))
        return attachment(reply, `${file}-${today()}.csv`, 'text/csv; charset=utf-8').send(out)
      },
    )

  csv(
    '/export/blends.csv',
    'accord-blends',
    BLEND_COLUMNS,
    blendRows,
    'One row per blend version: oils and percentages per layer, notes, dates (ISO 8601).',
  )
  csv('/export/test-entries.csv', 'accord-test-entries', ENTRY_COLUMNS, entryRows, 'One row per test entry.')
}
