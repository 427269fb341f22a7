// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { bottleCodeUrl } from '#client/lib/qr/code-url.ts'
import { buildQrPrintout } from '#client/lib/qr/qr-pdf.ts'
import { decodeQr, pdfTextOf, pgmOfCode, renderedPdf } from '#client/testing/qr-decode.ts'

/**
 * The codes Accord makes decode back, with the decoder it ships (ZXing's WebAssembly reader, the
 * scanner's fallback), to the address they were made from: on screen and on the printed page
 * (rendered by pdftoppm, as a printer would).
 */

const ORIGIN = 'https://accord.example'

describe("a bottle's QR code", () => {
  it("decodes back to the bottle's page", async () => {
    const url = bottleCodeUrl(ORIGIN, 4211)
    expect(await decodeQr(pgmOfCode(url))).toEqual([url])
  })

  it('decodes from its printed page, with the oil, the lot and the number written under it', async () => {
    const url = bottleCodeUrl('http://127.0.0.1:3000', 37)
    const bytes = await buildQrPrintout({ url, title: 'Lavender', lines: ['Lot LV-2291 · Aromantic', 'Bottle no. 37'] })
    expect(await decodeQr(renderedPdf(bytes))).toEqual([url])
    const text = pdfTextOf(bytes)
    expect(text).toContain('Lavender')
    expect(text).toContain('Lot LV-2291 · Aromantic')
    expect(text).toContain('Bottle no. 37')
  })
})
