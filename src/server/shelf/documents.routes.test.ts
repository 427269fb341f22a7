import fs from 'node:fs'
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { BottleDocumentList } from '#shared/api/bottle-documents.ts'
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_BOTTLE, type BottleDocument } from '#shared/api/documents.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { Bottle } from '#shared/api/shelf.ts'
import { createUser, ENGINES, injectAs, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'
import { documentFixtures } from '#tests/support/document-fixtures.ts'

describe.each(ENGINES)('a lot’s documents on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  const addBottle = async (who: TestUser, lotCode = 'LAV-1') => {
    const res = await injectAs(t, who, 'POST', '/api/shelf/bottles', { oilId: oils['Lavender']!.id, unit: 'mL', size: 100, lotCode })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Bottle
  }
  const upload = (who: TestUser, bottleId: number, bytes: Buffer, name = 'declaration.pdf', kind = 'allergen-declaration') =>
    t.app.inject({
      method: 'POST',
      url: `/api/shelf/bottles/${bottleId}/documents?kind=${kind}&name=${encodeURIComponent(name)}`,
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/octet-stream' },
      payload: bytes,
    })
  const uploaded = async (who: TestUser, bottleId: number, bytes: Buffer, name?: string, kind?: string) => {
    const res = await upload(who, bottleId, bytes, name, kind)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as BottleDocument
  }
  const list = async (who: TestUser, bottleId: number) => {
    const res = await injectAs(t, who, 'GET', `/api/shelf/bottles/${bottleId}/documents`)
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as BottleDocumentList).documents
  }
  const download = (who: TestUser, id: number) => injectAs(t, who, 'GET', `/api/documents/${id}`)

  it('stores each type by its content, lists them without content, and sends each back byte for byte with the safe headers', async () => {
    const user = await createUser(t)
    const bottle = await addBottle(user)
    const files = [
      { bytes: documentFixtures.pdf(), name: 'sds.pdf', kind: 'safety-data-sheet', type: 'application/pdf' },
      { bytes: documentFixtures.png(), name: 'coa scan', kind: 'certificate-of-analysis', type: 'image/png' },
      { bytes: documentFixtures.jpeg(), name: 'photo.jpg', kind: 'gc-ms-report', type: 'image/jpeg' },
      { bytes: documentFixtures.webp(), name: 'ifra.webp', kind: 'ifra-certificate', type: 'image/webp' },
    ]
    const stored = []
    for (const f of files) {
      const doc = await uploaded(user, bottle.id, f.bytes, f.name, f.kind)
      expect(doc).toMatchObject({ bottleId: bottle.id, kind: f.kind, fileName: f.name, mediaType: f.type, byteSize: f.bytes.length })
      stored.push(doc)
    }
    const listed = await list(user, bottle.id)
    expect(listed).toEqual(stored)
    expect(listed.every((d) => !('content' in d))).toBe(true)

    for (const [i, f] of files.entries()) {
      const res = await download(user, stored[i]!.id)
      expect(res.statusCode).toBe(200)
      expect(res.rawPayload.equals(f.bytes)).toBe(true)
      expect(res.headers['content-type']).toBe(f.type)
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._ -]+"; filename\*=UTF-8''/)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['content-security-policy']).toBe('sandbox')
      expect(res.headers['cache-control']).toBe('private, no-store')
    }
    // A name without the extension of its real type is saved with it.
    expect((await download(user, stored[1]!.id)).headers['content-disposition']).toContain('filename="coa scan.png"')
  })

  it('refuses a file whose content is not a PDF, PNG, JPEG or WebP file, whatever its name, and stores nothing', async () => {
    const user = await createUser(t)
    const bottle = await addBottle(user)
    const refusals = [
      { bytes: Buffer.from('<html><script>alert(document.cookie)</script></html>'), name: 'declaration.pdf' },
      { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), name: 'logo.png' },
      { bytes: Buffer.concat([Buffer.from('MZ'), randomBytes(100)]), name: 'certificate.jpg' },
      // A PDF's marker later in the file does not make it one: readers that look further are how polyglots work.
      { bytes: Buffer.from('<script>x</script>\n%PDF-1.4\n%%EOF'), name: 'coa.pdf' },
    ]
    for (const r of refusals) {
      const res = await upload(user, bottle.id, r.bytes, r.name)
      expect(res.statusCode, res.body).toBe(415)
      expect(res.json().error).toMatchObject({ code: 'NOT_A_DOCUMENT', message: expect.stringMatching(/not a PDF, PNG, JPEG or WebP/) })
    }
    const empty = await upload(user, bottle.id, Buffer.alloc(0))
    expect(empty.statusCode).toBe(400)
    expect(await list(user, bottle.id)).toEqual([])
  })

  it('refuses a file over the limit before storing it, and a body that is not raw bytes', async () => {
    const user = await createUser(t)
    const bottle = await addBottle(user)
    const huge = Buffer.concat([documentFixtures.pdf(), Buffer.alloc(MAX_DOCUMENT_BYTES)])
    const res = await upload(user, bottle.id, huge)
    expect(res.statusCode).toBe(413)
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE')
    const json = await injectAs(t, user, 'POST', `/api/shelf/bottles/${bottle.id}/documents?kind=gc-ms-report&name=a.pdf`, { a: 1 })
    expect(json.statusCode).toBe(415)
    const noKind = await t.app.inject({
      method: 'POST',
      url: `/api/shelf/bottles/${bottle.id}/documents?kind=recipe&name=a.pdf`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/octet-stream' },
      payload: documentFixtures.pdf(),
    })
    expect(noKind.statusCode).toBe(400)
    expect(noKind.json().error.message).toMatch(/^querystring\.kind/)
    expect(await list(user, bottle.id)).toEqual([])
  })

  it('stores a PDF with JavaScript as bytes only, served as a sandboxed attachment', async () => {
    const user = await createUser(t)
    const bottle = await addBottle(user)
    const withScript = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog /OpenAction 2 0 R >> endobj\n2 0 obj << /S /JavaScript /JS (app.alert\\("hi"\\)) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    )
    const doc = await uploaded(user, bottle.id, withScript, 'declaration<script>.pdf')
    expect(doc.fileName).toBe('declarationscript.pdf')
    const res = await download(user, doc.id)
    expect(res.rawPayload.equals(withScript)).toBe(true)
    expect(res.headers['content-disposition']).toMatch(/^attachment;/)
    expect(res.headers['content-security-policy']).toBe('sandbox')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('keeps a name without its path or control characters', async () => {
    const user = await createUser(t)
    const bottle = await addBottle(user)
    const doc = await uploaded(user, bottle.id, documentFixtures.pdf(), '..\\..\\etc/passwd\r\nSet-Cookie: x=1.pdf')
    expect(doc.fileName).toBe('passwdSet-Cookie x=1.pdf')
    const res = await download(user, doc.id)
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="passwdSet-Cookie x_1.pdf"; filename*=UTF-8''passwdSet-Cookie%20x%3D1.pdf`,
    )
    const accented = await uploaded(user, bottle.id, documentFixtures.pdf(), 'Déclaration «lavande».pdf')
    expect((await download(user, accented.id)).headers['content-disposition']).toBe(
      `attachment; filename="D_claration _lavande_.pdf"; filename*=UTF-8''${encodeURIComponent('Déclaration «lavande».pdf')}`,
    )
  })

  it('holds a bottle to its number of documents', async () => {
    const user = await createUser(t)
    const bottle = await addBottle(user)
    for (let i = 0; i < MAX_DOCUMENTS_PER_BOTTLE; i++)
      await uploaded(user, bottle.id, documentFixtures.png(), `page ${i}.png`, 'gc-ms-report')
    const res = await upload(user, bottle.id, documentFixtures.png())
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toMatchObject({ code: 'DOCUMENTS_FULL', message: expect.stringContaining('20 documents') })
    // Another bottle still takes one.
    await uploaded(user, (await addBottle(user, 'LAV-2')).id, documentFixtures.png())
  })

  it('holds an account to its total, also for two uploads at once', { timeout: 120_000 }, async () => {
    const user = await createUser(t)
    const first = await addBottle(user, 'A')
    const second = await addBottle(user, 'B')
    const five = Buffer.concat([documentFixtures.pdf(), Buffer.alloc(MAX_DOCUMENT_BYTES - documentFixtures.pdf().length)])
    // 19 files of 5 MiB: 95 MiB, room for one more.
    for (let i = 0; i < 19; i++) await uploaded(user, i < 10 ? first.id : second.id, five, `big ${i}.pdf`)
    const both = await Promise.all([upload(user, second.id, five), upload(user, second.id, five)])
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409])
    const refused = both.find((r) => r.statusCode === 409)!
    expect(refused.json().error).toMatchObject({ code: 'DOCUMENTS_FULL', message: expect.stringContaining('100 MB') })
    expect((await list(user, first.id)).length + (await list(user, second.id)).length).toBe(20)
  })

  it('answers 404 for another user’s bottle and document, and changes nothing of theirs', async () => {
    const owner = await createUser(t)
    const other = await createUser(t)
    const bottle = await addBottle(owner)
    const doc = await uploaded(owner, bottle.id, documentFixtures.pdf())
    for (const res of [
      await upload(other, bottle.id, documentFixtures.pdf()),
      await injectAs(t, other, 'GET', `/api/shelf/bottles/${bottle.id}/documents`),
      await download(other, doc.id),
      await injectAs(t, other, 'DELETE', `/api/documents/${doc.id}`),
    ]) {
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json().error.code).toBe('NOT_FOUND')
    }
    expect(await list(owner, bottle.id)).toEqual([doc])
  })

  it('deletes a document, and a bottle’s documents with the bottle', async () => {
    const user = await createUser(t)
    const bottle = await addBottle(user)
    const a = await uploaded(user, bottle.id, documentFixtures.pdf())
    const b = await uploaded(user, bottle.id, documentFixtures.png(), 'b.png')
    expect((await injectAs(t, user, 'DELETE', `/api/documents/${a.id}`)).statusCode).toBe(204)
    expect((await download(user, a.id)).statusCode).toBe(404)
    expect((await injectAs(t, user, 'DELETE', `/api/documents/${a.id}`)).statusCode).toBe(404)
    expect(await list(user, bottle.id)).toEqual([b])
    expect((await injectAs(t, user, 'DELETE', `/api/shelf/bottles/${bottle.id}`)).statusCode).toBe(204)
    expect((await download(user, b.id)).statusCode).toBe(404)
    const left = await t.app.db.kysely.selectFrom('bottle_documents').select('id').where('bottle_id', '=', bottle.id).execute()
    expect(left).toEqual([])
  })

  it.runIf(engine === 'sqlite')('leaves no trace of a deleted file’s bytes in the database’s files', async () => {
    const user = await createUser(t)
    const bottle = await addBottle(user)
    const marker = `MARKER-${randomBytes(16).toString('hex')}`
    const inFiles = () =>
      [t.config.databaseUrl, `${t.config.databaseUrl}-wal`].some((file) => fs.existsSync(file) && fs.readFileSync(file).includes(marker))
    const doc = await uploaded(user, bottle.id, Buffer.concat([documentFixtures.pdf(), Buffer.from(marker.repeat(2000))]))
    const another = await uploaded(user, bottle.id, Buffer.concat([documentFixtures.pdf(), Buffer.from(marker.repeat(3000))]))
    expect(inFiles()).toBe(true)
    expect((await injectAs(t, user, 'DELETE', `/api/documents/${doc.id}`)).statusCode).toBe(204)
    expect(inFiles()).toBe(true) // the other file still holds it
    expect((await injectAs(t, user, 'DELETE', `/api/shelf/bottles/${bottle.id}`)).statusCode).toBe(204)
    expect((await download(user, another.id)).statusCode).toBe(404)
    expect(inFiles()).toBe(false)
  })
})
