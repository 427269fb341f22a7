import { describe, expect, it } from 'vitest'
import { productTypeById } from '#shared/domain/safety.ts'
import { LANGUAGES } from '#shared/i18n/languages.ts'
import {
  COSMETIC_FUNCTION_IDS,
  LABEL_TEXTS,
  PRECAUTION_IDS,
  labelFunction,
  type LabelTexts,
} from '#client/features/labels/lib/label-texts.ts'
import { labelParagraphs, nominalQuantity, nominalText, type LabelSheetContent } from '#client/features/labels/lib/label-sheet-text.ts'

/** Every word of a language's texts, by where it is. */
function words(texts: LabelTexts): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') out.set(path, value)
    else for (const [key, inner] of Object.entries(value as object)) walk(inner, path ? `${path}.${key}` : key)
  }
  walk(texts, '')
  return out
}

describe('the label texts', () => {
  it('are English as the label always printed them, the functions the usage guide’s names', () => {
    for (const id of COSMETIC_FUNCTION_IDS) expect(LABEL_TEXTS.en.functions[id]).toBe(productTypeById(id)?.label)
    expect(LABEL_TEXTS.en.batch).toBe('Batch:')
    expect(LABEL_TEXTS.en.afterOpening).toBe('After opening:')
  })

  it('leave no word in English in another language, but the term before the INCI list', () => {
    const english = words(LABEL_TEXTS.en)
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const own = words(LABEL_TEXTS[language])
      expect([...own.keys()].sort()).toEqual([...english.keys()].sort())
      const same = [...own].filter(([path, text]) => english.get(path) === text).map(([path]) => path)
      expect(same, language).toEqual(['ingredients'])
      for (const text of own.values()) expect(text.trim(), `${language}: ${text}`).not.toBe('')
    }
  })

  it('hold every precaution in every language, each a sentence', () => {
    for (const language of LANGUAGES) {
      for (const id of PRECAUTION_IDS) expect(LABEL_TEXTS[language].precaution[id]).toMatch(/^\S.*\.$/)
    }
  })

  it('name the function in the label’s language, keeping a name that is not the usage guide’s', () => {
    expect(labelFunction('en', 'lotion', 'Lotion / cream')).toBe('Lotion / cream')
    expect(labelFunction('de', 'lotion', 'Lotion / cream')).toBe('Lotion / Creme')
    expect(labelFunction('fr', 'cold-process-soap', 'Cold process soap')).toBe('Savon saponifié à froid')
    expect(labelFunction('it', 'diffuser', 'Diffuser')).toBe('Diffuser')
    expect(labelFunction('es', undefined, 'Body butter')).toBe('Body butter')
  })

  it('write the nominal quantity with the language’s decimal mark', () => {
    expect(nominalText({ amount: 12.5, unit: 'g' }, 'en')).toBe('12.5 g')
    expect(nominalText({ amount: 12.5, unit: 'g' }, 'de')).toBe('12,5 g')
    expect(nominalText({ amount: 1.75, unit: 'oz' }, 'fr')).toBe('1,75 oz')
    expect(nominalText({ amount: 1250, unit: 'g' }, 'it')).toBe('1250 g')
    expect(nominalText(nominalQuantity(500, 'g', 10), 'es')).toBe('50 g')
  })
})

const content: LabelSheetContent = {
  title: 'Abendruhe',
  productLabel: 'Lotion / cream',
  productType: 'lotion',
  batchCode: '261124-2',
  nominal: { amount: 12.5, unit: 'g' },
  ingredientText: 'Aqua, Lavandula Angustifolia Oil, Linalool',
  allergens: ['Linalool'],
  responsible: null,
  pao: '12M',
  declarationsComplete: true,
}

describe('a label’s paragraphs in the market’s language', () => {
  it('are English, as before, when no language is given', () => {
    expect(labelParagraphs(content).map((p) => `${p.lead} ${p.text}`.trim())).toEqual([
      'Abendruhe',
      'Lotion / cream  ·  12.5 g',
      'INCOMPLETE: no responsible person. Not for sale.',
      'Ingredients: Aqua, Lavandula Angustifolia Oil, Linalool',
      'Allergens: Linalool.',
      'Batch: 261124-2  ·  After opening: 12M',
    ])
  })

  it('print the particulars in German, the INCI list as it is, the precautions in their order', () => {
    const german = labelParagraphs({ ...content, language: 'de', precautions: ['children', 'external-use'] })
    expect(german.map((p) => `${p.lead} ${p.text}`.trim())).toEqual([
      'Abendruhe',
      'Lotion / Creme  ·  12,5 g',
      'UNVOLLSTÄNDIG: keine verantwortliche Person. Nicht zum Verkauf.',
      'Ingredients: Aqua, Lavandula Angustifolia Oil, Linalool',
      'Allergene: Linalool.',
      'Warnhinweise: Nur zur äußerlichen Anwendung. Außerhalb der Reichweite von Kindern aufbewahren.',
      'Charge: 261124-2  ·  Nach dem Öffnen: 12M',
    ])
  })

  it('name an untitled blend in the label’s language', () => {
    expect(labelParagraphs({ ...content, title: ' ', language: 'fr' })[0]!.text).toBe('Synergie sans titre')
  })
})
