import type { DocumentMediaType } from '#shared/api/documents.ts'

/**
 * What a document's bytes are (docs/product.md "A lot's documents"): recognised from its first
 * bytes alone, never from its name or the type a browser declared, so a script named `.pdf` is
 * not served as a PDF. Null for anything that is not a PDF, PNG, JPEG or WebP file.
 */
export function documentTypeOf(bytes: Uint8Array): DocumentMediaType | null {
  const starts = (offset: number, ...expected: number[]) =>
    bytes.length >= offset + expected.length && expected.every((b, i) => bytes[offset + i] === b)
  // %PDF- at the very start (readers that look further in are what makes a polyglot dangerous).
  if (starts(0, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (starts(0, 0xff, 0xd8, 0xff)) return 'image/jpeg'
  // RIFF, a little-endian length, then WEBP.
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp'
  return null
}

/** The longest name a document keeps, in characters. */
export const MAX_DOCUMENT_NAME = 120

/**
 * A file name as a document keeps it: its last path part only, without control characters or
 * the characters Windows forbids, trimmed, at most MAX_DOCUMENT_NAME characters; "document" when
 * nothing is left.
 */
export function cleanDocumentName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? ''
  const cleaned = [...last]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f && !'<>:"|?*'.includes(c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  return [...cleaned].slice(0, MAX_DOCUMENT_NAME).join('').trim() || 'document'
}

/** The file name's extension that fits its type, added when the name lacks it. */
const EXTENSIONS: Record<DocumentMediaType, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
}

/** The name a download is saved under: the kept name, with the extension of its real type. */
export function downloadName(name: string, type: DocumentMediaType): string {
  const extensions = EXTENSIONS[type]
  return extensions.some((e) => name.toLowerCase().endsWith(e)) ? name : `${name}${extensions[0]}`
}

/** Bytes as people read them: "5 MB", "820 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} bytes`
}
