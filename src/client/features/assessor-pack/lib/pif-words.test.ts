import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pifKey, pifMessages } from '#client/features/assessor-pack/lib/pif-words.ts'
import { PACK_NOTICE, PIF_INDEX, PIF_PARTS, PROVIDER_LABELS } from '#shared/domain/assessor-pack.ts'
import { LANGUAGES } from '#shared/i18n/languages.ts'

const read = (language: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../locales', language, 'pdf.json'), 'utf8')) as Record<string, string>

/**
 * The product information file's index is the domain's structure with the `pdf` section's words
 * (decision 105): the English catalog says the domain's English word for word, and every language
 * holds every part's words. A part, a sentence or a provider added to the domain without its words fails here.
 */
describe('the product information file’s words in the PDFs’ catalogs', () => {
  const messages = pifMessages()
  const english = read('en')

  it('names each part after its number, one id per part and per sentence', () => {
    expect(PIF_PARTS.slice(0, 3).map(pifKey)).toEqual(['a', 'A1', 'A2'])
    expect(new Set(PIF_PARTS.map(pifKey)).size).toBe(PIF_PARTS.length)
    expect(new Set(PIF_INDEX.map((g) => g.id)).size).toBe(PIF_INDEX.length)
    const ids = messages.map(([id]) => id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('has the domain’s English in the English catalog, byte for byte, and no id the domain does not have', () => {
    for (const [id, words] of messages) expect(english[id], id).toBe(words)
    const ids = new Set(messages.map(([id]) => id))
    expect(Object.keys(english).filter((id) => id.startsWith('pdf.pif.') && !ids.has(id))).toEqual([])
  })

  it('has the provider names and the pack’s notice the domain writes, in English word for word', () => {
    expect(english['pdf.pack.provider.maker']).toBe(PROVIDER_LABELS.maker)
    expect(english['pdf.pack.provider.assessor']).toBe(PROVIDER_LABELS.assessor)
    expect(english['pdf.pack.notice']).toBe(PACK_NOTICE)
  })

  it.each(LANGUAGES.filter((language) => language !== 'en'))('gives every part its words in %s', (language) => {
    const catalog = read(language)
    for (const part of PIF_PARTS) {
      const key = pifKey(part)
      const title = catalog[`pdf.pif.${key}.title`]
      expect(title, `${language} ${part.number} title`).toBeTruthy()
      // A title the regulation's language version names, not the English left in place.
      expect(title, `${language} ${part.number} title`).not.toBe(part.title)
      if (part.accord !== null) expect(catalog[`pdf.pif.${key}.accord`], `${language} ${part.number} accord`).toBeTruthy()
      for (const provided of part.toProvide) {
        const what = catalog[`pdf.pif.${key}.${provided.by}`]
        expect(what, `${language} ${part.number} ${provided.by}`).toBeTruthy()
        expect(what).not.toBe(provided.what)
      }
    }
    for (const group of PIF_INDEX) {
      expect(catalog[`pdf.pif.group.${group.id}`], `${language} group ${group.id}`).toBeTruthy()
      expect(catalog[`pdf.pif.group.${group.id}`]).not.toBe(group.title)
    }
    for (const [id] of messages) expect(catalog[id]?.trim(), `${language} ${id}`).toBeTruthy()
  })
})
