import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { EXPORT_VERSION } from '#shared/api/export.ts'
import { SCHEMA_FILE, schemaText } from './export-schema.ts'

describe('the published export format schema', () => {
  it('is the JSON Schema generated from the shared Zod schema (run npx tsx scripts/export-schema.ts after changing it)', () => {
    expect(fs.readFileSync(SCHEMA_FILE, 'utf8')).toBe(schemaText())
  })

  it('names the format and version a file must carry', () => {
    type Schema = { properties: Record<string, { const?: unknown }>; required: string[] }
    const document = JSON.parse(schemaText()) as { $ref: string; $defs: Record<string, Schema> }
    const schema = document.$defs[document.$ref.replace('#/$defs/', '')]!
    expect(schema.properties.format?.const).toBe('accord-export')
    expect(schema.properties.version?.const).toBe(EXPORT_VERSION)
    expect(schema.required).toEqual(
      expect.arrayContaining(['format', 'version', 'exportedAt', 'profile', 'settings', 'oils', 'blends', 'shelf']),
    )
  })
})
