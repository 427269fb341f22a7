import { createHash } from 'node:crypto'
import { crc32, deflateRawSync } from 'node:zlib'
import { unzipSync } from 'fflate'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ExportFileSchema, type ExportFile, type ImportResult } from '#shared/api/export.ts'
import type { BottleDocument } from '#shared/api/documents.ts'
import type { BottleDocumentList } from '#shared/api/bottle-documents.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Bottle } from '#shared/api/shelf.ts'
import { bearer, createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'
import { documentFixtures } from '#tests/support/document-fixtures.ts'
import { ARCHIVE_JSON } from '#server/your-data/import-archive.ts'

/** An entry of a hand-made archive: its bytes as packed, and what its central directory declares. */
type Crafted = { name: string; packed: Uint8Array; method: 0 | 8; size: number; crc: number }

const stored = (name: string, bytes: Uint8Array): Crafted => ({ name, packed: bytes, method: 0, size: bytes.length, crc: crc32(bytes) })
const deflated = (name: string, bytes: Uint8Array, declared = bytes.length): Crafted => ({
  name,
  packed: deflateRawSync(bytes),
  method: 8,
  size: declared,
  crc: crc32(bytes),
})

/** A ZIP file written by hand, so a test can make one whose declared sizes or names lie. */
function craftZip(entries: Crafted[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8')
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x800, 6)
    local.writeUInt16LE(e.method, 8)
    local.writeUInt32LE(e.crc, 14)
    local.writeUInt32LE(e.packed.length, 18)
    local.writeUInt32LE(e.size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x800, 8)
    central.writeUInt16LE(e.method, 10)
    central.writeUInt32LE(e.crc, 16)
    central.writeUInt32LE(e.packed.length, 20)
    central.writeUInt32LE(e.size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, Buffer.from(e.packed))
    centrals.push(central, name)
    offset += 30 + name.length + e.packed.length
  }
  const cd = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(cd.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, cd, end])
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

describe.each(ENGINES)('an export with documents is an archive, and imports back, on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const addBottle = async (who: TestUser, lotCode = 'LAV-1') => {
    const res = await injectAs(t, who, 'POST', '/api/shelf/bottles', { oilId: oils['Lavender']!.id, unit: 'mL', size: 100, lotCode })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Bottle
  }
  const attach = async (who: TestUser, bottleId: number, bytes: Buffer, name: string, kind: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shelf/bottles/${bottleId}/documents?kind=${kind}&name=${encodeURIComponent(name)}`,
      headers: { ...bearer(who.token), 'content-type': 'application/octet-stream' },
      payload: bytes,
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as BottleDocument
  }
  const importArchive = (who: TestUser, archive: Buffer, query = '', type = 'application/zip') =>
    t.app.inject({ method: 'POST', url: `/api/import${query}`, headers: { ...bearer(who.token), 'content-type': type }, payload: archive })
  const shelfOf = async (who: TestUser) => (await injectAs(t, who, 'GET', '/api/shelf/bottles')).json() as { items: Bottle[] }
  const documentsOf = async (who: TestUser, bottleId: number) =>
    ((await injectAs(t, who, 'GET', `/api/shelf/bottles/${bottleId}/documents`)).json() as BottleDocumentList).documents
  /** What the account keeps: bottles and document rows, read straight from the tables. */
  const kept = async (who: TestUser) => {
    const db = t.app.db.kysely
    const bottles = await db.selectFrom('shelf_bottles').select('id').where('user_id', '=', who.userId).execute()
    const documents = await db.selectFrom('bottle_documents').select('id').where('user_id', '=', who.userId).execute()
    return { bottles: bottles.length, documents: documents.length }
  }

  it('answers the JSON file as before when the maker keeps no documents', async () => {
    const maker = await createUser(t)
    await addBottle(maker)
    const res = await injectAs(t, maker, 'GET', '/api/export')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="accord-export-\d{4}-\d{2}-\d{2}\.json"$/)
    const file = ExportFileSchema.parse(res.json())
    expect(file.shelf[0]).not.toHaveProperty('documents')
  })

  it('answers an archive holding the JSON file, which names each document, and every file byte for byte; another maker’s never appear', async () => {
    const maker = await createUser(t)
    const other = await createUser(t)
    const bottle = await addBottle(maker)
    const second = await addBottle(maker, 'LAV-2')
    const pdf = documentFixtures.pdf('Supplier declaration')
    const png = documentFixtures.png()
    await attach(maker, bottle.id, pdf, 'Déclaration allergènes.pdf', 'allergen-declaration')
    await attach(maker, bottle.id, png, '../../etc/passwd', 'certificate-of-analysis')
    await attach(maker, second.id, documentFixtures.jpeg(), 'gc.jpg', 'gc-ms-report')
    const theirs = await addBottle(other, 'THEIRS')
    const secret = documentFixtures.pdf('Another maker’s secret sheet')
    await attach(other, theirs.id, secret, 'secret.pdf', 'safety-data-sheet')

    const res = await injectAs(t, maker, 'GET', '/api/export')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="accord-export-\d{4}-\d{2}-\d{2}\.zip"$/)
    const files = unzipSync(new Uint8Array(res.rawPayload))
    const file = ExportFileSchema.parse(JSON.parse(Buffer.from(files[ARCHIVE_JSON]!).toString('utf8')))
    expect(file.version).toBe(7)
    const [first, next] = file.shelf
    expect(first!.documents!.map((d) => [d.kind, d.fileName, d.mediaType, d.byteSize])).toEqual([
      ['allergen-declaration', 'Déclaration allergènes.pdf', 'application/pdf', pdf.length],
      ['certificate-of-analysis', 'passwd', 'image/png', png.length],
    ])
    expect(next!.documents).toHaveLength(1)
    const named = file.shelf.flatMap((b) => b.documents ?? [])
    expect(Object.keys(files).sort()).toEqual([ARCHIVE_JSON, ...named.map((d) => d.path)].sort())
    for (const d of named) {
      expect(d.path).toMatch(/^documents\/\d+-[A-Za-z0-9._-]+$/)
      expect(sha256(files[d.path]!)).toBe(d.sha256)
    }
    expect(Buffer.from(files[first!.documents![0]!.path]!).equals(pdf)).toBe(true)
    expect(Buffer.from(files[first!.documents![1]!.path]!).equals(png)).toBe(true)
    // Another maker's bottle and document are in no part of the archive.
    const everything = Buffer.concat(Object.values(files).map((f) => Buffer.from(f)))
    expect(everything.includes(Buffer.from('Another maker’s secret sheet'))).toBe(false)
    expect(file.shelf.map((b) => b.lotCode)).toEqual(['LAV-1', 'LAV-2'])
  })

  it('imports the archive into another account with every file byte-identical, its kind and name kept; again, nothing twice', async () => {
    const maker = await createUser(t)
    const bottle = await addBottle(maker)
    const pdf = documentFixtures.pdf('Round trip')
    const webp = documentFixtures.webp()
    await attach(maker, bottle.id, pdf, 'SDS lavender.pdf', 'safety-data-sheet')
    await attach(maker, bottle.id, webp, 'ifra.webp', 'ifra-certificate')
    const archive = (await injectAs(t, maker, 'GET', '/api/export')).rawPayload

    const fresh = await createUser(t)
    const preview = await importArchive(fresh, archive, '?dryRun=true')
    expect(preview.statusCode, preview.body).toBe(200)
    expect(await kept(fresh)).toEqual({ bottles: 0, documents: 0 })
    const res = await importArchive(fresh, archive)
    expect(res.statusCode, res.body).toBe(201)
    expect((res.json() as ImportResult).created.bottles).toBe(1)
    const [imported] = (await shelfOf(fresh)).items
    const docs = await documentsOf(fresh, imported!.id)
    expect(docs.map((d) => [d.kind, d.fileName, d.mediaType])).toEqual([
      ['safety-data-sheet', 'SDS lavender.pdf', 'application/pdf'],
      ['ifra-certificate', 'ifra.webp', 'image/webp'],
    ])
    for (const [i, bytes] of [pdf, webp].entries()) {
      const download = await injectAs(t, fresh, 'GET', `/api/documents/${docs[i]!.id}`)
      expect(download.rawPayload.equals(bytes)).toBe(true)
    }
    // The same archive again, sent as plain bytes: recognised by its content; nothing is stored twice.
    const again = await importArchive(fresh, archive, '', 'application/octet-stream')
    expect(again.statusCode, again.body).toBe(201)
    expect((again.json() as ImportResult).skipped.bottles).toBe(1)
    expect(await kept(fresh)).toEqual({ bottles: 1, documents: 2 })
  })

  it('still imports a JSON file of an older version, and refuses a JSON file that names documents it cannot carry', async () => {
    const maker = await createUser(t)
    const bottle = await addBottle(maker)
    const older = (await injectAs(t, maker, 'GET', '/api/export')).json() as ExportFile
    await attach(maker, bottle.id, documentFixtures.pdf('JSON alone'), 'sds.pdf', 'safety-data-sheet')
    const archive = (await injectAs(t, maker, 'GET', '/api/export')).rawPayload
    const json = JSON.parse(Buffer.from(unzipSync(new Uint8Array(archive))[ARCHIVE_JSON]!).toString('utf8')) as ExportFile

    const fresh = await createUser(t)
    const alone = await t.app.inject({
      method: 'POST',
      url: '/api/import',
      headers: { ...bearer(fresh.token), 'content-type': 'application/json' },
      payload: JSON.stringify(json),
    })
    expect(alone.statusCode).toBe(400)
    expect(alone.json().error.message).toMatch(
      /^shelf\[0\]\.documents\[0\]: documents\/\d+-sds\.pdf \(“sds\.pdf”\): a JSON file carries no documents/,
    )
    expect(await kept(fresh)).toEqual({ bottles: 0, documents: 0 })

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/import',
      headers: { ...bearer(fresh.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ ...older, version: 6 }),
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(await kept(fresh)).toEqual({ bottles: 1, documents: 0 })
  })

  describe('hostile archives are refused with a line naming the file, and nothing is stored', () => {
    let maker: TestUser
    /** A valid export's JSON with one bottle naming the documents given. */
    const exportWith = async (documents: { path: string; bytes: Uint8Array; kind?: string }[]) => {
      maker ??= await createUser(t)
      const source = await createUser(t)
      await addBottle(source)
      const file = (await injectAs(t, source, 'GET', '/api/export')).json() as ExportFile
      file.shelf[0]!.documents = documents.map((d) => ({
        kind: (d.kind ?? 'safety-data-sheet') as 'safety-data-sheet',
        fileName: d.path.split('/').pop()!,
        mediaType: 'application/pdf',
        byteSize: d.bytes.length,
        sha256: sha256(d.bytes),
        path: d.path,
      }))
      return Buffer.from(JSON.stringify({ ...file, version: 7 }))
    }
    const refused = async (archive: Buffer, message: RegExp) => {
      for (const query of ['?dryRun=true', '']) {
        const res = await importArchive(maker, archive, query)
        expect(res.statusCode, res.body).toBe(400)
        expect(res.json().error.message).toMatch(message)
      }
      expect(await kept(maker)).toEqual({ bottles: 0, documents: 0 })
    }

    it('a file that declares more than 5 MB, and documents that declare more than 100 MB, before anything is inflated', async () => {
      const pdf = documentFixtures.pdf()
      const json = await exportWith([{ path: 'documents/1-a.pdf', bytes: pdf }])
      await refused(
        craftZip([deflated(ARCHIVE_JSON, json), deflated('documents/1-a.pdf', pdf, 6 * 1024 * 1024)]),
        /^documents\/1-a\.pdf: The file declares 6291456 bytes: a document may be at most 5242880 bytes/,
      )
      const many = Array.from({ length: 21 }, (_, i) => deflated(`documents/${i}-a.pdf`, pdf, 5 * 1024 * 1024))
      await refused(craftZip([deflated(ARCHIVE_JSON, json), ...many]), /^documents\/20-a\.pdf: The archive’s documents declare more than/)
    })

    it('a file whose declared size lies: inflating stops once it grows past it', async () => {
      const bomb = Buffer.concat([documentFixtures.pdf(), Buffer.alloc(4 * 1024 * 1024)])
      const json = await exportWith([{ path: 'documents/1-bomb.pdf', bytes: bomb.subarray(0, 1000) }])
      await refused(
        craftZip([deflated(ARCHIVE_JSON, json), deflated('documents/1-bomb.pdf', bomb, 1000)]),
        /^documents\/1-bomb\.pdf: The file grows past the 1000 bytes it declares: refused/,
      )
      // And the JSON file itself, declaring a few bytes and holding more.
      await refused(craftZip([deflated(ARCHIVE_JSON, json, 10)]), /^accord-export\.json: The file grows past the 10 bytes it declares/)
    })

    it('names that leave the folder, names met twice, and files no document names', async () => {
      const pdf = documentFixtures.pdf()
      const json = await exportWith([{ path: 'documents/1-a.pdf', bytes: pdf }])
      const base = [deflated(ARCHIVE_JSON, json), stored('documents/1-a.pdf', pdf)]
      for (const name of ['../escape.pdf', 'documents/../../escape.pdf', '/etc/passwd', 'documents\\..\\x.pdf', 'C:/x.pdf'])
        await refused(craftZip([...base, stored(name, pdf)]), /: A name that leaves the archive’s folder is refused$/)
      await refused(
        craftZip([...base, stored('documents/1-a.pdf', pdf)]),
        /^documents\/1-a\.pdf: The archive holds two files of this name$/,
      )
      await refused(
        craftZip([...base, stored('documents/2-extra.pdf', pdf)]),
        /^documents\/2-extra\.pdf: No bottle in the export names this file/,
      )
      await refused(craftZip([stored('documents/1-a.pdf', pdf)]), /This archive has no accord-export\.json/)
    })

    it('a file whose content is not a PDF, PNG, JPEG or WebP, whatever its name', async () => {
      const script = Buffer.from('<script>alert(1)</script>')
      const json = await exportWith([{ path: 'documents/1-sheet.pdf', bytes: script }])
      await refused(
        craftZip([deflated(ARCHIVE_JSON, json), stored('documents/1-sheet.pdf', script)]),
        /^shelf\[0\]\.documents\[0\]: documents\/1-sheet\.pdf \(“1-sheet\.pdf”\): This file is not a PDF, PNG, JPEG or WebP file/,
      )
    })

    it('more than 20 documents on a bottle', async () => {
      const pdf = documentFixtures.pdf()
      const paths = Array.from({ length: 21 }, (_, i) => `documents/${i}-a.pdf`)
      const json = await exportWith(paths.map((path) => ({ path, bytes: pdf })))
      await refused(
        craftZip([deflated(ARCHIVE_JSON, json), ...paths.map((p) => stored(p, pdf))]),
        /^shelf\[0\]\.documents: A bottle has at most 20 documents/,
      )
    })

    it('an archive damaged anywhere: a refusal in the error shape or the import, never a failure', async () => {
      const owner = await createUser(t)
      const bottle = await addBottle(owner)
      await attach(owner, bottle.id, documentFixtures.pdf('Damaged'), 'sds.pdf', 'safety-data-sheet')
      const archive = (await injectAs(t, owner, 'GET', '/api/export')).rawPayload
      maker ??= await createUser(t)
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.nat({ max: archive.length - 1 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
          async (flips) => {
            const damaged = Buffer.from(archive)
            for (const [at, value] of flips) damaged[at] = value
            const res = await importArchive(maker, damaged, '?dryRun=true')
            expect([200, 400, 422], res.body).toContain(res.statusCode)
            if (res.statusCode !== 200) expect(res.json().error.message).toEqual(expect.any(String))
          },
        ),
        { numRuns: 40 },
      )
      expect(await kept(maker)).toEqual({ bottles: 0, documents: 0 })
    })

    it('more than the account’s 100 MB with what it keeps already', async () => {
      const owner = await createUser(t)
      const bottle = await addBottle(owner)
      // 20 files of 5 MB each: the account's 100 MB, to the byte.
      const head = documentFixtures.pdf()
      const big = Buffer.concat([head, Buffer.alloc(5 * 1024 * 1024 - head.length, 7)])
      for (let i = 0; i < 20; i++) await attach(owner, bottle.id, big, `big-${i}.pdf`, 'safety-data-sheet')
      const pdf = documentFixtures.pdf('one more')
      const json = await exportWith([{ path: 'documents/1-a.pdf', bytes: pdf }])
      const before = await kept(owner)
      const res = await importArchive(owner, craftZip([deflated(ARCHIVE_JSON, json), stored('documents/1-a.pdf', pdf)]))
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().error.message).toMatch(
        /^shelf\[0\]\.documents\[0\]: documents\/1-a\.pdf \(“1-a\.pdf”\): your documents would take .* over the 100 MB/,
      )
      expect(await kept(owner)).toEqual(before)
    })
  })
})
