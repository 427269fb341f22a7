import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { i18n } from '@lingui/core'
import { afterEach, describe, expect, it } from 'vitest'
import { PRODUCT_TYPES } from '#shared/domain/safety.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import { productTypeName } from '#client/lib/product-type-words.ts'

const LOCALES = join(import.meta.dirname, '../locales')
const read = (language: string, file: string) => JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as Record<string, string>
const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values)

describe('the product types’ names: one catalog entry each, the server’s English the same', () => {
  afterEach(async () => {
    await activateLanguage('en')
  })

  it('has the English of PRODUCT_TYPES (the server’s tool descriptions) in the common section, word for word', () => {
    const english = read('en', 'common.json')
    for (const type of PRODUCT_TYPES) expect(english[`common.productType.${type.id}`], type.id).toBe(type.label)
    const named = Object.keys(english).filter((id) => id.startsWith('common.productType.'))
    expect(named.sort()).toEqual(PRODUCT_TYPES.map((type) => `common.productType.${type.id}`).sort())
  })

  it('is written nowhere else: no other section keeps its own copy of the names', () => {
    const names = new Set(PRODUCT_TYPES.map((type) => type.label))
    for (const file of readdirSync(join(LOCALES, 'en')).filter((name) => name !== 'common.json')) {
      // The usage guide's rows (USAGE_GUIDE) are drop rates by product, a table of their own.
      // The PDFs' section (decision 105) keeps a copy a PDF can name without the common section
      // loaded; it must say what the common section says, in every language (below).
      const copies = Object.entries(read('en', file)).filter(
        ([id, words]) => names.has(words) && !id.startsWith('calculator.usage.') && !id.startsWith('pdf.product.'),
      )
      expect(copies, file).toEqual([])
    }
  })

  it('the PDFs’ copy of the names says what the common section says, in every language', () => {
    for (const language of ['en', 'de', 'fr', 'es', 'it']) {
      const common = read(language, 'common.json')
      const pdf = read(language, 'pdf.json')
      for (const type of PRODUCT_TYPES) {
        const copy = pdf[`pdf.product.${type.id}`]
        if (copy !== undefined) expect(copy, `${language} ${type.id}`).toBe(common[`common.productType.${type.id}`])
      }
    }
  })

  it('names a type in the shown language, and an unknown id as it is', async () => {
    expect(productTypeName(t, 'lotion')).toBe('Lotion / cream')
    await activateLanguage('de')
    expect(productTypeName(t, 'lotion')).toBe('Lotion / Creme')
    expect(productTypeName(t, 'cold-process-soap')).not.toBe('Cold process soap')
    expect(productTypeName(t, 'retired-type')).toBe('retired-type')
  })
})
