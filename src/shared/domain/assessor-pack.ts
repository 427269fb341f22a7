/**
 * The product information file's parts, in the order of Article 11(2) of Regulation (EC) No
 * 1223/2009 and, for the safety report, of its Annex I (parts A and B) (docs/product.md "The safety
 * assessor pack"; decision 083). For each: what Accord puts in the pack, and what only the maker
 * or the assessor can provide. The pack's index and its "to provide" list are read from here.
 * The English here is the PDFs' English: the client's `pdf` catalog section says each title and
 * sentence again in every language under `pdf.pif.*` (decision 105), the English word for word.
 */

/** At most this many variants in one pack: the PDF stays readable and the read bounded. */
export const MAX_PACK_VARIANTS = 6
/**
 * At most this many batches per variant, newest first, each with its full batch record (decision
 * 091); `batchCount` says how many the variant has in all, `moreBatches` that there were more.
 */
export const MAX_PACK_BATCHES = 20

export const PACK_NOTICE =
  'This pack is input for your safety assessor, not a safety report. Accord gathers what it knows about your product; only a qualified safety assessor can assess the product and sign its cosmetic product safety report.'

export type PifProvider = 'maker' | 'assessor'

export interface PifPart {
  /** As the index numbers it: '(a)', 'A.1', 'B.4'. */
  number: string
  title: string
  /** What the pack gives for this part; null when Accord knows nothing of it. */
  accord: string | null
  /** What the maker or the assessor must add. */
  toProvide: { by: PifProvider; what: string }[]
}

/** The heading each group of parts sits under in the index. */
export interface PifGroup {
  /** Names the group's heading in the PDFs' catalogs (`pdf.pif.group.<id>`). */
  id: 'a' | 'A' | 'B' | 'cToE'
  title: string
  parts: PifPart[]
}

export const PIF_SOURCE = 'Regulation (EC) No 1223/2009, Article 11 and Annex I'

export const PIF_INDEX: readonly PifGroup[] = [
  {
    id: 'a',
    title: 'Article 11(2)(a): Description of the cosmetic product',
    parts: [
      {
        number: '(a)',
        title: 'Description of the cosmetic product',
        accord: 'The product type, the essential oil percentage, who it is for, and each scent variant (blend and version).',
        toProvide: [
          { by: 'maker', what: 'The product’s name, its function and presentation, and the name and address of the responsible person.' },
        ],
      },
    ],
  },
  {
    id: 'A',
    title: 'Article 11(2)(b): Cosmetic product safety report, Annex I Part A (safety information)',
    parts: [
      {
        number: 'A.1',
        title: 'Quantitative and qualitative composition',
        accord:
          'The fragrance by INCI name with each oil’s percentage of the finished product (accords expanded), and the Annex III allergens it brings.',
        toProvide: [
          { by: 'maker', what: 'The base formula: every other ingredient with its INCI name, CAS number, function and percentage.' },
        ],
      },
      {
        number: 'A.2',
        title: 'Physical/chemical characteristics and stability',
        accord: null,
        toProvide: [
          {
            by: 'maker',
            what: 'The product’s specifications and stability tests, and the period after opening or date of minimum durability.',
          },
        ],
      },
      {
        number: 'A.3',
        title: 'Microbiological quality',
        accord: null,
        toProvide: [
          { by: 'maker', what: 'The microbiological specification and, where needed, the preservative efficacy (challenge) test.' },
        ],
      },
      {
        number: 'A.4',
        title: 'Impurities, traces, information about the packaging material',
        accord: 'The lots of oil each batch drew, with their suppliers, best-before dates and the suppliers’ documents on file.',
        toProvide: [
          {
            by: 'maker',
            what: 'The packaging material’s specification and compatibility, and the impurities and traces of the other ingredients.',
          },
        ],
      },
      {
        number: 'A.5',
        title: 'Normal and reasonably foreseeable use',
        accord: 'Leave-on or rinse-off, and who the product is for.',
        toProvide: [{ by: 'maker', what: 'The instructions of use and the reasonably foreseeable misuse.' }],
      },
      {
        number: 'A.6',
        title: 'Exposure to the cosmetic product',
        accord: null,
        toProvide: [{ by: 'assessor', what: 'The amount applied, the frequency, the site and the population exposed.' }],
      },
      {
        number: 'A.7',
        title: 'Exposure to the substances',
        accord: 'Each oil’s and each declared allergen’s concentration in the finished product.',
        toProvide: [{ by: 'assessor', what: 'The systemic exposure dosage of each substance.' }],
      },
      {
        number: 'A.8',
        title: 'Toxicological profile of the substances',
        accord:
          'The IFRA check of each oil from the suppliers’ IFRA certificates, and the skin checks against the published maxima on file.',
        toProvide: [{ by: 'assessor', what: 'The toxicological profile of each substance and the margin of safety.' }],
      },
      {
        number: 'A.9',
        title: 'Undesirable effects and serious undesirable effects',
        accord: null,
        toProvide: [{ by: 'maker', what: 'The record of undesirable effects reported for the product or similar products.' }],
      },
      {
        number: 'A.10',
        title: 'Information on the cosmetic product',
        accord: null,
        toProvide: [{ by: 'maker', what: 'Any other relevant information, such as studies with human volunteers.' }],
      },
    ],
  },
  {
    id: 'B',
    title: 'Article 11(2)(b): Cosmetic product safety report, Annex I Part B (safety assessment)',
    parts: [
      {
        number: 'B.1',
        title: 'Assessment conclusion',
        accord: null,
        toProvide: [{ by: 'assessor', what: 'The statement on the safety of the product.' }],
      },
      {
        number: 'B.2',
        title: 'Labelled warnings and instructions of use',
        accord: 'The ingredient list and allergen declaration worked out for each variant, and the labels saved with its batches.',
        toProvide: [{ by: 'assessor', what: 'The warnings and instructions the label must carry.' }],
      },
      {
        number: 'B.3',
        title: 'Reasoning',
        accord: null,
        toProvide: [{ by: 'assessor', what: 'The scientific reasoning leading to the conclusion.' }],
      },
      {
        number: 'B.4',
        title: 'Assessor’s credentials and approval of Part B',
        accord: null,
        toProvide: [{ by: 'assessor', what: 'The assessor’s name, address, qualification, date and signature.' }],
      },
    ],
  },
  {
    id: 'cToE',
    title: 'Article 11(2)(c) to (e): the file’s other parts',
    parts: [
      {
        number: '(c)',
        title: 'Method of manufacture and compliance with good manufacturing practice',
        accord: 'The batches made, with their codes, dates, weights and the maker’s checks at the time of making.',
        toProvide: [
          { by: 'maker', what: 'The method of manufacture and a statement of compliance with good manufacturing practice (ISO 22716).' },
        ],
      },
      {
        number: '(d)',
        title: 'Proof of the effect claimed',
        accord: null,
        toProvide: [{ by: 'maker', what: 'Proof of any effect the product claims.' }],
      },
      {
        number: '(e)',
        title: 'Data on animal testing',
        accord: null,
        toProvide: [{ by: 'maker', what: 'Data on any animal testing of the product or its ingredients.' }],
      },
    ],
  },
]

export const PIF_PARTS: readonly PifPart[] = PIF_INDEX.flatMap((g) => g.parts)

export const PROVIDER_LABELS: Record<PifProvider, string> = { maker: 'The maker', assessor: 'The safety assessor' }
