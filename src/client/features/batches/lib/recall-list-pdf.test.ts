// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { LotBatch } from '#shared/api/trace.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import { buildRecallList, recallListFileName, type RecallList } from '#client/features/batches/lib/recall-list-pdf.ts'

const batch = (n: number, change: Partial<LotBatch> = {}): LotBatch => ({
  batchId: n,
  code: `261120-${n}`,
  madeOn: '2026-11-20',
  productType: 'lotion',
  blendId: 3,
  blendName: 'Evening Calm',
  versionId: 11,
  reference: '001b',
  weight: 500,
  unit: 'g',
  oilPercentage: 2,
  units: null,
  lotAmount: 4.5,
  lotUnit: 'mL',
  lotMl: 4.5,
  ...change,
})

const list: RecallList = {
  lot: {
    bottleId: 5,
    oilId: 9,
    oilName: 'Lavender',
    lotCode: 'LAV-0425',
    supplier: 'Oshadhi',
    purchasedOn: '2026-04-02',
    openedOn: '2026-05-01',
    bestBefore: '2029-04-01',
    unit: 'mL',
    size: 100,
    remaining: 80,
  },
  documents: [
    {
      id: 1,
      bottleId: 5,
      kind: 'allergen-declaration',
      fileName: 'lavender-declaration.pdf',
      mediaType: 'application/pdf',
      byteSize: 1000,
      createdAt: '2026-11-01T00:00:00Z',
    },
  ],
  batchCount: 2,
  batches: [batch(2, { productType: 'cold-process-soap', weight: 1, unit: 'lb', units: 8, lotAmount: 10 }), batch(1)],
}

// npm test checks up front that pdftotext (poppler-utils) is installed; nothing here skips.
function textOf(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'recall-list-')), 'recall.pdf')
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
}

describe('the recall list PDF', () => {
  it('names the lot and its documents, every batch that drew from it with how much, the totals and the day printed', async () => {
    const text = textOf(await buildRecallList(list, { paper: 'a4', printedOn: '2026-11-28' }))
    expect(text).toContain('Recall list')
    expect(text).toContain('Lavender, lot LAV-0425')
    expect(text).toContain('Supplier: Oshadhi')
    expect(text).toContain('Purchased: 2026-04-02')
    expect(text).toContain('Best before: 2029-04-01')
    expect(text).toContain('lavender-declaration.pdf')
    expect(text).toContain('261120-2')
    expect(text).toContain('261120-1')
    expect(text).toContain('Evening Calm 001b')
    expect(text).toContain('1 lb, 8 units')
    expect(text).toContain('Cold process soap')
    expect(text).toContain('Batches: 2')
    // Made in two units: summed per unit, never converted behind the maker's back.
    expect(text).toContain('Product made: 1 lb + 500 g')
    expect(text).toContain('Drawn from this lot: 14.5 mL')
    expect(text).toContain('Printed 2026-11-28')
    expect(text).not.toContain('could be read')
  })

  it('says so when fewer batches were read than the lot has, and when none drew from it', async () => {
    const short = textOf(await buildRecallList({ ...list, batchCount: 3 }, { paper: 'letter', printedOn: '2026-11-28' }))
    expect(short).toContain("Only 2 of the lot's 3 batches could be read")
    const none = textOf(
      await buildRecallList({ ...list, documents: [], batchCount: 0, batches: [] }, { paper: 'a4', printedOn: '2026-11-28' }),
    )
    expect(none).toContain('No batch has drawn from this lot.')
    expect(none).toContain('No documents are attached to this bottle.')
  })

  it('names the file after the oil and the lot', () => {
    expect(recallListFileName(list.lot)).toBe('lavender-lav-0425-recall-list.pdf')
  })
})

describe('the recall list in the interface’s language (decision 105)', () => {
  afterAll(() => activateLanguage('en'))

  it('is written in German: the lot, its documents, the batches, the totals and the foot', async () => {
    await activateLanguage('de')
    const text = textOf(await buildRecallList(list, { paper: 'a4', printedOn: '2026-11-27' }))
    for (const expected of [
      'Rückrufliste',
      'Lavendel, Los LAV-0425',
      'Öl: Lavendel',
      'Losnummer: LAV-0425',
      'Lieferant: Oshadhi',
      'Gekauft: 02.04.2026',
      'Geöffnet: 01.05.2026',
      'Haltbar bis: 01.04.2029',
      'Hinterlegte Dokumente',
      'Allergenerklärung: lavender-declaration.pdf',
      'Mit diesem Los hergestellte Chargen',
      'Chargennummer',
      'Hergestellt am',
      '20.11.2026',
      'Lotion / Creme',
      '1 lb, 8 Einheiten',
      'Summen',
      'Chargen: 2',
      'Hergestelltes Produkt: 1 lb + 500 g',
      'Aus diesem Los entnommen: 14,5 mL',
      'Gedruckt am 27.11.2026 · Seite 1 von 1',
    ]) {
      expect(text).toContain(expected)
    }
    for (const english of [
      'Recall list',
      'Oil:',
      'Lot code',
      'Supplier',
      'Purchased',
      'Documents on file',
      'Batches made',
      'Totals',
      'Printed',
      'units',
    ]) {
      expect(text).not.toContain(english)
    }
    expect(recallListFileName(list.lot)).toBe('lavendel-lav-0425-rueckrufliste.pdf')
  })

  it('says in German when fewer batches were read and when none drew from the lot', async () => {
    await activateLanguage('de')
    const partial = textOf(await buildRecallList({ ...list, batchCount: 5 }, { paper: 'a4', printedOn: '2026-11-27' }))
    expect(partial).toContain('Nur 2 der 5 Chargen dieses Loses konnten gelesen werden')
    const none = textOf(
      await buildRecallList({ ...list, documents: [], batches: [], batchCount: 0 }, { paper: 'letter', printedOn: '2026-11-27' }),
    )
    expect(none).toContain('Keine Charge hat aus diesem Los entnommen.')
    expect(none).toContain('Dieser Flasche sind keine Dokumente angehängt.')
    expect(none).toContain('Hergestelltes Produkt: keine')
    expect(none).not.toContain('No batch')
  })
})
