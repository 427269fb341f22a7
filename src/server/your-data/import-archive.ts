import { crc32, inflateRawSync } from 'node:zlib'
import { MAX_ACCOUNT_DOCUMENT_BYTES, MAX_DOCUMENT_BYTES } from '#shared/api/documents.ts'
import { IMPORT_MAX_BYTES } from '#shared/api/import-limits.ts'
import { invalidUpload } from '#server/your-data/import-plan.ts'

/**
 * An export archive read for an import (decision 084; docs/export-format.md "The archive"). Only
 * its central directory is read first: the names, the count and the sizes each entry declares are
 * checked against the limits before anything is inflated, and an entry is then inflated alone, on
 * request, stopping as soon as it grows past the size it declared. Names that would leave the
 * archive's folder, names met twice, encrypted entries, ZIP64 and methods other than stored and
 * deflate are refused. Every refusal is 400 VALIDATION_ERROR naming the entry: nothing is stored.
 */

/** The JSON file's name in an archive. */
export const ARCHIVE_JSON = 'accord-export.json'
/** At most this many entries: the JSON and one file per document (100 MiB of documents is far fewer). */
export const MAX_ARCHIVE_ENTRIES = 10_001

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

/** Whether the upload is a ZIP archive, by its first bytes (never its name or declared type). */
export const isZipArchive = (bytes: Uint8Array) => bytes.length >= 4 && ZIP_MAGIC.every((b, i) => bytes[i] === b)

type Entry = { name: string; method: number; crc: number; compressedSize: number; size: number; localOffset: number }

export type ImportArchive = {
  /** The entries' names, the JSON's among them. */
  readonly names: readonly string[]
  /** The JSON file, parsed. */
  readonly json: unknown
  /** An entry's bytes, inflated now and checked against its declared size and CRC; throws a refusal naming it. */
  read(name: string): Uint8Array
}

const refuse = (path: string, message: string) => invalidUpload([{ path, message }])

/** A name that is a plain relative path inside the archive: no root, drive, backslash, `..` or empty part. */
function traversal(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name)) return true
  return name.split('/').some((part) => part === '..' || part === '.' || part === '')
}

/** The central directory's entries, each checked against the limits, before anything is inflated. */
function centralDirectory(buf: Buffer): Entry[] {
  const notArchive = (why: string) => refuse('(archive)', `This is not an archive Accord can read: ${why}`)
  let end = -1
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      end = i
      break
    }
  }
  if (end < 0) throw notArchive('its table of contents is missing (is the file complete?)')
  const count = buf.readUInt16LE(end + 10)
  const cdSize = buf.readUInt32LE(end + 12)
  const cdOffset = buf.readUInt32LE(end + 16)
  if (buf.readUInt16LE(end + 4) !== 0 || buf.readUInt16LE(end + 8) !== count) throw notArchive('it is split over several files')
  if (count === 0xffff || cdOffset === 0xffffffff) throw notArchive('it is a ZIP64 archive')
  if (count > MAX_ARCHIVE_ENTRIES) throw notArchive(`it holds ${count} files, more than the ${MAX_ARCHIVE_ENTRIES} an export can`)
  if (cdOffset + cdSize > end) throw notArchive('its table of contents points outside the file')
  const entries: Entry[] = []
  const seen = new Set<string>()
  let documentBytes = 0
  for (let i = 0, at = cdOffset; i < count; i++) {
    if (at + 46 > end || buf.readUInt32LE(at) !== CENTRAL) throw notArchive('its table of contents is damaged')
    const flags = buf.readUInt16LE(at + 8)
    const nameLength = buf.readUInt16LE(at + 28)
    const name = buf.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength)
    const entry: Entry = {
      name,
      method: buf.readUInt16LE(at + 10),
      crc: buf.readUInt32LE(at + 16),
      compressedSize: buf.readUInt32LE(at + 20),
      size: buf.readUInt32LE(at + 24),
      localOffset: buf.readUInt32LE(at + 42),
    }
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32)
    const place = name || '(archive)'
    if (traversal(name)) throw refuse(place, 'A name that leaves the archive’s folder is refused')
    if ([...name].some((c) => c.charCodeAt(0) < 0x20)) throw refuse(place, 'A name with control characters is refused')
    if (seen.has(name)) throw refuse(place, 'The archive holds two files of this name')
    seen.add(name)
    if (flags & 0x1) throw refuse(place, 'An encrypted file is refused')
    if (entry.method !== 0 && entry.method !== 8) throw refuse(place, 'Only stored or deflated files can be read')
    if (entry.method === 0 && entry.compressedSize !== entry.size) throw refuse(place, 'A stored file’s sizes disagree')
    if (entry.localOffset + 30 > cdOffset || entry.localOffset + entry.compressedSize > cdOffset)
      throw refuse(place, 'The file lies outside the archive')
    if (name === ARCHIVE_JSON) {
      if (entry.size > IMPORT_MAX_BYTES)
        throw refuse(place, `The JSON file declares ${entry.size} bytes, over the ${IMPORT_MAX_BYTES} an import takes`)
    } else {
      if (entry.size > MAX_DOCUMENT_BYTES)
        throw refuse(place, `The file declares ${entry.size} bytes: a document may be at most ${MAX_DOCUMENT_BYTES} bytes (5 MB)`)
      documentBytes += entry.size
      if (documentBytes > MAX_ACCOUNT_DOCUMENT_BYTES)
        throw refuse(
          place,
          `The archive’s documents declare more than the ${MAX_ACCOUNT_DOCUMENT_BYTES} bytes (100 MB) an account may keep`,
        )
    }
    entries.push(entry)
  }
  return entries
}

/** One entry's bytes: inflation stops past its declared size; the size and CRC must then match. */
function inflate(buf: Buffer, entry: Entry): Uint8Array {
  const at = entry.localOffset
  if (buf.readUInt32LE(at) !== LOCAL) throw refuse(entry.name, 'The file’s header is damaged')
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28)
  if (start + entry.compressedSize > buf.length) throw refuse(entry.name, 'The file lies outside the archive')
  const packed = buf.subarray(start, start + entry.compressedSize)
  let bytes: Uint8Array
  if (entry.method === 0) bytes = packed
  else {
    try {
      bytes = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size) })
    } catch (err) {
      const grew = (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
      throw refuse(entry.name, grew ? `The file grows past the ${entry.size} bytes it declares: refused` : 'The file is damaged')
    }
  }
  if (bytes.length !== entry.size) throw refuse(entry.name, `The file holds ${bytes.length} bytes, not the ${entry.size} it declares`)
  if (crc32(bytes) !== entry.crc) throw refuse(entry.name, 'The file is damaged (its checksum does not match)')
  return bytes
}

/** A read past the archive's end (a damaged or hostile table of contents the checks missed) is a refusal, never a failure. */
function readSafely<T>(read: () => T): T {
  try {
    return read()
  } catch (err) {
    if (err instanceof RangeError) throw refuse('(archive)', 'This is not an archive Accord can read: it is damaged')
    throw err
  }
}

/** The archive checked and its JSON read; its documents are inflated one at a time when read. */
export function openArchive(buf: Buffer): ImportArchive {
  const entries = new Map(readSafely(() => centralDirectory(buf)).map((e) => [e.name, e]))
  const jsonEntry = entries.get(ARCHIVE_JSON)
  if (!jsonEntry) throw refuse('(archive)', `This archive has no ${ARCHIVE_JSON}: it is not an Accord export`)
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(readSafely(() => inflate(buf, jsonEntry))).toString('utf8'))
  } catch (err) {
    if (err instanceof SyntaxError) throw refuse(ARCHIVE_JSON, 'The JSON file is not valid JSON')
    throw err
  }
  return {
    names: [...entries.keys()],
    json,
    read(name) {
      const entry = entries.get(name)
      if (!entry) throw refuse(name, 'The archive has no file of this name')
      return readSafely(() => inflate(buf, entry))
    },
  }
}
