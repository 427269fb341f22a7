// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PDFDocument } from '@cantoo/pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import type { BatchTrace } from '#shared/api/trace.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import { batchRecordFileName, batchRecordFonts, buildBatchRecord, drawBatchRecord, PAPER_SIZES } from '#client/lib/batch-record-pdf.ts'

const lot = (bottleId: number, oilName: string, lotCode: string | null, supplier: string, bestBefore: string | null) => ({
  bottleId,
  oilId: bottleId,
  oilName,
  lotCode,
  supplier,
  purchasedOn: '2026-10-01',
  openedOn: null,
  bestBefore,
  unit: 'mL' as const,
  size: 100,
  remaining: 90,
})

const trace: BatchTrace = {
  batch: {
    id: 7,
    projectId: 3,
    versionId: 11,
    reference: '001b',
    code: '261120-1',
    madeOn: '2026-11-20',
    productType: 'lotion',
    audience: 'adults',
    weight: 200,
    unit: 'g',
    oilPercentage: 2,
    units: 4,
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
    weighedInGrams: false,
  },
  blend: { id: 3, name: 'Evening Calm' },
  composition: [
    { oilId: 1, oilName: 'Lavender', inci: 'Lavandula Angustifolia Oil', grams: 2, ml: 2.2, percentOfBlend: 50, percentOfProduct: 1 },
    {
      oilId: 2,
      oilName: 'Bergamot',
      inci: 'Citrus Aurantium Bergamia Peel Oil',
      grams: 1.2,
      ml: 1.3,
      percentOfBlend: 30,
      percentOfProduct: 0.6,
    },
    {
      oilId: 3,
      oilName: 'Atlas Cedarwood',
      inci: 'Cedrus Atlantica Bark Oil',
      grams: 0.8,
      ml: 0.85,
      percentOfBlend: 20,
      percentOfProduct: 0.4,
    },
  ],
  lots: [
    {
      oilId: 1,
      oilName: 'Lavender',
      amount: 2.2,
      unit: 'mL',
      ml: 2.2,
      lot: lot(21, 'Lavender', 'LAV-2611', 'Oshadhi', '2028-10-01'),
      documents: [],
    },
    {
      oilId: 2,
      oilName: 'Bergamot',
      amount: 1.3,
      unit: 'mL',
      ml: 1.3,
      lot: lot(22, 'Bergamot', 'BER-0042', 'Naissance', null),
      documents: [],
    },
    { oilId: 3, oilName: 'Atlas Cedarwood', amount: 0.85, unit: 'mL', ml: 0.85, lot: null, documents: [] },
  ],
  label: {
    source: 'worked-out',
    label: {
      productType: 'lotion',
      productLabel: 'Lotion / cream',
      use: 'leave-on',
      thresholdPercent: 0.001,
      productGrams: 200,
      oilPercentage: 2,
      fragranceAs: 'inci',
      complete: false,
      declared: [
        { entryId: 'linalool', name: 'Linalool', inci: 'Linalool', cas: ['78-70-6'], percent: 0.3, fromRecipe: false, sources: [] },
      ],
      belowThreshold: [],
      missing: [],
      ingredients: [],
      ingredientText: 'Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil, Cedrus Atlantica Bark Oil, Linalool',
      notice: '',
      computedAt: '2026-11-27T09:00:00.000Z',
    },
  },
}

// npm test checks up front that pdftotext (poppler-utils) is installed; nothing here skips.
function textOf(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'batch-record-')), 'record.pdf')
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
}

describe('the batch record PDF', () => {
  for (const paper of ['a4', 'letter'] as const) {
    it(`prints the batch, its composition, lots, checks and label on ${PAPER_SIZES[paper].label}`, async () => {
      const bytes = await buildBatchRecord(trace, { paper, printedOn: '2026-11-28' })
      const doc = await PDFDocument.load(bytes)
      for (const page of doc.getPages()) {
        expect(page.getSize().width).toBeCloseTo(PAPER_SIZES[paper].width, 1)
        expect(page.getSize().height).toBeCloseTo(PAPER_SIZES[paper].height, 1)
      }
      const text = textOf(bytes)
      expect(text).toContain('Batch record')
      expect(text).toContain('Batch code: 261120-1')
      expect(text).toContain('Product: Evening Calm, Lotion')
      expect(text).toContain('Recipe version: 001b')
      expect(text).toContain('200 g of product at 2 % essential oils: 4 g of oils, 4 units')
      // The flattened composition: oil, INCI, % of blend, % of product, grams.
      expect(text).toContain('Lavender Lavandula Angustifolia Oil 50 1 2')
      expect(text).toContain('Atlas Cedarwood Cedrus Atlantica Bark Oil 20 0.4 0.8')
      // The lots with their codes, suppliers and best-before days; a deleted bottle said so.
      expect(text).toContain('Lavender LAV-2611 Oshadhi 2028-10-01 2.2 mL')
      expect(text).toContain('Bergamot BER-0042 Naissance Not known 1.3 mL')
      expect(text).toContain('Atlas Cedarwood Bottle deleted Not known Not known 0.85 mL')
      expect(text).toContain('Cross-contamination prevented: Yes')
      expect(text).toContain('Weighed in grams: No')
      expect(text).toContain('IFRA check recorded No IFRA check was recorded with this batch.')
      expect(text).toContain('No label was saved with this batch: worked out on 2026-11-27')
      expect(text).toContain('Linalool 0.3 %')
      expect(text).toContain('Incomplete: some oils have no allergen declaration')
      expect(text).toContain('Ingredients (INCI): Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil')
      expect(text).toContain('Batch 261120-1 · Accord · Printed 2026-11-28 · Page 1 of')
    })
  }

  it('prints the IFRA check recorded with the batch: its verdict, category, amendments and day', async () => {
    const checked: BatchTrace = {
      ...trace,
      batch: {
        ...trace.batch,
        ifra: {
          productType: 'lotion',
          category: '5A',
          categoryName: 'Body lotion',
          oilPercentage: 2,
          maxBlendPercent: 12.5,
          limitingOil: { oilId: 2, oilName: 'Bergamot', limit: 0.4, blendPercent: 30 },
          complete: true,
          status: 'within',
          oils: [],
          amendments: ['51st'],
          notice: '',
          checkedAt: '2026-11-20T10:00:00.000Z',
        },
      },
    }
    const text = textOf(await buildBatchRecord(checked, { paper: 'a4', printedOn: '2026-11-28' }))
    expect(text).toContain('IFRA check recorded Within the IFRA limits (at most 12.5 % of the blend in this product).')
    expect(text).toContain('IFRA category 5A (Body lotion), certificates of the 51st amendment; checked on 2026-11-20.')
    const over = textOf(
      await buildBatchRecord(
        { ...checked, batch: { ...checked.batch, ifra: { ...checked.batch.ifra!, status: 'over' } } },
        { paper: 'letter', printedOn: '2026-11-28' },
      ),
    )
    expect(over).toContain('Over the IFRA limit of Bergamot.')
  })

  it('says a check was not recorded for a batch made before they were asked, and which label it prints', async () => {
    const older: BatchTrace = {
      ...trace,
      batch: { ...trace.batch, crossContaminationPrevented: null, weighedInGrams: null },
      label: { ...trace.label!, source: 'saved' },
    }
    const text = textOf(await buildBatchRecord(older, { paper: 'a4', printedOn: '2026-11-28' }))
    expect(text).toContain('Cross-contamination prevented: Not recorded')
    expect(text).toContain('Weighed in grams: Not recorded')
    expect(text).toContain('From the label saved with this batch on 2026-11-27.')
  })

  it('runs onto more pages for a long composition, each footed, and draws into a document it is given', async () => {
    const many: BatchTrace = {
      ...trace,
      composition: Array.from({ length: 90 }, (_, i) => ({ ...trace.composition[0]!, oilId: i + 1, oilName: `Oil ${i + 1}` })),
    }
    const doc = await PDFDocument.create()
    const fonts = await batchRecordFonts(doc)
    drawBatchRecord(doc, fonts, trace, { paper: 'letter', printedOn: '2026-11-28' })
    drawBatchRecord(doc, fonts, many, { paper: 'letter', printedOn: '2026-11-28' })
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(3)
    const text = textOf(await doc.save())
    expect(text).toContain('Oil 90')
    expect(text).toContain('Batch record 261120-1 (continued)')
    expect(text).toMatch(/Page 2 of [2-9]/)
  })

  it('is named after the blend and the batch code', () => {
    expect(batchRecordFileName(trace)).toBe('evening-calm-261120-1-batch-record.pdf')
  })
})

describe('the batch record in the interface’s language (decision 105)', () => {
  afterAll(() => activateLanguage('en'))

  it('is written in German: headings, labels, product, audience, days and numbers; INCI and codes as they are', async () => {
    await activateLanguage('de')
    const bytes = await buildBatchRecord(
      {
        ...trace,
        batch: {
          ...trace.batch,
          ifra: {
            productType: 'lotion',
            category: '5A',
            categoryName: 'Body lotion',
            oilPercentage: 2,
            maxBlendPercent: 12.5,
            limitingOil: null,
            complete: true,
            status: 'within',
            oils: [],
            amendments: [],
            notice: '',
            checkedAt: '2026-11-20T10:00:00.000Z',
          },
        },
      },
      { paper: 'a4', printedOn: '2026-11-27' },
    )
    const text = textOf(bytes)
    for (const expected of [
      'Chargenprotokoll',
      'Chargennummer: 261120-1',
      'Produkt: Evening Calm, Lotion / Creme',
      'Rezeptversion: 001b',
      'Hergestellt am: 20.11.2026. Hergestellt für: Erwachsene',
      'Gewichte: 200 g Produkt mit 2 % ätherischen Ölen: 4 g Öle, 4 Einheiten',
      'Zusammensetzung (aufgelöst)',
      '% der Mischung',
      'Lavandula Angustifolia Oil',
      'Verwendete Lose',
      'LAV-2611',
      'Losnummer',
      'Haltbar bis',
      '01.10.2028',
      'Flasche gelöscht',
      'Prüfungen bei der Herstellung',
      'Kreuzkontamination verhindert: Ja',
      'In Gramm gewogen: Nein',
      'Erfasste IFRA-Prüfung',
      '12,5 % der Mischung',
      'Allergenerklärung und Bestandteile',
      'am 27.11.2026 aus den aktuellen Allergenerklärungen',
      'Zu deklarierende Allergene (über 0,001 %): Linalool 0,3 %',
      'Unvollständig',
      'Bestandteile (INCI): Lavandula Angustifolia Oil',
      'Charge 261120-1 · Accord · Gedruckt am 27.11.2026 · Seite 1 von 1',
    ]) {
      expect(text).toContain(expected)
    }
    for (const english of [
      'Batch record',
      'Batch code',
      'Product:',
      'Made on',
      'Weights',
      'Lots drawn',
      'Checks at the time',
      'Yes',
      'Printed',
      'Page 1 of',
      'Not known',
      'Allergens to declare',
      'Within the IFRA',
    ]) {
      expect(text).not.toContain(english)
    }
    expect((await PDFDocument.load(bytes)).getTitle()).toBe('Chargenprotokoll 261120-1')
    expect(batchRecordFileName(trace)).toBe('evening-calm-261120-1-chargenprotokoll.pdf')
  })

  it('says Letter and runs on in German on a second page', async () => {
    await activateLanguage('de')
    const many = Array.from({ length: 60 }, (_, i) => ({ ...trace.composition[0]!, oilId: 100 + i, oilName: `Öl ${i}` }))
    const bytes = await buildBatchRecord({ ...trace, composition: many }, { paper: 'letter', printedOn: '2026-11-27' })
    const text = textOf(bytes)
    expect(text).toContain('Chargenprotokoll 261120-1 (Fortsetzung)')
    expect(text).toContain('Seite 2 von')
    expect(text).not.toContain('(continued)')
    expect((await PDFDocument.load(bytes)).getSubject()).toBe('Evening Calm 001b, US-Letter')
  })
})
