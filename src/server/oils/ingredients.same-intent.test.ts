import { intent, sameIntent, type IntentContext } from '#tests/support/same-intent.ts'
import { createUser } from '#tests/support/test-db.ts'

/**
 * A maker's own ingredient is theirs alone (docs/product.md "Your own ingredients", decision 068):
 * another maker naming it, through the API, the assistant's tool or an import file, is naming an
 * oil they do not have, and each door refuses it alike, writing nothing.
 */

type Stranger = { id: number; slug: string; name: string }

/** Another maker's Bergamot FCF. */
async function strangersIngredient(ctx: IntentContext): Promise<Stranger> {
  const stranger = await createUser(ctx.t)
  const res = await ctx.call(stranger, 'POST', '/api/ingredients', { name: 'Bergamot FCF', basedOnOilId: ctx.oils.Bergamot!.id })
  if (res.statusCode !== 201) throw new Error(`setup failed: ${res.body}`)
  return res.json() as Stranger
}

const wizard = (ctx: IntentContext, topNote: number) => ({
  name: 'Borrowed Calm',
  topNote,
  middleNote: ctx.oils.Lavender!.id,
  baseNote: ctx.oils['Atlas Cedarwood']!.id,
  topPercentage: 30,
  middlePercentage: 50,
  basePercentage: 20,
})

sameIntent('your own ingredients', [
  intent<Stranger>({
    rule: "another maker's ingredient is not an oil you can use",
    setup: (ctx) => strangersIngredient(ctx),
    api: (s, ctx) => ({ method: 'POST', url: '/api/blends', body: wizard(ctx, s.id) }),
    mcp: (s, ctx) => ({ tool: 'create_blend', args: wizard(ctx, s.id) }),
    file: (ctx) => {
      const f = ctx.file()
      // A file can only name it as the other maker's export does: by its slug and name.
      f.blends[0]!.versions[0]!.topOils[0] = { slug: 'own-00000000-0000-4000-8000-000000000000', name: 'Bergamot FCF', percentage: 30 }
      return f
    },
    outcome: { refused: /unknown oil|not in Accord's catalog/i },
  }),
])
