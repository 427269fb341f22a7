import type { EssentialOil } from '#shared/api/oils.ts'
import type { Composition } from '#shared/domain/wizard.ts'
import { EMPTY_COMPOSITION } from '#shared/domain/wizard.ts'

/** Catalog-shaped oils for unit tests of the wizard's rules and screens. */

let nextId = 1

export function makeOil(fields: Pick<EssentialOil, 'name' | 'noteType' | 'scentFamily'> & Partial<EssentialOil>): EssentialOil {
  const id = fields.id ?? nextId++
  return {
    id,
    slug: fields.name.toLowerCase().replace(/ /g, '-'),
    latinName: `${fields.name} latina`,
    inciName: `${fields.name} Latina Oil`,
    annexEntryId: null,
    effects: [],
    description: `${fields.name} test oil.`,
    blendsWith: [],
    densityGPerMl: 0.9,
    safety: null,
    ...fields,
  }
}

/** A small catalog: several families, notes and effects, out of name order on purpose. */
export const CATALOG = {
  vetiver: makeOil({
    name: 'Vetiver',
    noteType: ['Base'],
    scentFamily: 'Earthy',
    effects: ['Grounding', 'Relaxing'],
    latinName: 'Chrysopogon zizanioides',
  }),
  lemon: makeOil({
    name: 'Lemon',
    noteType: ['Top'],
    scentFamily: 'Citrus',
    effects: ['Uplifting', 'Cleansing', 'Energising'],
    latinName: 'Citrus limon',
  }),
  lavender: makeOil({
    name: 'Lavender',
    noteType: ['Middle'],
    scentFamily: 'Floral',
    effects: ['Relaxing', 'Balancing'],
    latinName: 'Lavandula angustifolia',
  }),
  bergamot: makeOil({
    name: 'Bergamot',
    noteType: ['Top', 'Middle'],
    scentFamily: 'Citrus',
    effects: ['Uplifting', 'Relaxing'],
    latinName: 'Citrus bergamia',
  }),
  blackPepper: makeOil({
    name: 'Black Pepper',
    noteType: ['Top', 'Middle', 'Base'],
    scentFamily: 'Spicy',
    effects: ['Energising', 'Grounding'],
    latinName: 'Piper nigrum',
  }),
  rosemary: makeOil({
    name: 'Rosemary',
    noteType: ['Middle'],
    scentFamily: 'Herbal',
    effects: ['Energising', 'Cleansing'],
    latinName: 'Rosmarinus officinalis',
  }),
  cedarwood: makeOil({
    name: 'Atlas Cedarwood',
    noteType: ['Base'],
    scentFamily: 'Woody',
    effects: ['Grounding', 'Balancing', 'Relaxing'],
    latinName: 'Cedrus atlantica',
  }),
  sandalwood: makeOil({
    name: 'Sandalwood',
    noteType: ['Base'],
    scentFamily: 'Woody',
    effects: ['Relaxing', 'Grounding'],
    latinName: 'Santalum album',
  }),
  geranium: makeOil({
    name: 'Geranium',
    noteType: ['Middle'],
    scentFamily: 'Floral',
    effects: ['Balancing', 'Uplifting'],
    latinName: 'Pelargonium graveolens',
  }),
  peppermint: makeOil({
    name: 'Peppermint',
    noteType: ['Top', 'Middle'],
    scentFamily: 'Minty',
    effects: ['Energising', 'Cleansing'],
    latinName: 'Mentha × piperita',
  }),
  frankincense: makeOil({
    name: 'Frankincense',
    noteType: ['Base'],
    scentFamily: 'Resinous',
    effects: ['Grounding', 'Relaxing'],
    latinName: 'Boswellia carterii',
  }),
  grapefruit: makeOil({
    name: 'Grapefruit',
    noteType: ['Top'],
    scentFamily: 'Citrus',
    effects: ['Uplifting', 'Energising'],
    latinName: 'Citrus paradisi',
  }),
  ginger: makeOil({
    name: 'Ginger',
    noteType: ['Middle', 'Base'],
    scentFamily: 'Spicy',
    effects: ['Energising', 'Grounding'],
    latinName: 'Zingiber officinale',
  }),
  eucalyptus: makeOil({
    name: 'Eucalyptus',
    noteType: ['Top'],
    scentFamily: 'Camphoraceous',
    effects: ['Cleansing', 'Energising'],
    latinName: 'Eucalyptus globulus',
  }),
} satisfies Record<string, EssentialOil>

export const CATALOG_LIST: readonly EssentialOil[] = Object.values(CATALOG)

export function composition(oils: Partial<Pick<Composition, 'topNote' | 'middleNote' | 'baseNote'>>): Composition {
  return { ...EMPTY_COMPOSITION, ...oils }
}

/** Lemon, Lavender, Atlas Cedarwood at 30/50/20. */
export const COMPLETE = composition({ topNote: CATALOG.lemon, middleNote: CATALOG.lavender, baseNote: CATALOG.cedarwood })
