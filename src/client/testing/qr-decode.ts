import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import { QUIET_ZONE, qrMatrix } from '#client/lib/qr/qr-matrix.ts'

/**
 * Reading QR codes back in Node, in tests, with the decoder the scanner ships (ZXing's WebAssembly
 * reader): from the modules Accord draws, or from a PDF rendered by pdftoppm as a printer would.
 */

let prepared = false
function prepare() {
  if (prepared) return
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')
  prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasm).buffer as ArrayBuffer } })
  prepared = true
}

/** The texts of the QR codes in a picture (PGM bytes): one, or all of them when `many`. */
export async function decodeQr(pgm: Uint8Array, many = false): Promise<string[]> {
  prepare()
  const results = await readBarcodes(pgm, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: many ? 255 : 1 })
  return results.filter((result) => result.isValid).map((result) => result.text)
}

/** The modules as the screen draws them (quiet zone included), `scale` pixels a module, as PGM. */
export function pgmOfCode(text: string, scale = 4): Uint8Array {
  const matrix = qrMatrix(text)
  const side = (matrix.size + 2 * QUIET_ZONE) * scale
  const pixels = new Uint8Array(side * side).fill(255)
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++)
      if (matrix.dark(Math.floor(x / scale) - QUIET_ZONE, Math.floor(y / scale) - QUIET_ZONE)) pixels[y * side + x] = 0
  return new Uint8Array([...new TextEncoder().encode(`P5\n${side} ${side}\n255\n`), ...pixels])
}

/** A PDF's first page as a printer would see it, greyscale at `dpi`, as PGM. */
export function renderedPdf(bytes: Uint8Array, dpi = 150): Uint8Array {
  const dir = mkdtempSync(path.join(tmpdir(), 'qr-'))
  writeFileSync(path.join(dir, 'code.pdf'), bytes)
  execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', '1', '-l', '1', path.join(dir, 'code.pdf'), path.join(dir, 'page')])
  const page = readdirSync(dir).find((file) => file.startsWith('page'))!
  return readFileSync(path.join(dir, page))
}

/** A PDF's text, spaces collapsed (pdftotext). */
export function pdfTextOf(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'qr-')), 'code.pdf')
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
}
