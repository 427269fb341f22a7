import type { Language } from '#shared/i18n/languages.ts'

/**
 * The words a printed label carries around its ingredient list, in each language Accord speaks
 * (docs/product.md "Labels in the market's language", decision 099). Regulation (EC) No 1223/2009,
 * Article 19(5): the function, the precautions, the durability and the nominal content are printed
 * in the language of the member state where the product is sold; the ingredient list is not
 * translated (INCI names, and the term "Ingredients" before them). A label's language is chosen per
 * label, apart from the interface's.
 *
 * Written by us, following docs/i18n/glossary-<lang>.md (batch: Charge, lot de fabrication, lote,
 * lotto); never made by a machine at run time. The types make every language say every word;
 * label-texts.test.ts checks that none is left in English.
 */

/** The precautions a maker may print, in the order they print. Which apply is the safety assessment's call, not Accord's. */
export const PRECAUTION_IDS = [
  'external-use',
  'avoid-eyes',
  'rinse-eyes',
  'children',
  'patch-test',
  'stop-irritation',
  'sun',
  'pregnancy',
  'slippery',
] as const
export type PrecautionId = (typeof PRECAUTION_IDS)[number]

/** The usage guide's cosmetic product types (the ones a cosmetic label is made for), by id. */
export const COSMETIC_FUNCTION_IDS = [
  'bath-salts',
  'lotion',
  'leave-on',
  'cold-process-soap',
  'melt-and-pour-soap',
  'rinse-off',
  'bath-bombs',
] as const
export type CosmeticFunctionId = (typeof COSMETIC_FUNCTION_IDS)[number]

export interface LabelTexts {
  untitled: string
  /** The incomplete label's lead-in, and the words after what it lacks. */
  incomplete: string
  notForSale: string
  gaps: { declarations: string; responsible: string; batchCode: string }
  ingredients: string
  allergens: string
  precautions: string
  batch: string
  afterOpening: string
  /** The PDF's title: "{blend}: labels". */
  labels: string
  /** The product's function (Art. 19(1)(f)) by product type; English prints the usage guide's own name. */
  functions: Record<CosmeticFunctionId, string>
  precaution: Record<PrecautionId, string>
}

export const LABEL_TEXTS: Record<Language, LabelTexts> = {
  en: {
    untitled: 'Untitled blend',
    incomplete: 'INCOMPLETE:',
    notForSale: 'Not for sale.',
    gaps: {
      declarations: 'a bottle has no allergen declaration',
      responsible: 'no responsible person',
      batchCode: 'no batch code until the batch is recorded',
    },
    ingredients: 'Ingredients:',
    allergens: 'Allergens:',
    precautions: 'Precautions:',
    batch: 'Batch:',
    afterOpening: 'After opening:',
    labels: 'labels',
    functions: {
      'bath-salts': 'Bath salts',
      lotion: 'Lotion / cream',
      'leave-on': 'Other leave-on skin product',
      'cold-process-soap': 'Cold process soap',
      'melt-and-pour-soap': 'Melt and pour soap',
      'rinse-off': 'Other rinse-off product',
      'bath-bombs': 'Bath bombs',
    },
    precaution: {
      'external-use': 'For external use only.',
      'avoid-eyes': 'Avoid contact with eyes.',
      'rinse-eyes': 'In case of contact with eyes, rinse at once with plenty of water.',
      children: 'Keep out of reach of children.',
      'patch-test': 'Test on a small area of skin before first use.',
      'stop-irritation': 'Stop use if irritation occurs.',
      sun: 'Avoid sun and UV light on treated skin for 12 hours after use.',
      pregnancy: 'If pregnant or breastfeeding, ask a doctor before use.',
      slippery: 'The bath may become slippery.',
    },
  },
  de: {
    untitled: 'Unbenannte Mischung',
    incomplete: 'UNVOLLSTÄNDIG:',
    notForSale: 'Nicht zum Verkauf.',
    gaps: {
      declarations: 'eine Flasche hat keine Allergenerklärung',
      responsible: 'keine verantwortliche Person',
      batchCode: 'keine Chargennummer, bis die Charge erfasst ist',
    },
    ingredients: 'Ingredients:',
    allergens: 'Allergene:',
    precautions: 'Warnhinweise:',
    batch: 'Charge:',
    afterOpening: 'Nach dem Öffnen:',
    labels: 'Etiketten',
    functions: {
      'bath-salts': 'Badesalz',
      lotion: 'Lotion / Creme',
      'leave-on': 'Hautpflegeprodukt',
      'cold-process-soap': 'Kaltgerührte Seife',
      'melt-and-pour-soap': 'Seife aus Gießseife',
      'rinse-off': 'Pflegeprodukt zum Abspülen',
      'bath-bombs': 'Badekugel',
    },
    precaution: {
      'external-use': 'Nur zur äußerlichen Anwendung.',
      'avoid-eyes': 'Kontakt mit den Augen vermeiden.',
      'rinse-eyes': 'Bei Kontakt mit den Augen sofort mit reichlich Wasser ausspülen.',
      children: 'Außerhalb der Reichweite von Kindern aufbewahren.',
      'patch-test': 'Vor der ersten Anwendung an einer kleinen Hautstelle testen.',
      'stop-irritation': 'Bei Hautreizungen die Anwendung beenden.',
      sun: 'Behandelte Haut 12 Stunden nach der Anwendung vor Sonne und UV-Licht schützen.',
      pregnancy: 'In Schwangerschaft und Stillzeit vor der Anwendung ärztlichen Rat einholen.',
      slippery: 'Die Badewanne kann rutschig werden.',
    },
  },
  fr: {
    untitled: 'Synergie sans titre',
    incomplete: 'INCOMPLET :',
    notForSale: 'Interdit à la vente.',
    gaps: {
      declarations: 'un flacon n’a pas de déclaration d’allergènes',
      responsible: 'pas de personne responsable',
      batchCode: 'pas de numéro de lot tant que le lot de fabrication n’est pas enregistré',
    },
    ingredients: 'Ingredients:',
    allergens: 'Allergènes :',
    precautions: 'Précautions :',
    batch: 'Lot :',
    afterOpening: 'Après ouverture :',
    labels: 'étiquettes',
    functions: {
      'bath-salts': 'Sels de bain',
      lotion: 'Lotion / crème',
      'leave-on': 'Soin pour la peau',
      'cold-process-soap': 'Savon saponifié à froid',
      'melt-and-pour-soap': 'Savon à base de glycérine',
      'rinse-off': 'Soin à rincer',
      'bath-bombs': 'Bombe de bain',
    },
    precaution: {
      'external-use': 'Usage externe uniquement.',
      'avoid-eyes': 'Éviter le contact avec les yeux.',
      'rinse-eyes': 'En cas de contact avec les yeux, rincer immédiatement et abondamment à l’eau.',
      children: 'Tenir hors de portée des enfants.',
      'patch-test': 'Tester sur une petite zone de peau avant la première utilisation.',
      'stop-irritation': 'En cas d’irritation, cesser l’utilisation.',
      sun: 'Ne pas exposer la peau traitée au soleil ni aux UV dans les 12 heures suivant l’application.',
      pregnancy: 'En cas de grossesse ou d’allaitement, demander l’avis d’un médecin avant utilisation.',
      slippery: 'La baignoire peut devenir glissante.',
    },
  },
  es: {
    untitled: 'Mezcla sin título',
    incomplete: 'INCOMPLETO:',
    notForSale: 'No apto para la venta.',
    gaps: {
      declarations: 'un frasco no tiene declaración de alérgenos',
      responsible: 'sin persona responsable',
      batchCode: 'sin número de lote hasta que se registre el lote de fabricación',
    },
    ingredients: 'Ingredients:',
    allergens: 'Alérgenos:',
    precautions: 'Precauciones:',
    batch: 'Lote:',
    afterOpening: 'Tras la apertura:',
    labels: 'etiquetas',
    functions: {
      'bath-salts': 'Sales de baño',
      lotion: 'Loción / crema',
      'leave-on': 'Producto para el cuidado de la piel',
      'cold-process-soap': 'Jabón de proceso en frío',
      'melt-and-pour-soap': 'Jabón de glicerina',
      'rinse-off': 'Producto de aclarado',
      'bath-bombs': 'Bomba de baño',
    },
    precaution: {
      'external-use': 'Solo para uso externo.',
      'avoid-eyes': 'Evitar el contacto con los ojos.',
      'rinse-eyes': 'En caso de contacto con los ojos, enjuagar inmediatamente con abundante agua.',
      children: 'Mantener fuera del alcance de los niños.',
      'patch-test': 'Probar en una pequeña zona de la piel antes del primer uso.',
      'stop-irritation': 'Suspender el uso si aparece irritación.',
      sun: 'No exponer la piel tratada al sol ni a rayos UV durante las 12 horas siguientes al uso.',
      pregnancy: 'En caso de embarazo o lactancia, consultar a un médico antes de usar.',
      slippery: 'La bañera puede volverse resbaladiza.',
    },
  },
  it: {
    untitled: 'Miscela senza titolo',
    incomplete: 'INCOMPLETO:',
    notForSale: 'Non destinato alla vendita.',
    gaps: {
      declarations: 'una bottiglia non ha la dichiarazione degli allergeni',
      responsible: 'nessuna persona responsabile',
      batchCode: 'nessun numero di lotto finché il lotto di produzione non è registrato',
    },
    ingredients: 'Ingredients:',
    allergens: 'Allergeni:',
    precautions: 'Avvertenze:',
    batch: 'Lotto:',
    afterOpening: 'Dopo l’apertura:',
    labels: 'etichette',
    functions: {
      'bath-salts': 'Sali da bagno',
      lotion: 'Lozione / crema',
      'leave-on': 'Prodotto per la cura della pelle',
      'cold-process-soap': 'Sapone a freddo',
      'melt-and-pour-soap': 'Sapone a base glicerinata',
      'rinse-off': 'Prodotto da risciacquo',
      'bath-bombs': 'Bomba da bagno',
    },
    precaution: {
      'external-use': 'Solo per uso esterno.',
      'avoid-eyes': 'Evitare il contatto con gli occhi.',
      'rinse-eyes': 'In caso di contatto con gli occhi, sciacquare subito con abbondante acqua.',
      children: 'Tenere fuori dalla portata dei bambini.',
      'patch-test': 'Provare su una piccola zona di pelle prima del primo utilizzo.',
      'stop-irritation': 'In caso di irritazione, sospendere l’uso.',
      sun: 'Non esporre la pelle trattata al sole o ai raggi UV nelle 12 ore successive all’uso.',
      pregnancy: 'In gravidanza o durante l’allattamento, consultare un medico prima dell’uso.',
      slippery: 'La vasca può diventare scivolosa.',
    },
  },
}

const isCosmeticFunction = (id: string): id is CosmeticFunctionId => (COSMETIC_FUNCTION_IDS as readonly string[]).includes(id)

/**
 * The product's function as the label prints it: English prints the name the label was computed
 * with (the usage guide's, as it always has); another language its own word for a usage-guide type,
 * else that name as it is.
 */
export function labelFunction(language: Language, productType: string | undefined, productLabel: string): string {
  if (language === 'en' || productType === undefined || !isCosmeticFunction(productType)) return productLabel
  return LABEL_TEXTS[language].functions[productType]
}
