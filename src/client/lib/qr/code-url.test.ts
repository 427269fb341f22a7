import { describe, expect, it } from 'vitest'
import { batchCodeUrl, bottleCodeUrl, scannedCode, typedCode } from '#client/lib/qr/code-url.ts'

const ORIGIN = 'https://accord.example'

describe("what a bottle's and a batch's QR code hold", () => {
  it("is the full address of the page on this server's origin, and nothing else", () => {
    expect(bottleCodeUrl(ORIGIN, 12)).toBe('https://accord.example/shelf/bottles/12')
    expect(batchCodeUrl(ORIGIN, 7)).toBe('https://accord.example/batches/7')
    expect(bottleCodeUrl('http://127.0.0.1:3000', 3)).toBe('http://127.0.0.1:3000/shelf/bottles/3')
  })

  it('reads back to the page it names', () => {
    expect(scannedCode(bottleCodeUrl(ORIGIN, 12), ORIGIN)).toEqual({ found: true, kind: 'bottle', id: 12, path: '/shelf/bottles/12' })
    expect(scannedCode(batchCodeUrl(ORIGIN, 7), ORIGIN)).toEqual({ found: true, kind: 'batch', id: 7, path: '/batches/7' })
    expect(scannedCode('  /shelf/bottles/5  ', ORIGIN)).toMatchObject({ found: true, kind: 'bottle', id: 5 })
  })

  it('opens nothing for a code that is not a bottle or a batch of this server', () => {
    expect(scannedCode('https://accord.example/journal', ORIGIN)).toEqual({ found: false, reason: 'not-accord' })
    expect(scannedCode('WIFI:S:bench;T:WPA;P:secret;;', ORIGIN)).toEqual({ found: false, reason: 'not-accord' })
    expect(scannedCode('hello', ORIGIN)).toEqual({ found: false, reason: 'not-accord' })
    expect(scannedCode('javascript:/shelf/bottles/1', ORIGIN)).toEqual({ found: false, reason: 'not-accord' })
    expect(scannedCode('https://accord.example/shelf/bottles/0', ORIGIN)).toEqual({ found: false, reason: 'not-accord' })
    // Another server's bottle 12 is not this one's bottle 12.
    expect(scannedCode('https://other.example/shelf/bottles/12', ORIGIN)).toEqual({
      found: false,
      reason: 'other-server',
      host: 'other.example',
    })
  })

  it('takes a typed number as the printed code shows it, and refuses anything else', () => {
    expect(typedCode('bottle', '12')).toBe('/shelf/bottles/12')
    expect(typedCode('batch', ' no. 7 ')).toBe('/batches/7')
    expect(typedCode('bottle', '')).toBeNull()
    expect(typedCode('bottle', '0')).toBeNull()
    expect(typedCode('bottle', '1.5')).toBeNull()
    expect(typedCode('bottle', '-3')).toBeNull()
    expect(typedCode('bottle', '99999999999999999')).toBeNull()
  })
})
