import { NOTHING_ON_FILE, type SafetyCaution, type SafetyFacts } from '#shared/domain/safety.ts'

/**
 * The published skin-safety facts of every catalog oil, from the sourced table in docs/product.md
 * "Skin safety facts" (and nothing else). A maximum is given only where a source attributes it to
 * Tisserand & Young (Essential Oil Safety, 2nd ed., 2014) or the Tisserand Institute; everywhere
 * else it is null, "no published maximum on file", never a figure seen without that attribution.
 * Each source is named with its key in square brackets, the key of the docs' source list.
 */

const S = {
  'TI-1': 'Tisserand Institute [TI-1]',
  'TI-2': 'Tisserand Institute [TI-2]',
  'TI-3': 'Tisserand Institute [TI-3]',
  'RT-1': 'Robert Tisserand [RT-1]',
  PMC: 'Tisserand & Young 2014, cited in a peer-reviewed review [PMC]',
  DB: 'Tisserand & Young 2014, quoted by Diffuser Blends [DB]',
  EH: 'Tisserand & Young 2014 p. 659, quoted by Essence of Health [EH]',
  'EH-P': 'Essence of Health, unattributed list [EH]',
  NG: "Tisserand & Young 2014, quoted by Nature's Gift [NG]",
  MN: 'Tisserand & Young 2014, quoted by Monash Natural Blends [MN]',
  EON: 'essentialoil.net, attributed to IFRA [EON]',
  LAE: 'Tisserand & Young 2014, quoted by Learning About EOs [LAE]',
  UES: 'Tisserand & Young 2014, quoted by Using Essential Oils Safely [UES]',
  'WW-C': 'Tisserand & Young, quoted by WikiWel [WW-C]',
  'WW-E': 'WikiWel [WW-E]',
  'OIO-L': 'Tisserand & Young 2014 pp. 334-335, quoted by organic.io [OIO-L]',
  'OIO-CS': 'Tisserand & Young 2014 p. 253, quoted by organic.io [OIO-CS]',
  'BM-CS': 'Tisserand & Young 2014 p. 253, quoted by Bitter Melon [BM-CS]',
  'BM-P': 'Tisserand & Young 2014 p. 387, quoted by Bitter Melon [BM-P]',
  HSA: 'Tisserand & Young 2014 pp. 366-367, quoted by Honey Sweetie Acres [HSA]',
  DAV: 'Tisserand & Young, quoted by Davina Wellness [DAV]',
  'HW-P': 'Tisserand, quoted by Hopewell Oils [HW-P]',
  'HW-L': 'Tisserand & Young, quoted by Hopewell Oils [HW-L]',
  MEL: 'Tisserand & Young 2014 pp. 311-313, quoted by Melon Healthy [MEL]',
  CH: "Tisserand & Young's wording, quoted by Cheryl's Herbs [CH]",
  CMB: 'Tisserand, quoted in an informal post by Call Me Balot [CMB]',
  SD: 'Shamim Daru, authority not named [SD]',
  BKB: 'Tisserand & Young, quoted by BK Botanicals [BKB]',
  DSH: 'Robert Tisserand, quoted by Desert Sage Herbs [DSH]',
  PT: 'Robert Tisserand, quoted by Plant Therapy [PT]',
  AT: 'Tisserand & Young 2014, quoted by Aromateket [AT]',
  WGS: 'Tisserand & Young, quoted by Wicked Good Scentz [WGS]',
  AV: 'Tisserand & Young pp. 325-328, quoted by Avis Pharmacy (weak source) [AV]',
  HPF: 'Tisserand, quoted by The Healing Place Farm [HPF]',
  FLO: 'Flo Aromatherapy, list of mixed sources [FLO]',
  CHV: 'Cheevanson, source not shown [CHV]',
  BA: 'Bohemian Alchemist, no source named [BA]',
} as const

type SourceKey = keyof typeof S

/** Names the sources by their keys, in the order given. */
export function cite(...keys: SourceKey[]): string {
  return keys.map((key) => S[key]).join('; ')
}

const caution = (text: string, ...keys: SourceKey[]): SafetyCaution => ({ text, source: cite(...keys) })

/** Where a figure is quoted but not attributed to Tisserand & Young or the Institute: no number is repeated. */
const UNTRACED = 'A figure quoted elsewhere could not be traced to Tisserand & Young or the Tisserand Institute, so none is given.'

const facts = (fields: Partial<SafetyFacts>): SafetyFacts => ({ ...NOTHING_ON_FILE, ...fields })

/** By catalog slug; every catalog oil has an entry (the seed test holds the two lists together). */
export const OIL_SAFETY: Readonly<Record<string, SafetyFacts>> = {
  'atlas-cedarwood': NOTHING_ON_FILE,
  basil: facts({
    maxLeaveOnPercent: 0.1,
    maximumNote:
      'For basil ct. estragole (estragole is potentially carcinogenic); basil ct. linalool essential oil is 3.3%. The catalog does not name the chemotype, so the stricter figure applies.',
    source: cite('LAE', 'UES'),
    pregnancy: caution(
      'Basil ct. estragole appears on "avoid in pregnancy" lists; not confirmed as a Tisserand & Young rule.',
      'EH-P',
      'FLO',
    ),
  }),
  benzoin: facts({ maximumNote: UNTRACED }),
  bergamot: facts({
    maxLeaveOnPercent: 0.4,
    maximumNote:
      'For the expressed (cold-pressed) oil, because of phototoxicity. Bergamot FCF is not phototoxic and has no maximum on file.',
    phototoxic: true,
    source: cite('DB', 'EH', 'MN', 'NG', 'EON'),
    oxidation: caution('Do not use old or oxidised oil.', 'MN'),
  }),
  'bitter-orange': facts({
    maxLeaveOnPercent: 1.25,
    maximumNote: 'For the expressed (cold-pressed) peel oil, because of phototoxicity.',
    phototoxic: true,
    source: cite('DB', 'EH', 'NG', 'EON'),
  }),
  'black-pepper': NOTHING_ON_FILE,
  cardamom: NOTHING_ON_FILE,
  'cinnamon-bark': facts({
    maxLeaveOnPercent: 0.07,
    maximumNote:
      'Skin sensitisation (about 80% cinnamaldehyde). The Tisserand Institute says it may need diluting to 0.1% and calls vendor limits of 0.07% and 0.1% in line with its advice; the stricter 0.07% applies.',
    source: cite('TI-2', 'BA'),
    pregnancy: caution('Appears on "avoid in pregnancy and breastfeeding" lists; not confirmed as a Tisserand & Young rule.', 'CHV', 'FLO'),
  }),
  'clary-sage': facts({
    maximumNote:
      'Tisserand & Young list no known hazards for the steam-distilled oil; their 0.25% maximum is for clary sage absolute (one other page applies it to the oil).',
    source: cite('OIO-CS', 'BM-CS'),
  }),
  'clove-bud': facts({
    maxLeaveOnPercent: 0.5,
    maximumNote: 'Moderate risk of skin sensitisation (rich in eugenol).',
    source: cite('WW-C'),
    children: caution('No use on the skin of children aged 2 or younger.', 'WW-C'),
    pregnancy: caution('Tisserand & Young list embryotoxicity among its hazards (no explicit pregnancy rule quoted).', 'WW-C'),
  }),
  coriander: NOTHING_ON_FILE,
  cypress: NOTHING_ON_FILE,
  eucalyptus: facts({
    maximumNote:
      'A maximum for cineole-rich eucalyptus is published, but attributed to Commission E or to no one, not to Tisserand & Young.',
    children: caution(
      'Do not apply to or near the face of infants or children under 10 (others give under 6 for the breathing risk of 1,8-cineole; sources differ).',
      'PMC',
      'DSH',
      'PT',
    ),
  }),
  'fir-needle': NOTHING_ON_FILE,
  frankincense: NOTHING_ON_FILE,
  geranium: facts({ maximumNote: UNTRACED }),
  'german-chamomile': NOTHING_ON_FILE,
  ginger: NOTHING_ON_FILE,
  grapefruit: facts({
    maxLeaveOnPercent: 4,
    maximumNote: 'For the expressed (cold-pressed) oil, because of phototoxicity.',
    phototoxic: true,
    source: cite('DB', 'EH', 'NG'),
  }),
  helichrysum: NOTHING_ON_FILE,
  jasmine: facts({
    maxLeaveOnPercent: 0.7,
    maximumNote: 'For jasmine absolute (J. grandiflorum), a moderate-risk skin sensitiser.',
    source: cite('MEL'),
    pregnancy: caution('Appears on a mixed-source "not in pregnancy" list; not confirmed as a Tisserand & Young rule.', 'FLO'),
  }),
  'juniper-berry': NOTHING_ON_FILE,
  lavender: facts({
    maximumNote: 'Tisserand & Young are quoted as giving no special precautions for Lavandula angustifolia (weak source).',
    source: cite('AV'),
  }),
  lemon: facts({
    maxLeaveOnPercent: 2,
    maximumNote: 'For the expressed (cold-pressed) oil, because of phototoxicity. Distilled lemon is not phototoxic.',
    phototoxic: true,
    source: cite('DB', 'EH', 'NG', 'EON'),
  }),
  lemongrass: facts({
    maxLeaveOnPercent: 0.7,
    maximumNote: 'Skin sensitisation (citral). The maximum is a concentration, so it applies whatever the area of skin.',
    source: cite('TI-1', 'OIO-L'),
    children: caution('Use on the skin of infants and children under 2 with caution.', 'OIO-L'),
    pregnancy: caution('Tisserand & Young note a risk of teratogenicity (citral).', 'OIO-L'),
  }),
  lime: facts({
    maxLeaveOnPercent: 0.7,
    maximumNote: 'For the expressed (cold-pressed) oil, because of phototoxicity. Distilled lime is not phototoxic.',
    phototoxic: true,
    source: cite('DB', 'EH', 'NG', 'EON'),
  }),
  litsea: facts({
    maximumNote: UNTRACED,
    pregnancy: caution('Tisserand & Young give a maximum oral dose in pregnancy of 56 mg; no rule for the skin was found.', 'HW-L'),
  }),
  mandarin: facts({
    maximumNote: 'The fruit oil is not phototoxic; mandarin leaf oil is (0.17%).',
    phototoxic: false,
    source: cite('DB', 'NG', 'EH'),
    oxidation: caution('Sensitising once oxidised: do not use old or oxidised oil.', 'AT'),
    pregnancy: caution('Its very low toxicity suggests it is safe in pregnancy and breastfeeding.', 'AT'),
  }),
  myrrh: facts({
    pregnancy: caution('Avoid in pregnancy: β-elemene crosses the placenta and inhibits the growth of new blood vessels.', 'HPF', 'FLO'),
  }),
  neroli: NOTHING_ON_FILE,
  nutmeg: facts({
    maxLeaveOnPercent: 0.8,
    maximumNote:
      'For East Indian nutmeg (potentially carcinogenic; psychotropic in high doses); West Indian nutmeg is 5%. The stricter figure applies.',
    source: cite('HSA'),
  }),
  palmarosa: facts({ maxLeaveOnPercent: 6.5, maximumNote: 'Because of its geraniol content.', source: cite('HW-P') }),
  patchouli: facts({
    maximumNote: 'Quoted as having no topical maximum; Tisserand & Young list a drug interaction (may inhibit blood clotting).',
    source: cite('WGS'),
  }),
  peppermint: facts({
    maxLeaveOnPercent: 5.4,
    maximumNote:
      'Tisserand & Young list a risk of neurotoxicity and mucous-membrane irritation; avoid in cardiac fibrillation and G6PD deficiency.',
    source: cite('PMC', 'BM-P'),
    children: caution(
      'Do not apply to or near the face of infants or children (Tisserand is also quoted as saying it is fine from 6 years; breathing concerns under 6).',
      'PMC',
      'BM-P',
      'DSH',
      'PT',
    ),
  }),
  petitgrain: NOTHING_ON_FILE,
  'roman-chamomile': NOTHING_ON_FILE,
  rose: facts({ maximumNote: UNTRACED }),
  rosemary: facts({
    maximumNote:
      'Figures for ct. camphor and ct. verbenone are published without naming their authority, and Tisserand & Young give none for ct. cineole.',
    children: caution(
      'Not on or near the face of infants and children; Tisserand is quoted as saying to avoid all rosemary until 10.',
      'SD',
      'DSH',
      'BKB',
    ),
    pregnancy: caution('Rosemary ct. camphor holds too little camphor to be contraindicated in pregnancy.', 'HPF'),
  }),
  sandalwood: NOTHING_ON_FILE,
  'scots-pine': facts({
    maximumNote: 'The first edition (1995) listed no special precautions; nothing confirmed for the second, oxidation included.',
  }),
  spearmint: facts({
    maxLeaveOnPercent: 1.7,
    maximumNote: "Based on about 71.6% (-)-carvone; IFRA's leave-on limit for carvone itself is 1.2%.",
    source: cite('DAV'),
  }),
  spikenard: NOTHING_ON_FILE,
  'sweet-marjoram': NOTHING_ON_FILE,
  'sweet-orange': facts({
    maximumNote: 'Cold-pressed sweet orange is not phototoxic.',
    phototoxic: false,
    source: cite('DB', 'NG'),
  }),
  'tea-tree': facts({
    maximumNote: UNTRACED,
    oxidation: caution('The more it oxidises, the less safe it is for skin: keep it refrigerated and use it within 1-2 years.', 'TI-3'),
  }),
  thyme: facts({
    maxLeaveOnPercent: 1.3,
    maximumNote:
      'For thyme ct. thymol, from an informal post with no page number; thyme ct. linalool has no specific concerns. The catalog does not name the chemotype, so the stricter figure applies.',
    source: cite('CMB'),
  }),
  vetiver: NOTHING_ON_FILE,
  'ylang-ylang': facts({
    maxLeaveOnPercent: 0.8,
    maximumNote:
      "Skin sensitisation, moderate risk: Tisserand endorses IFRA's 0.8% guideline for one of the most skin-reactive essential oils.",
    source: cite('RT-1', 'CH'),
    children: caution('Use on the skin of children under 2 with caution.', 'CH'),
  }),
}

/** The facts of one catalog oil; a slug without an entry is a mistake in the catalog, not "nothing on file". */
export function safetyOf(slug: string): SafetyFacts {
  const found = OIL_SAFETY[slug]
  if (!found) throw new Error(`No safety entry for the catalog oil "${slug}"`)
  return found
}
