import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { exportJsonSchema } from '#shared/api/export.ts'

/**
 * The published JSON Schema of the export file, generated from ExportFileSchema
 * (src/shared/api/export.ts). After changing that schema run `npx tsx scripts/export-schema.ts`
 * and commit docs/export-format.schema.json; export-schema.test.ts fails until they agree.
 */

export const SCHEMA_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'export-format.schema.json')

export const schemaText = () => `${JSON.stringify(exportJsonSchema(), null, 2)}\n`

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(SCHEMA_FILE, schemaText())
  console.info(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`)
}
