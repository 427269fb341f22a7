import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packContent, type PackBlock } from '#client/features/assessor-pack/lib/pack-content.ts'
import { pifKey } from '#client/features/assessor-pack/lib/pif-words.ts'
import { clearSafety, lotionLabel, lotionPack, unknownIfra } from '#client/features/assessor-pack/testing/pack-fixtures.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import type { AssessorPack, PackVariant } from '#shared/api/assessor-pack.ts'
import { PIF_INDEX, PIF_PARTS, PIF_SOURCE, PROVIDER_LABELS } from '#shared/domain/assessor-pack.ts'
import { AUDIENCE_IDS, type AudienceId } from '#shared/domain/audience-ids.ts'
import { audienceById, checkSafetyFor } from '#shared/domain/audiences.ts'
import { NOTHING_ON_FILE, SAFETY_SCOPE, type SafetyFacts, type SafetyOil, type SafetyReport } from '#shared/domain/safety.ts'

const read = (language: string, file: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../locales', language, file), 'utf8')) as Record<string, string>

const variant: PackVariant = {
  versionId: 11,
  blendId: 1,
  blendName: 'Evening Calm',
  referenceNumber: 'A',
  composition: [{ oilId: 2, name: 'Lavender', inci: 'Lavandula Angustifolia Oil', blendPercent: 100, productPercent: 2 }],
  label: lotionLabel(),
  ifra: unknownIfra(),
  safety: clearSafety(),
  batches: [],
  batchCount: 0,
  moreBatches: false,
}

const pack: AssessorPack = lotionPack([variant])

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

/** The variant's skin checks: the bullets after their subheading, up to the next one. */
const safetyBullets = (blocks: PackBlock[], heading: RegExp) => {
  const at = blocks.findIndex((b) => b.kind === 'subheading' && heading.test(b.text))
  if (at === -1) throw new Error(`No subheading ${heading}`)
  const end = blocks.findIndex((b, i) => i > at && b.kind === 'subheading')
  return blocks.slice(at + 1, end).flatMap((b) => (b.kind === 'bullet' ? [b.text] : []))
}

const facts = (fields: Partial<SafetyFacts>): SafetyFacts => ({ ...NOTHING_ON_FILE, ...fields })
/** The catalog's facts of the oils (src/server/db/seed/oil-safety-data.ts): cautions whose texts the catalogs translate. */
const SAFETY_OILS: SafetyOil[] = [
  {
    name: 'Bergamot',
    productPercentage: 0.6,
    safety: facts({
      maxLeaveOnPercent: 0.4,
      phototoxic: true,
      source: 'Tisserand & Young 2014, quoted by Diffuser Blends [DB]',
      oxidation: { text: 'Do not use old or oxidised oil.', source: 'Tisserand & Young 2014, quoted by Monash Natural Blends [MN]' },
    }),
  },
  { name: 'Frankincense', productPercentage: 0.5, safety: null },
  {
    name: 'Myrrh',
    productPercentage: 0.2,
    safety: facts({
      pregnancy: {
        text: 'Avoid in pregnancy: β-elemene crosses the placenta and inhibits the growth of new blood vessels.',
        source: 'Tisserand, quoted by The Healing Place Farm [HPF]',
      },
    }),
  },
  {
    name: 'Clove Bud',
    productPercentage: 0.3,
    safety: facts({
      maxLeaveOnPercent: 0.5,
      source: 'Tisserand & Young, quoted by WikiWel [WW-C]',
      children: { text: 'No use on the skin of children aged 2 or younger.', source: 'Tisserand & Young, quoted by WikiWel [WW-C]' },
    }),
  },
]

/** A pack for `audience` whose variant's skin checks are `report`'s, as the server sends them: sentences and findings. */
function packOf(audience: AudienceId, report: SafetyReport): AssessorPack {
  const safety = {
    scope: report.scope,
    clear: report.clear,
    warnings: report.warnings.map((w) => w.message),
    unchecked: report.unchecked.map((u) => u.message),
    cautions: report.cautions.map((c) => c.message),
    warningDetails: report.warnings,
    uncheckedDetails: report.unchecked,
    cautionDetails: report.cautions,
  }
  return { ...pack, audience, audienceLabel: audienceById(audience)!.label, variants: [{ ...variant, safety }] }
}
const reportFor = (audience: AudienceId) => checkSafetyFor('leave-on', SAFETY_OILS, audience)
const englishOf = (report: SafetyReport) => [
  ...report.warnings.map((w) => w.message),
  ...report.unchecked.map((u) => u.message),
  ...report.cautions.map((c) => c.message),
]

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

  it('says each warning, unchecked oil and caution word for word as the server wrote it in English, for every audience', async () => {
    await activateLanguage('en')
    const kinds = new Set<string>()
    for (const audience of AUDIENCE_IDS) {
      const report = reportFor(audience)
      report.warnings.forEach((w) => kinds.add(w.kind))
      expect(safetyBullets(packContent(packOf(audience, report)), /^Skin checks for /), audience).toEqual(englishOf(report))
    }
    // Every kind of warning, an unchecked oil and a caution were among them.
    expect([...kinds].sort()).toEqual(['audience-caution', 'avoid-for-audience', 'over-audience-total', 'over-limit', 'phototoxic'])
    expect(reportFor('adults').unchecked).not.toEqual([])
    expect(reportFor('adults').cautions).not.toEqual([])
  })

  it('says them in German in a German pack, from the findings beside the sentences: no English sentence left', async () => {
    await activateLanguage('de')
    const pregnancy = reportFor('pregnancy')
    const lines = safetyBullets(packContent(packOf('pregnancy', pregnancy)), /^Hautprüfungen für /)
    expect(lines).toEqual([
      'Schwangerschaft: Myrrhe nicht verwenden (0,2\u00a0% des fertigen Produkts). In der Schwangerschaft meiden: β-Elemen passiert die Plazenta und hemmt die Bildung neuer Blutgefäße. (Tisserand, quoted by The Healing Place Farm [HPF])',
      'Bergamotte macht 0,6\u00a0% des fertigen Produkts aus, mehr als sein Höchstwert ohne Abspülen von 0,4\u00a0% (Tisserand & Young 2014, quoted by Diffuser Blends [DB]). Senken Sie den Ölanteil oder den Anteil von Bergamotte.',
      expect.stringMatching(/^Bergamotte ist phototoxisch \(0,6\u00a0% des fertigen Produkts; Höchstwert ohne Abspülen 0,4\u00a0%; /),
      'Kein veröffentlichter Höchstwert für Weihrauch hinterlegt, daher konnte sein Anteil von 0,5\u00a0% am fertigen Produkt nicht geprüft werden.',
      'Kein veröffentlichter Höchstwert für Myrrhe hinterlegt, daher konnte sein Anteil von 0,2\u00a0% am fertigen Produkt nicht geprüft werden.',
      'Kein altes oder oxidiertes Öl verwenden. (Tisserand & Young 2014, quoted by Monash Natural Blends [MN])',
      'Nicht auf der Haut von Kindern bis einschließlich 2 Jahren verwenden. (Tisserand & Young, quoted by WikiWel [WW-C])',
    ])
    // For every audience: as many lines as the server's sentences, none of them left in English.
    for (const audience of AUDIENCE_IDS) {
      const report = reportFor(audience)
      const german = safetyBullets(packContent(packOf(audience, report)), /^Hautprüfungen für /)
      const english = englishOf(report)
      expect(german, audience).toHaveLength(english.length)
      german.forEach((line, i) => expect(line, english[i]).not.toBe(english[i]))
      expect(german.join('\n'), audience).not.toMatch(
        /finished product|leave-on maximum|could not be checked|No published|is phototoxic|do not use|Do not use|in total|Lower the/,
      )
    }
    const children = safetyBullets(packContent(packOf('child-3-24-months', reportFor('child-3-24-months'))), /^Hautprüfungen für /)
    expect(children[0]).toBe(
      'Die Mischung macht 1,6\u00a0% des fertigen Produkts aus, mehr als das Höchste für Kinder von 3-24 Monaten: 0,5\u00a0% insgesamt (Robert Tisserand, quoted by Thrive Style [TS]). Senken Sie den Ölanteil auf 0,5\u00a0% oder weniger.',
    )
  })

  it('keeps a sentence without its finding, or with another one, as it came', async () => {
    await activateLanguage('de')
    const report = reportFor('adults')
    const english = englishOf(report)
    // A pack as an answer without the findings would be: its sentences only.
    const { warningDetails, uncheckedDetails, cautionDetails, ...sentences } = packOf('adults', report).variants[0]!.safety
    expect(warningDetails.length + uncheckedDetails.length + cautionDetails.length).toBe(english.length)
    const without = { ...pack, variants: [{ ...variant, safety: sentences as PackVariant['safety'] }] }
    expect(safetyBullets(packContent(without), /^Hautprüfungen für /)).toEqual(english)
    // A finding that is not the sentence's (another message) does not replace it.
    const other = packOf('adults', report)
    const safety = other.variants[0]!.safety
    safety.warnings = safety.warnings.map((w) => `${w} (edited)`)
    const lines = safetyBullets(packContent(other), /^Hautprüfungen für /)
    expect(lines.slice(0, safety.warnings.length)).toEqual(safety.warnings)
    expect(lines.slice(safety.warnings.length)).not.toContain(english.at(-1))
    // An audience the catalogs do not know: its warnings stay as they came, the oils' own are said in German.
    const infants = reportFor('child-3-24-months')
    const unknown = { ...packOf('child-3-24-months', infants), audience: 'child-newborn', audienceLabel: 'Newborns' }
    const said = safetyBullets(packContent(unknown), /^Hautprüfungen für /)
    const byKind = (kind: string) => said.filter((_, i) => infants.warnings[i]?.kind === kind)
    expect(byKind('over-audience-total')).toEqual(infants.warnings.filter((w) => w.kind === 'over-audience-total').map((w) => w.message))
    expect(byKind('over-limit')).toEqual([expect.stringMatching(/^Bergamotte macht 0,6\u00a0% des fertigen Produkts aus/)])
  })
})
