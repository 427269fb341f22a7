// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PDFDocument } from '@cantoo/pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { buildAssessorPack, packFileName } from '#client/features/assessor-pack/lib/pack-pdf.ts'
import { pifKey } from '#client/features/assessor-pack/lib/pif-words.ts'
import { clearSafety, lotionLabel, lotionPack, unknownIfra } from '#client/features/assessor-pack/testing/pack-fixtures.ts'
import type { AssessorPack, PackVariant } from '#shared/api/assessor-pack.ts'
import type { LabelAllergen } from '#shared/api/labels.ts'
import type { BatchTrace } from '#shared/api/trace.ts'
import { PIF_INDEX, PIF_PARTS } from '#shared/domain/assessor-pack.ts'
import { SAFETY_SCOPE } from '#shared/domain/safety.ts'
import { activateLanguage } from '#client/lib/i18n.ts'

// npm test checks up front that pdftotext (poppler-utils) is installed; nothing here skips.
function fileOf(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pack-')), 'pack.pdf')
  writeFileSync(file, bytes)
  return file
}
function textOf(bytes: Uint8Array): string {
  return execFileSync('pdftotext', ['-layout', fileOf(bytes), '-'], { encoding: 'utf8' })
}

/** The text on one line, with pdftotext's layout spacing before a percent sign evened out ('1%' and '1 %' alike). */
const flatText = (bytes: Uint8Array) => textOf(bytes).replace(/\s+/g, ' ').replace(/ %/g, '%')

const linalool = (percent: number): LabelAllergen => ({
  entryId: 'linalool',
  name: 'Linalool',
  inci: 'Linalool',
  cas: ['78-70-6'],
  percent,
  fromRecipe: false,
  sources: [{ oilId: 2, oilName: 'Lavender', bottleId: 7, lotCode: 'LAV-0425', percent }],
})

const variant = (versionId: number, reference: string, lemon: boolean, batches: PackVariant['batches']): PackVariant => ({
  versionId,
  blendId: 1,
  blendName: 'Evening Calm',
  referenceNumber: reference,
  composition: [
    { oilId: 2, name: 'Lavender', inci: 'Lavandula Angustifolia Oil', blendPercent: 50, productPercent: 1 },
    {
      oilId: 1,
      name: 'Bergamot',
      inci: 'Citrus Aurantium Bergamia Peel Oil',
      blendPercent: lemon ? 15 : 30,
      productPercent: lemon ? 0.3 : 0.6,
    },
    ...(lemon ? [{ oilId: 4, name: 'Lemon', inci: 'Citrus Limon Peel Oil', blendPercent: 15, productPercent: 0.3 }] : []),
    { oilId: 3, name: 'Atlas Cedarwood', inci: 'Cedrus Atlantica Bark Oil', blendPercent: 20, productPercent: 0.4 },
  ],
  label: lotionLabel({
    declared: [linalool(0.3)],
    belowThreshold: lemon ? [{ ...linalool(0.0008), entryId: 'citral', name: 'Citral', inci: 'Citral', cas: ['5392-40-5'] }] : [],
    ingredientText: 'Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil, Linalool',
  }),
  ifra: unknownIfra([{ oilId: 2, oilName: 'Lavender', blendPercent: 50, maxProductPercent: 'unknown', lots: [] }]),
  safety: clearSafety(),
  batches,
  batchCount: batches.length,
  moreBatches: false,
})

/** The full record of batch 5 (what GET /api/batches/5 answers): 500 g of lotion at 2 %, Lavender from lot LAV-0425. */
const record = (id: number, code: string): BatchTrace => ({
  batch: {
    id,
    projectId: 1,
    versionId: 11,
    reference: 'A',
    code,
    madeOn: '2026-11-20',
    productType: 'lotion',
    audience: 'adults',
    weight: 500,
    unit: 'g',
    oilPercentage: 2,
    units: null,
    oils: [],
    totalCost: null,
    costIsPartial: false,
    costPerUnit: null,
    currency: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    label: null,
    ifra: null,
    remainingGrams: null,
    accords: [],
    crossContaminationPrevented: true,
    weighedInGrams: null,
  },
  blend: { id: 1, name: 'Evening Calm' },
  composition: [
    { oilId: 2, oilName: 'Lavender', inci: 'Lavandula Angustifolia Oil', grams: 5, ml: 5.6, percentOfBlend: 50, percentOfProduct: 1 },
    {
      oilId: 1,
      oilName: 'Bergamot',
      inci: 'Citrus Aurantium Bergamia Peel Oil',
      grams: 3,
      ml: 3.4,
      percentOfBlend: 30,
      percentOfProduct: 0.6,
    },
    {
      oilId: 3,
      oilName: 'Atlas Cedarwood',
      inci: 'Cedrus Atlantica Bark Oil',
      grams: 2,
      ml: 2.1,
      percentOfBlend: 20,
      percentOfProduct: 0.4,
    },
  ],
  lots: [
    {
      oilId: 2,
      oilName: 'Lavender',
      amount: 5.6,
      unit: 'mL',
      ml: 5.6,
      lot: {
        bottleId: 7,
        oilId: 2,
        oilName: 'Lavender',
        lotCode: 'LAV-0425',
        supplier: 'Oshadhi',
        purchasedOn: '2026-04-02',
        openedOn: null,
        bestBefore: '2029-04-01',
        unit: 'mL',
        size: 100,
        remaining: 94.4,
      },
      documents: [],
    },
    { oilId: 1, oilName: 'Bergamot', amount: 3.4, unit: 'mL', ml: 3.4, lot: null, documents: [] },
  ],
  label: null,
})

const packBatch = (id: number, code: string): PackVariant['batches'][number] => ({
  id,
  code,
  madeOn: '2026-11-20',
  weight: 500,
  unit: 'g',
  oilPercentage: 2,
  audience: 'adults',
  crossContaminationPrevented: true,
  weighedInGrams: null,
  label: null,
  lots: [],
  record: record(id, code),
})

const pack: AssessorPack = lotionPack(
  [
    variant(11, 'A', false, [
      {
        id: 5,
        code: '20261120-EC-1',
        madeOn: '2026-11-20',
        weight: 500,
        unit: 'g',
        oilPercentage: 2,
        audience: 'adults',
        crossContaminationPrevented: true,
        weighedInGrams: null,
        label: null,
        lots: [
          {
            bottleId: 7,
            oilName: 'Lavender',
            lotCode: 'LAV-0425',
            supplier: 'Oshadhi',
            purchasedOn: '2026-04-02',
            bestBefore: '2029-04-01',
            ml: 5,
            documents: [
              {
                id: 3,
                bottleId: 7,
                kind: 'allergen-declaration',
                fileName: 'lavender.pdf',
                mediaType: 'application/pdf',
                byteSize: 100,
                createdAt: '',
              },
            ],
          },
        ],
        record: record(5, '20261120-EC-1'),
      },
    ]),
    variant(12, 'B', true, []),
  ],
  { responsibleName: 'Ana Maker', responsibleAddress: '1 Rue des Fleurs\n75001 Paris' },
)

describe('the safety assessor pack PDF', () => {
  it('is A4, says on its cover and every page that it is not a safety report, and indexes the file in Article 11’s order', async () => {
    const bytes = await buildAssessorPack(pack)
    const doc = await PDFDocument.load(bytes)
    const { width, height } = doc.getPage(0).getSize()
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842])
    const text = textOf(bytes)
    const flat = text.replace(/\s+/g, ' ')
    expect(flat.slice(0, 400)).toContain('not a safety report')
    expect(flat.split('not a safety report. Page').length - 1).toBe(doc.getPageCount())
    // Each part's number and title, in the regulation's order.
    let at = flat.indexOf('Index')
    expect(at).toBeGreaterThan(-1)
    for (const part of PIF_PARTS) {
      const next = flat.indexOf(`${part.number} ${part.title.split(' ')[0]}`, at)
      expect(next, `${part.number} ${part.title} after the part before it`).toBeGreaterThan(at)
      at = next
    }
  })

  it('gives each variant its section: composition%, allergen concentration and verdict with its source, and the batches and lots', async () => {
    const flat = flatText(await buildAssessorPack(pack))
    const first = flat.lastIndexOf('Variant 1: Evening Calm, version A')
    const second = flat.lastIndexOf('Variant 2: Evening Calm, version B')
    expect(first).toBeGreaterThan(-1)
    expect(second).toBeGreaterThan(first)
    const one = flat.slice(first, second)
    expect(one).toMatch(/Lavandula Angustifolia Oil Lavender 50% 1%/)
    expect(one).toMatch(/Linalool 0\.3% Yes Lavender: supplier declaration, lot LAV-0425/)
    expect(one).toMatch(/20261120-EC-1 2026-11-20 500 g 2% Yes Not recorded/)
    expect(one).toContain('LAV-0425')
    expect(one).toContain('2029-04-01')
    expect(one).toContain('Allergen declaration: lavender.pdf')
    const two = flat.slice(second)
    // Below leave-on's 0.001%: present, not labelled.
    expect(two).toMatch(/Citral 0\.0008% No/)
    expect(two).toContain('No batches of this variant as lotion / cream are recorded yet.')
  })

  it('puts up front what differs between the variants, and ends with what only the maker or the assessor can provide', async () => {
    const flat = flatText(await buildAssessorPack(pack))
    const differs = flat.indexOf('What differs between the variants')
    expect(differs).toBeGreaterThan(-1)
    expect(differs).toBeLessThan(flat.lastIndexOf('Variant 1: Evening Calm'))
    const table = flat.slice(differs, flat.lastIndexOf('Variant 1: Evening Calm'))
    expect(table).toMatch(/Bergamot 0\.6% 0\.3%/)
    expect(table).toMatch(/Lemon - 0\.3%/)
    expect(table).not.toMatch(/Lavender 1%/)
    const provide = flat.slice(flat.indexOf('What only the maker or the assessor can provide'))
    expect(provide).toContain('The base formula')
    expect(provide).toContain('B.1 Assessment conclusion')
    expect(provide).toContain('signature')
  })

  it('draws each batch’s full record in its variant’s section, on the pages the index and the batch list name', async () => {
    const bytes = await buildAssessorPack(pack)
    const doc = await PDFDocument.load(bytes)
    const pages = Array.from({ length: doc.getPageCount() }, (_, i) =>
      execFileSync('pdftotext', ['-layout', '-f', String(i + 1), '-l', String(i + 1), fileOf(bytes), '-'], { encoding: 'utf8' }).replace(
        /\s+/g,
        ' ',
      ),
    )
    // The record's page: the batch record's own heading, code, weights and lots, and the pack's notice at its foot.
    const at = pages.findIndex((p) => p.includes('Batch record Batch code: 20261120-EC-1'))
    expect(at).toBeGreaterThan(-1)
    const page = pages[at]!
    expect(page).toMatch(/Weights: 500 g of product at 2 ?% essential oils: 10 g of oils/)
    expect(page).toMatch(/Lavender LAV-0425 Oshadhi 2029-04-01 5\.6 mL/)
    expect(page).toMatch(/Bergamot Bottle deleted/)
    expect(page).toContain('not a safety report')
    // It follows variant 1's section and comes before variant 2's.
    const section = (n: number, ref: string) =>
      pages.findIndex((p) => p.includes(`Variant ${n}: Evening Calm, version ${ref} Fragrance composition`))
    expect(section(1, 'A')).toBeGreaterThan(-1)
    expect(section(1, 'A')).toBeLessThan(at)
    expect(section(2, 'B')).toBeGreaterThan(at)
    // The index's part (c), the batch list and the records' list all point to the page it starts on.
    const flat = pages.join(' ').replace(/ %/g, '%')
    expect(flat).toContain(`variant 1: from page ${at + 1}; variant 2: no batch`)
    expect(flat).toMatch(new RegExp(`20261120-EC-1 2026-11-20 500 g 2% Yes Not recorded page ${at + 1}`))
    expect(flat).toContain(`20261120-EC-1: page ${at + 1}.`)
  })

  it('says how many batches there are when the pack holds only the newest, and gives each its own pages', async () => {
    const batches = Array.from({ length: 3 }, (_, i) => packBatch(40 + i, `B-${40 + i}`))
    const many: AssessorPack = { ...pack, variants: [{ ...variant(11, 'A', false, batches), batchCount: 23, moreBatches: true }] }
    const bytes = await buildAssessorPack(many)
    const flat = flatText(bytes)
    expect(flat).toContain(
      'This variant has 23 batches as lotion / cream: the 3 newest are in this pack with their records; 20 older batches are not.',
    )
    const starts = batches.map((b) => flat.indexOf(`Batch record Batch code: ${b.code}`))
    expect(starts.every((s) => s > -1)).toBe(true)
    expect([...starts].sort((a, b) => a - b)).toEqual(starts)
    // Every page, records' pages too, says the pack is not a safety report.
    const doc = await PDFDocument.load(bytes)
    expect(flat.split('not a safety report. Page').length - 1).toBe(doc.getPageCount())
  })

  it('names its file after the blend', () => {
    expect(packFileName('Evening Calm')).toBe('evening-calm-assessor-pack.pdf')
  })
})

describe('the pack in the interface’s language (decision 105)', () => {
  afterAll(() => activateLanguage('en'))

  it('is written in German: its cover, index, variants, batches and the records it holds', async () => {
    await activateLanguage('de')
    const bytes = await buildAssessorPack(pack)
    const text = flatText(bytes)
    for (const expected of [
      'Mappe für die Sicherheitsbewertung',
      'Diese Unterlagen sind eine Grundlage für Ihre Sicherheitsbewertung, kein Sicherheitsbericht.',
      'Produkt: Lotion / Creme (verbleibend) mit 2% ätherischem Öl, für Erwachsene.',
      'Variante 1: Evening Calm, Version A',
      'Verantwortliche Person: Ana Maker, 1 Rue des Fleurs, 75001 Paris.',
      'Inhaltsverzeichnis',
      'Duftzusammensetzung nach INCI (A.1)',
      'Lavandula Angustifolia Oil',
      'Am Produkt',
      '0,3%',
      'kennzeichnungspflichtig über 0,001% (verbleibend)',
      'Lavendel: Allergenerklärung des Lieferanten, Los LAV-0425',
      'IFRA-Prüfung anhand der Zertifikate der Lieferanten (A.8)',
      'Kategorie 5A, Body lotion.',
      'Hautprüfungen für Erwachsene (A.8)',
      'Als Lotion / Creme hergestellte Chargen (c)',
      '20261120-EC-1',
      '20.11.2026',
      'Verwendete Lose (A.4)',
      'Chargenprotokolle (c)',
      'Chargenprotokoll',
      'Was nur der Hersteller oder der Sicherheitsbewerter beisteuern kann',
      'Der Sicherheitsbewerter',
      'kein Sicherheitsbericht. Seite 1 von',
    ]) {
      expect(text).toContain(expected)
    }
    for (const english of [
      'Safety assessor pack',
      'This pack is input',
      'Responsible person',
      'Variant 1',
      'Fragrance composition',
      'Of the product',
      'Must be labelled',
      'supplier declaration',
      'Batches made as',
      'Lots drawn',
      'Batch record',
      'What only the maker',
      'Page 1 of',
    ]) {
      expect(text).not.toContain(english)
    }
    expect((await PDFDocument.load(bytes)).getTitle()).toBe('Mappe für die Sicherheitsbewertung: Evening Calm, Lotion / Creme')
    expect(packFileName('Evening Calm')).toBe('evening-calm-bewertungsmappe.pdf')
    expect(packFileName(undefined)).toBe('produkt-bewertungsmappe.pdf')
  })

  it('has its index of the product information file and its skin checks in German, no English part left', async () => {
    await activateLanguage('de')
    const de = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../locales/de/pdf.json'), 'utf8')) as Record<string, string>
    const text = flatText(await buildAssessorPack(pack))
    for (const expected of [
      'in der Reihenfolge von Artikel 11 und Anhang I der Verordnung (EG) Nr. 1223/2009.',
      'Artikel 11 Absatz 2 Buchstabe a: Beschreibung des kosmetischen Mittels',
      'Artikel 11 Absatz 2 Buchstabe b: Sicherheitsbericht für kosmetische Mittel, Anhang I Teil A (Sicherheitsinformationen über das kosmetische Mittel)',
      'Anhang I Teil B (Sicherheitsbewertung des kosmetischen Mittels)',
      'A.1 Quantitative und qualitative Zusammensetzung: Die Grundrezeptur',
      'B.4 Qualifikation des Sicherheitsbewerters und Genehmigung von Teil B: Name, Anschrift, Qualifikation, Datum und Unterschrift des Sicherheitsbewerters.',
      'Hautprodukt ohne Abspülen: Jedes Öl wird mit seinem veröffentlichten Höchstwert ohne Abspülen abgeglichen, und phototoxische Öle werden markiert.',
    ]) {
      expect(text).toContain(expected)
    }
    // Each part's number and German title, in the regulation's order.
    let at = text.indexOf('Inhaltsverzeichnis')
    for (const part of PIF_PARTS) {
      const title = de[`pdf.pif.${pifKey(part)}.title`]!
      const next = text.indexOf(`${part.number} ${title.split(' ')[0]}`, at)
      expect(next, `${part.number} ${title} after the part before it`).toBeGreaterThan(at)
      at = next
    }
    for (const english of [
      ...PIF_INDEX.map((group) => group.title),
      ...PIF_PARTS.map((part) => part.title),
      ...PIF_PARTS.flatMap((part) => part.toProvide.map((provided) => provided.what.slice(0, 30))),
      'Regulation (EC)',
      'Annex I',
      SAFETY_SCOPE['leave-on'].slice(0, 30),
    ]) {
      expect(text).not.toContain(english)
    }
  })
})
