import type { BlendProject } from '#shared/api/blends.ts'
import type { ExportFile } from '#shared/api/export.ts'
import type { JournalEntry } from '#shared/api/journal.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { intent, sameIntent, type IntentContext } from '#tests/support/same-intent.ts'
import type { TestUser } from '#tests/support/test-db.ts'

/**
 * The write rules of blends, versions and test entries (docs/product.md §5 "The server checks the
 * same", "Version letters", "Test entry"), each sent as the same intent through POST /api/…, the
 * assistant's tool and an import file (issue 33; the harness is tests/support/same-intent.ts).
 * docs/product.md sets no quota on blends, versions or tests, so no row counts one.
 */

/** The wizard's blend: Bergamot 30, Lavender 50, Atlas Cedarwood 20, with `change` applied. */
const wizard = (oils: Record<string, EssentialOil>, change: Record<string, unknown> = {}) => ({
  name: 'Evening Calm',
  topNote: oils.Bergamot!.id,
  middleNote: oils.Lavender!.id,
  baseNote: oils['Atlas Cedarwood']!.id,
  topPercentage: 30,
  middlePercentage: 50,
  basePercentage: 20,
  ...change,
})

type Blend = { blendId: number; versionId: number }

/** An assessor pack request for one version, a lotion at 2% unless changed. */
const pack = (versionId: number, change: Record<string, unknown> = {}) => ({
  versionIds: [versionId],
  productType: 'lotion',
  oilPercentage: 2,
  ...change,
})

/** Each door's maker has the wizard's blend (version a) before the intent. */
async function withBlend(ctx: IntentContext, who: TestUser): Promise<Blend> {
  const res = await ctx.call(who, 'POST', '/api/blends', wizard(ctx.oils))
  if (res.statusCode !== 201) throw new Error(`setup failed: ${res.body}`)
  const blend = res.json() as { id: number; version: { id: number } }
  return { blendId: blend.id, versionId: blend.version.id }
}

/** A version's layers: `top` oils of the catalog sharing 30 - (the rest as the wizard's). */
const layers = (oils: Record<string, EssentialOil>, topCount: number) => {
  const catalog = Object.values(oils).slice(0, topCount)
  const share = 26 / topCount
  return {
    topOils: catalog.map((o) => ({ id: o.id, name: o.name, percentage: share })),
    middleOils: [{ id: oils.Lavender!.id, name: 'Lavender', percentage: 54 }],
    baseOils: [{ id: oils['Atlas Cedarwood']!.id, name: 'Atlas Cedarwood', percentage: 20 }],
  }
}

/** The same layers as an export file names them (by slug and name). */
const fileLayers = (oils: Record<string, EssentialOil>, topCount: number) => {
  const bySlug = (o: { id: number; name: string; percentage: number }) => ({
    slug: Object.values(oils).find((c) => c.id === o.id)!.slug,
    name: o.name,
    percentage: o.percentage,
  })
  const l = layers(oils, topCount)
  return { topOils: l.topOils.map(bySlug), middleOils: l.middleOils.map(bySlug), baseOils: l.baseOils.map(bySlug) }
}

/** The base file with `change` applied to it. */
const fileWith = (ctx: IntentContext, change: (f: ExportFile) => void): ExportFile => {
  const f = ctx.file()
  change(f)
  return f
}

/** What the maker's journal holds, as the doors must leave it alike: blends, letters, layers, tests' days. */
async function journalOf(ctx: IntentContext, who: TestUser) {
  const projects = (await ctx.call(who, 'GET', '/api/blend-projects')).json() as BlendProject[]
  const entries = (await ctx.call(who, 'GET', '/api/journal-entries')).json() as JournalEntry[]
  return {
    blends: projects.map((p) => ({
      name: p.name,
      versions: p.versions.map((v) => ({
        reference: v.referenceNumber,
        layers: [v.topOils, v.middleOils, v.baseOils].map((l) => l.map((o) => [o.name, o.percentage])),
      })),
    })),
    tests: entries.map((e) => [e.referenceNumber, e.dateMade, e.dateTested, e.rating]),
  }
}

const test = (versionId: number, change: Record<string, unknown>) => ({
  versionId,
  dateMade: '2026-11-01',
  dateTested: '2026-11-03',
  ...change,
})

/** The wizard's blend and an accord beside it (Citrus Dawn: Lemon 60, Bergamot 40; decision 072). */
async function withAccord(ctx: IntentContext, who: TestUser): Promise<Blend & { accordId: number }> {
  const blend = await withBlend(ctx, who)
  const citrus = wizard(ctx.oils, {
    name: 'Citrus Dawn',
    topNote: ctx.oils.Lemon!.id,
    middleNote: ctx.oils.Bergamot!.id,
    baseNote: ctx.oils.Lemon!.id,
    topPercentage: 60,
    middlePercentage: 40,
    basePercentage: 0,
  })
  const res = await ctx.call(who, 'POST', '/api/blends', citrus)
  if (res.statusCode !== 201) throw new Error(`setup failed: ${res.body}`)
  return { ...blend, accordId: (res.json() as { version: { id: number } }).version.id }
}

/** A version of the wizard's blend with 30 % of the accord `versionId` in its middle. */
const withAccordLayers = (oils: Record<string, EssentialOil>, blendId: number, versionId: number) => ({
  projectId: blendId,
  topOils: [{ id: oils.Bergamot!.id, name: 'Bergamot', percentage: 30 }],
  middleOils: [{ id: oils.Lavender!.id, name: 'Lavender', percentage: 20 }],
  baseOils: [{ id: oils['Atlas Cedarwood']!.id, name: 'Atlas Cedarwood', percentage: 20 }],
  accords: [{ layer: 'middle', versionId, percentage: 30 }],
})

sameIntent('blends, versions and test entries', [
  intent({
    rule: 'a blend with a name and three notes totalling 100% is saved as version a',
    api: (_, { oils }) => ({ method: 'POST', url: '/api/blends', body: wizard(oils) }),
    mcp: (_, { oils }) => ({ tool: 'create_blend', args: wizard(oils) }),
    file: (ctx) => fileWith(ctx, (f) => (f.blends[0]!.testEntries = [])),
    outcome: 'accepted',
    readBack: journalOf,
  }),
  intent({
    rule: 'a name is not blank once trimmed',
    api: (_, { oils }) => ({ method: 'POST', url: '/api/blends', body: wizard(oils, { name: '   ' }) }),
    mcp: (_, { oils }) => ({ tool: 'create_blend', args: wizard(oils, { name: '   ' }) }),
    file: (ctx) => fileWith(ctx, (f) => (f.blends[0]!.name = '   ')),
    outcome: { refused: /name/i },
  }),
  intent({
    rule: 'a name is at most 120 characters',
    api: (_, { oils }) => ({ method: 'POST', url: '/api/blends', body: wizard(oils, { name: 'x'.repeat(121) }) }),
    mcp: (_, { oils }) => ({ tool: 'create_blend', args: wizard(oils, { name: 'x'.repeat(121) }) }),
    file: (ctx) => fileWith(ctx, (f) => (f.blends[0]!.name = 'x'.repeat(121))),
    outcome: { refused: /120/ },
  }),
  intent({
    rule: 'the percentages total 100%',
    api: (_, { oils }) => ({ method: 'POST', url: '/api/blends', body: wizard(oils, { topPercentage: 40 }) }),
    mcp: (_, { oils }) => ({ tool: 'create_blend', args: wizard(oils, { topPercentage: 40 }) }),
    file: (ctx) => fileWith(ctx, (f) => (f.blends[0]!.versions[0]!.topOils[0]!.percentage = 40)),
    outcome: { refused: /total 100/i },
  }),
  intent({
    rule: 'a total within 0.1 of 100% is 100%',
    api: (_, { oils }) => ({ method: 'POST', url: '/api/blends', body: wizard(oils, { topPercentage: 30.05 }) }),
    mcp: (_, { oils }) => ({ tool: 'create_blend', args: wizard(oils, { topPercentage: 30.05 }) }),
    file: (ctx) =>
      fileWith(ctx, (f) => {
        f.blends[0]!.versions[0]!.topOils[0]!.percentage = 30.05
        f.blends[0]!.testEntries = []
      }),
    outcome: 'accepted',
    readBack: journalOf,
  }),
  intent({
    rule: 'every oil is in the catalog',
    api: (_, { oils }) => ({ method: 'POST', url: '/api/blends', body: wizard(oils, { topNote: 2_000_000 }) }),
    mcp: (_, { oils }) => ({ tool: 'create_blend', args: wizard(oils, { topNote: 2_000_000 }) }),
    file: (ctx) =>
      fileWith(ctx, (f) => {
        f.blends[0]!.versions[0]!.topOils[0] = { slug: 'unobtainium', name: 'Unobtainium', percentage: 30 }
      }),
    outcome: { refused: /unknown oil|not in Accord's catalog/i },
  }),
  intent<Blend>({
    rule: 'a layer has at most 12 oils',
    setup: withBlend,
    api: ({ blendId }, { oils }) => ({ method: 'POST', url: '/api/blend-versions', body: { projectId: blendId, ...layers(oils, 13) } }),
    mcp: ({ blendId }, { oils }) => ({ tool: 'add_version', args: { projectId: blendId, ...layers(oils, 13) } }),
    file: (ctx) => fileWith(ctx, (f) => Object.assign(f.blends[0]!.versions[0]!, fileLayers(ctx.oils, 13))),
    outcome: { refused: /at most 12 oils/i },
  }),
  intent<Blend>({
    rule: "a later version takes the blend's next letter, whatever letter is sent",
    setup: withBlend,
    api: ({ blendId }, { oils }) => ({
      method: 'POST',
      url: '/api/blend-versions',
      body: { projectId: blendId, versionLetter: 'q', ...layers(oils, 2) },
    }),
    mcp: ({ blendId }, { oils }) => ({ tool: 'add_version', args: { projectId: blendId, versionLetter: 'q', ...layers(oils, 2) } }),
    // The file's blend has both versions, lettered as Accord lettered them.
    file: (ctx) =>
      fileWith(ctx, (f) => {
        const first = f.blends[0]!.versions[0]!
        f.blends[0]!.versions.push({ ...first, id: first.id + 1000, versionLetter: 'b', ...fileLayers(ctx.oils, 2) })
        f.blends[0]!.testEntries = []
      }),
    outcome: 'accepted',
    readBack: async (ctx, who) =>
      (await journalOf(ctx, who)).blends.map((b) => ({ name: b.name, letters: b.versions.map((v) => v.reference.slice(-1)) })),
  }),
  intent<Blend & { accordId: number }>({
    rule: "a layer may hold one of the maker's versions as an accord; its oils count in that layer",
    setup: withAccord,
    api: ({ blendId, accordId }, { oils }) => ({
      method: 'POST',
      url: '/api/blend-versions',
      body: withAccordLayers(oils, blendId, accordId),
    }),
    mcp: ({ blendId, accordId }, { oils }) => ({ tool: 'add_version', args: withAccordLayers(oils, blendId, accordId) }),
    // An import carries accords inside a whole file (export version 5), not an id of the maker's: compared between the API and the tool.
    file: null,
    outcome: 'accepted',
    readBack: journalOf,
  }),
  intent<Blend>({
    rule: "an accord is a version of one of the maker's own blends",
    setup: withBlend,
    api: ({ blendId }, { oils }) => ({ method: 'POST', url: '/api/blend-versions', body: withAccordLayers(oils, blendId, 2_000_000) }),
    mcp: ({ blendId }, { oils }) => ({ tool: 'add_version', args: withAccordLayers(oils, blendId, 2_000_000) }),
    file: null,
    outcome: { refused: /Blend version 2000000 was not found/ },
  }),
  intent<Blend>({
    rule: 'a blend cannot contain itself',
    setup: withBlend,
    api: ({ blendId, versionId }, { oils }) => ({
      method: 'POST',
      url: '/api/blend-versions',
      body: withAccordLayers(oils, blendId, versionId),
    }),
    mcp: ({ blendId, versionId }, { oils }) => ({ tool: 'add_version', args: withAccordLayers(oils, blendId, versionId) }),
    file: null,
    outcome: { refused: /Evening Calm cannot contain its own version/ },
  }),
  intent<Blend>({
    rule: 'a test is not dated before the day the blend was made',
    setup: withBlend,
    api: ({ versionId }) => ({ method: 'POST', url: '/api/journal-entries', body: test(versionId, { dateMade: '2026-11-05' }) }),
    mcp: ({ versionId }) => ({ tool: 'add_test_entry', args: test(versionId, { dateMade: '2026-11-05' }) }),
    file: (ctx) => fileWith(ctx, (f) => (f.blends[0]!.testEntries[0]!.dateMade = '2026-11-05')),
    outcome: { refused: /can't be before the day the blend was made/ },
  }),
  intent<Blend>({
    rule: 'a test on the day the blend was made is kept (day 0)',
    setup: withBlend,
    api: ({ versionId }) => ({ method: 'POST', url: '/api/journal-entries', body: test(versionId, { dateMade: '2026-11-03' }) }),
    mcp: ({ versionId }) => ({ tool: 'add_test_entry', args: test(versionId, { dateMade: '2026-11-03' }) }),
    file: (ctx) =>
      fileWith(ctx, (f) => {
        f.blends[0]!.testEntries[0]!.dateMade = '2026-11-03'
        f.blends[0]!.testEntries[0]!.rating = null
      }),
    outcome: 'accepted',
    readBack: async (ctx, who) => (await journalOf(ctx, who)).tests,
  }),
  intent<Blend>({
    rule: 'a rating is 1 to 5',
    setup: withBlend,
    api: ({ versionId }) => ({ method: 'POST', url: '/api/journal-entries', body: test(versionId, { rating: 6 }) }),
    mcp: ({ versionId }) => ({ tool: 'add_test_entry', args: test(versionId, { rating: 6 }) }),
    file: (ctx) => fileWith(ctx, (f) => (f.blends[0]!.testEntries[0]!.rating = 6)),
    outcome: { refused: /1 (to|and) 5|rating/i },
  }),
  intent<Blend>({
    rule: 'notes are at most 10,000 characters',
    setup: withBlend,
    api: ({ versionId }) => ({ method: 'POST', url: '/api/journal-entries', body: test(versionId, { notes: 'x'.repeat(10_001) }) }),
    mcp: ({ versionId }) => ({ tool: 'add_test_entry', args: test(versionId, { notes: 'x'.repeat(10_001) }) }),
    file: (ctx) => fileWith(ctx, (f) => (f.blends[0]!.testEntries[0]!.notes = 'x'.repeat(10_001))),
    outcome: { refused: /10,000|10000/ },
  }),
  // The assessor pack (decision 086): read only, so its rules are its refusals, the same through the route and assessor_pack.
  intent<Blend>({
    rule: 'the assessor pack is for a cosmetic: a home product needs no product information file',
    setup: withBlend,
    api: ({ versionId }) => ({
      method: 'POST',
      url: '/api/assessor-pack',
      body: pack(versionId, { productType: 'candles', oilPercentage: 8 }),
    }),
    mcp: ({ versionId }) => ({ tool: 'assessor_pack', args: pack(versionId, { productType: 'candles', oilPercentage: 8 }) }),
    file: null,
    outcome: { refused: /is a home product, not a cosmetic/ },
  }),
  intent<Blend>({
    rule: "the assessor pack holds only the maker's own versions",
    setup: withBlend,
    api: () => ({ method: 'POST', url: '/api/assessor-pack', body: pack(2_000_000) }),
    mcp: () => ({ tool: 'assessor_pack', args: pack(2_000_000) }),
    file: null,
    outcome: { refused: /not one of your blends/ },
  }),
  intent<Blend>({
    rule: 'the assessor pack of a lotion is drawn up',
    setup: withBlend,
    api: ({ versionId }) => ({ method: 'POST', url: '/api/assessor-pack', body: pack(versionId) }),
    mcp: ({ versionId }) => ({ tool: 'assessor_pack', args: pack(versionId) }),
    file: null,
    outcome: 'accepted',
  }),
])
