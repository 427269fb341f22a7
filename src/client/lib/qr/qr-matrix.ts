import { encode } from 'uqr'

/**
 * A QR code's modules (true = dark), made on the device from the text: nothing leaves it. Medium
 * error correction (15 %) so a smudged label at the bench still reads; the quiet zone (four
 * modules, as the standard asks) is left to whoever draws it.
 */
export interface QrMatrix {
  size: number
  dark: (x: number, y: number) => boolean
}

export function qrMatrix(text: string): QrMatrix {
  const { data, size } = encode(text, { ecc: 'M', border: 0 })
  return { size, dark: (x, y) => data[y]?.[x] === true }
}

/** The quiet zone around a code, in modules (ISO/IEC 18004). */
export const QUIET_ZONE = 4

/** The dark modules as one SVG path in module units (a unit square per module), runs merged per row. */
export function qrSvgPath(matrix: QrMatrix): string {
  const parts: string[] = []
  for (let y = 0; y < matrix.size; y++) {
    let x = 0
    while (x < matrix.size) {
      if (!matrix.dark(x, y)) {
        x++
        continue
      }
      const start = x
      while (x < matrix.size && matrix.dark(x, y)) x++
      parts.push(`M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h${start - x}z`)
    }
  }
  return parts.join('')
}

/** Runs of dark modules, row by row: what a PDF draws as rectangles. */
export function qrRuns(matrix: QrMatrix): { x: number; y: number; length: number }[] {
  const runs: { x: number; y: number; length: number }[] = []
  for (let y = 0; y < matrix.size; y++) {
    let x = 0
    while (x < matrix.size) {
      if (!matrix.dark(x, y)) {
        x++
        continue
      }
      const start = x
      while (x < matrix.size && matrix.dark(x, y)) x++
      runs.push({ x: start, y, length: x - start })
    }
  }
  return runs
}
