import { describe, expect, it } from 'vitest'
import { cleanDocumentName, documentTypeOf, downloadName, formatBytes } from '#shared/domain/document-types.ts'

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)))

describe('documentTypeOf', () => {
  it('recognises PDF, PNG, JPEG and WebP by their first bytes', () => {
    expect(documentTypeOf(bytes('%PDF-1.7\n'))).toBe('application/pdf')
    expect(documentTypeOf(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png')
    expect(documentTypeOf(bytes([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg')
    expect(documentTypeOf(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp')
  })

  it('refuses anything else, a PDF marker later in the file and cut-off signatures included', () => {
    for (const b of [
      bytes('<html><script>x</script>'),
      bytes(' %PDF-1.7'),
      bytes('<!-- %PDF-1.7 -->'),
      bytes('%PDF'),
      bytes([0x89, 0x50, 0x4e, 0x47]),
      bytes('RIFF', [1, 2, 3, 4], 'WAVE'),
      bytes('GIF89a'),
      bytes('<svg/>'),
      new Uint8Array(),
    ])
      expect(documentTypeOf(b)).toBeNull()
  })
})

describe('cleanDocumentName', () => {
  it('keeps the last path part without control or reserved characters, at most 120 characters', () => {
    expect(cleanDocumentName('C:\\Users\\me\\SDS lavender.pdf')).toBe('SDS lavender.pdf')
    expect(cleanDocumentName('../../etc/passwd')).toBe('passwd')
    expect(cleanDocumentName('a\r\nb\u0000c"<>|?*.pdf')).toBe('abc.pdf')
    expect(cleanDocumentName('...hidden')).toBe('hidden')
    expect(cleanDocumentName('   ')).toBe('document')
    expect([...cleanDocumentName('é'.repeat(300))]).toHaveLength(120)
  })
})

describe('downloadName and formatBytes', () => {
  it('adds the extension of the real type when the name lacks it', () => {
    expect(downloadName('scan', 'image/png')).toBe('scan.png')
    expect(downloadName('scan.JPEG', 'image/jpeg')).toBe('scan.JPEG')
    expect(downloadName('report.pdf', 'image/webp')).toBe('report.pdf.webp')
  })
  it('says sizes as people read them', () => {
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB')
    expect(formatBytes(2048)).toBe('2 KB')
    expect(formatBytes(12)).toBe('12 bytes')
  })
})
