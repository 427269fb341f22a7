import type { AssessorPack, PackBatch, PackVariant } from '#shared/api/assessor-pack.ts'
import type { BatchTrace } from '#shared/api/trace.ts'
import { checkWord } from '#shared/domain/batch-checks.ts'
import { DOCUMENT_KIND_LABELS } from '#shared/domain/document-kinds.ts'
import type { LabelAllergen } from '#shared/api/labels.ts'
import { PIF_INDEX, PIF_PARTS, PIF_SOURCE, PROVIDER_LABELS } from '#shared/domain/assessor-pack.ts'

/**
 * The safety assessor pack's content as blocks (docs/product.md "The safety assessor pack";
 * decision 083): the cover with its "not a safety report" statement, the index in the order of
 * Article 11 and Annex I, what differs between the variants, one section per variant (its batches
 * followed by each one's full batch record, decision 091), and what only the maker or the assessor
 * can provide. Pure, so the PDF and its tests read the same words.
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
  return page === undefined ? 'page -' : `page ${page}`
}

/** How many batches the variant has and how many of them the pack holds. */
function batchCountLine(pack: AssessorPack, variant: PackVariant): string | null {
  if (!variant.moreBatches) return null
  const more = variant.batchCount - variant.batches.length
  return `This variant has ${variant.batchCount} batches as ${pack.productLabel.toLowerCase()}: the ${variant.batches.length} newest are in this pack with their records; ${more} older ${more === 1 ? 'batch is' : 'batches are'} not.`
}

/** A percentage of the product: three significant figures, '0.3 %', '0.0015 %'. */
export function packPercent(percent: number): string {
  return `${new Intl.NumberFormat('en-GB', { maximumSignificantDigits: 3 }).format(percent)} %`
}

export const variantName = (v: Pick<PackVariant, 'blendName' | 'referenceNumber'>) => `${v.blendName}, version ${v.referenceNumber}`

function allergenSource(a: LabelAllergen): string {
  if (a.fromRecipe) return 'From the recipe (the whole oil is an Annex III entry)'
  return a.sources
    .map((s) =>
      s.bottleId === null ? `${s.oilName}: catalog` : `${s.oilName}: supplier declaration, lot ${s.lotCode ?? 'without a code'}`,
    )
    .join('; ')
}

/** Oils and allergens whose share differs between the variants (absent counts as differing). */
function differences(pack: AssessorPack): PackBlock[] {
  const variants = pack.variants
  const blocks: PackBlock[] = [
    { kind: 'heading', text: 'What differs between the variants' },
    {
      kind: 'paragraph',
      text: `The ${variants.length} variants share the product type and the ${packPercent(pack.oilPercentage)} of essential oil; these are the oils and allergens whose share of the finished product differs. A dash: not in that variant.`,
    },
  ]
  const columns = [{ header: 'Ingredient', width: 2 }, ...variants.map((v, i) => ({ header: `Variant ${i + 1}`, width: 1 }))]
  const oilNames = [...new Set(variants.flatMap((v) => v.composition.map((o) => o.name)))].sort()
  const oilRows = oilNames
    .map((name) => [name, ...variants.map((v) => v.composition.find((o) => o.name === name)?.productPercent ?? null)] as const)
    .filter(([, ...shares]) => shares.some((s) => s === null || Math.abs(s - (shares[0] ?? -1)) > 1e-9))
    .map(([name, ...shares]) => [name, ...shares.map((s) => (s === null ? '-' : packPercent(s)))])
  blocks.push({ kind: 'subheading', text: 'Oils' })
  blocks.push(
    oilRows.length === 0
      ? { kind: 'paragraph', text: 'The variants hold the same oils at the same shares.' }
      : { kind: 'table', columns, rows: oilRows },
  )
  const allergensOf = (v: PackVariant) => [...v.label.declared, ...v.label.belowThreshold]
  const allergenNames = [...new Set(variants.flatMap((v) => allergensOf(v).map((a) => a.inci)))].sort()
  const allergenRows = allergenNames
    .map((inci) => [inci, ...variants.map((v) => allergensOf(v).find((a) => a.inci === inci)?.percent ?? null)] as const)
    .filter(([, ...shares]) => shares.some((s) => s === null || Math.abs(s - (shares[0] ?? -1)) > 1e-12))
    .map(([inci, ...shares]) => [inci, ...shares.map((s) => (s === null ? '-' : packPercent(s)))])
  blocks.push({ kind: 'subheading', text: 'Declared allergens (Annex III)' })
  blocks.push(
    allergenRows.length === 0
      ? { kind: 'paragraph', text: 'The variants declare the same allergens at the same concentrations.' }
      : { kind: 'table', columns, rows: allergenRows },
  )
  return blocks
}

function batchBlocks(pack: AssessorPack, variant: PackVariant, pages: RecordPages | undefined): PackBlock[] {
  if (variant.batches.length === 0) {
    return [{ kind: 'paragraph', text: `No batches of this variant as ${pack.productLabel.toLowerCase()} are recorded yet.` }]
  }
  const blocks: PackBlock[] = [
    {
      kind: 'table',
      columns: [
        { header: 'Batch code', width: 2 },
        { header: 'Made on', width: 1.4 },
        { header: 'Weight', width: 1.1 },
        { header: 'Oil', width: 0.8 },
        { header: 'Cross-contamination prevented', width: 1.6 },
        { header: 'Weighed in grams', width: 1.2 },
        { header: 'Record', width: 1 },
      ],
      rows: variant.batches.map((b) => [
        b.code,
        b.madeOn,
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
  blocks.push({ kind: 'subheading', text: 'Lots drawn (A.4)' })
  const lots = variant.batches.flatMap((b: PackBatch) =>
    b.lots.map((l) => [
      b.code,
      l.oilName,
      l.lotCode ?? (l.bottleId === null ? 'Bottle deleted' : 'No lot code'),
      l.supplier ?? '-',
      l.bestBefore ?? 'Not known',
      l.documents.length === 0 ? 'None on file' : l.documents.map((d) => `${DOCUMENT_KIND_LABELS[d.kind]}: ${d.fileName}`).join('; '),
    ]),
  )
  blocks.push(
    lots.length === 0
      ? { kind: 'paragraph', text: 'These batches drew from no bottle on the shelf.' }
      : {
          kind: 'table',
          columns: [
            { header: 'Batch', width: 1.6 },
            { header: 'Oil', width: 1.4 },
            { header: 'Lot', width: 1.2 },
            { header: 'Supplier', width: 1.2 },
            { header: 'Best before', width: 1.1 },
            { header: 'Documents', width: 2.2 },
          ],
          rows: lots,
        },
  )
  const labelled = variant.batches.filter((b) => b.label !== null)
  if (labelled.length > 0) {
    blocks.push({ kind: 'subheading', text: 'Labels saved with the batches (B.2)' })
    for (const b of labelled) {
      const declared = b.label!.declared.map((a) => a.inci)
      blocks.push({
        kind: 'bullet',
        text: `${b.code}: ${b.label!.ingredientText}. Allergens declared: ${declared.length === 0 ? 'none' : declared.join(', ')}.`,
      })
    }
  }
  blocks.push({ kind: 'subheading', text: 'Batch records (c)' })
  blocks.push({
    kind: 'paragraph',
    text: `Each batch’s full record follows, as its batch page prints it: the weights, the composition, every lot drawn, the checks at the time of making, the IFRA check recorded and its allergen declaration. ${variant.batches
      .map((b) => `${b.code}: ${pageOf(pages, b.id)}`)
      .join('; ')}.`,
  })
  for (const b of variant.batches) blocks.push({ kind: 'batch-record', record: b.record })
  return blocks
}

function variantBlocks(pack: AssessorPack, variant: PackVariant, index: number, pages: RecordPages | undefined): PackBlock[] {
  const label = variant.label
  const blocks: PackBlock[] = [
    { kind: 'page-break' },
    { kind: 'heading', text: `Variant ${index + 1}: ${variantName(variant)}` },
    { kind: 'subheading', text: 'Fragrance composition by INCI (A.1)' },
    {
      kind: 'table',
      columns: [
        { header: 'INCI name', width: 3 },
        { header: 'Oil', width: 1.8 },
        { header: 'Of the fragrance', width: 1.2 },
        { header: 'Of the product', width: 1.2 },
      ],
      rows: variant.composition.map((o) => [o.inci, o.name, packPercent(o.blendPercent), packPercent(o.productPercent)]),
    },
    {
      kind: 'subheading',
      text: `Allergens in the finished product (A.1, A.7): labelled over ${packPercent(pack.thresholdPercent)} (${pack.use})`,
    },
  ]
  const allergens = [...label.declared.map((a) => [a, true] as const), ...label.belowThreshold.map((a) => [a, false] as const)]
  blocks.push(
    allergens.length === 0
      ? { kind: 'paragraph', text: 'No Annex III allergen is declared for the lots this variant would draw.' }
      : {
          kind: 'table',
          columns: [
            { header: 'Allergen (INCI)', width: 2 },
            { header: 'In the product', width: 1.1 },
            { header: 'Must be labelled', width: 1.1 },
            { header: 'Where the figure comes from', width: 3 },
          ],
          rows: allergens.map(([a, labelled]) => [a.inci, packPercent(a.percent), labelled ? 'Yes' : 'No', allergenSource(a)]),
        },
  )
  if (!label.complete) {
    blocks.push({
      kind: 'paragraph',
      text: `Incomplete: the allergens of ${label.missing.map((m) => `${m.oilName}${m.lotCode ? ` (lot ${m.lotCode})` : ''}`).join(', ')} are not known (no supplier declaration on file, or not on the shelf).`,
    })
  }
  const ifra = variant.ifra
  blocks.push({ kind: 'subheading', text: 'IFRA check from the suppliers’ certificates (A.8)' })
  const ifraStatus: Record<typeof ifra.status, string> = {
    within: `Within the certificates’ limits${ifra.maxBlendPercent === null ? '' : `: at most ${packPercent(ifra.maxBlendPercent)} of the blend in the product`}.`,
    over: `Over the certificates’ limits: at most ${ifra.maxBlendPercent === null ? '-' : packPercent(ifra.maxBlendPercent)} of the blend in the product.`,
    unknown: 'Not known: some oils have no IFRA certificate for this category on file.',
    'no-category': 'This product type maps to no IFRA category.',
  }
  blocks.push({
    kind: 'paragraph',
    text: `${ifra.categoryName ? `Category ${ifra.category}, ${ifra.categoryName}. ` : ''}${ifraStatus[ifra.status]}`,
  })
  if (ifra.oils.length > 0) {
    blocks.push({
      kind: 'table',
      columns: [
        { header: 'Oil', width: 2 },
        { header: 'Of the fragrance', width: 1.2 },
        { header: 'Most in the product', width: 1.4 },
        { header: 'Lots and certificates', width: 3 },
      ],
      rows: ifra.oils.map((o) => [
        o.oilName,
        packPercent(o.blendPercent),
        o.maxProductPercent === 'unknown'
          ? 'Not known'
          : o.maxProductPercent === 'no-restriction'
            ? 'No restriction'
            : packPercent(o.maxProductPercent),
        o.lots.length === 0
          ? 'Not on the shelf'
          : o.lots
              .map((l) => `lot ${l.lotCode ?? 'without a code'}: ${l.amendment ? `${l.amendment} amendment` : 'no certificate'}`)
              .join('; '),
      ]),
    })
  }
  blocks.push({ kind: 'subheading', text: `Skin checks for ${pack.audienceLabel.toLowerCase()} (A.8)` })
  const safety = variant.safety
  blocks.push({ kind: 'paragraph', text: safety.scope })
  const said = [...safety.warnings, ...safety.unchecked, ...safety.cautions]
  if (said.length === 0) blocks.push({ kind: 'paragraph', text: safety.clear ? 'No warnings from these checks.' : 'Nothing flagged.' })
  for (const line of said) blocks.push({ kind: 'bullet', text: line })
  blocks.push({ kind: 'subheading', text: 'Label worked out for this variant (B.2)' })
  blocks.push({ kind: 'paragraph', text: `Fragrance ingredients as listed: ${label.ingredientText}` })
  blocks.push({
    kind: 'paragraph',
    text: `Allergens to declare: ${label.declared.length === 0 ? 'none' : label.declared.map((a) => a.inci).join(', ')}. The base’s ingredients are the maker’s to add.`,
  })
  blocks.push({ kind: 'subheading', text: `Batches made as ${pack.productLabel.toLowerCase()} (c)` })
  blocks.push(...batchBlocks(pack, variant, pages))
  return blocks
}

/** Part (c)'s entry in the index points to the batch records, variant by variant. */
function recordsPointer(pack: AssessorPack, pages: RecordPages | undefined): string {
  const where = pack.variants.map((v, i) => {
    const first = v.batches[0]
    return `variant ${i + 1}: ${first ? `from ${pageOf(pages, first.id)}` : 'no batch'}`
  })
  return ` Each batch’s full record is in its variant’s section (${where.join('; ')}).`
}

/** The pack, block by block; `pages` (where each batch record starts) once the PDF has laid it out. */
export function packContent(pack: AssessorPack, pages?: RecordPages): PackBlock[] {
  const blocks: PackBlock[] = [
    { kind: 'title', text: 'Safety assessor pack' },
    { kind: 'notice', text: pack.notice },
    {
      kind: 'paragraph',
      text: `Product: ${pack.productLabel} (${pack.use}) with ${packPercent(pack.oilPercentage)} essential oil, for ${pack.audienceLabel.toLowerCase()}.`,
    },
    ...pack.variants.map((v, i): PackBlock => ({ kind: 'bullet', text: `Variant ${i + 1}: ${variantName(v)}` })),
    {
      kind: 'paragraph',
      text: `Responsible person: ${pack.responsibleName ? `${pack.responsibleName}${pack.responsibleAddress ? `, ${pack.responsibleAddress.replace(/\n/g, ', ')}` : ''}` : 'not set in Accord'}.`,
    },
    { kind: 'paragraph', text: `Made by Accord on ${pack.generatedAt.slice(0, 10)} from the maker’s recipes, shelf and batches.` },
    { kind: 'heading', text: 'Index' },
    { kind: 'paragraph', text: `The parts of the product information file in the order of ${PIF_SOURCE}.` },
  ]
  for (const group of PIF_INDEX) {
    blocks.push({ kind: 'subheading', text: group.title })
    blocks.push({
      kind: 'table',
      columns: [
        { header: 'Part', width: 0.6 },
        { header: 'Title', width: 2.2 },
        { header: 'In this pack', width: 3 },
        { header: 'To provide', width: 1.2 },
      ],
      rows: group.parts.map((p) => [
        p.number,
        p.title,
        p.number === '(c)' && p.accord ? `${p.accord}${recordsPointer(pack, pages)}` : (p.accord ?? 'Nothing: Accord does not know it'),
        p.toProvide.map((t) => PROVIDER_LABELS[t.by]).join(', '),
      ]),
    })
  }
  if (pack.variants.length > 1) blocks.push({ kind: 'page-break' }, ...differences(pack))
  pack.variants.forEach((v, i) => blocks.push(...variantBlocks(pack, v, i, pages)))
  blocks.push({ kind: 'page-break' }, { kind: 'heading', text: 'What only the maker or the assessor can provide' })
  for (const by of ['maker', 'assessor'] as const) {
    blocks.push({ kind: 'subheading', text: PROVIDER_LABELS[by] })
    for (const part of PIF_PARTS)
      for (const t of part.toProvide) if (t.by === by) blocks.push({ kind: 'bullet', text: `${part.number} ${part.title}: ${t.what}` })
  }
  blocks.push({ kind: 'notice', text: pack.notice })
  return blocks
}
