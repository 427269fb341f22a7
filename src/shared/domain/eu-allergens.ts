/**
 * The EU fragrance allergens as data: the entries of Annex III to Regulation (EC) No 1223/2009 on
 * cosmetic products that must be named on the label when present above 0.001 % (leave-on) or
 * 0.01 % (rinse-off), as amended by Commission Regulation (EU) 2023/1545 of 26 July 2023 (OJ L 188,
 * 27.7.2023, p. 1-23; ELI http://data.europa.eu/eli/reg/2023/1545/oj). New products must follow it
 * from 31 July 2026; products already on the market from 31 July 2028. Legislation is free to reuse.
 *
 * THE COUNT: 81 entries. How counted: one entry per Annex III row that carries the labelling duty
 * after 2023/1545; the several isomers, CAS numbers or glossary names the annex groups in one row
 * count once (Citral, Limonene, Pinene, Rose Ketones, Lavandula Oil/Extract...); substances the
 * EU has since prohibited (Annex II) are not counted. The 81 are:
 *  - 24 of the 26 allergens of the 2003 list (Directive 2003/15/EC), restated by 2023/1545 with
 *    grouped CAS numbers and current glossary names; the other two, Hydroxyisohexyl 3-Cyclohexene
 *    Carboxaldehyde (HICC) and Butylphenyl Methylpropional (BMHCA, "lilial"), are prohibited
 *    since 2021 and 2022 and no longer in Annex III;
 *  - 45 new entries (Annex, point 3, entries 327-371: 24 substances and 21 natural extracts);
 *  - 12 older Annex III entries that had limits but no labelling duty and gained it (6-Methyl
 *    Coumarin, Alpha-Terpinene, Terpinolene, Pinus Mugo, Pinus Pumila, Cedrus Atlantica, Turpentine,
 *    Myroxylon Pereirae, Rose Ketones, 3-Propylidenephthalide, Lippia Citriodora, Methyl Salicylate).
 * WHY SECONDARY SOURCES SAY 80, 81 OR 82: the SCCS opinion SCCS/1459/11 (2012) behind the amendment
 * named "56 additional" allergens, and the press counts 24 + 56 = 80, or 26 + 56 = 82 when the two
 * now-prohibited substances of the 2003 list are still counted. The annex does not follow the SCCS
 * list one to one: it groups and splits (the Citrus Aurantium flower and peel oils are two rows;
 * 6-Methyl Coumarin gained the duty in its existing row), which gives 57 rows with a new duty and
 * 24 + 57 = 81. Sources that count rows of the annex say 81.
 *
 * WHAT WAS USED: the EUR-Lex page of the regulation (CELEX 32023R1545) could be read only in its
 * opening here, not its annex table. The entries are compiled from two independent reproductions of
 * the annex: a CosIng-style import of point (3) (entries 327-371, glossary names and CAS numbers as
 * printed) and a supplier allergen-declaration group list (every entry, with all its CAS numbers),
 * cross-checked against the SGS (October 2023) and UL Solutions (August 2023) summaries of the
 * amendment. Every CAS number passes its check digit (the unit test checks).
 * EC NUMBERS: 80 of the 81 entries carry the EC (EINECS/ELINCS or EC list) numbers their annex row
 * gives, 135 in all. They are copied from a reproduction of the annex table (CAS and EC numbers side
 * by side for every row: the rows 2023/1545 substituted or added, and the 2003-list rows from the
 * consolidated Annex III); a third of them (45 of 135, in 35 entries, mostly single substances)
 * were found again beside the same CAS number in independent data (a regulatory raw-material
 * database, CosIng Annex III export and consolidated-text parser fixtures, safety data sheets,
 * supplier ingredient lists). None is written from memory. Every EC number passes its check digit
 * (the unit test checks), none belongs to two entries, and a row may give fewer EC numbers than CAS
 * numbers, as the annex does for most oils. Citrus Aurantium Peel Oil stays empty: the
 * reproduction's row lists two more CAS numbers than this entry (72968-50-4 and 8028-48-6, also in
 * the flower oil row) with their EC numbers, so its EC numbers cannot be matched to this entry's
 * CAS numbers until the row is checked against the Official Journal.
 * For the natural extracts `inci` is the glossary name a label prints for the usual oil and
 * `inciNames` every glossary name Accord maps to the entry; for Pinus Mugo, Pinus Pumila,
 * Turpentine and Lippia Citriodora Absolute the listed name stands in, as no glossary name was
 * confirmed. docs/product.md "Allergen labels".
 */

export type AllergenKind = 'substance' | 'natural-extract'

export interface AllergenEntry {
  /** A stable kebab-case slug: declarations and saved labels refer to entries by it. */
  id: string
  /** The name as listed (the annex's grouping or glossary name). */
  name: string
  /** The INCI name a label prints. */
  inci: string
  /** Every INCI (glossary) name the entry covers, as Accord records them; includes `inci`. */
  inciNames: string[]
  /** The CAS numbers the annex gives for the entry (several for isomers and grouped extracts). */
  cas: string[]
  /** The EC numbers the annex gives for the entry; empty where not confirmed (see the header). */
  ec: string[]
  kind: AllergenKind
  /** The earlier entry this one replaced, if any. */
  replaces: string | null
  /** Other names suppliers print for it (a declaration's paste is matched against these too). */
  aliases: string[]
}

/**
 * The common names of the isomers and forms the annex groups in one entry, by the CAS number the
 * entry holds (docs/product.md "The allergen screens", decision 049). A supplier's sheet often
 * names the isomer it measured ("alpha-Pinene 30 %", "d-Limonene 12 %") without its CAS number;
 * the annex entry is the one that holds that isomer's CAS number, so the name maps to it. Only a
 * CAS number an entry holds gets names here: an isomer the annex does not list (linalool's
 * enantiomer coriandrol, 126-90-9) stays unmapped. The names are the ones the CAS Registry (CAS
 * Common Chemistry) and PubChem's compound record give for each number: the "alpha/beta",
 * "d/l/dl", "(+)/(-)" and "(R)/(S)" forms and the trivial names (dipentene, geranial, neral). The
 * unit test checks that each number here belongs to exactly one entry.
 */
export const CAS_NAMES: Readonly<Record<string, readonly string[]>> = {
  // Pinene
  '80-56-8': ['alpha-Pinene', 'α-Pinene', '2-Pinene'],
  '7785-70-8': ['(+)-alpha-Pinene', '(1R)-(+)-alpha-Pinene', 'd-alpha-Pinene'],
  '127-91-3': ['beta-Pinene', 'β-Pinene', 'Nopinene'],
  '18172-67-3': ['(-)-beta-Pinene', '(1S)-(-)-beta-Pinene', 'l-beta-Pinene'],
  // Limonene
  '138-86-3': ['Dipentene', 'dl-Limonene'],
  '5989-27-5': ['d-Limonene', '(R)-(+)-Limonene', '(+)-Limonene'],
  '5989-54-8': ['l-Limonene', '(S)-(-)-Limonene', '(-)-Limonene'],
  '7705-14-8': ['(±)-Limonene', 'rac-Limonene'],
  // Citral
  '141-27-5': ['Geranial', 'trans-Citral', 'Citral a', 'alpha-Citral'],
  '106-26-3': ['Neral', 'cis-Citral', 'Citral b', 'beta-Citral'],
  // Citronellol
  '1117-61-9': ['(R)-(+)-Citronellol', 'd-Citronellol', '(+)-beta-Citronellol'],
  '7540-51-4': ['(S)-(-)-Citronellol', 'l-Citronellol', '(-)-beta-Citronellol'],
  '106-22-9': ['beta-Citronellol', 'dl-Citronellol'],
  // Camphor
  '464-49-3': ['d-Camphor', '(1R)-(+)-Camphor', '(+)-Camphor'],
  '464-48-2': ['l-Camphor', '(1S)-(-)-Camphor', '(-)-Camphor'],
  '21368-68-3': ['dl-Camphor', '(±)-Camphor'],
  // Carvone
  '6485-40-1': ['l-Carvone', '(R)-(-)-Carvone', '(-)-Carvone'],
  '2244-16-8': ['d-Carvone', '(S)-(+)-Carvone', '(+)-Carvone'],
  // Menthol
  '2216-51-5': ['l-Menthol', '(-)-Menthol'],
  '15356-60-2': ['d-Menthol', '(+)-Menthol'],
  '89-78-1': ['dl-Menthol', '(±)-Menthol', 'Racementhol'],
  // Terpineol
  '98-55-5': ['alpha-Terpineol', 'α-Terpineol'],
  '138-87-4': ['beta-Terpineol', 'β-Terpineol'],
  '586-81-2': ['gamma-Terpineol', 'γ-Terpineol'],
  // Anethole
  '4180-23-8': ['trans-Anethole', '(E)-Anethole'],
}

type EntryInput = Omit<AllergenEntry, 'ec' | 'aliases'> & { ec?: string[]; aliases?: string[] }
/** An entry, its aliases completed with the names of the CAS numbers it holds (CAS_NAMES). */
const entry = (e: EntryInput): AllergenEntry => {
  const aliases = [...(e.aliases ?? [])]
  const known = new Set([e.name, e.inci, ...aliases].map((n) => n.toLowerCase()))
  for (const name of e.cas.flatMap((cas) => CAS_NAMES[cas] ?? [])) {
    if (known.has(name.toLowerCase())) continue
    known.add(name.toLowerCase())
    aliases.push(name)
  }
  return { ...e, ec: e.ec ?? [], aliases }
}

export const EU_ALLERGEN_SOURCE =
  'Regulation (EC) No 1223/2009, Annex III, as amended by Commission Regulation (EU) 2023/1545 of 26 July 2023 (OJ L 188, 27.7.2023, p. 1)'

/** The number of entries in force with the labelling duty (the header says how it is counted). */
export const EU_ALLERGEN_COUNT = 81

/** The entries, by name. */
export const EU_ALLERGENS: readonly AllergenEntry[] = [
  entry({
    id: '3-propylidenephthalide',
    name: '3-Propylidenephthalide',
    inci: '3-Propylidenephthalide',
    inciNames: ['3-Propylidenephthalide'],
    cas: ['17369-59-4'],
    ec: ['241-402-8'],
    kind: 'substance',
    replaces: '3-Propylidenephthalide (an earlier Annex III entry with limits but no labelling duty)',
  }),
  entry({
    id: '6-methyl-coumarin',
    name: '6-Methyl Coumarin',
    inci: '6-Methyl Coumarin',
    inciNames: ['6-Methyl Coumarin'],
    cas: ['92-48-8'],
    ec: ['202-158-8'],
    kind: 'substance',
    replaces: '6-Methyl Coumarin (an earlier Annex III entry with limits but no labelling duty)',
  }),
  entry({
    id: 'acetyl-cedrene',
    name: 'Acetyl Cedrene',
    inci: 'Acetyl Cedrene',
    inciNames: ['Acetyl Cedrene'],
    cas: ['32388-55-9'],
    ec: ['251-020-3'],
    kind: 'substance',
    replaces: null,
    aliases: ['Acetylcedrene'],
  }),
  entry({
    id: 'alpha-isomethyl-ionone',
    name: 'Alpha-Isomethyl Ionone',
    inci: 'Alpha-Isomethyl Ionone',
    inciNames: ['Alpha-Isomethyl Ionone'],
    cas: ['127-51-5'],
    ec: ['204-846-3'],
    kind: 'substance',
    replaces: 'alpha-Isomethyl ionone (the entry of the 2003 list)',
    aliases: ['alpha-Isomethyl ionone'],
  }),
  entry({
    id: 'alpha-terpinene',
    name: 'Alpha-Terpinene',
    inci: 'Alpha-Terpinene',
    inciNames: ['Alpha-Terpinene'],
    cas: ['99-86-5'],
    ec: ['202-795-1'],
    kind: 'substance',
    replaces: 'Alpha-Terpinene (an earlier Annex III entry with limits but no labelling duty)',
  }),
  entry({
    id: 'amyl-cinnamal',
    name: 'Amyl Cinnamal',
    inci: 'Amyl Cinnamal',
    inciNames: ['Amyl Cinnamal'],
    cas: ['122-40-7'],
    ec: ['204-541-5'],
    kind: 'substance',
    replaces: 'Amyl cinnamal (the entry of the 2003 list)',
    aliases: ['Amylcinnamaldehyde'],
  }),
  entry({
    id: 'amyl-salicylate',
    name: 'Amyl Salicylate',
    inci: 'Amyl Salicylate',
    inciNames: ['Amyl Salicylate'],
    cas: ['2050-08-0'],
    ec: ['218-080-2'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'amylcinnamyl-alcohol',
    name: 'Amylcinnamyl Alcohol',
    inci: 'Amylcinnamyl Alcohol',
    inciNames: ['Amylcinnamyl Alcohol'],
    cas: ['101-85-9'],
    ec: ['202-982-8'],
    kind: 'substance',
    replaces: 'Amylcinnamyl alcohol (the entry of the 2003 list)',
  }),
  entry({
    id: 'anethole',
    name: 'Anethole',
    inci: 'Anethole',
    inciNames: ['Anethole'],
    cas: ['104-46-1', '4180-23-8'],
    ec: ['203-205-5', '224-052-0'],
    kind: 'substance',
    replaces: null,
    aliases: ['trans-Anethole'],
  }),
  entry({
    id: 'anise-alcohol',
    name: 'Anise Alcohol',
    inci: 'Anise Alcohol',
    inciNames: ['Anise Alcohol'],
    cas: ['105-13-5'],
    ec: ['203-273-6'],
    kind: 'substance',
    replaces: 'Anise alcohol (the entry of the 2003 list)',
    aliases: ['Anisyl alcohol'],
  }),
  entry({
    id: 'benzaldehyde',
    name: 'Benzaldehyde',
    inci: 'Benzaldehyde',
    inciNames: ['Benzaldehyde'],
    cas: ['100-52-7'],
    ec: ['202-860-4'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'benzyl-alcohol',
    name: 'Benzyl Alcohol',
    inci: 'Benzyl Alcohol',
    inciNames: ['Benzyl Alcohol'],
    cas: ['100-51-6'],
    ec: ['202-859-9'],
    kind: 'substance',
    replaces: 'Benzyl alcohol (the entry of the 2003 list)',
  }),
  entry({
    id: 'benzyl-benzoate',
    name: 'Benzyl Benzoate',
    inci: 'Benzyl Benzoate',
    inciNames: ['Benzyl Benzoate'],
    cas: ['120-51-4'],
    ec: ['204-402-9'],
    kind: 'substance',
    replaces: 'Benzyl benzoate (the entry of the 2003 list)',
  }),
  entry({
    id: 'benzyl-cinnamate',
    name: 'Benzyl Cinnamate',
    inci: 'Benzyl Cinnamate',
    inciNames: ['Benzyl Cinnamate'],
    cas: ['103-41-3'],
    ec: ['203-109-3'],
    kind: 'substance',
    replaces: 'Benzyl cinnamate (the entry of the 2003 list)',
  }),
  entry({
    id: 'benzyl-salicylate',
    name: 'Benzyl Salicylate',
    inci: 'Benzyl Salicylate',
    inciNames: ['Benzyl Salicylate'],
    cas: ['118-58-1'],
    ec: ['204-262-9'],
    kind: 'substance',
    replaces: 'Benzyl salicylate (the entry of the 2003 list)',
  }),
  entry({
    id: 'beta-caryophyllene',
    name: 'Beta-Caryophyllene',
    inci: 'Beta-Caryophyllene',
    inciNames: ['Beta-Caryophyllene'],
    cas: ['87-44-5'],
    ec: ['201-746-1'],
    kind: 'substance',
    replaces: null,
    aliases: ['Caryophyllene'],
  }),
  entry({
    id: 'camphor',
    name: 'Camphor',
    inci: 'Camphor',
    inciNames: ['Camphor'],
    cas: ['21368-68-3', '464-48-2', '464-49-3', '76-22-2'],
    ec: ['200-945-0', '244-350-4', '207-355-2', '207-354-7'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'cananga-odorata-oil-extract',
    name: 'Cananga Odorata Oil/Extract',
    inci: 'Cananga Odorata Flower Oil',
    inciNames: ['Cananga Odorata Flower Oil', 'Cananga Odorata Flower Extract'],
    cas: ['68606-83-7', '8006-81-3', '83863-30-3', '93686-30-7'],
    ec: ['281-092-1', '297-681-1'],
    kind: 'natural-extract',
    replaces: null,
    aliases: ['Ylang ylang'],
  }),
  entry({
    id: 'carvone',
    name: 'Carvone',
    inci: 'Carvone',
    inciNames: ['Carvone'],
    cas: ['2244-16-8', '6485-40-1', '99-49-0'],
    ec: ['202-759-5', '229-352-5', '218-827-2'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'cedrus-atlantica-oil-extract',
    name: 'Cedrus Atlantica Oil/Extract',
    inci: 'Cedrus Atlantica Bark Oil',
    inciNames: ['Cedrus Atlantica Bark Oil', 'Cedrus Atlantica Wood Oil'],
    cas: ['8023-85-6', '92201-55-3'],
    ec: ['295-985-9'],
    kind: 'natural-extract',
    replaces: 'Cedrus Atlantica Oil/Extract (an earlier Annex III entry with limits but no labelling duty)',
  }),
  entry({
    id: 'cinnamal',
    name: 'Cinnamal',
    inci: 'Cinnamal',
    inciNames: ['Cinnamal'],
    cas: ['104-55-2'],
    ec: ['203-213-9'],
    kind: 'substance',
    replaces: 'Cinnamal (the entry of the 2003 list)',
    aliases: ['Cinnamaldehyde'],
  }),
  entry({
    id: 'cinnamomum-cassia-leaf-oil',
    name: 'Cinnamomum Cassia Leaf Oil',
    inci: 'Cinnamomum Cassia Leaf Oil',
    inciNames: ['Cinnamomum Cassia Leaf Oil'],
    cas: ['8007-80-5', '84961-46-6'],
    ec: ['284-635-0'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'cinnamomum-zeylanicum-bark-oil',
    name: 'Cinnamomum Zeylanicum Bark Oil',
    inci: 'Cinnamomum Zeylanicum Bark Oil',
    inciNames: ['Cinnamomum Zeylanicum Bark Oil'],
    cas: ['8015-91-6', '84649-98-9'],
    ec: ['283-479-0'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'cinnamyl-alcohol',
    name: 'Cinnamyl Alcohol',
    inci: 'Cinnamyl Alcohol',
    inciNames: ['Cinnamyl Alcohol'],
    cas: ['104-54-1'],
    ec: ['203-212-3'],
    kind: 'substance',
    replaces: 'Cinnamyl alcohol (the entry of the 2003 list)',
  }),
  entry({
    id: 'citral',
    name: 'Citral',
    inci: 'Citral',
    inciNames: ['Citral'],
    cas: ['106-26-3', '141-27-5', '5392-40-5'],
    ec: ['226-394-6', '205-476-5', '203-379-2'],
    kind: 'substance',
    replaces: 'Citral (the entry of the 2003 list)',
  }),
  entry({
    id: 'citronellol',
    name: 'Citronellol',
    inci: 'Citronellol',
    inciNames: ['Citronellol'],
    cas: ['106-22-9', '1117-61-9', '26489-01-0', '7540-51-4'],
    ec: ['203-375-0', '247-737-6', '214-250-5', '231-415-7'],
    kind: 'substance',
    replaces: 'Citronellol (the entry of the 2003 list)',
  }),
  entry({
    id: 'citrus-aurantium-bergamia-peel-oil',
    name: 'Citrus Aurantium Bergamia Peel Oil',
    inci: 'Citrus Aurantium Bergamia Peel Oil',
    inciNames: ['Citrus Aurantium Bergamia Peel Oil'],
    cas: ['68648-33-9', '8007-75-8', '85049-52-1', '89957-91-5'],
    ec: ['616-915-9', '289-612-9'],
    kind: 'natural-extract',
    replaces: null,
    aliases: ['Bergamot oil'],
  }),
  entry({
    id: 'citrus-aurantium-flower-oil',
    name: 'Citrus Aurantium Flower Oil',
    inci: 'Citrus Aurantium Amara Flower Oil',
    inciNames: ['Citrus Aurantium Amara Flower Oil', 'Citrus Aurantium Dulcis Flower Oil'],
    cas: ['72968-50-4', '8016-38-4', '8028-48-6'],
    ec: ['277-143-2', '232-433-8'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'citrus-aurantium-peel-oil',
    name: 'Citrus Aurantium Peel Oil',
    inci: 'Citrus Aurantium Amara Peel Oil',
    inciNames: ['Citrus Aurantium Amara Peel Oil', 'Citrus Aurantium Dulcis Peel Oil', 'Citrus Sinensis Peel Oil'],
    cas: ['68916-04-1', '8008-57-9', '97766-30-8'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'citrus-limon-peel-oil',
    name: 'Citrus Limon Peel Oil',
    inci: 'Citrus Limon Peel Oil',
    inciNames: ['Citrus Limon Peel Oil'],
    cas: ['8008-56-8', '84929-31-7'],
    ec: ['284-515-8'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'coumarin',
    name: 'Coumarin',
    inci: 'Coumarin',
    inciNames: ['Coumarin'],
    cas: ['91-64-5'],
    ec: ['202-086-7'],
    kind: 'substance',
    replaces: 'Coumarin (the entry of the 2003 list)',
  }),
  entry({
    id: 'dimethyl-phenethyl-acetate',
    name: 'Dimethyl Phenethyl Acetate',
    inci: 'Dimethyl Phenethyl Acetate',
    inciNames: ['Dimethyl Phenethyl Acetate'],
    cas: ['151-05-3'],
    ec: ['205-781-3'],
    kind: 'substance',
    replaces: null,
    aliases: ['Dimethylbenzyl carbinyl acetate'],
  }),
  entry({
    id: 'eucalyptus-globulus-oil',
    name: 'Eucalyptus Globulus Oil',
    inci: 'Eucalyptus Globulus Leaf Oil',
    inciNames: ['Eucalyptus Globulus Leaf Oil', 'Eucalyptus Globulus Leaf/Twig Oil'],
    cas: ['8000-48-4', '97926-40-4'],
    ec: ['308-257-3', '616-775-9'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'eugenia-caryophyllus-oil',
    name: 'Eugenia Caryophyllus Oil',
    inci: 'Eugenia Caryophyllus Bud Oil',
    inciNames: [
      'Eugenia Caryophyllus Leaf Oil',
      'Eugenia Caryophyllus Flower Oil',
      'Eugenia Caryophyllus Stem Oil',
      'Eugenia Caryophyllus Bud Oil',
    ],
    cas: ['8000-34-8', '8015-97-2', '84961-50-2'],
    ec: ['616-772-2', '284-638-7'],
    kind: 'natural-extract',
    replaces: null,
    aliases: ['Clove oil'],
  }),
  entry({
    id: 'eugenol',
    name: 'Eugenol',
    inci: 'Eugenol',
    inciNames: ['Eugenol'],
    cas: ['97-53-0'],
    ec: ['202-589-1'],
    kind: 'substance',
    replaces: 'Eugenol (the entry of the 2003 list)',
  }),
  entry({
    id: 'eugenyl-acetate',
    name: 'Eugenyl Acetate',
    inci: 'Eugenyl Acetate',
    inciNames: ['Eugenyl Acetate'],
    cas: ['93-28-7'],
    ec: ['202-235-6'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'evernia-furfuracea-extract',
    name: 'Evernia Furfuracea Extract',
    inci: 'Evernia Furfuracea Extract',
    inciNames: ['Evernia Furfuracea Extract'],
    cas: ['68648-41-9', '90028-67-4'],
    ec: ['289-860-8'],
    kind: 'natural-extract',
    replaces: 'Treemoss extract (the entry of the 2003 list)',
    aliases: ['Treemoss', 'Tree moss'],
  }),
  entry({
    id: 'evernia-prunastri-extract',
    name: 'Evernia Prunastri Extract',
    inci: 'Evernia Prunastri Extract',
    inciNames: ['Evernia Prunastri Extract'],
    cas: ['68917-10-2', '90028-68-5'],
    ec: ['289-861-3'],
    kind: 'natural-extract',
    replaces: 'Oak moss extract (the entry of the 2003 list)',
    aliases: ['Oak moss', 'Oakmoss'],
  }),
  entry({
    id: 'farnesol',
    name: 'Farnesol',
    inci: 'Farnesol',
    inciNames: ['Farnesol'],
    cas: ['4602-84-0'],
    ec: ['225-004-1'],
    kind: 'substance',
    replaces: 'Farnesol (the entry of the 2003 list)',
  }),
  entry({
    id: 'geraniol',
    name: 'Geraniol',
    inci: 'Geraniol',
    inciNames: ['Geraniol'],
    cas: ['106-24-1'],
    ec: ['203-377-1'],
    kind: 'substance',
    replaces: 'Geraniol (the entry of the 2003 list)',
  }),
  entry({
    id: 'geranyl-acetate',
    name: 'Geranyl Acetate',
    inci: 'Geranyl Acetate',
    inciNames: ['Geranyl Acetate'],
    cas: ['105-87-3'],
    ec: ['203-341-5'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'hexadecanolactone',
    name: 'Hexadecanolactone',
    inci: 'Hexadecanolactone',
    inciNames: ['Hexadecanolactone'],
    cas: ['109-29-5'],
    ec: ['203-662-0'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'hexamethylindanopyran',
    name: 'Hexamethylindanopyran',
    inci: 'Hexamethylindanopyran',
    inciNames: ['Hexamethylindanopyran'],
    cas: ['1222-05-5'],
    ec: ['214-946-9'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'hexyl-cinnamal',
    name: 'Hexyl Cinnamal',
    inci: 'Hexyl Cinnamal',
    inciNames: ['Hexyl Cinnamal'],
    cas: ['101-86-0'],
    ec: ['202-983-3'],
    kind: 'substance',
    replaces: 'Hexyl cinnamal (the entry of the 2003 list)',
    aliases: ['Hexyl cinnamaldehyde'],
  }),
  entry({
    id: 'hydroxycitronellal',
    name: 'Hydroxycitronellal',
    inci: 'Hydroxycitronellal',
    inciNames: ['Hydroxycitronellal'],
    cas: ['107-75-5'],
    ec: ['203-518-7'],
    kind: 'substance',
    replaces: 'Hydroxycitronellal (the entry of the 2003 list)',
  }),
  entry({
    id: 'isoeugenol',
    name: 'Isoeugenol',
    inci: 'Isoeugenol',
    inciNames: ['Isoeugenol'],
    cas: ['5912-86-7', '5932-68-3', '97-54-1'],
    ec: ['202-590-7', '227-678-2', '227-633-7'],
    kind: 'substance',
    replaces: 'Isoeugenol (the entry of the 2003 list)',
  }),
  entry({
    id: 'isoeugenyl-acetate',
    name: 'Isoeugenyl Acetate',
    inci: 'Isoeugenyl Acetate',
    inciNames: ['Isoeugenyl Acetate'],
    cas: ['93-29-8'],
    ec: ['202-236-1'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'jasmine-oil-extract',
    name: 'Jasmine Oil/Extract',
    inci: 'Jasminum Grandiflorum Flower Extract',
    inciNames: ['Jasminum Grandiflorum Flower Extract', 'Jasminum Officinale Oil', 'Jasminum Officinale Flower Extract'],
    cas: ['8022-96-6', '8024-43-9', '84776-64-7', '90045-94-6'],
    ec: ['283-993-5', '289-960-1'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'juniperus-virginiana-oil',
    name: 'Juniperus Virginiana Oil',
    inci: 'Juniperus Virginiana Oil',
    inciNames: ['Juniperus Virginiana Oil', 'Juniperus Virginiana Wood Oil'],
    cas: ['8000-27-9', '85085-41-2'],
    ec: ['285-370-3'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'laurus-nobilis-leaf-oil',
    name: 'Laurus Nobilis Leaf Oil',
    inci: 'Laurus Nobilis Leaf Oil',
    inciNames: ['Laurus Nobilis Leaf Oil'],
    cas: ['8002-41-3', '8007-48-5', '84603-73-6'],
    ec: ['283-272-5'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'lavandula-oil-extract',
    name: 'Lavandula Oil/Extract',
    inci: 'Lavandula Angustifolia Oil',
    inciNames: [
      'Lavandula Angustifolia Oil',
      'Lavandula Angustifolia Flower/Leaf/Stem Extract',
      'Lavandula Hybrida Oil',
      'Lavandula Hybrida Extract',
      'Lavandula Hybrida Flower Extract',
      'Lavandula Intermedia Oil',
      'Lavandula Intermedia Flower/Leaf/Stem Oil',
      'Lavandula Intermedia Flower/Leaf/Stem Extract',
    ],
    cas: ['8000-28-0', '8022-15-9', '84776-65-8', '90063-37-9', '91722-69-9', '92623-76-2', '93455-96-0', '93455-97-1'],
    ec: ['294-470-6', '296-408-3', '283-994-0', '289-995-2'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'lemongrass-oil',
    name: 'Lemongrass Oil',
    inci: 'Cymbopogon Citratus Leaf Oil',
    inciNames: ['Cymbopogon Schoenanthus Oil', 'Cymbopogon Flexuosus Oil', 'Cymbopogon Citratus Leaf Oil'],
    cas: ['8007-02-1', '89998-16-3', '91844-92-7'],
    ec: ['289-754-1', '295-161-9'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'limonene',
    name: 'Limonene',
    inci: 'Limonene',
    inciNames: ['Limonene'],
    cas: ['138-86-3', '5989-27-5', '5989-54-8', '7705-14-8'],
    ec: ['205-341-0', '231-732-0', '227-813-5', '227-815-6'],
    kind: 'substance',
    replaces: 'd-Limonene (the entry of the 2003 list)',
    aliases: ['d-Limonene'],
  }),
  entry({
    id: 'linalool',
    name: 'Linalool',
    inci: 'Linalool',
    inciNames: ['Linalool'],
    cas: ['78-70-6'],
    ec: ['201-134-4'],
    kind: 'substance',
    replaces: 'Linalool (the entry of the 2003 list)',
  }),
  entry({
    id: 'linalyl-acetate',
    name: 'Linalyl Acetate',
    inci: 'Linalyl Acetate',
    inciNames: ['Linalyl Acetate'],
    cas: ['115-95-7'],
    ec: ['204-116-4'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'lippia-citriodora-absolute',
    name: 'Lippia Citriodora Absolute',
    inci: 'Lippia Citriodora Absolute',
    inciNames: ['Lippia Citriodora Absolute'],
    cas: ['8024-12-2', '85116-63-8'],
    ec: ['285-515-0'],
    kind: 'natural-extract',
    replaces: 'Lippia Citriodora Absolute (an earlier Annex III entry with limits but no labelling duty)',
    aliases: ['Verbena absolute'],
  }),
  entry({
    id: 'mentha-piperita-oil',
    name: 'Mentha Piperita Oil',
    inci: 'Mentha Piperita Oil',
    inciNames: ['Mentha Piperita Oil'],
    cas: ['8006-90-4', '84082-70-2'],
    ec: ['282-015-4'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'mentha-viridis-leaf-oil',
    name: 'Mentha Viridis Leaf Oil',
    inci: 'Mentha Viridis Leaf Oil',
    inciNames: ['Mentha Viridis Leaf Oil'],
    cas: ['8008-79-5', '84696-51-5'],
    ec: ['616-927-4', '283-656-2'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'menthol',
    name: 'Menthol',
    inci: 'Menthol',
    inciNames: ['Menthol'],
    cas: ['1490-04-6', '15356-60-2', '2216-51-5', '89-78-1'],
    ec: ['201-939-0', '216-074-4', '218-690-9', '239-387-8'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'methyl-2-octynoate',
    name: 'Methyl 2-Octynoate',
    inci: 'Methyl 2-Octynoate',
    inciNames: ['Methyl 2-Octynoate'],
    cas: ['111-12-6'],
    ec: ['203-836-6'],
    kind: 'substance',
    replaces: 'Methyl 2-octynoate (the entry of the 2003 list)',
    aliases: ['Methyl heptine carbonate'],
  }),
  entry({
    id: 'methyl-salicylate',
    name: 'Methyl Salicylate',
    inci: 'Methyl Salicylate',
    inciNames: ['Methyl Salicylate'],
    cas: ['119-36-8'],
    ec: ['204-317-7'],
    kind: 'substance',
    replaces: 'Methyl Salicylate (an earlier Annex III entry with limits but no labelling duty)',
  }),
  entry({
    id: 'myroxylon-pereirae-oil-extract',
    name: 'Myroxylon Pereirae Oil/Extract',
    inci: 'Myroxylon Pereirae Oil',
    inciNames: ['Myroxylon Pereirae Oil'],
    cas: ['8007-00-9'],
    ec: ['232-352-8'],
    kind: 'natural-extract',
    replaces: 'Myroxylon Pereirae Oil/Extract (an earlier Annex III entry with limits but no labelling duty)',
    aliases: ['Peru balsam'],
  }),
  entry({
    id: 'narcissus-extract',
    name: 'Narcissus Extract',
    inci: 'Narcissus Poeticus Extract',
    inciNames: [
      'Narcissus Poeticus Extract',
      'Narcissus Pseudonarcissus Flower Extract',
      'Narcissus Jonquilla Extract',
      'Narcissus Tazetta Extract',
    ],
    cas: ['68917-12-4', '90064-25-8', '90064-26-9', '90064-27-0'],
    ec: ['290-087-3', '290-088-9', '290-086-8'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'pelargonium-graveolens-flower-oil',
    name: 'Pelargonium Graveolens Flower Oil',
    inci: 'Pelargonium Graveolens Flower Oil',
    inciNames: ['Pelargonium Graveolens Flower Oil'],
    cas: ['8000-46-2', '90082-51-2'],
    ec: ['290-140-0'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'pinene',
    name: 'Pinene',
    inci: 'Pinene',
    inciNames: ['Pinene'],
    cas: ['127-91-3', '18172-67-3', '7785-70-8', '80-56-8'],
    ec: ['201-291-9', '232-087-8', '204-872-5', '242-060-2'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'pinus-mugo',
    name: 'Pinus Mugo',
    inci: 'Pinus Mugo',
    inciNames: ['Pinus Mugo'],
    cas: ['90082-72-7'],
    ec: ['290-163-6'],
    kind: 'natural-extract',
    replaces: 'Pinus Mugo (an earlier Annex III entry with limits but no labelling duty)',
  }),
  entry({
    id: 'pinus-pumila',
    name: 'Pinus Pumila',
    inci: 'Pinus Pumila',
    inciNames: ['Pinus Pumila'],
    cas: ['97676-05-6'],
    ec: ['307-681-6'],
    kind: 'natural-extract',
    replaces: 'Pinus Pumila (an earlier Annex III entry with limits but no labelling duty)',
  }),
  entry({
    id: 'pogostemon-cablin-oil',
    name: 'Pogostemon Cablin Oil',
    inci: 'Pogostemon Cablin Oil',
    inciNames: ['Pogostemon Cablin Oil'],
    cas: ['8014-09-3', '84238-39-1'],
    ec: ['282-493-4'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'rose-flower-oil-extract',
    name: 'Rose Flower Oil/Extract',
    inci: 'Rosa Damascena Flower Oil',
    inciNames: [
      'Rosa Damascena Flower Oil',
      'Rosa Damascena Flower Extract',
      'Rosa Alba Flower Oil',
      'Rosa Alba Flower Extract',
      'Rosa Canina Flower Oil',
      'Rosa Centifolia Flower Oil',
      'Rosa Centifolia Flower Extract',
      'Rosa Gallica Flower Oil',
      'Rosa Moschata Flower Oil',
      'Rosa Rugosa Flower Oil',
    ],
    cas: ['8007-01-0', '84604-12-6', '84604-13-7', '84696-47-9', '90106-38-0', '92347-25-6', '93334-48-6'],
    ec: ['290-260-3', '297-122-1', '283-652-0', '283-289-8', '283-290-3', '296-213-3'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'rose-ketones',
    name: 'Rose Ketones',
    inci: 'Rose Ketones',
    inciNames: ['Rose Ketones'],
    cas: ['23696-85-7', '23726-91-2', '23726-92-3', '23726-94-5', '24720-09-0', '43052-87-5', '57378-68-4', '71048-82-3'],
    ec: ['245-845-8', '246-430-4', '245-833-2', '260-709-8', '275-156-8', '245-843-7', '245-842-1'],
    kind: 'substance',
    replaces: 'Rose Ketones (an earlier Annex III entry with limits but no labelling duty)',
    aliases: ['Damascone', 'Damascenone'],
  }),
  entry({
    id: 'salicylaldehyde',
    name: 'Salicylaldehyde',
    inci: 'Salicylaldehyde',
    inciNames: ['Salicylaldehyde'],
    cas: ['90-02-8'],
    ec: ['201-961-0'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'santalol',
    name: 'Santalol',
    inci: 'Santalol',
    inciNames: ['Santalol'],
    cas: ['11031-45-1', '115-71-9', '77-42-9'],
    ec: ['234-262-4', '204-102-8', '201-027-2'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'santalum-album-oil',
    name: 'Santalum Album Oil',
    inci: 'Santalum Album Oil',
    inciNames: ['Santalum Album Oil'],
    cas: ['8006-87-9', '84787-70-2'],
    ec: ['284-111-1'],
    kind: 'natural-extract',
    replaces: null,
  }),
  entry({
    id: 'sclareol',
    name: 'Sclareol',
    inci: 'Sclareol',
    inciNames: ['Sclareol'],
    cas: ['515-03-7'],
    ec: ['208-194-0'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'terpineol',
    name: 'Terpineol',
    inci: 'Terpineol',
    inciNames: ['Terpineol'],
    cas: ['138-87-4', '586-81-2', '8000-41-7', '98-55-5'],
    ec: ['232-268-1', '202-680-6', '205-342-6', '209-584-3'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'terpinolene',
    name: 'Terpinolene',
    inci: 'Terpinolene',
    inciNames: ['Terpinolene'],
    cas: ['586-62-9'],
    ec: ['209-578-0'],
    kind: 'substance',
    replaces: 'Terpinolene (an earlier Annex III entry with limits but no labelling duty)',
  }),
  entry({
    id: 'tetramethyl-acetyloctahydronaphthalenes',
    name: 'Tetramethyl Acetyloctahydronaphthalenes',
    inci: 'Tetramethyl Acetyloctahydronaphthalenes',
    inciNames: ['Tetramethyl Acetyloctahydronaphthalenes'],
    cas: ['54464-57-2', '54464-59-4', '68155-66-8', '68155-67-9'],
    ec: ['259-174-3', '259-175-9', '268-978-3', '268-979-9'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'trimethylbenzenepropanol',
    name: 'Trimethylbenzenepropanol',
    inci: 'Trimethylbenzenepropanol',
    inciNames: ['Trimethylbenzenepropanol'],
    cas: ['103694-68-4'],
    ec: ['403-140-4'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'trimethylcyclopentenyl-methylisopentenol',
    name: 'Trimethylcyclopentenyl Methylisopentenol',
    inci: 'Trimethylcyclopentenyl Methylisopentenol',
    inciNames: ['Trimethylcyclopentenyl Methylisopentenol'],
    cas: ['67801-20-1'],
    ec: ['267-140-4'],
    kind: 'substance',
    replaces: null,
  }),
  entry({
    id: 'turpentine',
    name: 'Turpentine',
    inci: 'Turpentine',
    inciNames: ['Turpentine'],
    cas: ['8006-64-2', '8052-14-0', '9005-90-7'],
    ec: ['232-688-5', '232-350-7'],
    kind: 'natural-extract',
    replaces: 'Turpentine (an earlier Annex III entry with limits but no labelling duty)',
  }),
  entry({
    id: 'vanillin',
    name: 'Vanillin',
    inci: 'Vanillin',
    inciNames: ['Vanillin'],
    cas: ['121-33-5'],
    ec: ['204-465-2'],
    kind: 'substance',
    replaces: null,
  }),
]

const BY_ID = new Map(EU_ALLERGENS.map((e) => [e.id, e]))

/** The ids, for the contract's enum of declaration entries. */
export const ALLERGEN_IDS = EU_ALLERGENS.map((e) => e.id) as [string, ...string[]]

export function allergenById(id: string): AllergenEntry | undefined {
  return BY_ID.get(id)
}

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()

/**
 * Entries whose name, INCI names, aliases or CAS numbers contain the query (case- and
 * accent-insensitive): those where one of them starts with the query first, then the rest, each
 * group by name. An empty query gives every entry.
 */
export function searchAllergens(query: string): AllergenEntry[] {
  const q = fold(query)
  if (q === '') return [...EU_ALLERGENS]
  const prefix: AllergenEntry[] = []
  const inner: AllergenEntry[] = []
  for (const e of EU_ALLERGENS) {
    const keys = [e.name, e.inci, ...e.inciNames, ...e.aliases, ...e.cas, ...e.ec].map(fold)
    if (keys.some((k) => k.startsWith(q))) prefix.push(e)
    else if (keys.some((k) => k.includes(q))) inner.push(e)
  }
  return [...prefix, ...inner]
}

/** True when a CAS registry number is well formed and its check digit is right. */
export function isValidCas(cas: string): boolean {
  const m = /^(\d{2,7})-(\d{2})-(\d)$/.exec(cas)
  if (!m) return false
  const digits = (m[1]! + m[2]!).split('').reverse()
  const sum = digits.reduce((acc, d, i) => acc + (i + 1) * Number(d), 0)
  return sum % 10 === Number(m[3])
}

/**
 * True when an EC (EINECS/ELINCS/NLP or list) number ABC-DEF-R is well formed and its check digit
 * is right: R = (1·A + 2·B + 3·C + 4·D + 5·E + 6·F) mod 11 (a remainder of 10 is never issued).
 */
export function isValidEc(ec: string): boolean {
  const m = /^(\d{3})-(\d{3})-(\d)$/.exec(ec)
  if (!m) return false
  const sum = (m[1]! + m[2]!).split('').reduce((acc, d, i) => acc + (i + 1) * Number(d), 0)
  return sum % 11 === Number(m[3])
}
