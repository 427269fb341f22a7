import type { BlendProject } from '#shared/api/blends.ts'
import type { EssentialOil } from '#shared/api/oils.ts'
import { intent, sameIntent, type IntentContext } from '#tests/support/same-intent.ts'
import type { TestUser } from '#tests/support/test-db.ts'

/**
 * "Make it compliant" saved through POST …/compliance/save and the assistant's
 * save_compliant_version (docs/product.md "Make it compliant"): the same proposal saved the same
 * way, or refused with the same words. An import file cannot carry the intent (the proposal is
 * computed by the server), so those two doors are compared.
 */

type Fixture = { blendId: number; versionId: number; firstVersionId: number }

const o = (oils: Record<string, EssentialOil>, name: string, percentage: number) => ({ id: oils[name]!.id, name, percentage })

/** Version a: Bergamot 30 alone on top (no proposal in a 2% lotion); version b: Bergamot 15 and Lemon 15 (over at 3%). */
async function withBlend(ctx: IntentContext, who: TestUser): Promise<Fixture> {
  const { oils } = ctx
  const blend = await ctx.call(who, 'POST', '/api/blends', {
    name: 'Bright Lotion',
    topNote: oils.Bergamot!.id,
    middleNote: oils.Lavender!.id,
    baseNote: oils['Atlas Cedarwood']!.id,
    topPercentage: 30,
    middlePercentage: 50,
    basePercentage: 20,
  })
  if (blend.statusCode !== 201) throw new Error(`setup failed: ${blend.body}`)
  const version = await ctx.call(who, 'POST', '/api/blend-versions', {
    projectId: blend.json().id,
    topOils: [o(oils, 'Bergamot', 15), o(oils, 'Lemon', 15)],
    middleOils: [o(oils, 'Lavender', 50)],
    baseOils: [o(oils, 'Atlas Cedarwood', 20)],
  })
  if (version.statusCode !== 201) throw new Error(`setup failed: ${version.body}`)
  return { blendId: blend.json().id, versionId: version.json().id, firstVersionId: blend.json().version.id }
}

const url = (f: Fixture, versionId: number) => `/api/blends/${f.blendId}/versions/${versionId}/compliance/save`

async function versionsOf(ctx: IntentContext, who: TestUser) {
  const projects = (await ctx.call(who, 'GET', '/api/blend-projects')).json() as BlendProject[]
  return projects.map((p) => p.versions.map((v) => ({ letter: v.versionLetter, layers: [v.topOils, v.middleOils, v.baseOils] })))
}

sameIntent('make it compliant', [
  intent<Fixture>({
    rule: 'an over-limit version is saved as the next version, within every limit, its layer totals kept',
    setup: withBlend,
    api: (f) => ({ method: 'POST', url: url(f, f.versionId), body: { productType: 'lotion', productPercentage: 3 } }),
    mcp: (f) => ({
      tool: 'save_compliant_version',
      args: { blendId: f.blendId, versionId: f.versionId, productType: 'lotion', productPercentage: 3 },
    }),
    file: null,
    outcome: 'accepted',
    readBack: versionsOf,
  }),
  intent<Fixture>({
    rule: 'a version already within every limit has nothing to save',
    setup: withBlend,
    api: (f) => ({ method: 'POST', url: url(f, f.versionId), body: { productType: 'lotion', productPercentage: 1 } }),
    mcp: (f) => ({
      tool: 'save_compliant_version',
      args: { blendId: f.blendId, versionId: f.versionId, productType: 'lotion', productPercentage: 1 },
    }),
    file: null,
    outcome: { refused: /within every limit/ },
  }),
  intent<Fixture>({
    rule: 'when no change inside the layers can do it, nothing is saved and the highest percentage is named',
    setup: withBlend,
    api: (f) => ({ method: 'POST', url: url(f, f.firstVersionId), body: { productType: 'lotion', productPercentage: 2 } }),
    mcp: (f) => ({
      tool: 'save_compliant_version',
      args: { blendId: f.blendId, versionId: f.firstVersionId, productType: 'lotion', productPercentage: 2 },
    }),
    file: null,
    outcome: { refused: /No change inside the layers.*1\.33%/ },
  }),
])
