import { beforeAll, describe, expect, it } from 'vitest'
import type { BlendDetail, BlendListPage } from '#shared/api/blend-list.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { SHARE_TOKEN_PATTERN, type CopiedBlend, type ShareLink, type SharedBlend } from '#shared/api/shares.ts'
import { blendBody, createBlend, versionBody } from '#tests/support/blend-fixtures.ts'
import { createTestApp, createUser, injectAs, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'
import { MAX_LINKS_PER_BLEND, SHARE_RESTORE_WINDOW_MS } from '#server/shares/shares.repo.ts'
import { revokeShare, shareBlend as createShare } from '#server/shares/shares.commands.ts'

describe.each(ENGINES)('share links on %s', (engine) => {
  let t: TestAppHandle
  let oils: Record<string, EssentialOil>
  let owner: TestUser
  let reader: TestUser
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))
  beforeAll(async () => {
    owner = await createUser(t, { name: 'Olive Owner' })
    reader = await createUser(t, { name: 'Rhea Reader' })
  })

  const call = (who: TestUser, method: string, url: string, payload?: unknown) => injectAs(t, who, method, url, payload)
  const read = (token: string) => t.app.inject({ method: 'GET', url: `/api/shared/${token}` })
  /** A blend of the owner's with a second version (two top oils, its own notes). */
  const blendWithTwoVersions = async (name: string) => {
    const blend = await createBlend(t, owner, blendBody(oils, { name, notes: 'Secret first notes' }))
    const v2 = await call(
      owner,
      'POST',
      '/api/blend-versions',
      versionBody(oils, blend.id, { formulationNotes: 'Private: my supplier is X' }),
    )
    expect(v2.statusCode).toBe(201)
    return { blend, latest: v2.json() as { id: number; referenceNumber: string } }
  }
  const share = async (blendId: number, body: object = {}) => {
    const res = await call(owner, 'POST', `/api/blends/${blendId}/shares`, body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as ShareLink
  }

  it('makes an unguessable link to the latest version, naming only the token', async () => {
    const { blend, latest } = await blendWithTwoVersions('Forest Walk')
    const link = await share(blend.id)
    expect(link.token).toMatch(SHARE_TOKEN_PATTERN)
    expect(link).toEqual({
      token: link.token,
      path: `/s/${link.token}`,
      reference: latest.referenceNumber,
      versionLetter: 'b',
      includeNotes: false,
      showName: false,
      createdAt: expect.any(String),
    })
    const second = await share(blend.id)
    expect(second.token).not.toBe(link.token)
    expect(JSON.stringify(link)).not.toContain(`"${blend.id}"`)
  })

  it('shows a reader the recipe without signing in, and nothing of the owner unless chosen', async () => {
    const { blend } = await blendWithTwoVersions('Quiet Study')
    const plain = await share(blend.id)
    const res = await read(plain.token)
    expect(res.statusCode).toBe(200)
    const shared = res.json() as SharedBlend
    expect(shared).toEqual({
      name: 'Quiet Study',
      reference: expect.stringMatching(/^\d{3}b$/),
      layers: {
        top: [
          { name: 'Bergamot', latinName: oils.Bergamot!.latinName, percentage: 15 },
          { name: 'Lemon', latinName: oils.Lemon!.latinName, percentage: 15 },
        ],
        middle: [{ name: 'Lavender', latinName: oils.Lavender!.latinName, percentage: 50 }],
        base: [{ name: 'Atlas Cedarwood', latinName: oils['Atlas Cedarwood']!.latinName, percentage: 20 }],
      },
      accords: [],
      effects: expect.any(Array),
      scentProfile: 'A Citrus top, a Floral heart and a Woody base.',
      notes: null,
      sharedBy: null,
    })
    expect(shared.effects.length).toBeGreaterThan(0)
    for (const secret of [owner.email, owner.name, 'Private', owner.userId]) expect(res.body).not.toContain(secret)
    // No ids at all: not the blend's, not its versions', not the oils'.
    expect(res.body).not.toMatch(/"(id|projectId|versionId|userId)"/)

    const open = await share(blend.id, { includeNotes: true, showName: true })
    const named = (await read(open.token)).json() as SharedBlend
    expect(named.notes).toBe('Private: my supplier is X')
    expect(named.sharedBy).toBe('Olive Owner')
    expect(JSON.stringify(named)).not.toContain(owner.email)
  })

  it('shares a chosen earlier version, and refuses a version of another blend', async () => {
    const { blend } = await blendWithTwoVersions('Two Steps')
    const other = await createBlend(t, owner, blendBody(oils, { name: 'Elsewhere' }))
    const first = await share(blend.id, { versionId: blend.version.id, includeNotes: true })
    expect(first.versionLetter).toBe('a')
    expect(((await read(first.token)).json() as SharedBlend).notes).toBe('Secret first notes')
    const wrong = await call(owner, 'POST', `/api/blends/${blend.id}/shares`, { versionId: other.version.id })
    expect(wrong.statusCode).toBe(404)
    expect(wrong.json().error.code).toBe('NOT_FOUND')
  })

  it("lists the owner's links newest first, and a revoked link answers 404 at once", async () => {
    const { blend } = await blendWithTwoVersions('Short Lived')
    const [a, b] = [await share(blend.id), await share(blend.id, { showName: true })]
    const list = await call(owner, 'GET', `/api/blends/${blend.id}/shares`)
    expect((list.json() as { items: ShareLink[] }).items.map((l) => l.token)).toEqual([b.token, a.token])
    expect((await call(owner, 'DELETE', `/api/shares/${a.token}`)).statusCode).toBe(204)
    const gone = await read(a.token)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().error.message).toBe('This share link does not exist or was revoked by its owner')
    expect((await read(b.token)).statusCode).toBe(200)
    expect((await call(owner, 'DELETE', `/api/shares/${a.token}`)).statusCode).toBe(404)
    expect(
      ((await call(owner, 'GET', `/api/blends/${blend.id}/shares`)).json() as { items: ShareLink[] }).items.map((l) => l.token),
    ).toEqual([b.token])
  })

  it('brings a revoked link back with Undo: the same token works again, in its place in the list', async () => {
    const { blend } = await blendWithTwoVersions('Undone Revoke')
    const [a, b] = [await share(blend.id), await share(blend.id)]
    expect((await call(owner, 'DELETE', `/api/shares/${a.token}`)).statusCode).toBe(204)
    expect((await read(a.token)).statusCode).toBe(404)
    // Another user cannot restore it, nor can anyone without a session.
    expect((await call(reader, 'POST', `/api/shares/${a.token}/restore`)).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url: `/api/shares/${a.token}/restore` })).statusCode).toBe(401)
    expect((await read(a.token)).statusCode).toBe(404)

    expect((await call(owner, 'POST', `/api/shares/${a.token}/restore`)).statusCode).toBe(204)
    expect((await read(a.token)).statusCode).toBe(200)
    const list = (await call(owner, 'GET', `/api/blends/${blend.id}/shares`)).json() as { items: ShareLink[] }
    expect(list.items.map((l) => l.token)).toEqual([b.token, a.token])
    // A repeat (a second press, a retried request) changes nothing.
    expect((await call(owner, 'POST', `/api/shares/${a.token}/restore`)).statusCode).toBe(204)
    // Revoked again, and restored again.
    expect((await call(owner, 'DELETE', `/api/shares/${a.token}`)).statusCode).toBe(204)
    expect((await call(owner, 'POST', `/api/shares/${a.token}/restore`)).statusCode).toBe(204)
    expect((await read(a.token)).statusCode).toBe(200)
  })

  it('restores a revoked link only within its window, while its version lives, and within the quota', async () => {
    const { blend } = await blendWithTwoVersions('Restore Rules')
    const late = await share(blend.id)
    const longAgo = Date.now() - SHARE_RESTORE_WINDOW_MS - 1000
    expect(await t.app.db.kysely.transaction().execute((trx) => revokeShare(trx, owner.userId, late.token, longAgo))).toEqual({
      ok: true,
      value: undefined,
    })
    const tooLate = await call(owner, 'POST', `/api/shares/${late.token}/restore`)
    expect(tooLate.statusCode).toBe(404)
    expect(tooLate.json().error.message).toBe('Share link not found: a revoked link can be restored for 10 minutes')

    const full = await share(blend.id)
    expect((await call(owner, 'DELETE', `/api/shares/${full.token}`)).statusCode).toBe(204)
    const live = (await call(owner, 'GET', `/api/blends/${blend.id}/shares`)).json() as { items: ShareLink[] }
    for (let i = live.items.length; i < MAX_LINKS_PER_BLEND; i++)
      await createShare(t.app.db.kysely, owner.userId, blend.id, { includeNotes: false, showName: false })
    const over = await call(owner, 'POST', `/api/shares/${full.token}/restore`)
    expect(over.statusCode).toBe(409)
    expect(over.json().error.code).toBe('TOO_MANY_LINKS')
    expect((await read(full.token)).statusCode).toBe(404)

    const { blend: gone } = await blendWithTwoVersions('Gone Since')
    const orphan = await share(gone.id)
    expect((await call(owner, 'DELETE', `/api/shares/${orphan.token}`)).statusCode).toBe(204)
    expect((await call(owner, 'DELETE', `/api/blends/${gone.id}`)).statusCode).toBe(204)
    expect((await call(owner, 'POST', `/api/shares/${orphan.token}/restore`)).statusCode).toBe(404)
  })

  it('restores a link once when two restores race, and revokes it once when two revokes race', async () => {
    const { blend } = await blendWithTwoVersions('Racing Undo')
    const link = await share(blend.id)
    const revokes = await Promise.all([1, 2, 3].map(() => call(owner, 'DELETE', `/api/shares/${link.token}`)))
    expect(revokes.map((r) => r.statusCode).sort()).toEqual([204, 404, 404])
    const restores = await Promise.all([1, 2, 3].map(() => call(owner, 'POST', `/api/shares/${link.token}/restore`)))
    expect(restores.map((r) => r.statusCode)).toEqual([204, 204, 204])
    const list = (await call(owner, 'GET', `/api/blends/${blend.id}/shares`)).json() as { items: ShareLink[] }
    expect(list.items.map((l) => l.token)).toEqual([link.token])
  })

  it('goes with its blend: deleting the blend ends its links', async () => {
    const { blend } = await blendWithTwoVersions('Soon Deleted')
    const link = await share(blend.id)
    expect((await call(owner, 'DELETE', `/api/blends/${blend.id}`)).statusCode).toBe(204)
    expect((await read(link.token)).statusCode).toBe(404)
  })

  it("copies a shared blend into a signed-in reader's journal as a new blend, marked as copied", async () => {
    const { blend } = await blendWithTwoVersions('Gift Blend')
    const link = await share(blend.id, { includeNotes: true })
    const res = await call(reader, 'POST', `/api/shared/${link.token}/copy`)
    expect(res.statusCode, res.body).toBe(201)
    const copied = res.json() as CopiedBlend
    expect(copied).toEqual({ id: expect.any(Number), name: 'Gift Blend', reference: expect.stringMatching(/^\d{3}a$/) })
    const detail = (await call(reader, 'GET', `/api/blends/${copied.id}`)).json() as BlendDetail
    expect(detail.copiedFromShare).toBe(true)
    expect(detail.versions).toHaveLength(1)
    expect(detail.versions[0]).toMatchObject({
      topOils: [expect.objectContaining({ name: 'Bergamot', percentage: 15 }), expect.objectContaining({ name: 'Lemon', percentage: 15 })],
      middleOils: [expect.objectContaining({ name: 'Lavender', percentage: 50 })],
      baseOils: [expect.objectContaining({ name: 'Atlas Cedarwood', percentage: 20 })],
      formulationNotes: 'Private: my supplier is X',
    })
    const list = (await call(reader, 'GET', '/api/blends')).json() as BlendListPage
    expect(list.items.map((i) => i.name)).toContain('Gift Blend')
    // The owner's journal is untouched.
    const ownerList = (await call(owner, 'GET', `/api/blends?q=${encodeURIComponent('Gift Blend')}`)).json() as BlendListPage
    expect(ownerList.items).toHaveLength(1)
  })

  it('copies notes only when the owner shared them', async () => {
    const { blend } = await blendWithTwoVersions('Notes Kept Back')
    const link = await share(blend.id)
    const copied = (await call(reader, 'POST', `/api/shared/${link.token}/copy`)).json() as CopiedBlend
    const detail = (await call(reader, 'GET', `/api/blends/${copied.id}`)).json() as BlendDetail
    expect(detail.versions[0]!.formulationNotes).toBeNull()
  })

  it('needs a signed-in reader to copy, and a live link', async () => {
    const { blend } = await blendWithTwoVersions('Copy Rules')
    const link = await share(blend.id)
    expect((await t.app.inject({ method: 'POST', url: `/api/shared/${link.token}/copy` })).statusCode).toBe(401)
    await call(owner, 'DELETE', `/api/shares/${link.token}`)
    expect((await call(reader, 'POST', `/api/shared/${link.token}/copy`)).statusCode).toBe(404)
  })

  it('answers 400 to a token that cannot be one, and 404 to a well-formed unknown one', async () => {
    for (const bad of ['short', 'x'.repeat(33), `${'a'.repeat(31)}!`]) {
      expect((await read(encodeURIComponent(bad))).statusCode, bad).toBe(400)
    }
    expect((await read('A'.repeat(32))).statusCode).toBe(404)
  })

  it('keeps at most a bounded number of links per blend', async () => {
    const { blend } = await blendWithTwoVersions('Many Links')
    // Straight through the repository: the HTTP route is rate-limited well below this many a minute.
    for (let i = 0; i < MAX_LINKS_PER_BLEND; i++)
      await createShare(t.app.db.kysely, owner.userId, blend.id, { includeNotes: false, showName: false })
    const over = await call(owner, 'POST', `/api/blends/${blend.id}/shares`, {})
    expect(over.statusCode).toBe(409)
    expect(over.json().error.code).toBe('TOO_MANY_LINKS')
    // The command answers the refusal itself, with no HTTP in it: the route and the tool map it.
    expect(await createShare(t.app.db.kysely, owner.userId, blend.id, { includeNotes: false, showName: false })).toEqual({
      ok: false,
      code: 'TOO_MANY_LINKS',
      message: `A blend can have ${MAX_LINKS_PER_BLEND} links at once: revoke one to make another`,
    })
    expect(await createShare(t.app.db.kysely, reader.userId, blend.id, { includeNotes: false, showName: false })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    })
    expect(await t.app.db.kysely.transaction().execute((trx) => revokeShare(trx, owner.userId, 'x'.repeat(32)))).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    })
  })

  it('renders the public page with the recipe, a card for pasted links, and no script', async () => {
    const { blend } = await blendWithTwoVersions('Page <Blend> & "Co"')
    const link = await share(blend.id, { includeNotes: true, showName: true })
    const res = await t.app.inject({ method: 'GET', url: link.path })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/)
    const html = res.body
    expect(html).not.toMatch(/<script/i)
    expect(html).toContain('<title>Page &lt;Blend&gt; &amp; &quot;Co&quot; · a blend shared on Accord</title>')
    expect(html).toContain('<h1 id="blend-name">Page &lt;Blend&gt; &amp; &quot;Co&quot;</h1>')
    expect(html).toContain(`<meta property="og:url" content="${t.config.publicUrl}/s/${link.token}">`)
    expect(html).toMatch(
      /<meta property="og:description" content="A three-note essential-oil blend: Bergamot and Lemon on top, Lavender at the heart and Atlas Cedarwood at the base.">/,
    )
    for (const text of [
      'Bergamot',
      'Lemon',
      'Lavender',
      'Atlas Cedarwood',
      '15%',
      '50%',
      '20%',
      'shared by Olive Owner',
      'Private: my supplier is X',
    ]) {
      expect(html, text).toContain(text)
    }
    expect(html).toContain(`href="/journal?copyShare=${link.token}"`)
    expect(html).not.toContain(owner.email)
  })

  it("follows the system's theme, or the reader's saved one, on the page and on its 404", async () => {
    const { blend } = await blendWithTwoVersions('Page Themes')
    const link = await share(blend.id)
    const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
    const system = (await get(link.path)).body
    expect(system).toContain('<html lang="en">')
    // Both themes' colours, the dark ones under the system's dark setting (the app's dark tokens).
    expect(system).toMatch(/@media \(prefers-color-scheme:dark\)\{:root:not\(\[data-theme=light\]\)\{color-scheme:dark;--bg:#131916;/)
    expect(system).not.toMatch(/ style="/)
    for (const [cookie, theme] of [
      ['accord-theme=dark', 'dark'],
      ['other=1; accord-theme=light', 'light'],
    ] as const) {
      expect((await get(link.path, cookie)).body, cookie).toContain(`<html lang="en" data-theme="${theme}">`)
      expect((await get('/s/not-a-token', cookie)).body, cookie).toContain(`<html lang="en" data-theme="${theme}">`)
    }
    expect((await get(link.path, 'accord-theme=purple')).body).toContain('<html lang="en">')
  })

  it('renders a plain 404 page for a revoked or malformed link', async () => {
    const { blend } = await blendWithTwoVersions('Page Gone')
    const link = await share(blend.id)
    await call(owner, 'DELETE', `/api/shares/${link.token}`)
    for (const path of [link.path, '/s/not-a-token']) {
      const res = await t.app.inject({ method: 'GET', url: path })
      expect(res.statusCode, path).toBe(404)
      expect(res.body).toContain('This shared blend is not available')
      expect(res.body).not.toContain('Page Gone')
    }
  })
})

describe('share link limits', () => {
  it('limits reads of links per client address', async () => {
    const t = await createTestApp('sqlite')
    try {
      let last = 0
      for (let i = 0; i < 61; i++) last = (await t.app.inject({ method: 'GET', url: `/api/shared/${'B'.repeat(32)}` })).statusCode
      expect(last).toBe(429)
    } finally {
      await t.close()
    }
  })
})
