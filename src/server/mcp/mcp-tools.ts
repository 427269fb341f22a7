import { basedOnName } from '#shared/domain/ingredients.ts'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { CreatedBlend, CreatedVersion } from '#shared/api/blends.ts'
import type {
  AddBottleInput,
  AssessorPackInput,
  AssessorPackOutput,
  AddBottleOutput,
  AddTestEntryInput,
  AddVersionInput,
  CalculateBatchAnswer,
  CalculateBatchInput,
  CreateBlendInput,
  GetBlendInput,
  GetBlendOutput,
  ListIngredientsOutput,
  ListShelfInput,
  ListShelfOutput,
  ProposeCompliantInput,
  ProposeCompliantOutput,
  SaveCompliantInput,
  SaveAnswer,
  SearchBlendsInput,
  SearchBlendsOutput,
  ShareBlendInput,
  ShareBlendOutput,
  TestEntryAnswer,
  TraceBatchInput,
  TraceBatchOutput,
  TraceLotInput,
  TraceLotOutput,
  McpToolName,
} from '#shared/api/mcp-tools.ts'
import { MCP_BLEND_BATCHES } from '#shared/api/mcp-tools.ts'
import type { McpScope } from '#shared/api/mcp-scopes.ts'
import { batchCostTotals } from '#shared/domain/shelf.ts'
import { labelUse } from '#shared/domain/allergen-label.ts'
import { productTypeById } from '#shared/domain/safety.ts'
import { checkSafetyFor, DEFAULT_AUDIENCE } from '#shared/domain/audiences.ts'
import { ifraCategoryOf } from '#shared/domain/ifra.ts'
import { readBlendDetail } from '#server/blends/blend-details.ts'
import { getComparison, listBlendPage } from '#server/blends/blend-lists.repo.ts'
import { saveBlend, saveVersion } from '#server/blends/blends.commands.ts'
import { complianceProposal, saveCompliantVersion } from '#server/compliance/compliance.commands.ts'
import type { Database } from '#server/db/schema.ts'
import { notFound, valueOrThrow } from '#server/http/errors.ts'
import { createIdempotencyStore } from '#server/http/idempotency.ts'
import { recordTest } from '#server/journal/journal.commands.ts'
import { getSettings } from '#server/me/settings.commands.ts'
import type { McpPrincipal } from '#server/mcp/principal.ts'
import { shareBlend } from '#server/shares/shares.commands.ts'
import { planBatchOf } from '#server/shelf/batches.commands.ts'
import { ifraCheckOfPlan } from '#server/shelf/ifra.commands.ts'
import { listBatches } from '#server/shelf/batches.repo.ts'
import { previewLabel } from '#server/shelf/labels.commands.ts'
import { addBottle } from '#server/shelf/shelf.commands.ts'
import { listBottles, shelfOils } from '#server/shelf/shelf.repo.ts'
import { assessorPack } from '#server/shelf/assessor-pack.commands.ts'
import { traceBatch, traceLot } from '#server/shelf/trace.queries.ts'
import type { Transaction } from 'kysely'

/**
 * What each MCP tool does, for one principal: the repository functions and services the HTTP
 * routes call (the same saves, the same rules, the same transactions), with answers cut to what an
 * assistant needs. Every query is the principal's user's: another maker's id answers "not found".
 * The short texts never repeat the maker's words (names, notes): those travel only as data, in the
 * structured answer, so a blend named like an instruction is never read as one.
 */

type Answer<T> = { structured: T; text: string }
type In<S extends z.ZodType> = z.output<S>
type Out<S extends z.ZodType> = z.output<S>

/** The idempotency store shared by every request of this process (decision 016). */
export type McpRunOnce = ReturnType<typeof createIdempotencyStore>

const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places
const REPLAYED = 'A repeat of an earlier call with this idempotencyKey: nothing new was saved. '

const fromCreatedBlend = (b: CreatedBlend): SaveAnswer => ({
  outcome: b.outcome,
  blendId: b.id,
  blendName: b.name,
  versionId: b.version.id,
  versionLetter: b.version.versionLetter,
  referenceNumber: b.version.referenceNumber,
})
const fromCreatedVersion = (v: CreatedVersion): SaveAnswer => ({
  outcome: v.outcome,
  blendId: v.blend.id,
  blendName: v.blend.name,
  versionId: v.id,
  versionLetter: v.versionLetter,
  referenceNumber: v.referenceNumber,
})

export function createMcpTools(app: FastifyInstance, principal: McpPrincipal, runOnce: McpRunOnce) {
  const { userId } = principal
  const db = app.db.kysely
  const has = (scope: McpScope) => principal.scopes.includes(scope)
  /**
   * The IFRA limits of "make it compliant" are read from the certificates on the maker's shelf: only
   * with shelf:read. Without it the batch weight is set aside, and the answer says IFRA was not checked.
   */
  const withinShelfScope = <T extends { weight?: number | undefined; unit?: string | undefined }>(request: T): T => {
    if (has('shelf:read')) return request
    const { weight: _weight, unit: _unit, ...rest } = request
    return rest as T
  }

  /**
   * A write, once per idempotency key, through the routes' own store (http/idempotency.ts): the
   * tool is the operation and the target, its arguments without the key the input. A tool answers
   * the value itself, so the stored JSON is read back.
   */
  async function once<T>(
    tool: McpToolName,
    key: string,
    input: unknown,
    create: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<{ value: T; replayed: boolean }> {
    const outcome = await runOnce({ userId, operation: `MCP ${tool}`, key, target: tool, input }, create, JSON.stringify)
    return { value: JSON.parse(outcome.json) as T, replayed: outcome.replayed }
  }

  return {
    async searchBlends(
      args: Partial<In<typeof SearchBlendsInput>> & Pick<In<typeof SearchBlendsInput>, 'limit'>,
    ): Promise<Answer<Out<typeof SearchBlendsOutput>>> {
      const status = args.status ?? 'all'
      const page = await listBlendPage(db, userId, {
        q: args.query || undefined,
        sort: args.sort ?? 'reference',
        status,
        limit: args.limit,
        cursor: args.cursor,
      })
      const more = page.nextCursor === null ? '' : ' More: call again with cursor set to nextCursor.'
      return { structured: page, text: `${page.items.length} of ${page.counts[status]} blends found.${more}` }
    },

    async getBlend(args: In<typeof GetBlendInput>): Promise<Answer<Out<typeof GetBlendOutput>>> {
      const detail = await readBlendDetail(db, userId, args.blendId)
      if (!detail) throw notFound('Blend')
      const { ratings: _ratings, ...blend } = detail
      const batches = await listBatches(db, userId, args.blendId, { limit: MCP_BLEND_BATCHES })
      let comparison: Out<typeof GetBlendOutput>['comparison'] = null
      if (args.compare) {
        const [a, b] = args.compare
        const found = await getComparison(db, userId, args.blendId, { a, b })
        if (!found) throw notFound('Blend')
        if (!found.comparison) throw notFound('Version of this blend')
        const { ratings: _r, ...rest } = found.comparison
        comparison = rest
      }
      return {
        structured: { blend, batches: batches?.items ?? [], comparison },
        text: `Blend ${blend.id} (${blend.referenceNumber}): ${blend.versionCount} versions, ${blend.testCount} tests.`,
      }
    },

    async createBlend(args: In<typeof CreateBlendInput>): Promise<Answer<SaveAnswer>> {
      const { idempotencyKey, ...body } = args
      const oils = await app.catalog.forUser(userId)
      const { value, replayed } = await once('create_blend', idempotencyKey, body, async (trx) =>
        fromCreatedBlend(valueOrThrow(await saveBlend(trx, userId, body, oils))),
      )
      const what =
        value.outcome === 'created' ? 'Saved a new blend' : 'The maker already had a blend of that name: saved as its next version'
      return { structured: value, text: `${replayed ? REPLAYED : ''}${what}, ${value.referenceNumber}.` }
    },

    async addVersion(args: In<typeof AddVersionInput>): Promise<Answer<SaveAnswer>> {
      const { idempotencyKey, ...body } = args
      const oils = await app.catalog.forUser(userId)
      const { value, replayed } = await once('add_version', idempotencyKey, body, async (trx) =>
        fromCreatedVersion(valueOrThrow(await saveVersion(trx, userId, body, oils))),
      )
      return {
        structured: value,
        text: `${replayed ? REPLAYED : ''}Saved version ${value.versionLetter} of blend ${value.blendId}, ${value.referenceNumber}.`,
      }
    },

    async addTestEntry(args: In<typeof AddTestEntryInput>): Promise<Answer<Out<typeof TestEntryAnswer>>> {
      const { idempotencyKey, ...body } = args
      const { value, replayed } = await once('add_test_entry', idempotencyKey, body, async (trx) => {
        // A refusal is thrown in the write's transaction, which rolls it back, and becomes the tool's error.
        const entry = valueOrThrow(await recordTest(trx, userId, body))
        const { id, versionId, projectId, referenceNumber, blendName, dateMade, dateTested, rating, notes } = entry
        return { id, versionId, projectId, referenceNumber, blendName, dateMade, dateTested, rating, notes }
      })
      return { structured: value, text: `${replayed ? REPLAYED : ''}Recorded a test of ${value.referenceNumber}.` }
    },

    async listIngredients(): Promise<Answer<Out<typeof ListIngredientsOutput>>> {
      const own = [...(await app.catalog.forUser(userId)).values()].filter((oil) => oil.yours)
      const ingredients = own.map(({ id, name, inciName, noteType, scentFamily, densityGPerMl, safety }) => ({
        id,
        name,
        inciName,
        noteType,
        scentFamily,
        densityGPerMl,
        safety,
      }))
      return {
        structured: { ingredients },
        text:
          ingredients.length === 0 ? 'The maker has no ingredients of their own.' : `${ingredients.length} ingredients of the maker’s own.`,
      }
    },

    async listShelf(args: In<typeof ListShelfInput>): Promise<Answer<Out<typeof ListShelfOutput>>> {
      const oils = await app.catalog.forUser(userId)
      const [items, settings, bottles] = await Promise.all([
        shelfOils(db, userId, oils),
        getSettings(db, userId),
        listBottles(db, userId, oils, { limit: args.limit, cursor: args.cursor }),
      ])
      const more = bottles.nextCursor === null ? '' : ' More bottles: call again with cursor set to nextCursor.'
      return {
        structured: { currency: settings.currency, oils: items, bottles: bottles.items, nextCursor: bottles.nextCursor },
        text: `${items.length} oils on the shelf, ${bottles.items.length} bottles on this page.${more}`,
      }
    },

    async traceLot(args: In<typeof TraceLotInput>): Promise<Answer<Out<typeof TraceLotOutput>>> {
      // The same look-up as GET /api/shelf/bottles/{id}/trace.
      const trace = await traceLot(db, userId, args.bottleId, { limit: args.limit, cursor: args.cursor }, await app.catalog.forUser(userId))
      if (!trace) throw notFound('Bottle')
      const { lot, batchCount, batches } = trace
      const name = `${lot.oilName}${lot.lotCode ? `, lot ${lot.lotCode}` : ''}`
      const more = batches.nextCursor === null ? '' : ' More batches: call again with cursor set to batches.nextCursor.'
      return {
        structured: trace,
        text:
          batchCount === 0
            ? `${name}: no batch has drawn from it.`
            : `${name} went into ${batchCount} ${batchCount === 1 ? 'batch' : 'batches'}: ${batches.items.map((b) => b.code).join(', ')}.${more}`,
      }
    },

    async traceBatch(args: In<typeof TraceBatchInput>): Promise<Answer<Out<typeof TraceBatchOutput>>> {
      // The same look-up as GET /api/batches/{id}.
      const trace = await traceBatch(db, userId, args.batchId, await app.catalog.forUser(userId))
      if (!trace) throw notFound('Batch')
      const lots = trace.lots.map((l) => `${l.oilName} ${l.lot ? (l.lot.lotCode ?? 'lot code not recorded') : 'bottle deleted'}`)
      return {
        structured: trace,
        text: `Batch ${trace.batch.code} of ${trace.blend.name} ${trace.batch.reference}, made ${trace.batch.madeOn}: ${
          lots.length === 0 ? 'drew from no bottle' : `drew from ${lots.join('; ')}`
        }.`,
      }
    },

    async assessorPack(args: In<typeof AssessorPackInput>): Promise<Answer<Out<typeof AssessorPackOutput>>> {
      // The same pack as POST /api/assessor-pack: the same code, the same refusals (NOT_A_COSMETIC, another maker's version not found).
      const pack = valueOrThrow(await assessorPack(db, userId, args, await app.catalog.forUser(userId)), 'body')
      const batches = pack.variants.reduce((n, v) => n + v.batchCount, 0)
      const listed = pack.variants.reduce((n, v) => n + v.batches.length, 0)
      // Accord's own words and the reference numbers only: the maker's blend names travel as data.
      return {
        structured: pack,
        text: `Assessor pack for ${pack.productLabel} at ${pack.oilPercentage}% (${pack.use}), ${pack.variants.length} ${
          pack.variants.length === 1 ? 'variant' : 'variants'
        } (${pack.variants.map((v) => v.referenceNumber).join(', ')}), ${batches} ${batches === 1 ? 'batch' : 'batches'}${
          listed < batches
            ? ` (the ${listed} newest with their batch records)`
            : batches === 0
              ? ''
              : ` with ${batches === 1 ? 'its batch record' : 'their batch records'}`
        }. ${pack.notice}`,
      }
    },

    async calculateBatch(args: In<typeof CalculateBatchInput>): Promise<Answer<CalculateBatchAnswer>> {
      const oils = await app.catalog.forUser(userId)
      const priced = has('shelf:read')
      // The same work-out "Mark as made" records (batches.repo.ts), read only.
      const { blend, version, plan } = valueOrThrow(await planBatchOf(db, userId, args.blendId, args, oils, { withShelf: priced }))
      const { result } = plan
      const productType = args.productType === undefined ? undefined : productTypeById(args.productType)
      const safety = productType
        ? checkSafetyFor(
            productType.use,
            result.rows.map((row) => ({
              name: row.name,
              productPercentage: row.productPercentage,
              safety: oils.get(row.id)?.safety ?? null,
              basedOn: basedOnName(oils.get(row.id), oils),
            })),
            args.audience ?? DEFAULT_AUDIENCE,
          )
        : null
      const totals = batchCostTotals(plan.oils, null)
      const cost = priced
        ? {
            currency: (await getSettings(db, userId)).currency,
            totalCost: totals.totalCost === null ? null : round(totals.totalCost, 2),
            costIsPartial: totals.costIsPartial,
            oils: plan.oils.map((o) => ({
              name: o.oilName,
              ml: round(o.ml),
              cost: o.cost === null ? null : round(o.cost, 2),
              shortMl: round(o.shortMl),
            })),
          }
        : null
      // The label the /label screen previews, from the same plan and the bottles' declarations.
      const labelled =
        priced && productType && labelUse(productType) !== null
          ? await previewLabel(
              db,
              userId,
              { ...args, versionId: version.id, productType: productType.id, fragranceAs: 'inci', base: [] },
              oils,
            )
          : null
      const label = labelled?.ok ? labelled.value : null
      // The IFRA check from the same plan's lots and their certificates (decision 070): it reads the shelf.
      const ifra = priced && productType ? await ifraCheckOfPlan(db, userId, plan, productType.id, ifraCategoryOf(productType)) : null
      const answer: CalculateBatchAnswer = {
        blend: { id: blend.id, name: blend.name, versionId: version.id, referenceNumber: version.reference_number },
        totalOil: { grams: round(result.totalOil.grams), ml: round(result.totalOil.ml), drops: result.totalOil.wholeDrops },
        oils: result.rows.map((row) => ({
          name: row.name,
          layer: row.layer,
          percentage: round(row.percentage),
          productPercentage: round(row.productPercentage),
          grams: round(row.grams),
          ml: round(row.ml),
          drops: row.wholeDrops,
        })),
        baseGrams: round(result.baseGrams),
        accords: plan.accords.map((a) => ({
          versionId: a.versionId,
          name: a.name,
          referenceNumber: a.referenceNumber,
          weigh: a.weigh,
          grams: round(a.grams),
          shortGrams: priced && a.weigh === 'batch' ? round(a.shortGrams) : null,
          cost: priced && a.cost !== null ? round(a.cost, 2) : null,
        })),
        safety: safety
          ? {
              scope: safety.scope,
              warnings: safety.warnings.map(({ kind, oil, message }) => ({ kind, oil, message })),
              unchecked: safety.unchecked.map(({ oil, message }) => ({ oil, message })),
              cautions: safety.cautions.map(({ kind, oil, message }) => ({ kind, oil, message })),
              clear: safety.clear,
              audience: {
                ...safety.audience!,
                maxima: safety.audience!.maxima.map((max) => ({
                  ...max,
                  maxPercent: max.maxPercent === null ? null : round(max.maxPercent),
                })),
              },
            }
          : null,
        cost,
        allergenLabel: label
          ? {
              complete: label.complete,
              thresholdPercent: label.thresholdPercent,
              declared: label.declared.map((a) => ({ inci: a.inci, percent: round(a.percent, 4), fromRecipe: a.fromRecipe })),
              belowThreshold: label.belowThreshold.map((a) => ({ inci: a.inci, percent: round(a.percent, 4) })),
              missing: label.missing.map((m) => ({ oilName: m.oilName, lotCode: m.lotCode, reason: m.reason })),
              ingredientText: label.ingredientText,
              notice: label.notice,
            }
          : null,
        ifra,
      }
      const warned =
        (safety && safety.warnings.length > 0 ? ` ${safety.warnings.length} safety warnings.` : '') +
        (safety && safety.unchecked.length > 0
          ? ` Not checked (no published maximum on file): ${safety.unchecked.map((u) => u.oil).join(', ')}.`
          : '') +
        // Who it is for, said only when asked for someone other than adults.
        (safety?.audience && safety.audience.id !== DEFAULT_AUDIENCE ? ` ${safety.audience.totalText}` : '')
      const ifraText = !ifra
        ? ''
        : ifra.status === 'no-category'
          ? ' IFRA: this product type maps to no single IFRA category.'
          : ` IFRA category ${ifra.category}: ${
              ifra.maxBlendPercent === null
                ? 'no numeric limit known'
                : `at most ${ifra.maxBlendPercent}% of the blend (${ifra.limitingOil?.oilName} limits)`
            }, ${ifra.status === 'over' ? 'over the limit' : ifra.status === 'unknown' ? 'some oils have no certificate for it (unknown)' : 'within'}.`
      const costText = !priced
        ? ' No cost: this assistant may not read the shelf.'
        : answer.cost?.totalCost === null
          ? ' No oil of it has a price on the shelf.'
          : ` Costs ${answer.cost?.totalCost} ${answer.cost?.currency ?? ''}${answer.cost?.costIsPartial ? ' (some oils unpriced)' : ''}.`
      return {
        structured: answer,
        text: `${version.reference_number}: ${answer.totalOil.grams} g of essential oil (${answer.totalOil.drops} drops).${warned}${costText}${ifraText}`,
      }
    },

    async addBottle(args: In<typeof AddBottleInput>): Promise<Answer<Out<typeof AddBottleOutput>>> {
      const { idempotencyKey, ...body } = args
      const oils = await app.catalog.forUser(userId)
      // The same command as POST /api/shelf/bottles: a refusal is thrown inside the transaction and becomes the tool's error.
      const { value, replayed } = await once('add_bottle', idempotencyKey, body, async (trx) =>
        valueOrThrow(await addBottle(trx, userId, body, oils)),
      )
      return {
        structured: value,
        text: `${replayed ? REPLAYED : ''}Added a ${value.size} ${value.unit} bottle of ${value.oilName} to the shelf.`,
      }
    },

    async proposeCompliantVersion(args: In<typeof ProposeCompliantInput>): Promise<Answer<Out<typeof ProposeCompliantOutput>>> {
      const { blendId, versionId, ...asked } = args
      const request = withinShelfScope(asked)
      const oils = await app.catalog.forUser(userId)
      const answer = valueOrThrow(await complianceProposal(db, userId, { projectId: blendId, versionId }, request, oils))
      const size =
        answer.outcome === 'proposal' ? ` The change moves ${round(answer.change, 2)} percentage points of the blend in all.` : ''
      const highest =
        answer.outcome === 'infeasible' && answer.highestPercentage !== null
          ? ` Highest percentage within every limit as it is: ${answer.highestPercentage}%.`
          : ''
      // The words are Accord's own (oil names from the catalog or the version); the maker's notes never appear.
      return { structured: answer, text: `${answer.version.referenceNumber}: ${answer.outcome}.${size}${highest}` }
    },

    async saveCompliantVersion(args: In<typeof SaveCompliantInput>): Promise<Answer<SaveAnswer>> {
      const { idempotencyKey, blendId, versionId, ...asked } = args
      const request = withinShelfScope(asked)
      const oils = await app.catalog.forUser(userId)
      const { value, replayed } = await once('save_compliant_version', idempotencyKey, { blendId, versionId, ...request }, async (trx) =>
        fromCreatedVersion(valueOrThrow(await saveCompliantVersion(trx, userId, { projectId: blendId, versionId }, request, oils)).version),
      )
      return {
        structured: value,
        text: `${replayed ? REPLAYED : ''}Saved the compliant proposal as version ${value.versionLetter} of blend ${value.blendId}, ${value.referenceNumber}.`,
      }
    },

    async shareBlend(args: In<typeof ShareBlendInput>): Promise<Answer<Out<typeof ShareBlendOutput>>> {
      const { idempotencyKey, blendId, ...body } = args
      const { value, replayed } = await once('share_blend', idempotencyKey, { blendId, ...body }, async (trx) => {
        const link = valueOrThrow(await shareBlend(trx, userId, blendId, body))
        return { ...link, url: new URL(link.path, app.config.publicUrl).href }
      })
      return { structured: value, text: `${replayed ? REPLAYED : ''}Share link to ${value.reference}: ${value.url}` }
    },
  }
}

export type McpTools = ReturnType<typeof createMcpTools>
