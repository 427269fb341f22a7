// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import { beforeAll, describe, expect, it } from 'vitest'
import { bottleCodeUrl } from '#client/features/bench-codes/lib/code-url.ts'
import { QUIET_ZONE, qrMatrix } from '#client/features/bench-codes/lib/qr-matrix.ts'
import { buildQrPrintout } from '#client/features/bench-codes/lib/qr-pdf.ts'
import { buildLabelSheet } from '#client/features/labels/lib/label-pdf.ts'
import { LABEL_SHEETS } from '#client/features/labels/lib/label-sheets.ts'

/**
 * The codes Accord makes decode back, with the decoder it ships (ZXing's WebAssembly reader, the
 * scanner's fallback), to the address they were made from: on screen, on the printed page and on
 * every label sheet (read from the PDF rendered by pdftoppm, as a printer would).
 */

const ORIGIN = 'https://accord.example'

beforeAll(() => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')
  prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasm).buffer as ArrayBuffer } })
})

/** The texts of the QR codes in a greyscale picture (PGM bytes). */
async function decode(pgm: Uint8Array, many = false): Promise<string[]> {
  const results = await readBarcodes(pgm, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: many ? 255 : 1 })
  return results.filter((result) => result.isValid).map((result) => result.text)
}

/** The modules as the screen draws them (quiet zone included), `scale` pixels a module, as PGM. */
function pgmOf(text: string, scale = 4): Uint8Array {
  const matrix = qrMatrix(text)
  const side = (matrix.size + 2 * QUIET_ZONE) * scale
  const pixels = new Uint8Array(side * side).fill(255)
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++)
      if (matrix.dark(Math.floor(x / scale) - QUIET_ZONE, Math.floor(y / scale) - QUIET_ZONE)) pixels[y * side + x] = 0
  return new Uint8Array([...new TextEncoder().encode(`P5\n${side} ${side}\n255\n`), ...pixels])
}

/** A PDF's first page as a printer would see it, greyscale at `dpi`. */
function rendered(bytes: Uint8Array, dpi = 150): Uint8Array {
  const dir = mkdtempSync(path.join(tmpdir(), 'qr-'))
  writeFileSync(path.join(dir, 'code.pdf'), bytes)
  execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', '1', '-l', '1', path.join(dir, 'code.pdf'), path.join(dir, 'page')])
  const page = readdirSync(dir).find((file) => file.startsWith('page'))!
  return readFileSync(path.join(dir, page))
}

function pdfText(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'qr-')), 'code.pdf')
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
}

describe("a bottle's QR code", () => {
  it("decodes back to the bottle's page", async () => {
    const url = bottleCodeUrl(ORIGIN, 4211)
    expect(await decode(pgmOf(url))).toEqual([url])
  })

  it('decodes from its printed page, with the oil, the lot and the number written under it', async () => {
    const url = bottleCodeUrl('http://127.0.0.1:3000', 37)
    const bytes = await buildQrPrintout({ url, title: 'Lavender', lines: ['Lot LV-2291 · Aromantic', 'Bottle no. 37'] })
    expect(await decode(rendered(bytes))).toEqual([url])
    const text = pdfText(bytes)
    expect(text).toContain('Lavender')
    expect(text).toContain('Lot LV-2291 · Aromantic')
    expect(text).toContain('Bottle no. 37')
  })
})

describe("a batch's QR code on the label sheet", () => {
  const content = {
    title: 'Evening Calm',
    productLabel: 'Lotion / cream',
    batchCode: '261124-2',
    nominal: '50 g',
    ingredientText: 'Aqua, Glycerin, Cetearyl Alcohol, Lavandula Angustifolia Oil, Citrus Aurantium Bergamia Peel Oil, Linalool, Limonene',
    allergens: ['Linalool', 'Limonene'],
    responsible: { name: 'Ana Maker', address: '1 Rue des Fleurs\n75001 Paris, France' },
    pao: '12M' as const,
    declarationsComplete: true,
    qrUrl: `${ORIGIN}/batches/981`,
  }

  for (const sheet of LABEL_SHEETS) {
    it(`is on every label of ${sheet.name}, beside the whole text`, async () => {
      const result = await buildLabelSheet(content, sheet.id)
      if (!result.fits) throw new Error(`does not fit ${sheet.id}`)
      expect(result.qrCode).toBe('printed')
      const codes = await decode(rendered(result.bytes, 200), true)
      expect(codes).toEqual(Array.from({ length: result.labels }, () => content.qrUrl))
      const text = pdfText(result.bytes)
      expect(text.split('Evening Calm').length - 1).toBe(result.labels)
      expect(text).toContain('Allergens: Linalool, Limonene.')
    })
  }

  it('gives way to the text: a label whose text needs the whole width is printed without the code, and says so', async () => {
    const long = { ...content, ingredientText: 'Butyrospermum Parkii Butter, '.repeat(8) }
    const result = await buildLabelSheet(long, 'l7160')
    if (!result.fits) throw new Error('should fit without the code')
    expect(result.qrCode).toBe('no-room')
    expect(await decode(rendered(result.bytes, 200), true)).toEqual([])
    expect(pdfText(result.bytes).split('Butyrospermum Parkii Butter').length - 1).toBe(8 * 21)
  })

  it('is not printed for a label with no recorded batch', async () => {
    const result = await buildLabelSheet({ ...content, qrUrl: null }, 'l7165')
    if (!result.fits) throw new Error('should fit')
    expect(result.qrCode).toBe('none')
    expect(await decode(rendered(result.bytes, 200), true)).toEqual([])
  })
})
