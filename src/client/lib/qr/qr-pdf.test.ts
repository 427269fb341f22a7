// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PDFDocument } from '@cantoo/pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { activateLanguage } from '#client/lib/i18n.ts'
import { buildQrPrintout, qrFileName } from '#client/lib/qr/qr-pdf.ts'

// npm test checks up front that pdftotext (poppler-utils) is installed; nothing here skips.
function textOf(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'qr-')), 'qr.pdf')
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
}

const printout = { url: 'https://accord.example/b/12', title: 'Lavendel, Los LAV-0425', lines: ['Flasche Nr. 12', 'Größe: 100 mL'] }

describe('the QR code sheet', () => {
  afterAll(() => activateLanguage('en'))

  it('is titled and named in English as before', async () => {
    await activateLanguage('en')
    const doc = await PDFDocument.load(await buildQrPrintout({ ...printout, title: 'Lavender, lot LAV-0425' }))
    expect(doc.getTitle()).toBe('Lavender, lot LAV-0425: QR code')
    expect(qrFileName('Lavender, lot LAV-0425', 'bottle', 12)).toBe('lavender-lot-lav-0425-bottle-12-qr-code.pdf')
    expect(qrFileName('Evening Calm', 'batch', '261120-1')).toBe('evening-calm-batch-261120-1-qr-code.pdf')
  })

  it('is titled and named in German, and prints the German words it is given with their umlauts', async () => {
    await activateLanguage('de')
    const bytes = await buildQrPrintout(printout)
    expect((await PDFDocument.load(bytes)).getTitle()).toBe('Lavendel, Los LAV-0425: QR-Code')
    const text = textOf(bytes)
    expect(text).toContain('Lavendel, Los LAV-0425')
    expect(text).toContain('Flasche Nr. 12')
    expect(text).toContain('Größe: 100 mL')
    expect(qrFileName('Lavendel, Los LAV-0425', 'bottle', 12)).toBe('lavendel-los-lav-0425-flasche-12-qr-code.pdf')
    expect(qrFileName('Abendruhe', 'batch', '261120-1')).toBe('abendruhe-charge-261120-1-qr-code.pdf')
    expect(qrFileName('Abendruhe', 'batch', '261120-1')).not.toContain('batch')
  })
})
