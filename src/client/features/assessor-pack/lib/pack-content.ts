import type { AssessorPack, PackBatch, PackSafety, PackVariant } from '#shared/api/assessor-pack.ts'
import type { BatchTrace } from '#shared/api/trace.ts'
import { DOCUMENT_KIND_LABELS } from '#shared/domain/document-kinds.ts'
import type { LabelAllergen } from '#shared/api/labels.ts'
import { PACK_NOTICE, PIF_INDEX, PIF_PARTS } from '#shared/domain/assessor-pack.ts'
import { audienceById } from '#shared/domain/audiences.ts'
import { SAFETY_SCOPE } from '#shared/domain/safety.ts'
import { checkWord, productName } from '#client/lib/batch-record-pdf.ts'
import { oilName } from '#client/lib/oil-words.ts'
import { inSentence, pdfDay as day, pdfLocale, pdfText as t, pdfTextOr } from '#client/lib/pdf-words.ts'
import { cautionText, scopeText, uncheckedText, warningText } from '#client/lib/safety-words.ts'
import { pifAccord, pifGroupTitle, pifProvider, pifSource, pifTitle, pifToProvide } from '#client/features/assessor-pack/lib/pif-words.ts'

/**
 * The safety assessor pack's content as blocks (docs/product.md "The safety assessor pack";
 * decision 083): the cover with its "not a safety report" statement, the index in the order of
 * Article 11 and Annex I, what differs between the variants, one section per variant (its batches
 * followed by each one's full batch record, decision 091), and what only the maker or the assessor
 * can provide. Pure, so the PDF and its tests read the same words: in the interface's language
 * (decision 105), from the `pdf` section once it is in (the PDF awaits it). The product
 * information file's parts keep the domain's structure (PIF_INDEX, PIF_PARTS) and are worded by
 * pif-words.ts. Of the safety checks' sentences the server writes in English, the scope is said
 * again from the pack's use, and the warnings, unchecked oils and cautions from the findings the
 * pack sends beside them (its `…Details`), by safety-words.ts as the screens say them (decision
 * 103); a sentence without its finding stays as it came.
 */

export type PackBlock =
  | { kind: 'title'; text: string }
  | { kind: 'notice'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullet'; text: string }
  | { kind: 'table'; columns: { header: string; width: number }[]; rows: string[][] }
  | { kind: 'page-break' }
  /** One batch's full record, drawn on pages of its own by the batch record's writer. */
  | { kind: 'batch-record'; record: BatchTrace }

/**
 * Where each batch's record starts, by batch id: the PDF lays the pack out once to learn the pages,
 * then again with them, so the index and each variant's batch list point to the records.
 */
export type RecordPages = ReadonlyMap<number, number>

const pageOf = (pages: RecordPages | undefined, batchId: number) => {
  const page = pages?.get(batchId)
  return page === undefined ? t('pdf.pack.pageUnknown') : t('pdf.pack.page', { page })
}

/** The pack's product type in the language shown, as a sentence holds it ("batches as lotion / cream"). */
const productInSentence = (pack: AssessorPack) => inSentence(productName(pack.productType))

/** How many batches the variant has and how many of them the pack holds. */
function batchCountLine(pack: AssessorPack, variant: PackVariant): string | null {
  if (!variant.moreBatches) return null
  return t('pdf.pack.batchCount', {
    count: variant.batchCount,
    product: productInSentence(pack),
    held: variant.batches.length,
    more: variant.batchCount - variant.batches.length,
  })
}

/** A percentage of the product: three significant figures, '0.3 %', '0.0015 %' ('0,3 %' in German). */
export function packPercent(percent: number): string {
  return `${new Intl.NumberFormat(pdfLocale(), { maximumSignificantDigits: 3 }).format(percent)} %`
}

export const variantName = (v: Pick<PackVariant, 'blendName' | 'referenceNumber'>) =>
  t('pdf.pack.variantName', { blend: v.blendName, reference: v.referenceNumber })

const withoutCode = () => t('pdf.pack.withoutCode')

function allergenSource(a: LabelAllergen): string {
  if (a.fromRecipe) return t('pdf.pack.allergen.fromRecipe')
  return a.sources
    .map((s) =>
      s.bottleId === null
        ? t('pdf.pack.allergen.fromCatalog', { oil: oilName(s.oilName) })
        : t('pdf.pack.allergen.fromSupplier', { oil: oilName(s.oilName), lot: s.lotCode ?? withoutCode() }),
    )
    .join('; ')
}

/** Oils and allergens whose share differs between the variants (absent counts as differing). */
function differences(pack: AssessorPack): PackBlock[] {
  const variants = pack.variants
  const blocks: PackBlock[] = [
    { kind: 'heading', text: t('pdf.pack.differences.heading') },
    {
      kind: 'paragraph',
      text: t('pdf.pack.differences.lead', { count: variants.length, percent: packPercent(pack.oilPercentage) }),
    },
  ]
  const columns = [
    { header: t('pdf.pack.column.ingredient'), width: 2 },
    ...variants.map((v, i) => ({ header: t('pdf.pack.column.variant', { number: i + 1 }), width: 1 })),
  ]
  const oilNames = [...new Set(variants.flatMap((v) => v.composition.map((o) => o.name)))].sort()
  const oilRows = oilNames
    .map((name) => [name, ...variants.map((v) => v.composition.find((o) => o.name === name)?.productPercent ?? null)] as const)
    .filter(([, ...shares]) => shares.some((s) => s === null || Math.abs(s - (shares[0] ?? -1)) > 1e-9))
    .map(([name, ...shares]) => [oilName(name), ...shares.map((s) => (s === null ? '-' : packPercent(s)))])
  blocks.push({ kind: 'subheading', text: t('pdf.pack.differences.oils') })
  blocks.push(
    oilRows.length === 0 ? { kind: 'paragraph', text: t('pdf.pack.differences.sameOils') } : { kind: 'table', columns, rows: oilRows },
  )
  const allergensOf = (v: PackVariant) => [...v.label.declared, ...v.label.belowThreshold]
  const allergenNames = [...new Set(variants.flatMap((v) => allergensOf(v).map((a) => a.inci)))].sort()
  const allergenRows = allergenNames
    .map((inci) => [inci, ...variants.map((v) => allergensOf(v).find((a) => a.inci === inci)?.percent ?? null)] as const)
    .filter(([, ...shares]) => shares.some((s) => s === null || Math.abs(s - (shares[0] ?? -1)) > 1e-12))
    .map(([inci, ...shares]) => [inci, ...shares.map((s) => (s === null ? '-' : packPercent(s)))])
  blocks.push({ kind: 'subheading', text: t('pdf.pack.differences.allergens') })
  blocks.push(
    allergenRows.length === 0
      ? { kind: 'paragraph', text: t('pdf.pack.differences.sameAllergens') }
      : { kind: 'table', columns, rows: allergenRows },
  )
  return blocks
}

function batchBlocks(pack: AssessorPack, variant: PackVariant, pages: RecordPages | undefined): PackBlock[] {
  if (variant.batches.length === 0) {
    return [{ kind: 'paragraph', text: t('pdf.pack.batches.none', { product: productInSentence(pack) }) }]
  }
  const blocks: PackBlock[] = [
    {
      kind: 'table',
      columns: [
        { header: t('pdf.pack.column.batchCode'), width: 2 },
        { header: t('pdf.pack.column.madeOn'), width: 1.4 },
        { header: t('pdf.pack.column.weight'), width: 1.1 },
        { header: t('pdf.pack.column.oil'), width: 0.8 },
        { header: t('pdf.pack.column.crossContamination'), width: 1.6 },
        { header: t('pdf.pack.column.weighedInGrams'), width: 1.2 },
        { header: t('pdf.pack.column.record'), width: 1 },
      ],
      rows: variant.batches.map((b) => [
        b.code,
        day(b.madeOn),
        `${b.weight} ${b.unit}`,
        packPercent(b.oilPercentage),
        checkWord(b.crossContaminationPrevented),
        checkWord(b.weighedInGrams),
        pageOf(pages, b.id),
      ]),
    },
  ]
  const counted = batchCountLine(pack, variant)
  if (counted) blocks.push({ kind: 'paragraph', text: counted })
  blocks.push({ kind: 'subheading', text: t('pdf.pack.lots.heading') })
  const lots = variant.batches.flatMap((b: PackBatch) =>
    b.lots.map((l) => [
      b.code,
      oilName(l.oilName),
      l.lotCode ?? (l.bottleId === null ? t('pdf.pack.bottleDeleted') : t('pdf.pack.noLotCode')),
      l.supplier ?? '-',
      l.bestBefore ? day(l.bestBefore) : t('pdf.notKnown'),
      l.documents.length === 0
        ? t('pdf.pack.noneOnFile')
        : l.documents
            .map((d) =>
              t('pdf.recall.document', { kind: pdfTextOr(`pdf.documentKind.${d.kind}`, DOCUMENT_KIND_LABELS[d.kind]), file: d.fileName }),
            )
            .join('; '),
    ]),
  )
  blocks.push(
    lots.length === 0
      ? { kind: 'paragraph', text: t('pdf.pack.lots.none') }
      : {
          kind: 'table',
          columns: [
            { header: t('pdf.pack.column.batch'), width: 1.6 },
            { header: t('pdf.pack.column.oil'), width: 1.4 },
            { header: t('pdf.pack.column.lot'), width: 1.2 },
            { header: t('pdf.pack.column.supplier'), width: 1.2 },
            { header: t('pdf.pack.column.bestBefore'), width: 1.1 },
            { header: t('pdf.pack.column.documents'), width: 2.2 },
          ],
          rows: lots,
        },
  )
  const labelled = variant.batches.filter((b) => b.label !== null)
  if (labelled.length > 0) {
    blocks.push({ kind: 'subheading', text: t('pdf.pack.labels.heading') })
    for (const b of labelled) {
      const declared = b.label!.declared.map((a) => a.inci)
      blocks.push({
        kind: 'bullet',
        text: t('pdf.pack.labels.item', {
          code: b.code,
          ingredients: b.label!.ingredientText,
          allergens: declared.length === 0 ? t('pdf.none') : declared.join(', '),
        }),
      })
    }
  }
  blocks.push({ kind: 'subheading', text: t('pdf.pack.records.heading') })
  blocks.push({
    kind: 'paragraph',
    text: t('pdf.pack.records.lead', { pages: variant.batches.map((b) => `${b.code}: ${pageOf(pages, b.id)}`).join('; ') }),
  })
  for (const b of variant.batches) blocks.push({ kind: 'batch-record', record: b.record })
  return blocks
}

function variantBlocks(pack: AssessorPack, variant: PackVariant, index: number, pages: RecordPages | undefined): PackBlock[] {
  const label = variant.label
  const blocks: PackBlock[] = [
    { kind: 'page-break' },
    { kind: 'heading', text: t('pdf.pack.variant', { number: index + 1, name: variantName(variant) }) },
    { kind: 'subheading', text: t('pdf.pack.composition.heading') },
    {
      kind: 'table',
      columns: [
        { header: t('pdf.pack.column.inci'), width: 3 },
        { header: t('pdf.pack.column.oil'), width: 1.8 },
        { header: t('pdf.pack.column.ofFragrance'), width: 1.2 },
        { header: t('pdf.pack.column.ofProduct'), width: 1.2 },
      ],
      rows: variant.composition.map((o) => [o.inci, oilName(o.name), packPercent(o.blendPercent), packPercent(o.productPercent)]),
    },
    {
      kind: 'subheading',
      text: t('pdf.pack.allergens.heading', { percent: packPercent(pack.thresholdPercent), use: t(`pdf.pack.use.${pack.use}`) }),
    },
  ]
  const allergens = [...label.declared.map((a) => [a, true] as const), ...label.belowThreshold.map((a) => [a, false] as const)]
  blocks.push(
    allergens.length === 0
      ? { kind: 'paragraph', text: t('pdf.pack.allergens.none') }
      : {
          kind: 'table',
          columns: [
            { header: t('pdf.pack.column.allergen'), width: 2 },
            { header: t('pdf.pack.column.inProduct'), width: 1.1 },
            { header: t('pdf.pack.column.mustLabel'), width: 1.1 },
            { header: t('pdf.pack.column.source'), width: 3 },
          ],
          rows: allergens.map(([a, labelled]) => [a.inci, packPercent(a.percent), checkWord(labelled), allergenSource(a)]),
        },
  )
  if (!label.complete) {
    blocks.push({
      kind: 'paragraph',
      text: t('pdf.pack.allergens.incomplete', {
        oils: label.missing
          .map((m) => (m.lotCode ? t('pdf.pack.allergens.lot', { oil: oilName(m.oilName), lot: m.lotCode }) : oilName(m.oilName)))
          .join(', '),
      }),
    })
  }
  const ifra = variant.ifra
  blocks.push({ kind: 'subheading', text: t('pdf.pack.ifra.heading') })
  const ifraStatus: Record<typeof ifra.status, () => string> = {
    within: () =>
      ifra.maxBlendPercent === null
        ? t('pdf.pack.ifra.within')
        : t('pdf.pack.ifra.withinAtMost', { percent: packPercent(ifra.maxBlendPercent) }),
    over: () => t('pdf.pack.ifra.over', { percent: ifra.maxBlendPercent === null ? '-' : packPercent(ifra.maxBlendPercent) }),
    unknown: () => t('pdf.pack.ifra.unknown'),
    'no-category': () => t('pdf.pack.ifra.noCategory'),
  }
  blocks.push({
    kind: 'paragraph',
    text: `${ifra.categoryName ? t('pdf.pack.ifra.category', { category: ifra.category, name: ifra.categoryName }) : ''}${ifraStatus[ifra.status]()}`,
  })
  if (ifra.oils.length > 0) {
    blocks.push({
      kind: 'table',
      columns: [
        { header: t('pdf.pack.column.oil'), width: 2 },
        { header: t('pdf.pack.column.ofFragrance'), width: 1.2 },
        { header: t('pdf.pack.column.mostInProduct'), width: 1.4 },
        { header: t('pdf.pack.column.lotsCertificates'), width: 3 },
      ],
      rows: ifra.oils.map((o) => [
        oilName(o.oilName),
        packPercent(o.blendPercent),
        o.maxProductPercent === 'unknown'
          ? t('pdf.notKnown')
          : o.maxProductPercent === 'no-restriction'
            ? t('pdf.pack.ifra.noRestriction')
            : packPercent(o.maxProductPercent),
        o.lots.length === 0
          ? t('pdf.pack.ifra.notOnShelf')
          : o.lots
              .map((l) =>
                t('pdf.pack.ifra.lot', {
                  lot: l.lotCode ?? withoutCode(),
                  certificate: l.amendment ? t('pdf.pack.ifra.amendment', { amendment: l.amendment }) : t('pdf.pack.ifra.noCertificate'),
                }),
              )
              .join('; '),
      ]),
    })
  }
  blocks.push({ kind: 'subheading', text: t('pdf.pack.safety.heading', { audience: inSentence(packAudience(pack)) }) })
  const safety = variant.safety
  blocks.push({ kind: 'paragraph', text: packScope(pack, safety.scope) })
  const said = safetyLines(pack, safety)
  if (said.length === 0) blocks.push({ kind: 'paragraph', text: t(safety.clear ? 'pdf.pack.safety.clear' : 'pdf.pack.safety.nothing') })
  for (const line of said) blocks.push({ kind: 'bullet', text: line })
  blocks.push({ kind: 'subheading', text: t('pdf.pack.label.heading') })
  blocks.push({ kind: 'paragraph', text: t('pdf.pack.label.ingredients', { ingredients: label.ingredientText }) })
  blocks.push({
    kind: 'paragraph',
    text: t('pdf.pack.label.allergens', {
      allergens: label.declared.length === 0 ? t('pdf.none') : label.declared.map((a) => a.inci).join(', '),
    }),
  })
  blocks.push({ kind: 'subheading', text: t('pdf.pack.batches.heading', { product: productInSentence(pack) }) })
  blocks.push(...batchBlocks(pack, variant, pages))
  return blocks
}

/** Part (c)'s entry in the index points to the batch records, variant by variant. */
function recordsPointer(pack: AssessorPack, pages: RecordPages | undefined): string {
  const where = pack.variants.map((v, i) => {
    const first = v.batches[0]
    return first
      ? t('pdf.pack.records.pointerFrom', { number: i + 1, page: pageOf(pages, first.id) })
      : t('pdf.pack.records.pointerNone', { number: i + 1 })
  })
  return t('pdf.pack.records.pointer', { where: where.join('; ') })
}

/** Who the product is for, in the language shown; an audience the catalogs do not know as the pack names it. */
const packAudience = (pack: AssessorPack) => pdfTextOr(`pdf.audience.${pack.audience}`, pack.audienceLabel)

/** The pack's statement that it is no safety report: the catalogs' when it is the one Accord writes. */
export const packNotice = (pack: AssessorPack): string => (pack.notice === PACK_NOTICE ? t('pdf.pack.notice') : pack.notice)

/** What the skin checks cover, in the language shown when it is the domain's sentence for the pack's use; else as it came. */
const packScope = (pack: AssessorPack, scope: string): string => (scope === SAFETY_SCOPE[pack.use] ? scopeText(t, pack.use) : scope)

/**
 * Each sentence of `lines` composed from its finding in `details` (the same index), in the language
 * shown; one whose finding is absent or is not the one it was written from (another `message`), or
 * that `compose` cannot say, as it came. English composes each word for word as the server wrote it.
 */
function composed<D extends { message: string }>(
  lines: readonly string[],
  details: readonly D[] | undefined,
  compose: (detail: D) => string | null,
): string[] {
  return lines.map((line, i) => {
    const detail = details?.[i]
    return detail?.message === line ? (compose(detail) ?? line) : line
  })
}

/** The audience warnings name who the product is for: without an audience the catalogs know, they stay as they came. */
const AUDIENCE_WARNINGS: ReadonlySet<string> = new Set(['over-audience-total', 'avoid-for-audience', 'audience-caution'])

/**
 * A variant's warnings, unchecked oils and cautions, in that order, in the language shown. The
 * findings are taken as possibly absent: an answer without them (as the API sent before issue 37)
 * prints its sentences as they came.
 */
function safetyLines(pack: AssessorPack, safety: Partial<PackSafety> & Pick<PackSafety, 'warnings' | 'unchecked' | 'cautions'>): string[] {
  const audience = audienceById(pack.audience) ?? null
  return [
    ...composed(safety.warnings, safety.warningDetails, (w) =>
      audience === null && AUDIENCE_WARNINGS.has(w.kind) ? null : warningText(t, w, audience),
    ),
    ...composed(safety.unchecked, safety.uncheckedDetails, (u) => uncheckedText(t, u)),
    ...composed(safety.cautions, safety.cautionDetails, (c) => cautionText(t, c)),
  ]
}

/** The pack, block by block; `pages` (where each batch record starts) once the PDF has laid it out. */
export function packContent(pack: AssessorPack, pages?: RecordPages): PackBlock[] {
  const blocks: PackBlock[] = [
    { kind: 'title', text: t('pdf.pack.title') },
    { kind: 'notice', text: packNotice(pack) },
    {
      kind: 'paragraph',
      text: t('pdf.pack.product', {
        product: productName(pack.productType),
        use: t(`pdf.pack.use.${pack.use}`),
        percent: packPercent(pack.oilPercentage),
        audience: inSentence(packAudience(pack)),
      }),
    },
    ...pack.variants.map((v, i): PackBlock => ({ kind: 'bullet', text: t('pdf.pack.variant', { number: i + 1, name: variantName(v) }) })),
    {
      kind: 'paragraph',
      text: t('pdf.pack.responsible', {
        person: pack.responsibleName
          ? `${pack.responsibleName}${pack.responsibleAddress ? `, ${pack.responsibleAddress.replace(/\n/g, ', ')}` : ''}`
          : t('pdf.pack.responsibleNotSet'),
      }),
    },
    { kind: 'paragraph', text: t('pdf.pack.madeBy', { day: day(pack.generatedAt.slice(0, 10)) }) },
    { kind: 'heading', text: t('pdf.pack.index.heading') },
    { kind: 'paragraph', text: t('pdf.pack.index.lead', { source: pifSource() }) },
  ]
  for (const group of PIF_INDEX) {
    blocks.push({ kind: 'subheading', text: pifGroupTitle(group) })
    blocks.push({
      kind: 'table',
      columns: [
        { header: t('pdf.pack.column.part'), width: 0.6 },
        { header: t('pdf.pack.column.title'), width: 2.2 },
        { header: t('pdf.pack.column.inPack'), width: 3 },
        { header: t('pdf.pack.column.toProvide'), width: 1.2 },
      ],
      rows: group.parts.map((p) => {
        const accord = pifAccord(p)
        return [
          p.number,
          pifTitle(p),
          p.number === '(c)' && accord ? `${accord}${recordsPointer(pack, pages)}` : (accord ?? t('pdf.pack.index.nothing')),
          p.toProvide.map((provided) => pifProvider(provided.by)).join(', '),
        ]
      }),
    })
  }
  if (pack.variants.length > 1) blocks.push({ kind: 'page-break' }, ...differences(pack))
  pack.variants.forEach((v, i) => blocks.push(...variantBlocks(pack, v, i, pages)))
  blocks.push({ kind: 'page-break' }, { kind: 'heading', text: t('pdf.pack.provide.heading') })
  for (const by of ['maker', 'assessor'] as const) {
    blocks.push({ kind: 'subheading', text: pifProvider(by) })
    for (const part of PIF_PARTS)
      for (const provided of part.toProvide)
        if (provided.by === by)
          blocks.push({
            kind: 'bullet',
            text: t('pdf.pack.provide.item', { number: part.number, title: pifTitle(part), what: pifToProvide(part, provided) }),
          })
  }
  blocks.push({ kind: 'notice', text: packNotice(pack) })
  return blocks
}
