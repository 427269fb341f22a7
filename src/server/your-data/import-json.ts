import { EXPORT_FORMAT, EXPORT_VERSION, ExportFileSchema, ExportHeaderSchema } from '#shared/api/export.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { AppError, NUL_MESSAGE, pathToNul } from '#server/http/errors.ts'
import { createOilResolver, formatPath, invalidUpload, resolveLayer, zodProblems, type PlanBlend } from '#server/your-data/import-plan.ts'

/**
 * An Accord JSON export (docs/export-format.md) turned into an import plan, or a refusal naming
 * the place: not an export (400), a version this Accord cannot read (422), a value that breaks the
 * schema (400 with every path), an oil the catalog lacks (422).
 */
export function planFromExport(body: unknown, catalog: EssentialOil[]): PlanBlend[] {
  const header = ExportHeaderSchema.safeParse(body)
  if (!header.success || header.data.format !== EXPORT_FORMAT) {
    throw new AppError(400, 'NOT_AN_ACCORD_EXPORT', `This is not an Accord export: its "format" should be "${EXPORT_FORMAT}".`, [
      { path: 'format', message: `Expected "${EXPORT_FORMAT}"` },
    ])
  }
  if (header.data.version !== EXPORT_VERSION) {
    const version = JSON.stringify(header.data.version) ?? 'missing'
    throw new AppError(
      422,
      'UNSUPPORTED_EXPORT_VERSION',
      `This file is export version ${version}; this Accord reads version ${EXPORT_VERSION}. Import it into an Accord as new as the one that made it.`,
      [{ path: 'version', message: `Expected ${EXPORT_VERSION}` }],
    )
  }
  // PostgreSQL cannot store a NUL character: refused here, on both engines, like every other request.
  const nul = pathToNul(body)
  if (nul) throw invalidUpload([{ path: formatPath(nul.map((k) => (/^\d+$/.test(k) ? Number(k) : k))), message: NUL_MESSAGE }])
  const parsed = ExportFileSchema.safeParse(body)
  if (!parsed.success) throw invalidUpload(zodProblems(parsed.error))

  const resolver = createOilResolver(catalog)
  const plan = parsed.data.blends.map((b, i): PlanBlend => {
    const at = `blends[${i}]`
    return {
      source: at,
      sourceId: b.id,
      name: b.name,
      description: b.description,
      createdAt: b.createdAt,
      versions: b.versions.map((v, j) => ({
        ...v,
        sourceId: v.id,
        topOils: resolveLayer(resolver, v.topOils, `${at}.versions[${j}].topOils`),
        middleOils: resolveLayer(resolver, v.middleOils, `${at}.versions[${j}].middleOils`),
        baseOils: resolveLayer(resolver, v.baseOils, `${at}.versions[${j}].baseOils`),
      })),
      testEntries: b.testEntries.map((e) => ({ ...e, sourceId: e.id, versionSourceId: e.versionId })),
    }
  })
  resolver.assertAllKnown()
  return plan
}
