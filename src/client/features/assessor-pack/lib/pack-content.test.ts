import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packContent, type PackBlock } from '#client/features/assessor-pack/lib/pack-content.ts'
import { pifKey } from '#client/features/assessor-pack/lib/pif-words.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import { PACK_NOTICE, type AssessorPack, type PackVariant } from '#shared/api/assessor-pack.ts'
import { PIF_INDEX, PIF_PARTS, PIF_SOURCE, PROVIDER_LABELS } from '#shared/domain/assessor-pack.ts'
import { SAFETY_SCOPE } from '#shared/domain/safety.ts'

const read = (language: string, file: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../locales', language, file), 'utf8')) as Record<string, string>

const variant: PackVariant = {
  versionId: 11,
  blendId: 1,
  blendName: 'Evening Calm',
  referenceNumber: 'A',
  composition: [{ oilId: 2, name: 'Lavender', inci: 'Lavandula Angustifolia Oil', blendPercent: 100, productPercent: 2 }],
  label: {
    productType: 'lotion',
    productLabel: 'Lotion / cream',
    use: 'leave-on',
    thresholdPercent: 0.001,
    productGrams: 100,
    oilPercentage: 2,
    fragranceAs: 'inci',
    complete: true,
    declared: [],
    belowThreshold: [],
    missing: [],
    ingredients: [],
    ingredientText: 'Lavandula Angustifolia Oil',
    notice: '',
    computedAt: '2026-11-28T00:00:00.000Z',
  },
  ifra: {
    productType: 'lotion',
    category: '5A',
    categoryName: 'Body lotion',
    oilPercentage: 2,
    maxBlendPercent: null,
    limitingOil: null,
    complete: false,
    status: 'unknown',
    oils: [],
    amendments: [],
    notice: '',
    checkedAt: '2026-11-28T00:00:00.000Z',
  },
  safety: { scope: SAFETY_SCOPE['leave-on'], clear: true, warnings: [], unchecked: [], cautions: [] },
  batches: [],
  batchCount: 0,
  moreBatches: false,
}

const pack: AssessorPack = {
  productType: 'lotion',
  productLabel: 'Lotion / cream',
  use: 'leave-on',
  oilPercentage: 2,
  audience: 'adults',
  audienceLabel: 'Adults',
  thresholdPercent: 0.001,
  responsibleName: null,
  responsibleAddress: null,
  variants: [variant],
  notice: PACK_NOTICE,
  generatedAt: '2026-11-28T03:00:00.000Z',
}

/** The index: each group's heading with its table's rows (part, title, in this pack, to provide). */
function indexOf(blocks: PackBlock[]): { heading: string; rows: string[][] }[] {
  const start = blocks.findIndex((b) => b.kind === 'heading')
  const groups: { heading: string; rows: string[][] }[] = []
  for (const block of blocks.slice(start + 1)) {
    if (block.kind === 'subheading') groups.push({ heading: block.text, rows: [] })
    else if (block.kind === 'table') groups.at(-1)!.rows.push(...block.rows)
    else if (block.kind !== 'paragraph') break
  }
  return groups
}

/** The "to provide" list: each provider's heading and its bullets. */
function provideList(blocks: PackBlock[]): string[] {
  const start = blocks.findLastIndex((b) => b.kind === 'heading')
  return blocks
    .slice(start + 1)
    .filter((b) => b.kind === 'subheading' || b.kind === 'bullet')
    .map((b) => (b as { text: string }).text)
}

/** The variant's skin checks: the paragraph after their subheading. */
const scopeLine = (blocks: PackBlock[], heading: RegExp) => {
  const at = blocks.findIndex((b) => b.kind === 'subheading' && heading.test(b.text))
  const next = blocks[at + 1]
  return at === -1 || next?.kind !== 'paragraph' ? null : next.text
}

describe('the pack’s index of the product information file', () => {
  afterAll(() => activateLanguage('en'))

  it('is word for word the domain’s in English: each group, part, what Accord gives and who provides the rest', () => {
    const blocks = packContent(pack)
    expect(blocks).toContainEqual({ kind: 'paragraph', text: `The parts of the product information file in the order of ${PIF_SOURCE}.` })
    const index = indexOf(blocks)
    expect(index.map((g) => g.heading)).toEqual(PIF_INDEX.map((g) => g.title))
    index.forEach((group, i) => {
      expect(group.rows).toEqual(
        PIF_INDEX[i]!.parts.map((p) => [
          p.number,
          p.title,
          p.number === '(c)'
            ? `${p.accord} Each batch’s full record is in its variant’s section (variant 1: no batch).`
            : (p.accord ?? 'Nothing: Accord does not know it'),
          p.toProvide.map((provided) => PROVIDER_LABELS[provided.by]).join(', '),
        ]),
      )
    })
    expect(provideList(blocks)).toEqual(
      (['maker', 'assessor'] as const).flatMap((by) => [
        PROVIDER_LABELS[by],
        ...PIF_PARTS.flatMap((part) => part.toProvide.filter((p) => p.by === by).map((p) => `${part.number} ${part.title}: ${p.what}`)),
      ]),
    )
  })

  it('is in German in a German pack: the regulation’s headings and titles, what Accord gives, what to provide', async () => {
    await activateLanguage('de')
    const de = read('de', 'pdf.json')
    const blocks = packContent(pack)
    expect(blocks).toContainEqual({
      kind: 'paragraph',
      text: 'Die Teile der Produktinformationsdatei in der Reihenfolge von Artikel 11 und Anhang I der Verordnung (EG) Nr. 1223/2009.',
    })
    const index = indexOf(blocks)
    expect(index.map((g) => g.heading)).toEqual([
      'Artikel 11 Absatz 2 Buchstabe a: Beschreibung des kosmetischen Mittels',
      'Artikel 11 Absatz 2 Buchstabe b: Sicherheitsbericht für kosmetische Mittel, Anhang I Teil A (Sicherheitsinformationen über das kosmetische Mittel)',
      'Artikel 11 Absatz 2 Buchstabe b: Sicherheitsbericht für kosmetische Mittel, Anhang I Teil B (Sicherheitsbewertung des kosmetischen Mittels)',
      'Artikel 11 Absatz 2 Buchstaben c bis e: die weiteren Teile der Datei',
    ])
    const rows = index.flatMap((g) => g.rows)
    // The regulation's numbering stays; each title is the catalog's German.
    expect(rows.map((r) => r[0])).toEqual(PIF_PARTS.map((p) => p.number))
    expect(rows.map((r) => r[1])).toEqual(PIF_PARTS.map((p) => de[`pdf.pif.${pifKey(p)}.title`]))
    expect(rows[0]![1]).toBe('Beschreibung des kosmetischen Mittels')
    expect(rows[1]).toEqual([
      'A.1',
      'Quantitative und qualitative Zusammensetzung',
      'Der Duft nach INCI-Bezeichnung mit dem Anteil jedes Öls am fertigen Produkt (Akkorde aufgelöst) und die Allergene nach Anhang III, die er mitbringt.',
      'Der Hersteller',
    ])
    expect(rows.find((r) => r[0] === 'A.6')).toEqual([
      'A.6',
      'Exposition gegenüber dem kosmetischen Mittel',
      'Nichts: Accord weiß es nicht',
      'Der Sicherheitsbewerter',
    ])
    expect(rows.find((r) => r[0] === '(c)')![2]).toBe(
      'Die hergestellten Chargen mit ihren Codes, Daten, Gewichten und den Prüfungen des Herstellers bei der Herstellung. Das vollständige Protokoll jeder Charge steht im Abschnitt ihrer Variante (Variante 1: keine Charge).',
    )
    const provide = provideList(blocks)
    expect(provide[0]).toBe('Der Hersteller')
    expect(provide).toContain(
      'B.4 Qualifikation des Sicherheitsbewerters und Genehmigung von Teil B: Name, Anschrift, Qualifikation, Datum und Unterschrift des Sicherheitsbewerters.',
    )
    // No English title, heading or sentence of the index is left.
    const text = JSON.stringify([index, provide])
    for (const group of PIF_INDEX) expect(text).not.toContain(group.title)
    for (const part of PIF_PARTS) {
      expect(text).not.toContain(part.title)
      if (part.accord) expect(text).not.toContain(part.accord)
      for (const provided of part.toProvide) expect(text).not.toContain(provided.what)
    }
    for (const english of ['Article', 'Annex', 'The maker', 'The safety assessor']) expect(text).not.toContain(english)
  })

  it('writes the French “to provide” lines with French spacing before the colon', async () => {
    await activateLanguage('fr')
    expect(provideList(packContent(pack))).toContain('B.3 Raisonnement : Le raisonnement scientifique qui mène à la conclusion.')
  })
})

describe('the pack’s skin checks in the interface’s language (decision 103)', () => {
  afterAll(() => activateLanguage('en'))

  it('says what the checks cover as the domain does in English, and in German in a German pack', async () => {
    const rinseOff: AssessorPack = {
      ...pack,
      use: 'rinse-off',
      variants: [{ ...variant, safety: { ...variant.safety, scope: SAFETY_SCOPE['rinse-off'], clear: false } }],
    }
    expect(scopeLine(packContent(pack), /^Skin checks for adults/)).toBe(SAFETY_SCOPE['leave-on'])
    expect(scopeLine(packContent(rinseOff), /^Skin checks for adults/)).toBe(SAFETY_SCOPE['rinse-off'])
    await activateLanguage('de')
    expect(scopeLine(packContent(pack), /^Hautprüfungen für Erwachsene/)).toBe(
      'Hautprodukt ohne Abspülen: Jedes Öl wird mit seinem veröffentlichten Höchstwert ohne Abspülen abgeglichen, und phototoxische Öle werden markiert.',
    )
    expect(scopeLine(packContent(rinseOff), /^Hautprüfungen für Erwachsene/)).toMatch(/^Produkt zum Abspülen: /)
  })

  it('keeps a scope the domain does not write as it came', async () => {
    await activateLanguage('de')
    const other = { ...pack, variants: [{ ...variant, safety: { ...variant.safety, scope: 'Checked against the maxima on file.' } }] }
    expect(scopeLine(packContent(other), /^Hautprüfungen/)).toBe('Checked against the maxima on file.')
  })
})
