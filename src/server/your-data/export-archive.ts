import { createHash } from 'node:crypto'
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate'
import type { ExportDocument } from '#shared/api/export.ts'
import type { Executor } from '#server/db/executor.ts'
import { eachDocument } from '#server/shelf/documents.commands.ts'
import { ARCHIVE_JSON } from '#server/your-data/import-archive.ts'
import { slices } from '#server/shared/slices.ts'

/**
 * The export as an archive (decision 084; docs/export-format.md "The archive"): each of the maker's
 * documents under `documents/<id>-<name>`, stored as it is (PDFs and images are packed already),
 * then `accord-export.json`, deflated, whose bottles name their documents with each file's path,
 * size and SHA-256. Documents are listed a page at a time without their content and read one row at
 * a time, scoped to the maker; each file's bytes are let go once written, and the archive's bytes
 * are handed on as they are made, so memory holds one file whatever the account keeps.
 */

/** A document's name in the archive: its id (unique) and its name in plain letters. */
export function archivePath(id: number, fileName: string): string {
  const safe =
    fileName
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(-100) || 'document'
  return `documents/${id}-${safe}`
}

export async function* exportArchive(
  getEx: () => Executor,
  userId: string,
  json: (documents: ReadonlyMap<number, ExportDocument[]>) => AsyncIterable<string>,
): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = []
  let failure: Error | null = null
  const zip = new Zip((err, chunk) => {
    if (err) failure = err
    else out.push(chunk)
  })
  function* flush() {
    if (failure) throw failure
    while (out.length > 0) yield out.shift()!
  }
  const documents = new Map<number, ExportDocument[]>()
  const pause = slices()
  for await (const file of eachDocument(getEx, userId)) {
    await pause()
    const path = archivePath(file.id, file.fileName)
    const entry = new ZipPassThrough(path)
    zip.add(entry)
    entry.push(file.content, true)
    const list = documents.get(file.bottleId) ?? []
    list.push({
      kind: file.kind,
      fileName: file.fileName,
      mediaType: file.mediaType,
      byteSize: file.content.byteLength,
      sha256: createHash('sha256').update(file.content).digest('hex'),
      path,
    })
    documents.set(file.bottleId, list)
    yield* flush()
  }
  const entry = new ZipDeflate(ARCHIVE_JSON, { level: 6 })
  zip.add(entry)
  for await (const text of json(documents)) {
    entry.push(strToU8(text))
    yield* flush()
  }
  entry.push(new Uint8Array(0), true)
  zip.end()
  yield* flush()
}
