import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlendComparison, BlendDetail, BlendDetails, BlendListPage } from '#shared/api/blend-list.ts'
import type { BlendProject, BlendVersion, SavedBlend, SavePreview } from '#shared/api/blends.ts'
import type { ExportFile } from '#shared/api/export.ts'
import { unzipSync } from 'fflate'
import { ARCHIVE_JSON } from '#server/your-data/import-archive.ts'
import type { MeSummary } from '#shared/api/me.ts'
import type { ReadyList } from '#shared/api/reminders.ts'
import type { AccountInfo } from '#shared/api/account.ts'
import type { ConnectedAppList } from '#shared/api/connected-apps.ts'
import { JOURNAL_PAGE_MAX } from '#shared/api/journal.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import type { McpToolName } from '#shared/api/mcp-tools.ts'
import { connectMcp, TestMcpTokens } from '#tests/support/mcp-test-client.ts'
import { blendBody, createBlend, versionBody } from '#tests/support/blend-fixtures.ts'
import { mcpAccessToken } from '#tests/support/mcp-oauth.ts'
import { bearer, createUser, injectAs, ENGINES, type TestAppHandle, type TestUser } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/**
 * Cross-user isolation. Every route under /api that needs a signed-in user has a case here;
 * the first test fails when a new endpoint has none, and the second when a route is public
 * without being on the reviewed list below. Id routes: user B gets 404 for user A's objects
 * and A's data is unchanged. Lists: each user sees only their own rows, also when B filters
 * by one of A's ids.
 */

/**
 * Every route reachable without signing in, each reviewed: a route marked { public: true } that is
 * not here fails the suite, so making a route public is a decision someone wrote down.
 */
const REVIEWED_PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/auth-config': 'the sign-in page needs it before anyone signs in; it says only whether Google sign-in is on',
  'GET /api/health': 'the load balancer and uptime checks probe it without an account; it reports status, no user data',
  'GET /api/essential-oils': 'the oil catalog is the same for everyone and shown on public pages; it holds no user data',
  'GET /api/allergens': 'the EU fragrance-allergen list is regulation as data, the same for everyone; it holds no user data',
  'GET /api/auth/*': 'better-auth endpoints (session, token, callbacks): they check the session cookie themselves',
  'POST /api/auth/*': 'better-auth endpoints (sign-up, sign-in, reset, sign-out): they must work signed out and check themselves',
  'OPTIONS /api/auth/oauth2/register':
    'the CORS preflight of client registration for browser-based MCP clients: headers only, no user data',
  'OPTIONS /api/auth/oauth2/token': 'the CORS preflight of the token exchange: headers only',
  'OPTIONS /api/auth/oauth2/revoke': 'the CORS preflight of token revocation: headers only',
  'POST /api/redeem': 'a book buyer redeems before having an account; limited per IP and stores only the claim',
  'GET /api/openapi.json': 'the published API contract: route shapes only, built at start, no user data',
  'GET /.well-known/oauth-protected-resource':
    'OAuth discovery (RFC 9728) for AI assistants: addresses and scope names only, built from PUBLIC_URL (decision 046)',
  'OPTIONS /.well-known/oauth-protected-resource': 'the CORS preflight of that document, for browser-based MCP clients',
  'GET /.well-known/oauth-protected-resource/mcp': 'the same document at the path MCP clients probe for /mcp',
  'OPTIONS /.well-known/oauth-protected-resource/mcp': 'its CORS preflight',
  'GET /.well-known/oauth-authorization-server': 'OAuth authorisation server metadata (RFC 8414): endpoints and capabilities, no user data',
  'OPTIONS /.well-known/oauth-authorization-server': 'its CORS preflight',
  'GET /.well-known/oauth-authorization-server/mcp': 'the same metadata where clients that append the resource path look',
  'OPTIONS /.well-known/oauth-authorization-server/mcp': 'its CORS preflight',
  'GET /api/shared/:token':
    'a share link is read by whoever holds it, signed out too; it shows only what the owner chose, names no id, and is limited per IP',
}
type Ctx = {
  t: TestAppHandle
  a: TestUser
  b: TestUser
  oils: Record<string, EssentialOil>
  /** What seedFor gave each user. */
  data: Map<
    TestUser,
    { blend: SavedBlend & { version: BlendVersion }; entryId: number; bottleId: number; batchId: number; documentId: number }
  >
}

const get = async (ctx: Ctx, url: string, user: TestUser) => {
  const res = await ctx.t.app.inject({ method: 'GET', url, headers: bearer(user.token) })
  expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200)
  return res.json() as unknown
}

/** Gives a user some data through the API; each issue that adds an owned entity extends it. */
async function seedFor(ctx: Ctx, user: TestUser): Promise<void> {
  const blend = await createBlend(ctx.t, user, blendBody(ctx.oils, { name: `Shared Name` }))
  await createBlend(ctx.t, user, blendBody(ctx.oils, { name: `Only ${user.name}` }))
  const entry = await send(ctx, 'POST', '/api/journal-entries', user, { versionId: blend.version.id, notes: 'mine', rating: 3 })
  // The shelf: the same currency (so B may import A's export), a bottle of a different oil each, and a batch made.
  expect((await send(ctx, 'PUT', '/api/me/settings', user, { currency: 'EUR' })).statusCode).toBe(200)
  const oil = ctx.oils[user === ctx.a ? 'Lavender' : 'Lemon']!
  const bottle = await send(ctx, 'POST', '/api/shelf/bottles', user, { oilId: oil.id, unit: 'mL', size: 100, price: 12 })
  expect(bottle.statusCode, bottle.body).toBe(201)
  const batch = await send(ctx, 'POST', `/api/blends/${blend.id}/batches`, user, BATCH)
  expect(batch.statusCode, batch.body).toBe(201)
  // Its allergen declaration and the batch's saved label.
  const declared = await send(ctx, 'PUT', `/api/shelf/bottles/${bottle.json().id}/declaration`, user, {
    basis: 'w/w',
    items: [{ entryId: 'linalool', percent: 30 }],
  })
  expect(declared.statusCode, declared.body).toBe(200)
  // Its IFRA certificate (decision 070).
  const certified = await send(ctx, 'PUT', `/api/shelf/bottles/${bottle.json().id}/ifra-certificate`, user, {
    amendment: '51st',
    limits: [{ category: '5A', limit: 0.61 }],
  })
  expect(certified.statusCode, certified.body).toBe(200)
  const label = await send(ctx, 'PUT', `/api/blends/${blend.id}/batches/${batch.json().id}/label`, user, { productType: 'lotion' })
  expect(label.statusCode, label.body).toBe(200)
  // A document on the bottle (decision 080).
  const document = await uploadDocument(ctx, user, bottle.json().id)
  expect(document.statusCode, document.body).toBe(201)
  ctx.data.set(user, {
    blend,
    entryId: (entry.json() as { id: number }).id,
    bottleId: bottle.json().id,
    batchId: batch.json().id,
    documentId: document.json().id,
  })
}

/** A user's export, an archive once they keep a document (decision 084): its JSON and its files by name. */
async function exportArchiveOf(ctx: Ctx, user: TestUser) {
  const res = await send(ctx, 'GET', '/api/export', user)
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toBe('application/zip')
  const files = unzipSync(new Uint8Array(res.rawPayload))
  return { files, file: JSON.parse(Buffer.from(files[ARCHIVE_JSON]!).toString('utf8')) as ExportFile }
}

const send = (ctx: Ctx, method: string, url: string, user: TestUser, payload?: object) => injectAs(ctx.t, user, method, url, payload)

/** A PDF attached to a bottle as `user` (the file is the raw body). */
const uploadDocument = (ctx: Ctx, user: TestUser, bottleId: number) =>
  ctx.t.app.inject({
    method: 'POST',
    url: `/api/shelf/bottles/${bottleId}/documents?kind=safety-data-sheet&name=sds.pdf`,
    headers: { ...bearer(user.token), 'content-type': 'application/octet-stream' },
    payload: Buffer.from(`%PDF-1.4\n% ${user.name}\n%%EOF\n`),
  })

const BATCH = { madeOn: '2026-11-20', productType: 'Candle', weight: 200, unit: 'g', oilPercentage: 5 }

/** A's projects, test entries, shelf and batches exactly as A sees them: compared before and after B's attempt. */
const snapshotA = async (ctx: Ctx) => [
  await get(ctx, '/api/blend-projects', ctx.a),
  await get(ctx, '/api/journal-entries', ctx.a),
  await get(ctx, '/api/shelf/bottles?limit=200', ctx.a),
  await get(ctx, '/api/me/settings', ctx.a),
  await get(ctx, `/api/blends/${aBlend(ctx).id}/batches`, ctx.a),
  await get(ctx, `/api/shelf/bottles/${ctx.data.get(ctx.a)!.bottleId}/declaration`, ctx.a),
  await get(ctx, `/api/blends/${aBlend(ctx).id}/batches/${ctx.data.get(ctx.a)!.batchId}/label`, ctx.a),
  await get(ctx, `/api/shelf/bottles/${ctx.data.get(ctx.a)!.bottleId}/ifra-certificate`, ctx.a),
  await get(ctx, `/api/shelf/bottles/${ctx.data.get(ctx.a)!.bottleId}/documents`, ctx.a),
]

/** B tries A's object by id: 404 in the error shape, and A's data is unchanged. */
async function expectNotFoundForB(ctx: Ctx, method: string, url: string, payload?: object) {
  const before = await snapshotA(ctx)
  const res = await send(ctx, method, url, ctx.b, payload)
  expect(res.statusCode, `${method} ${url} by another user: ${res.body}`).toBe(404)
  expect(res.json().error.code).toBe('NOT_FOUND')
  expect(await snapshotA(ctx)).toEqual(before)
}

const aBlend = (ctx: Ctx) => ctx.data.get(ctx.a)!.blend

/** A new share link of A's blend, made by A: its token. */
const shareOfA = async (ctx: Ctx) => {
  const res = await send(ctx, 'POST', `/api/blends/${aBlend(ctx).id}/shares`, ctx.a, {})
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { token: string }).token
}
const sharesOfA = (ctx: Ctx) => get(ctx, `/api/blends/${aBlend(ctx).id}/shares`, ctx.a)

/** B filters a list by something of A's: an empty list (or page), or 404 in the error shape; A's data unchanged. */
async function expectEmptyOrNotFoundForB(ctx: Ctx, url: string) {
  const before = await snapshotA(ctx)
  const res = await send(ctx, 'GET', url, ctx.b)
  if (res.statusCode === 404) expect(res.json().error.code, `GET ${url} by another user`).toBe('NOT_FOUND')
  else {
    expect(res.statusCode, `GET ${url} by another user: ${res.body}`).toBe(200)
    const body = res.json() as unknown
    expect(Array.isArray(body) ? body : (body as BlendListPage).items, `GET ${url} by another user`).toEqual([])
  }
  expect(await snapshotA(ctx)).toEqual(before)
}

/** The ids of a list: an array, or a page's items. */
const ids = (list: unknown) => (Array.isArray(list) ? list : (list as BlendListPage).items).map((x: { id: number }) => x.id)

const CASES: Record<string, (ctx: Ctx) => Promise<void>> = {
  'GET /api/blends': async (ctx) => {
    const [mineA, mineB] = [await get(ctx, '/api/blends', ctx.a), await get(ctx, '/api/blends', ctx.b)]
    expect(ids(mineA)).toHaveLength(2)
    expect(ids(mineB)).toHaveLength(2)
    expect(ids(mineA).filter((id) => ids(mineB).includes(id))).toEqual([])
    expect((mineB as BlendListPage).items.map((b) => b.name)).not.toContain(`Only ${ctx.a.name}`)
    expect((mineB as BlendListPage).counts.all).toBe(2)
  },
  'GET /api/blends/:id': async (ctx) => {
    // A sees their blend; B gets 404 for it, as for one that does not exist.
    expect(((await get(ctx, `/api/blends/${aBlend(ctx).id}`, ctx.a)) as BlendDetail).entries.map((e) => e.id)).toEqual([
      ctx.data.get(ctx.a)!.entryId,
    ])
    await expectNotFoundForB(ctx, 'GET', `/api/blends/${aBlend(ctx).id}`)
  },
  'GET /api/blends/:id/compare': async (ctx) => {
    const [mine, theirs] = [aBlend(ctx), ctx.data.get(ctx.b)!.blend]
    const url = (blendId: number, a: string, b: string) => `/api/blends/${blendId}/compare?a=${a}&b=${b}`
    expect(((await get(ctx, url(mine.id, 'a', String(mine.version.id)), ctx.a)) as BlendComparison).a.testCount).toBe(1)
    // B: A's blend is not found, and neither is A's version asked for through B's own blend.
    await expectNotFoundForB(ctx, 'GET', url(mine.id, 'a', 'a'))
    await expectNotFoundForB(ctx, 'GET', url(theirs.id, 'a', String(mine.version.id)))
    expect(((await get(ctx, url(theirs.id, 'a', String(theirs.version.id)), ctx.b)) as BlendComparison).blend.id).toBe(theirs.id)
  },
  'GET /api/blends/save-preview': async (ctx) => {
    // The name both use is B's own blend to B; A's other blend's name is a new blend to B.
    const shared = (await get(ctx, '/api/blends/save-preview?name=Shared%20Name', ctx.b)) as SavePreview
    expect(shared).toMatchObject({ outcome: 'versioned', blend: { id: ctx.data.get(ctx.b)!.blend.id } })
    const onlyA = (await get(ctx, `/api/blends/save-preview?name=${encodeURIComponent(`Only ${ctx.a.name}`)}`, ctx.b)) as SavePreview
    expect(onlyA).toMatchObject({ outcome: 'created', blend: null })
  },
  'GET /api/blends/details': async (ctx) => {
    // A gets their blend; B asking for A's id (with one of their own) gets only their own.
    const url = (user: TestUser) => `/api/blends/details?ids=${aBlend(ctx).id},${ctx.data.get(user)!.blend.id}`
    const before = await snapshotA(ctx)
    expect(((await get(ctx, url(ctx.a), ctx.a)) as BlendDetails).items.map((b) => b.id)).toEqual([aBlend(ctx).id])
    const forB = (await get(ctx, url(ctx.b), ctx.b)) as BlendDetails
    expect(forB.items.map((b) => b.id)).toEqual([ctx.data.get(ctx.b)!.blend.id])
    expect(JSON.stringify(forB)).not.toContain(`Only ${ctx.a.name}`)
    expect(await snapshotA(ctx)).toEqual(before)
  },
  'GET /api/me/summary': async (ctx) => {
    const [a, b] = [(await get(ctx, '/api/me/summary', ctx.a)) as MeSummary, (await get(ctx, '/api/me/summary', ctx.b)) as MeSummary]
    expect(ids(a.recent)).toContain(aBlend(ctx).id)
    expect(ids(a.recent).filter((id) => ids(b.recent).includes(id))).toEqual([])
    expect(b.recent.map((x) => x.name)).not.toContain(`Only ${ctx.a.name}`)
  },
  'POST /api/blends': async (ctx) => {
    const before = await snapshotA(ctx)
    // B saving a name that A also uses makes a version of B's own blend, never of A's.
    const res = await send(ctx, 'POST', '/api/blends', ctx.b, blendBody(ctx.oils, { name: 'Shared Name' }))
    expect(res.statusCode).toBe(201)
    expect(res.json().id).not.toBe(aBlend(ctx).id)
    expect(await snapshotA(ctx)).toEqual(before)
  },
  'PATCH /api/blends/:id': (ctx) => expectNotFoundForB(ctx, 'PATCH', `/api/blends/${aBlend(ctx).id}`, { name: 'Stolen' }),
  'DELETE /api/blends/:id': (ctx) => expectNotFoundForB(ctx, 'DELETE', `/api/blends/${aBlend(ctx).id}`),
  'POST /api/blends/:id/restore': async (ctx) => {
    // A deletes a blend; B cannot restore it (nor A's live one); A can, within the window.
    const gone = await createBlend(ctx.t, ctx.a, blendBody(ctx.oils, { name: 'Deleted by A' }))
    expect((await send(ctx, 'DELETE', `/api/blends/${gone.id}`, ctx.a)).statusCode).toBe(204)
    await expectNotFoundForB(ctx, 'POST', `/api/blends/${gone.id}/restore`)
    await expectNotFoundForB(ctx, 'POST', `/api/blends/${aBlend(ctx).id}/restore`)
    expect(ids(await get(ctx, '/api/blends', ctx.b))).not.toContain(gone.id)
    expect((await send(ctx, 'POST', `/api/blends/${gone.id}/restore`, ctx.a)).statusCode).toBe(204)
    expect(ids(await get(ctx, '/api/blends', ctx.a))).toContain(gone.id)
    expect((await send(ctx, 'DELETE', `/api/blends/${gone.id}`, ctx.a)).statusCode).toBe(204)
  },
  'GET /api/blend-projects': async (ctx) => {
    const [a, b] = [await get(ctx, '/api/blend-projects', ctx.a), await get(ctx, '/api/blend-projects', ctx.b)]
    expect(ids(a).filter((id) => ids(b).includes(id))).toEqual([])
    const versionsOf = (list: unknown) => (list as BlendProject[]).flatMap((p) => p.versions.map((v) => v.id))
    expect(versionsOf(a).filter((id) => versionsOf(b).includes(id))).toEqual([])
  },
  'POST /api/blend-projects': async (ctx) => {
    const before = await snapshotA(ctx)
    const res = await send(ctx, 'POST', '/api/blend-projects', ctx.b, { name: 'B project', description: null })
    expect(res.statusCode).toBe(201)
    expect(await snapshotA(ctx)).toEqual(before)
  },
  'POST /api/blend-versions': (ctx) => expectNotFoundForB(ctx, 'POST', '/api/blend-versions', versionBody(ctx.oils, aBlend(ctx).id)),
  "POST /api/blend-versions with another user's version as an accord": async (ctx) => {
    // B's blend, A's version as its accord: 404 naming the field, as for an id nobody has, and nothing written.
    const mine = await createBlend(ctx.t, ctx.b, blendBody(ctx.oils, { name: 'B with an accord' }))
    const body = versionBody(ctx.oils, mine.id, {
      middleOils: [{ id: ctx.oils.Lavender!.id, name: 'Lavender', percentage: 20 }],
      accords: [{ layer: 'middle', versionId: aBlend(ctx).version.id, percentage: 30 }],
    })
    await expectNotFoundForB(ctx, 'POST', '/api/blend-versions', body)
    const wizard = { ...blendBody(ctx.oils, { name: 'B wizard' }), middleNote: undefined, middleAccord: aBlend(ctx).version.id }
    await expectNotFoundForB(ctx, 'POST', '/api/blends', wizard)
    expect(ids(await get(ctx, '/api/blends', ctx.b))).not.toContain(aBlend(ctx).id)
  },
  'POST /api/blends/:id/versions/:versionId/follow-accords': (ctx) =>
    expectNotFoundForB(ctx, 'POST', `/api/blends/${aBlend(ctx).id}/versions/${aBlend(ctx).version.id}/follow-accords`),
  'GET /api/blends/:id/accord-uses': (ctx) => expectNotFoundForB(ctx, 'GET', `/api/blends/${aBlend(ctx).id}/accord-uses`),
  'PATCH /api/blend-versions/:id': (ctx) =>
    expectNotFoundForB(ctx, 'PATCH', `/api/blend-versions/${aBlend(ctx).version.id}`, { formulationNotes: 'Stolen' }),
  'POST /api/blends/:id/versions/:versionId/compliance': (ctx) =>
    expectNotFoundForB(ctx, 'POST', `/api/blends/${aBlend(ctx).id}/versions/${aBlend(ctx).version.id}/compliance`, {
      productType: 'lotion',
      productPercentage: 2,
    }),
  'POST /api/blends/:id/versions/:versionId/compliance/save': (ctx) =>
    expectNotFoundForB(ctx, 'POST', `/api/blends/${aBlend(ctx).id}/versions/${aBlend(ctx).version.id}/compliance/save`, {
      productType: 'lotion',
      productPercentage: 2,
    }),
  'GET /api/journal-entries': async (ctx) => {
    const [a, b] = [await get(ctx, '/api/journal-entries', ctx.a), await get(ctx, '/api/journal-entries', ctx.b)]
    expect(ids(a)).toContain(ctx.data.get(ctx.a)!.entryId)
    expect(ids(a).filter((id) => ids(b).includes(id))).toEqual([])
  },
  "GET /api/journal-entries?projectId= of another user's project": async (ctx) => {
    const url = `/api/journal-entries?projectId=${aBlend(ctx).id}`
    // The filter finds A's entry for A, so an empty answer for B is the isolation, not an empty project.
    expect(ids(await get(ctx, url, ctx.a))).toEqual([ctx.data.get(ctx.a)!.entryId])
    await expectEmptyOrNotFoundForB(ctx, url)
    await expectEmptyOrNotFoundForB(ctx, `${url}&after=0&limit=${JOURNAL_PAGE_MAX}`)
  },
  "GET /api/blends?q= for another user's blend name": async (ctx) => {
    const url = `/api/blends?q=${encodeURIComponent(`Only ${ctx.a.name}`)}`
    expect(((await get(ctx, url, ctx.a)) as BlendListPage).items).toHaveLength(1)
    await expectEmptyOrNotFoundForB(ctx, url)
    await expectEmptyOrNotFoundForB(ctx, `${url}&sort=name&status=tested`)
  },
  'POST /api/journal-entries': (ctx) =>
    expectNotFoundForB(ctx, 'POST', '/api/journal-entries', { versionId: aBlend(ctx).version.id, notes: 'not yours' }),
  'PATCH /api/journal-entries/:id': (ctx) =>
    expectNotFoundForB(ctx, 'PATCH', `/api/journal-entries/${ctx.data.get(ctx.a)!.entryId}`, { rating: 1 }),
  // A test of B's own blend may not name A's batch (decision 036): 404, on create and on change.
  "POST /api/journal-entries with another user's batchId": (ctx) =>
    expectNotFoundForB(ctx, 'POST', '/api/journal-entries', {
      versionId: ctx.data.get(ctx.b)!.blend.version.id,
      batchId: ctx.data.get(ctx.a)!.batchId,
    }),
  "PATCH /api/journal-entries/:id with another user's batchId": (ctx) =>
    expectNotFoundForB(ctx, 'PATCH', `/api/journal-entries/${ctx.data.get(ctx.b)!.entryId}`, { batchId: ctx.data.get(ctx.a)!.batchId }),
  'GET /api/blends/:id/shares': async (ctx) => {
    const link = await shareOfA(ctx)
    expect(
      ((await get(ctx, `/api/blends/${aBlend(ctx).id}/shares`, ctx.a)) as { items: { token: string }[] }).items.map((l) => l.token),
    ).toContain(link)
    await expectNotFoundForB(ctx, 'GET', `/api/blends/${aBlend(ctx).id}/shares`)
  },
  'POST /api/blends/:id/shares': async (ctx) => {
    const before = await sharesOfA(ctx)
    await expectNotFoundForB(ctx, 'POST', `/api/blends/${aBlend(ctx).id}/shares`, {})
    expect(await sharesOfA(ctx)).toEqual(before)
  },
  'DELETE /api/shares/:token': async (ctx) => {
    const link = await shareOfA(ctx)
    await expectNotFoundForB(ctx, 'DELETE', `/api/shares/${link}`)
    expect((await ctx.t.app.inject({ method: 'GET', url: `/api/shared/${link}` })).statusCode).toBe(200)
  },
  'POST /api/shares/:token/restore': async (ctx) => {
    const link = await shareOfA(ctx)
    expect((await send(ctx, 'DELETE', `/api/shares/${link}`, ctx.a)).statusCode).toBe(204)
    await expectNotFoundForB(ctx, 'POST', `/api/shares/${link}/restore`)
    expect((await ctx.t.app.inject({ method: 'GET', url: `/api/shared/${link}` })).statusCode).toBe(404)
    // A's own Undo still works: B's attempt took nothing.
    expect((await send(ctx, 'POST', `/api/shares/${link}/restore`, ctx.a)).statusCode).toBe(204)
    expect((await ctx.t.app.inject({ method: 'GET', url: `/api/shared/${link}` })).statusCode).toBe(200)
  },
  'POST /api/shared/:token/copy': async (ctx) => {
    // Copying is what a link is for: the copy is B's own blend, and A's journal and links are unchanged.
    const link = await shareOfA(ctx)
    const [before, links] = [await snapshotA(ctx), await sharesOfA(ctx)]
    const res = await send(ctx, 'POST', `/api/shared/${link}/copy`, ctx.b)
    expect(res.statusCode).toBe(201)
    expect(ids(await get(ctx, '/api/blends', ctx.b))).toContain(res.json().id)
    expect(ids(await get(ctx, '/api/blends', ctx.a))).not.toContain(res.json().id)
    expect(await snapshotA(ctx)).toEqual(before)
    expect(await sharesOfA(ctx)).toEqual(links)
  },
  'GET /api/export': async (ctx) => {
    // Each has a document, so each export is an archive (decision 084): the JSON and each maker's own files.
    const [archiveA, archiveB] = [await exportArchiveOf(ctx, ctx.a), await exportArchiveOf(ctx, ctx.b)]
    const [a, b] = [archiveA.file, archiveB.file]
    const everythingOfB = Buffer.concat(Object.values(archiveB.files).map((f) => Buffer.from(f)))
    expect(everythingOfB.includes(Buffer.from(`% ${ctx.b.name}`))).toBe(true)
    expect(everythingOfB.includes(Buffer.from(`% ${ctx.a.name}`))).toBe(false)
    expect(Object.keys(archiveB.files).filter((name) => archiveA.files[name])).toEqual([ARCHIVE_JSON])
    expect(a.blends.map((x) => x.name)).toContain(`Only ${ctx.a.name}`)
    expect(b.blends.map((x) => x.name)).not.toContain(`Only ${ctx.a.name}`)
    expect(b.profile.email).toBe(ctx.b.email)
    const kinds = (f: ExportFile) => [
      f.blends.map((x) => x.id),
      f.blends.flatMap((x) => x.versions.map((v) => v.id)),
      f.blends.flatMap((x) => x.testEntries.map((e) => e.id)),
    ]
    kinds(b).forEach((ids, kind) =>
      expect(
        ids.filter((id) => kinds(a)[kind]!.includes(id)),
        `shared ids of kind ${kind}`,
      ).toEqual([]),
    )
  },
  'GET /api/export/blends.csv': async (ctx) => {
    const res = await send(ctx, 'GET', '/api/export/blends.csv', ctx.b)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(`Only ${ctx.b.name}`)
    expect(res.body).not.toContain(`Only ${ctx.a.name}`)
  },
  'GET /api/export/test-entries.csv': async (ctx) => {
    const [a, b] = [
      await send(ctx, 'GET', '/api/export/test-entries.csv', ctx.a),
      await send(ctx, 'GET', '/api/export/test-entries.csv', ctx.b),
    ]
    // Header plus the one entry each user made (seedFor), never the other's.
    expect(a.body.trim().split('\n')).toHaveLength(2)
    expect(b.body.trim().split('\n')).toHaveLength(2)
  },
  'POST /api/import': async (ctx) => {
    // B imports A's own export: it lands in B's journal as B's new blends; A's rows are untouched.
    const archive = await send(ctx, 'GET', '/api/export', ctx.a)
    const before = await snapshotA(ctx)
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/import',
      headers: { ...bearer(ctx.b.token), 'content-type': 'application/zip' },
      payload: archive.rawPayload,
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().created.blends).toBe(2)
    expect(await snapshotA(ctx)).toEqual(before)
    const mine = (await get(ctx, `/api/blends?q=${encodeURIComponent(`Only ${ctx.a.name}`)}`, ctx.b)) as BlendListPage
    expect(mine.items.map((x) => x.id)).not.toContain(aBlend(ctx).id)
  },
  'POST /api/import/csv': async (ctx) => {
    const before = await snapshotA(ctx)
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/import/csv',
      headers: { ...bearer(ctx.b.token), 'content-type': 'text/csv' },
      payload: 'name,top,top %,middle,middle %,base,base %\nB sheet,Bergamot,30,Lavender,50,Atlas Cedarwood,20',
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(await snapshotA(ctx)).toEqual(before)
  },
  'GET /api/me/account': async (ctx) => {
    const [a, b] = [(await get(ctx, '/api/me/account', ctx.a)) as AccountInfo, (await get(ctx, '/api/me/account', ctx.b)) as AccountInfo]
    expect([a.email, a.name]).toEqual([ctx.a.email, ctx.a.name])
    expect([b.email, b.name]).toEqual([ctx.b.email, ctx.b.name])
  },
  'POST /api/me/delete': async (ctx) => {
    // B typing A's address deletes nothing: the confirmation is checked against B's own account.
    const before = await snapshotA(ctx)
    const res = await send(ctx, 'POST', '/api/me/delete', ctx.b, { confirmEmail: ctx.a.email })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('CONFIRM_EMAIL_MISMATCH')
    expect(await snapshotA(ctx)).toEqual(before)
    expect(((await get(ctx, '/api/me/account', ctx.b)) as AccountInfo).email).toBe(ctx.b.email)
  },
  'GET /api/me/connected-apps': async (ctx) => {
    const mine = await mcpAccessToken(ctx.t, ctx.a, ['journal:read'])
    const theirs = await mcpAccessToken(ctx.t, ctx.b, ['shelf:read'])
    const [a, b] = [
      (await get(ctx, '/api/me/connected-apps', ctx.a)) as ConnectedAppList,
      (await get(ctx, '/api/me/connected-apps', ctx.b)) as ConnectedAppList,
    ]
    expect(a.items.map((i) => i.clientId)).toContain(mine.client.clientId)
    expect(a.items.map((i) => i.clientId)).not.toContain(theirs.client.clientId)
    expect(b.items.map((i) => i.clientId)).toContain(theirs.client.clientId)
    expect(b.items.map((i) => i.clientId)).not.toContain(mine.client.clientId)
  },
  'DELETE /api/me/connected-apps/:clientId': async (ctx) => {
    const mine = await mcpAccessToken(ctx.t, ctx.a, ['journal:read'])
    const listA = () => get(ctx, '/api/me/connected-apps', ctx.a)
    const before = await listA()
    await expectNotFoundForB(ctx, 'DELETE', `/api/me/connected-apps/${mine.client.clientId}`)
    expect(await listA()).toEqual(before)
  },
  'GET /api/me/settings': async (ctx) => {
    const res = await send(ctx, 'PUT', '/api/me/settings', ctx.b, { currency: 'GBP' })
    expect(res.statusCode).toBe(200)
    expect([await get(ctx, '/api/me/settings', ctx.a), await get(ctx, '/api/me/settings', ctx.b)]).toEqual([
      { currency: 'EUR', language: null },
      { currency: 'GBP', language: null },
    ])
    await send(ctx, 'PUT', '/api/me/settings', ctx.b, { currency: 'EUR' })
  },
  'PUT /api/me/settings': async (ctx) => {
    const before = await snapshotA(ctx)
    expect((await send(ctx, 'PUT', '/api/me/settings', ctx.b, { currency: 'JPY' })).statusCode).toBe(200)
    // The language (decision 088) is B's own too: A's settings do not move.
    expect((await send(ctx, 'PUT', '/api/me/settings', ctx.b, { language: 'de' })).statusCode).toBe(200)
    expect(await snapshotA(ctx)).toEqual(before)
    expect(await get(ctx, '/api/me/settings', ctx.a)).toEqual({ currency: 'EUR', language: null })
    await send(ctx, 'PUT', '/api/me/settings', ctx.b, { currency: 'EUR', language: null })
  },
  'GET /api/me/label-settings': async (ctx) => {
    const res = await send(ctx, 'PUT', '/api/me/label-settings', ctx.b, {
      batchCodePattern: 'B-{n}',
      responsibleName: 'B Maker',
      responsibleAddress: 'B street',
    })
    expect(res.statusCode).toBe(200)
    expect(await get(ctx, '/api/me/label-settings', ctx.a)).toEqual({
      batchCodePattern: '{YYMMDD}-{n}',
      responsibleName: null,
      responsibleAddress: null,
    })
    expect(await get(ctx, '/api/me/label-settings', ctx.b)).toMatchObject({ batchCodePattern: 'B-{n}', responsibleName: 'B Maker' })
    await send(ctx, 'PUT', '/api/me/label-settings', ctx.b, {
      batchCodePattern: '{YYMMDD}-{n}',
      responsibleName: null,
      responsibleAddress: null,
    })
  },
  'PUT /api/me/label-settings': async (ctx) => {
    const before = await snapshotA(ctx)
    expect(
      (await send(ctx, 'PUT', '/api/me/label-settings', ctx.b, { batchCodePattern: 'X{n}', responsibleName: 'B', responsibleAddress: 'B' }))
        .statusCode,
    ).toBe(200)
    expect(await snapshotA(ctx)).toEqual(before)
    expect(await get(ctx, '/api/me/label-settings', ctx.a)).toMatchObject({ batchCodePattern: '{YYMMDD}-{n}' })
    await send(ctx, 'PUT', '/api/me/label-settings', ctx.b, {
      batchCodePattern: '{YYMMDD}-{n}',
      responsibleName: null,
      responsibleAddress: null,
    })
  },
  'GET /api/shelf/oils': async (ctx) => {
    // B may have imported A's export (a copy of A's Lavender bottle, B's own row): A's summary is A's alone.
    const names = async (user: TestUser) =>
      ((await get(ctx, '/api/shelf/oils', user)) as { items: { oilName: string }[] }).items.map((o) => o.oilName)
    expect(await names(ctx.a)).toEqual(['Lavender'])
    expect(await names(ctx.b)).toContain('Lemon')
  },
  'GET /api/shelf/bottles': async (ctx) => {
    const [mineA, mineB] = [ctx.data.get(ctx.a)!.bottleId, ctx.data.get(ctx.b)!.bottleId]
    expect(ids(await get(ctx, '/api/shelf/bottles', ctx.a))).toEqual([mineA])
    expect(ids(await get(ctx, '/api/shelf/bottles', ctx.b))).toContain(mineB)
    expect(ids(await get(ctx, '/api/shelf/bottles', ctx.b))).not.toContain(mineA)
    // Filtered by the oil of A's bottle, B sees none of A's.
    expect(ids(await get(ctx, `/api/shelf/bottles?oilId=${ctx.oils.Lavender!.id}`, ctx.b))).not.toContain(mineA)
  },
  'POST /api/shelf/bottles': async (ctx) => {
    const before = await snapshotA(ctx)
    const res = await send(ctx, 'POST', '/api/shelf/bottles', ctx.b, { oilId: ctx.oils.Lavender!.id, unit: 'g', size: 5 })
    expect(res.statusCode).toBe(201)
    expect(await snapshotA(ctx)).toEqual(before)
    await send(ctx, 'DELETE', `/api/shelf/bottles/${res.json().id}`, ctx.b)
  },
  'PATCH /api/shelf/bottles/:id': (ctx) =>
    expectNotFoundForB(ctx, 'PATCH', `/api/shelf/bottles/${ctx.data.get(ctx.a)!.bottleId}`, { remaining: 1 }),
  'DELETE /api/shelf/bottles/:id': (ctx) => expectNotFoundForB(ctx, 'DELETE', `/api/shelf/bottles/${ctx.data.get(ctx.a)!.bottleId}`),
  'GET /api/blends/:id/batches': async (ctx) => {
    expect(ids(await get(ctx, `/api/blends/${aBlend(ctx).id}/batches`, ctx.a))).toEqual([ctx.data.get(ctx.a)!.batchId])
    await expectNotFoundForB(ctx, 'GET', `/api/blends/${aBlend(ctx).id}/batches`)
  },
  'POST /api/blends/:id/batches': async (ctx) => {
    await expectNotFoundForB(ctx, 'POST', `/api/blends/${aBlend(ctx).id}/batches`, BATCH)
    // B's own blend drawn from A's bottle (decision 090): 404 as an unknown bottle, A's shelf untouched.
    await expectNotFoundForB(ctx, 'POST', `/api/blends/${ctx.data.get(ctx.b)!.blend.id}/batches`, {
      ...BATCH,
      fromBottles: [{ oilId: ctx.oils.Lavender!.id, bottleId: ctx.data.get(ctx.a)!.bottleId }],
    })
  },
  'GET /api/shelf/bottles/:id/declaration': (ctx) =>
    expectNotFoundForB(ctx, 'GET', `/api/shelf/bottles/${ctx.data.get(ctx.a)!.bottleId}/declaration`),
  'PUT /api/shelf/bottles/:id/declaration': (ctx) =>
    expectNotFoundForB(ctx, 'PUT', `/api/shelf/bottles/${ctx.data.get(ctx.a)!.bottleId}/declaration`, {
      basis: 'w/w',
      items: [{ entryId: 'limonene', percent: 1 }],
    }),
  'DELETE /api/shelf/bottles/:id/declaration': (ctx) =>
    expectNotFoundForB(ctx, 'DELETE', `/api/shelf/bottles/${ctx.data.get(ctx.a)!.bottleId}/declaration`),
  'POST /api/labels/preview': (ctx) =>
    expectNotFoundForB(ctx, 'POST', '/api/labels/preview', {
      versionId: aBlend(ctx).version.id,
      productType: 'lotion',
      weight: 100,
      unit: 'g',
      oilPercentage: 2,
    }),
  'POST /api/labels/home-preview': (ctx) =>
    expectNotFoundForB(ctx, 'POST', '/api/labels/home-preview', {
      versionId: aBlend(ctx).version.id,
      productType: 'candles',
      weight: 100,
      unit: 'g',
      oilPercentage: 8,
    }),
  'GET /api/blends/:id/batches/:batchId/label': (ctx) =>
    expectNotFoundForB(ctx, 'GET', `/api/blends/${aBlend(ctx).id}/batches/${ctx.data.get(ctx.a)!.batchId}/label`),
  'PUT /api/blends/:id/batches/:batchId/label': (ctx) =>
    expectNotFoundForB(ctx, 'PUT', `/api/blends/${aBlend(ctx).id}/batches/${ctx.data.get(ctx.a)!.batchId}/label`, {
      productType: 'lotion',
      fragranceAs: 'parfum',
    }),
  'GET /api/shelf/bottles/:id/ifra-certificate': (ctx) =>
    expectNotFoundForB(ctx, 'GET', `/api/shelf/bottles/${ctx.data.get(ctx.a)!.bottleId}/ifra-certificate`),
  'PUT /api/shelf/bottles/:id/ifra-certificate': (ctx) =>
    expectNotFoundForB(ctx, 'PUT', `/api/shelf/bottles/${ctx.data.get(ctx.a)!.bottleId}/ifra-certificate`, {
      amendment: '51st',
      limits: [{ category: '5A', limit: 100 }],
    }),
  'DELETE /api/shelf/bottles/:id/ifra-certificate': (ctx) =>
    expectNotFoundForB(ctx, 'DELETE', `/api/shelf/bottles/${ctx.data.get(ctx.a)!.bottleId}/ifra-certificate`),
  'POST /api/shelf/bottles/:id/documents': async (ctx) => {
    const before = await snapshotA(ctx)
    const res = await uploadDocument(ctx, ctx.b, ctx.data.get(ctx.a)!.bottleId)
    expect(res.statusCode, res.body).toBe(404)
    expect(await snapshotA(ctx)).toEqual(before)
  },
  'GET /api/shelf/bottles/:id/documents': (ctx) =>
    expectNotFoundForB(ctx, 'GET', `/api/shelf/bottles/${ctx.data.get(ctx.a)!.bottleId}/documents`),
  'GET /api/documents/:id': (ctx) => expectNotFoundForB(ctx, 'GET', `/api/documents/${ctx.data.get(ctx.a)!.documentId}`),
  'DELETE /api/documents/:id': (ctx) => expectNotFoundForB(ctx, 'DELETE', `/api/documents/${ctx.data.get(ctx.a)!.documentId}`),
  'POST /api/ifra/check': (ctx) =>
    expectNotFoundForB(ctx, 'POST', '/api/ifra/check', {
      versionId: aBlend(ctx).version.id,
      productType: 'lotion',
      weight: 100,
      unit: 'g',
      oilPercentage: 2,
    }),
  'POST /api/assessor-pack': (ctx) =>
    expectNotFoundForB(ctx, 'POST', '/api/assessor-pack', {
      versionIds: [aBlend(ctx).version.id],
      productType: 'lotion',
      oilPercentage: 2,
    }),
  'DELETE /api/batches/:id': (ctx) => expectNotFoundForB(ctx, 'DELETE', `/api/batches/${ctx.data.get(ctx.a)!.batchId}`),
  // The trace look-ups (decision 081): A sees the lot's batch and the batch's lot; B gets 404 for both.
  'GET /api/shelf/bottles/:id/trace': async (ctx) => {
    const { bottleId, batchId } = ctx.data.get(ctx.a)!
    const mine = (await get(ctx, `/api/shelf/bottles/${bottleId}/trace`, ctx.a)) as { batches: { items: { batchId: number }[] } }
    expect(mine.batches.items.map((b) => b.batchId)).toContain(batchId)
    await expectNotFoundForB(ctx, 'GET', `/api/shelf/bottles/${bottleId}/trace`)
  },
  'GET /api/batches/:id': async (ctx) => {
    const { bottleId, batchId } = ctx.data.get(ctx.a)!
    const mine = (await get(ctx, `/api/batches/${batchId}`, ctx.a)) as { lots: { lot: { bottleId: number } | null }[] }
    expect(mine.lots.map((l) => l.lot?.bottleId)).toContain(bottleId)
    await expectNotFoundForB(ctx, 'GET', `/api/batches/${batchId}`)
  },
  'GET /api/me/ready': async (ctx) => {
    // Two new users, each with a version made long ago (ready): each sees their own, never the other's.
    const [a, b] = [await createUser(ctx.t), await createUser(ctx.t)]
    const readyOf = async (user: TestUser) => {
      const blend = await createBlend(ctx.t, user, blendBody(ctx.oils, { name: `Ready of ${user.name}` }))
      const version = await send(
        ctx,
        'POST',
        '/api/blend-versions',
        user,
        versionBody(ctx.oils, blend.id, { dateMade: '2020-01-01T00:00:00.000Z' }),
      )
      expect(version.statusCode).toBe(201)
      return blend.id
    }
    const [blendA, blendB] = [await readyOf(a), await readyOf(b)]
    const projects = async (user: TestUser) => ((await get(ctx, '/api/me/ready', user)) as ReadyList).items.map((i) => i.projectId)
    expect(await projects(a)).toEqual([blendA])
    expect(await projects(b)).toEqual([blendB])
  },
  'GET /api/me/reminders': async (ctx) => {
    await send(ctx, 'PUT', '/api/me/reminders', ctx.b, { email: true, push: false, timeZone: 'Asia/Tokyo' })
    expect(await get(ctx, '/api/me/reminders', ctx.a)).toMatchObject({ email: false, timeZone: 'UTC', pushDevices: 0 })
    expect(await get(ctx, '/api/me/reminders', ctx.b)).toMatchObject({ email: true, timeZone: 'Asia/Tokyo' })
  },
  'PUT /api/me/reminders': async (ctx) => {
    const before = [await snapshotA(ctx), await get(ctx, '/api/me/reminders', ctx.a), await get(ctx, '/api/me/ready', ctx.a)]
    expect((await send(ctx, 'PUT', '/api/me/reminders', ctx.b, { email: true, push: true, timeZone: 'Pacific/Auckland' })).statusCode).toBe(
      200,
    )
    expect([await snapshotA(ctx), await get(ctx, '/api/me/reminders', ctx.a), await get(ctx, '/api/me/ready', ctx.a)]).toEqual(before)
  },
  'POST /api/me/push-subscriptions': async (ctx) => {
    const keys = {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    }
    expect(
      (await send(ctx, 'POST', '/api/me/push-subscriptions', ctx.b, { endpoint: 'https://push.example.com/b-only', keys })).statusCode,
    ).toBe(201)
    expect(await get(ctx, '/api/me/reminders', ctx.a)).toMatchObject({ pushDevices: 0 })
    expect(await get(ctx, '/api/me/reminders', ctx.b)).toMatchObject({ pushDevices: 1 })
  },
  'DELETE /api/me/push-subscriptions': async (ctx) => {
    const keys = {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    }
    const endpoint = 'https://push.example.com/a-only'
    expect((await send(ctx, 'POST', '/api/me/push-subscriptions', ctx.a, { endpoint, keys })).statusCode).toBe(201)
    await expectNotFoundForB(ctx, 'DELETE', '/api/me/push-subscriptions', { endpoint })
    expect(await get(ctx, '/api/me/reminders', ctx.a)).toMatchObject({ pushDevices: 1 })
    expect((await send(ctx, 'DELETE', '/api/me/push-subscriptions', ctx.a, { endpoint })).statusCode).toBe(204)
  },
  'GET /api/next-reference-number': async (ctx) => {
    const fresh = await createUser(ctx.t)
    expect(await get(ctx, '/api/next-reference-number', fresh)).toEqual({ referenceNumber: '001a' })
  },
  // A maker's own ingredients (decision 068): A's is private to A, and to B an unknown oil id.
  'GET /api/ingredients': async (ctx) => {
    const mine = await ingredientOfA(ctx)
    const ofB = (await get(ctx, '/api/ingredients', ctx.b)) as { items: { id: number }[] }
    expect(ofB.items.map((i) => i.id)).not.toContain(mine.id)
    expect(((await get(ctx, '/api/ingredients', ctx.a)) as { items: { id: number }[] }).items.map((i) => i.id)).toContain(mine.id)
  },
  'POST /api/ingredients': async (ctx) => {
    const mine = await ingredientOfA(ctx)
    const before = await get(ctx, '/api/ingredients', ctx.a)
    // A's id as B's starting point is not an oil B knows; A's name is free for B to use.
    const based = await send(ctx, 'POST', '/api/ingredients', ctx.b, { name: 'Borrowed', basedOnOilId: mine.id })
    expect(based.statusCode, based.body).toBe(400)
    const same = await send(ctx, 'POST', '/api/ingredients', ctx.b, { name: mine.name, basedOnOilId: ctx.oils.Bergamot!.id })
    expect(same.statusCode, same.body).toBe(201)
    expect(same.json().id).not.toBe(mine.id)
    expect(await get(ctx, '/api/ingredients', ctx.a)).toEqual(before)
    // Nor can B name A's ingredient in a blend or a bottle.
    const blend = await send(ctx, 'POST', '/api/blends', ctx.b, blendBody(ctx.oils, { name: 'Borrowed oil', topNote: mine.id }))
    expect(blend.statusCode, blend.body).toBe(400)
    const bottle = await send(ctx, 'POST', '/api/shelf/bottles', ctx.b, { oilId: mine.id, unit: 'mL', size: 5 })
    expect(bottle.statusCode, bottle.body).toBe(400)
    expect((await send(ctx, 'DELETE', `/api/ingredients/${same.json().id}`, ctx.b)).statusCode).toBe(204)
  },
  'GET /api/ingredients/:id': async (ctx) => expectIngredientNotFoundForB(ctx, 'GET'),
  'PATCH /api/ingredients/:id': async (ctx) => expectIngredientNotFoundForB(ctx, 'PATCH', { name: 'Taken over' }),
  'DELETE /api/ingredients/:id': async (ctx) => expectIngredientNotFoundForB(ctx, 'DELETE'),
}

/** A's own ingredient, made once per context. */
const ingredientsOfA = new WeakMap<Ctx, Promise<{ id: number; name: string }>>()
function ingredientOfA(ctx: Ctx): Promise<{ id: number; name: string }> {
  let made = ingredientsOfA.get(ctx)
  if (!made) {
    made = send(ctx, 'POST', '/api/ingredients', ctx.a, {
      name: 'Bergamot FCF',
      basedOnOilId: ctx.oils.Bergamot!.id,
      safety: { phototoxic: false },
    }).then((res) => {
      expect(res.statusCode, res.body).toBe(201)
      return res.json() as { id: number; name: string }
    })
    ingredientsOfA.set(ctx, made)
  }
  return made
}

async function expectIngredientNotFoundForB(ctx: Ctx, method: string, payload?: object) {
  const mine = await ingredientOfA(ctx)
  const before = await get(ctx, `/api/ingredients/${mine.id}`, ctx.a)
  await expectNotFoundForB(ctx, method, `/api/ingredients/${mine.id}`, payload)
  expect(await get(ctx, `/api/ingredients/${mine.id}`, ctx.a)).toEqual(before)
}

/** A tool's answer to user B's client: its structured content, or its error text. */
type ToolAnswer = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> }
type McpCtx = Ctx & { mcp: Map<TestUser, Client> }
const callTool = async (ctx: McpCtx, who: TestUser, name: McpToolName, args: Record<string, unknown>) =>
  (await ctx.mcp.get(who)!.callTool({ name, arguments: args })) as ToolAnswer
const toolText = (answer: ToolAnswer) => answer.content.map((c) => c.text ?? '').join('\n')

/** B's assistant names A's object: a tool error saying it was not found, and A's data unchanged. */
async function expectToolNotFoundForB(ctx: McpCtx, name: McpToolName, args: Record<string, unknown>, words = /not found/i) {
  const before = await snapshotA(ctx)
  const answer = await callTool(ctx, ctx.b, name, args)
  expect(answer.isError, `${name} by another user's assistant: ${toolText(answer)}`).toBe(true)
  expect(toolText(answer)).toMatch(words)
  expect(answer.structuredContent).toBeUndefined()
  expect(await snapshotA(ctx)).toEqual(before)
}

const layer = (ctx: Ctx, name: string, percentage: number) => [{ id: ctx.oils[name]!.id, name, percentage }]

/**
 * Every MCP tool (docs/decisions/047-mcp-server.md) has a case: user B's assistant, with every
 * scope, never reaches user A's data. The suite lists the tools from the server itself, so a new
 * tool without a case here fails it.
 */
const MCP_CASES: Record<McpToolName, (ctx: McpCtx) => Promise<void>> = {
  search_blends: async (ctx) => {
    const page = (await callTool(ctx, ctx.b, 'search_blends', { query: `Only ${ctx.a.name}` })).structuredContent as BlendListPage
    expect(page.items).toEqual([])
    expect(page.counts.all).toBe(0)
    const all = (await callTool(ctx, ctx.b, 'search_blends', { limit: 50 })).structuredContent as BlendListPage
    expect(all.items.map((item) => item.name).sort()).toEqual([`Only ${ctx.b.name}`, 'Shared Name'])
    expect(all.items.map((item) => item.id)).not.toContain(aBlend(ctx).id)
  },
  get_blend: async (ctx) => {
    await expectToolNotFoundForB(ctx, 'get_blend', { blendId: aBlend(ctx).id })
    await expectToolNotFoundForB(ctx, 'get_blend', { blendId: aBlend(ctx).id, compare: ['a', 'a'] })
  },
  create_blend: async (ctx) => {
    // A's blend name and A's idempotency key: B gets a blend of B's own, never a version of A's or A's answer.
    const idempotencyKey = crypto.randomUUID()
    const body = { ...blendBody(ctx.oils, { name: `Only ${ctx.a.name}` }), idempotencyKey }
    const ofA = await callTool(ctx, ctx.a, 'create_blend', body)
    expect(ofA.structuredContent).toMatchObject({ outcome: 'versioned' })
    const before = await snapshotA(ctx)
    const ofB = await callTool(ctx, ctx.b, 'create_blend', body)
    expect(ofB.structuredContent).toMatchObject({ outcome: 'created', versionLetter: 'a' })
    expect(ofB.structuredContent!.blendId).not.toBe(ofA.structuredContent!.blendId)
    expect(await snapshotA(ctx)).toEqual(before)
  },
  add_version: async (ctx) => {
    const version = {
      topOils: layer(ctx, 'Bergamot', 30),
      middleOils: layer(ctx, 'Lavender', 50),
      baseOils: layer(ctx, 'Atlas Cedarwood', 20),
    }
    await expectToolNotFoundForB(ctx, 'add_version', { projectId: aBlend(ctx).id, ...version, idempotencyKey: crypto.randomUUID() })
  },
  add_test_entry: async (ctx) => {
    await expectToolNotFoundForB(ctx, 'add_test_entry', {
      versionId: aBlend(ctx).version.id,
      rating: 1,
      idempotencyKey: crypto.randomUUID(),
    })
  },
  list_shelf: async (ctx) => {
    const shelf = (await callTool(ctx, ctx.b, 'list_shelf', {})).structuredContent as {
      oils: { oilName: string }[]
      bottles: { id: number }[]
    }
    expect(shelf.oils.map((oil) => oil.oilName)).toEqual(['Lemon'])
    expect(shelf.bottles.map((bottle) => bottle.id)).toEqual([ctx.data.get(ctx.b)!.bottleId])
  },
  list_ingredients: async (ctx) => {
    const mine = await ingredientOfA(ctx)
    const ofB = (await callTool(ctx, ctx.b, 'list_ingredients', {})).structuredContent as { ingredients: { id: number }[] }
    expect(ofB.ingredients.map((i) => i.id)).not.toContain(mine.id)
    const ofA = (await callTool(ctx, ctx.a, 'list_ingredients', {})).structuredContent as { ingredients: { id: number }[] }
    expect(ofA.ingredients.map((i) => i.id)).toContain(mine.id)
    // B's assistant cannot name A's ingredient in a version either.
    const own = ctx.data.get(ctx.b)!.blend
    const version = {
      projectId: own.id,
      topOils: [{ id: mine.id, name: mine.name, percentage: 30 }],
      middleOils: layer(ctx, 'Lavender', 50),
      baseOils: layer(ctx, 'Atlas Cedarwood', 20),
      idempotencyKey: crypto.randomUUID(),
    }
    const refused = await callTool(ctx, ctx.b, 'add_version', version)
    expect(refused.isError).toBe(true)
    expect(toolText(refused)).toContain(`Unknown oil id ${mine.id}`)
  },
  calculate_batch: async (ctx) => {
    await expectToolNotFoundForB(ctx, 'calculate_batch', { blendId: aBlend(ctx).id, weight: 100, unit: 'g', oilPercentage: 2 })
    // B's own blend is priced from B's shelf only: A's lavender bottle is not B's.
    const own = ctx.data.get(ctx.b)!.blend
    const batch = (await callTool(ctx, ctx.b, 'calculate_batch', { blendId: own.id, weight: 100, unit: 'g', oilPercentage: 2 }))
      .structuredContent as {
      cost: { oils: { name: string; cost: number | null }[] }
    }
    expect(batch.cost.oils.find((oil) => oil.name === 'Lavender')?.cost).toBeNull()
  },
  add_bottle: async (ctx) => {
    // A's idempotency key: B gets a bottle of B's own, never A's answer, and A's shelf is unchanged.
    const body = { oilId: ctx.oils.Lavender!.id, unit: 'mL', size: 10, lotCode: 'A-LOT', idempotencyKey: crypto.randomUUID() }
    const ofA = await callTool(ctx, ctx.a, 'add_bottle', body)
    const before = await snapshotA(ctx)
    const ofB = await callTool(ctx, ctx.b, 'add_bottle', body)
    expect(ofB.isError).toBeFalsy()
    expect(ofB.structuredContent!.id).not.toBe(ofA.structuredContent!.id)
    expect(await snapshotA(ctx)).toEqual(before)
    const shelfOfB = (await get(ctx, '/api/shelf/bottles?limit=200', ctx.b)) as { items: { id: number }[] }
    expect(shelfOfB.items.map((bottle) => bottle.id)).toContain(ofB.structuredContent!.id)
  },
  // The recall look-ups (decision 081): A's assistant traces A's lot and batch; B's is told they are not found.
  trace_lot: async (ctx) => {
    const { bottleId, batchId } = ctx.data.get(ctx.a)!
    const mine = (await callTool(ctx, ctx.a, 'trace_lot', { bottleId })).structuredContent as { batches: { items: { batchId: number }[] } }
    expect(mine.batches.items.map((b) => b.batchId)).toContain(batchId)
    await expectToolNotFoundForB(ctx, 'trace_lot', { bottleId })
  },
  trace_batch: async (ctx) => {
    const { bottleId, batchId } = ctx.data.get(ctx.a)!
    const mine = (await callTool(ctx, ctx.a, 'trace_batch', { batchId })).structuredContent as {
      lots: { lot: { bottleId: number } | null }[]
    }
    expect(mine.lots.map((l) => l.lot?.bottleId)).toContain(bottleId)
    await expectToolNotFoundForB(ctx, 'trace_batch', { batchId })
  },
  // The assessor pack (decision 086): A's assistant reads A's pack; B's is told A's version is not found, alone or beside B's own.
  assessor_pack: async (ctx) => {
    const ask = { productType: 'lotion', oilPercentage: 2 }
    const mine = (await callTool(ctx, ctx.a, 'assessor_pack', { versionIds: [aBlend(ctx).version.id], ...ask })).structuredContent as {
      variants: { versionId: number }[]
    }
    expect(mine.variants.map((v) => v.versionId)).toEqual([aBlend(ctx).version.id])
    // The route's NOT_FOUND refusal, in its words.
    const notMine = /not one of your blends/
    await expectToolNotFoundForB(ctx, 'assessor_pack', { versionIds: [aBlend(ctx).version.id], ...ask }, notMine)
    const own = ctx.data.get(ctx.b)!.blend
    await expectToolNotFoundForB(ctx, 'assessor_pack', { versionIds: [own.version.id, aBlend(ctx).version.id], ...ask }, notMine)
  },
  propose_compliant_version: async (ctx) => {
    const ask = { productType: 'lotion', productPercentage: 2 }
    await expectToolNotFoundForB(ctx, 'propose_compliant_version', { blendId: aBlend(ctx).id, versionId: aBlend(ctx).version.id, ...ask })
    // A's version under B's own blend id is not found either.
    const own = ctx.data.get(ctx.b)!.blend
    await expectToolNotFoundForB(ctx, 'propose_compliant_version', { blendId: own.id, versionId: aBlend(ctx).version.id, ...ask })
  },
  save_compliant_version: async (ctx) => {
    const ask = { productType: 'lotion', productPercentage: 2, idempotencyKey: crypto.randomUUID() }
    await expectToolNotFoundForB(ctx, 'save_compliant_version', { blendId: aBlend(ctx).id, versionId: aBlend(ctx).version.id, ...ask })
  },
  share_blend: async (ctx) => {
    const before = await sharesOfA(ctx)
    await expectToolNotFoundForB(ctx, 'share_blend', { blendId: aBlend(ctx).id, idempotencyKey: crypto.randomUUID() })
    expect(await sharesOfA(ctx)).toEqual(before)
  },
}

describe.each(ENGINES)('cross-user isolation on %s', (engine) => {
  let ctx: Ctx
  let t: TestAppHandle
  let oils: Record<string, EssentialOil>
  // A push subject, so push subscriptions are on (decision 038).
  // The MCP server with the test-only token table (tests/support/mcp-test-client.ts).
  const tokens = new TestMcpTokens()
  useTestApp(engine, (c) => ({ t, oils } = c), { VAPID_SUBJECT: 'mailto:push@example.com' }, { mcpAuthenticator: tokens.authenticate })
  beforeAll(async () => {
    // Names that do not contain each other, so a search for one user's blend name finds none of the other's.
    const [a, b] = [await createUser(t, { name: 'Ada Alder' }), await createUser(t, { name: 'Bea Birch' })]
    ctx = { t, a, b, oils, data: new Map() }
    await seedFor(ctx, a)
    await seedFor(ctx, b)
  })

  it('has a case for every route that needs a signed-in user', () => {
    const guarded = ctx.t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && !r.public).map((r) => `${r.method} ${r.url}`)
    expect(guarded.length).toBeGreaterThan(0)
    expect(
      guarded.filter((key) => !(key in CASES)),
      'routes without an isolation case',
    ).toEqual([])
  })

  it('has no public route that is not on the reviewed list', () => {
    const open = ctx.t.app.registeredRoutes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`)
    expect(
      open.filter((key) => !(key in REVIEWED_PUBLIC_ROUTES)),
      'public routes nobody reviewed',
    ).toEqual([])
    // And the list stays true: an entry for a route that is gone or no longer public is removed.
    expect(
      Object.keys(REVIEWED_PUBLIC_ROUTES).filter((key) => !open.includes(key)),
      'reviewed routes that are not public',
    ).toEqual([])
  })

  it.each(Object.keys(CASES))('%s keeps users apart', async (key) => {
    await CASES[key]!(ctx)
  })

  it('answers 401 on every guarded route without a token', async () => {
    for (const r of ctx.t.app.registeredRoutes.filter((x) => x.url.startsWith('/api/') && !x.public)) {
      const url = r.url.replace(/:(\w+)/g, '1')
      const res = await ctx.t.app.inject({ method: r.method as 'GET', url, headers: { origin: ctx.t.config.publicUrl } })
      expect(res.statusCode, `${r.method} ${url}`).toBe(401)
      expect(res.json().error.code).toBe('UNAUTHENTICATED')
    }
  })

  // Last: the tools write (create_blend), which the route cases above do not expect.
  describe('through the MCP tools', () => {
    let mcpCtx: McpCtx
    beforeAll(async () => {
      const base = await t.app.listen({ host: '127.0.0.1', port: 0 })
      // Two makers of their own: the route cases above moved data between A and B (an import).
      const [a, b] = [await createUser(t, { name: 'Cara Cedar' }), await createUser(t, { name: 'Dov Dune' })]
      const mcp = new Map<TestUser, Client>()
      for (const user of [a, b]) mcp.set(user, await connectMcp(base, tokens.issue(user.userId)))
      mcpCtx = { t, a, b, oils, data: new Map(), mcp }
      await seedFor(mcpCtx, a)
      await seedFor(mcpCtx, b)
    })
    afterAll(async () => {
      await Promise.all([...(mcpCtx?.mcp.values() ?? [])].map((client) => client.close()))
    })

    it('has a case for every tool the MCP server lists', async () => {
      const { tools } = await mcpCtx.mcp.get(mcpCtx.a)!.listTools()
      expect(tools.length).toBeGreaterThan(0)
      expect(
        tools.map((tool) => tool.name).filter((name) => !(name in MCP_CASES)),
        'MCP tools without an isolation case',
      ).toEqual([])
    })

    it.each(Object.keys(MCP_CASES) as McpToolName[])('%s keeps users apart', async (name) => {
      await MCP_CASES[name](mcpCtx)
    })
  })
})
