// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { buildRecipePdf, formatRecipeDate, recipeFileName, type RecipeCard } from '#client/features/blend-creator/lib/recipe-pdf.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import { printable, wrapText } from '#client/lib/pdf-text.ts'
import { LINEAR_RATIO_LIMIT, timeRatio } from '#tests/support/linear-time.ts'

const card: RecipeCard = {
  name: 'Evening Calm',
  reference: '003a',
  layers: [
    { layer: 'Top', percentage: 30, name: 'Bergamot', latinName: 'Citrus bergamia', scentFamily: 'Citrus' },
    { layer: 'Middle', percentage: 50, name: 'Lavender', latinName: 'Lavandula angustifolia', scentFamily: 'Floral' },
    { layer: 'Base', percentage: 20, name: 'Atlas Cedarwood', latinName: 'Cedrus atlantica', scentFamily: 'Woody' },
  ],
  effects: ['Relaxing', 'Uplifting', 'Grounding'],
  scentProfile: 'A Citrus top, a Floral heart and a Woody base.',
  notes: 'Rest 48 hours before testing.\nSmells like a summer evening.',
  date: new Date('2025-03-12T10:00:00Z'),
}

// npm test checks up front that pdftotext (poppler-utils) is installed; nothing here skips.
const PDFTOTEXT = 'pdftotext'

function textOf(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'recipe-')), 'recipe.pdf')
  writeFileSync(file, bytes)
  return execFileSync(PDFTOTEXT, [file, '-'], { encoding: 'utf8' })
}

describe('the recipe PDF', () => {
  it('is a one-page PDF titled with the blend name', async () => {
    const bytes = await buildRecipePdf(card)
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const doc = await PDFDocument.load(bytes)
    expect(doc.getPageCount()).toBe(1)
    expect(doc.getTitle()).toBe('Evening Calm')
    expect(doc.getCreator()).toBe('Accord')
  })

  it('prints the name, reference, layers, properties, notes and date', async () => {
    const text = textOf(await buildRecipePdf(card)).replace(/\s+/g, ' ')
    for (const expected of [
      'Accord',
      'Evening Calm',
      'Reference 003a',
      '12 March 2025',
      'TOP NOTE',
      'Bergamot',
      '30%',
      'Lavender',
      '50%',
      'Atlas Cedarwood',
      '20%',
      'Relaxing, Uplifting, Grounding',
      'A Citrus top, a Floral heart and a Woody base.',
      'Smells like a summer evening.',
    ]) {
      expect(text).toContain(expected)
    }
    expect(text).not.toContain('?')
  })

  it('copes with characters the standard fonts cannot draw and with very long notes', async () => {
    const bytes = await buildRecipePdf({
      ...card,
      name: 'Nuit d’été 🌙 Ωmega',
      reference: null,
      notes: 'word '.repeat(3000),
    })
    const doc = await PDFDocument.load(bytes)
    expect(doc.getPageCount()).toBe(1)
  })

  it('says a blend without a reference is not saved yet, and guesses none', async () => {
    const text = textOf(await buildRecipePdf({ ...card, reference: null })).replace(/\s+/g, ' ')
    expect(text).toContain('Not saved yet · 12 March 2025')
    expect(text).not.toContain('Reference')
  })
})

describe('wrapping', () => {
  const measure = (line: string) => line.length

  it('breaks at spaces within the width and keeps paragraphs', () => {
    expect(wrapText('one two three four\nfive', 9, measure)).toEqual(['one two', 'three', 'four', 'five'])
  })

  it('cuts a word longer than a line', () => {
    expect(wrapText('abcdefghij', 4, measure)).toEqual(['abcd', 'efgh', 'ij'])
    expect(wrapText('ab abcdefghij cd', 4, measure)).toEqual(['ab', 'abcd', 'efgh', 'ij', 'cd'])
    expect(wrapText('abc', 0, measure)).toEqual(['a', 'b', 'c'])
  })

  /** The line breaks as they were before the wrap was made linear (issue 32), for comparison. */
  function quadraticWrap(text: string, width: number, measure: (line: string) => number): string[] {
    const lines: string[] = []
    for (const paragraph of text.split(/\r?\n/)) {
      let line = ''
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word
        if (measure(candidate) <= width) {
          line = candidate
          continue
        }
        if (line) lines.push(line)
        let rest = word
        while (measure(rest) > width) {
          let cut = rest.length - 1
          while (cut > 1 && measure(rest.slice(0, cut)) > width) cut--
          lines.push(rest.slice(0, cut))
          rest = rest.slice(cut)
        }
        line = rest
      }
      lines.push(line)
    }
    return lines
  }

  it('breaks every text where it did before, in the real font', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica)
    const real = (line: string) => font.widthOfTextAtSize(line, 10)
    let seed = 7
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let i = 0; i < 200; i++) {
      const text = Array.from({ length: Math.floor(random() * 40) }, () =>
        'aWi. lm'[Math.floor(random() * 7)]!.repeat(1 + Math.floor(random() * 30)),
      ).join(random() < 0.1 ? '\n' : ' ')
      const width = 20 + random() * 200
      expect(wrapText(text, width, real), text).toEqual(quadraticWrap(text, width, real))
    }
  })

  it('is linear in an unbroken note’s length on the recipe card', async () => {
    const note = (scale: number) => ({ ...card, notes: 'W'.repeat(300 * scale) })
    const { ratio } = await timeRatio(note, (input) => buildRecipePdf(input))
    expect(ratio).toBeLessThan(LINEAR_RATIO_LIMIT)
  }, 120_000)
})

describe('names', () => {
  it('names the file after the blend', () => {
    expect(recipeFileName('Evening Calm')).toBe('evening-calm-recipe.pdf')
    expect(recipeFileName('  Été à Paris! ')).toBe('ete-a-paris-recipe.pdf')
    expect(recipeFileName('🌙')).toBe('blend-recipe.pdf')
  })

  it('writes the date in words', () => {
    expect(formatRecipeDate(new Date('2025-01-13T12:00:00Z'))).toBe('13 January 2025')
  })
})

describe('the recipe PDF in the interface’s language (decision 105)', () => {
  afterAll(() => activateLanguage('en'))
  const germanCard: RecipeCard = { ...card, families: ['Citrus', 'Floral', 'Woody'] }

  it('is written in German: headings, labels, families, effects, the date and the file name', async () => {
    await activateLanguage('de')
    const bytes = await buildRecipePdf({ ...germanCard, name: '' })
    const text = textOf(bytes).replace(/\s+/g, ' ')
    for (const expected of [
      'REZEPT DER MISCHUNG',
      'Unbenannte Mischung',
      'Referenz 003a',
      '12. März 2025',
      'ZUSAMMENSETZUNG',
      'KOPFNOTE',
      'HERZNOTE',
      'BASISNOTE',
      'EIGENSCHAFTEN',
      'Wirkungen',
      'Entspannend, Stimmungsaufhellend, Erdend',
      'Citrus bergamia · Zitrus',
      'Duftprofil',
      'Kopf: Zitrus, Herz: Blumig, Basis: Holzig.',
      'NOTIZEN',
      'Erstellt mit Accord am 12. März 2025',
      'Ätherische Öle vor der Anwendung auf der Haut verdünnen.',
    ]) {
      expect(text).toContain(expected)
    }
    for (const english of [
      'BLEND RECIPE',
      'Reference',
      'March',
      'TOP NOTE',
      'Composition',
      'Properties',
      'Effects',
      'Scent profile',
      'Made with',
      'Dilute',
      'Untitled',
      'Relaxing',
      'Woody',
      'A Citrus top',
    ]) {
      expect(text).not.toContain(english)
    }
    expect(text).not.toContain('?')
    expect((await PDFDocument.load(bytes)).getSubject()).toBe('Rezept einer Mischung ätherischer Öle')
    expect(recipeFileName('Abendruhe')).toBe('abendruhe-rezept.pdf')
    expect(recipeFileName('🌙')).toBe('mischung-rezept.pdf')
  })

  it('says an unsaved blend is not saved yet, and an empty note, in German', async () => {
    await activateLanguage('de')
    const text = textOf(await buildRecipePdf({ ...germanCard, reference: null, notes: '' })).replace(/\s+/g, ' ')
    expect(text).toContain('Noch nicht gespeichert · 12. März 2025')
    expect(text).toContain('Noch keine Notizen.')
    expect(text).not.toContain('Not saved yet')
  })

  it('is written in French, with the accents and guillemets WinAnsi holds', async () => {
    await activateLanguage('fr')
    const name = 'Été « doux » ¿ça? ¡sí! ñ ß ä è à'
    const text = textOf(await buildRecipePdf({ ...germanCard, name, reference: null })).replace(/\s+/g, ' ')
    for (const expected of [
      name,
      'RECETTE DE SYNERGIE',
      'NOTE DE TÊTE',
      'NOTE DE CŒUR',
      'NOTE DE FOND',
      'Pas encore enregistrée',
      '12 mars 2025',
      'Profil olfactif',
    ]) {
      expect(text).toContain(expected)
    }
    for (const english of ['BLEND RECIPE', 'TOP NOTE', 'Not saved yet', 'March', 'Scent profile']) expect(text).not.toContain(english)
    expect(text).not.toContain('?bon') // ¿ came out as itself, not as a question mark
    expect(recipeFileName('Été à Paris')).toBe('ete-a-paris-recette.pdf')
  })

  it('prints the narrow spaces French numbers and dates use as spaces, and what WinAnsi lacks as a question mark', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica)
    expect(printable(font, '12\u202f%\u2009: «\u2011»')).toBe('12\u00a0% : «-»')
    expect(printable(font, 'äöüß éèàç ñ¿¡ «» „“ ’ … – —')).toBe('äöüß éèàç ñ¿¡ «» „“ ’ … – —')
    expect(printable(font, 'Ωmega 🌙')).toBe('?mega ?')
  })
})
