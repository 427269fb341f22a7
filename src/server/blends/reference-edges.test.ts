import { describe, expect, it } from 'vitest'
import type { BlendListPage } from '#shared/api/blend-list.ts'
import type { BlendProject, BlendVersion } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { blendBody, createBlend, versionBody } from '#tests/support/blend-fixtures.ts'
import { createUser, ENGINES, injectAs, type TestAppHandle } from '#tests/support/test-db.ts'
import { useTestApp } from '#tests/support/use-test-app.ts'

/** References and letters at the edges users reach after months of work, through the API. */
describe.each(ENGINES)('references at their edges on %s', (engine) => {
  let t: TestAppHandle, oils: Record<string, EssentialOil>
  useTestApp(engine, (ctx) => ({ t, oils } = ctx))

  it('gives the 27th version of a blend the letter aa (reference 001aa), listed after 001z', async () => {
    const me = await createUser(t)
    const blend = await createBlend(t, me, blendBody(oils, { name: 'Long Road' }))
    const letters = [blend.version.versionLetter]
    for (let i = 1; i < 27; i++) {
      const res = await injectAs(t, me, 'POST', '/api/blend-versions', versionBody(oils, blend.id))
      expect(res.statusCode).toBe(201)
      letters.push((res.json() as BlendVersion).versionLetter)
    }
    expect(letters.slice(-3)).toEqual(['y', 'z', 'aa'])
    const projects = (await injectAs(t, me, 'GET', '/api/blend-projects')).json() as BlendProject[]
    const references = projects[0]!.versions.map((v) => v.referenceNumber)
    expect(references.slice(0, 2)).toEqual(['001a', '001b'])
    expect(references.slice(-3)).toEqual(['001y', '001z', '001aa'])
    const list = ((await injectAs(t, me, 'GET', '/api/blends')).json() as BlendListPage).items
    expect(list[0]).toMatchObject({ name: 'Long Road', versionCount: 27 })
    const next = (await injectAs(t, me, 'POST', '/api/blend-versions', versionBody(oils, blend.id))).json() as BlendVersion
    expect(next.referenceNumber).toBe('001ab')
  })

  it('numbers the blend after 999 as 1000a, and sorts it after 999a', async () => {
    const me = await createUser(t)
    await createBlend(t, me, blendBody(oils, { name: 'Early One' }))
    // A maker with 998 blends behind them (the counter, as 998 saves would leave it).
    await t.db.kysely.updateTable('user_sequences').set({ last_project_number: 998 }).where('user_id', '=', me.userId).execute()
    expect((await injectAs(t, me, 'GET', '/api/next-reference-number')).json()).toEqual({ referenceNumber: '999a' })
    expect((await createBlend(t, me, blendBody(oils, { name: 'Nine Nine Nine' }))).referenceNumber).toBe('999a')
    expect((await injectAs(t, me, 'GET', '/api/next-reference-number')).json()).toEqual({ referenceNumber: '1000a' })
    expect((await createBlend(t, me, blendBody(oils, { name: 'One Thousand' }))).referenceNumber).toBe('1000a')
    // The server sorts and pages: by reference, the number counts by value.
    const list = ((await injectAs(t, me, 'GET', '/api/blends?sort=reference')).json() as BlendListPage).items
    expect(list.map((b) => b.referenceNumber)).toEqual(['001a', '999a', '1000a'])
    const paged = (await injectAs(t, me, 'GET', '/api/blends?sort=reference&limit=2')).json() as BlendListPage
    const rest = (await injectAs(t, me, 'GET', `/api/blends?sort=reference&limit=2&cursor=${paged.nextCursor}`)).json() as BlendListPage
    expect([...paged.items, ...rest.items].map((b) => b.referenceNumber)).toEqual(['001a', '999a', '1000a'])
  })
})
