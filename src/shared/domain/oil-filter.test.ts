import { describe, it, expect } from 'vitest'
import { OilQuerySchema, type EssentialOil, type OilQuery } from '#shared/api/oils.ts'
import { filterOils, onShelfOnly, sortOilsByName } from '#shared/domain/oil-filter.ts'

let nextId = 1
function oil(fields: Pick<EssentialOil, 'name' | 'latinName' | 'noteType' | 'scentFamily' | 'effects'>): EssentialOil {
  return {
    id: nextId++,
    slug: fields.name.toLowerCase().replace(/ /g, '-'),
    inciName: `${fields.latinName} Oil`,
    annexEntryId: null,
    description: `${fields.name} test oil.`,
    blendsWith: [],
    densityGPerMl: 0.9,
    safety: null,
    ...fields,
  }
}

// Deliberately out of name order.
const oils: readonly EssentialOil[] = [
  oil({
    name: 'Vetiver',
    latinName: 'Chrysopogon zizanioides',
    noteType: ['Base'],
    scentFamily: 'Earthy',
    effects: ['Grounding', 'Relaxing'],
  }),
  oil({ name: 'Lemon', latinName: 'Citrus limon', noteType: ['Top'], scentFamily: 'Citrus', effects: ['Uplifting', 'Cleansing'] }),
  oil({
    name: 'Lavender',
    latinName: 'Lavandula angustifolia',
    noteType: ['Middle'],
    scentFamily: 'Floral',
    effects: ['Relaxing', 'Balancing'],
  }),
  oil({
    name: 'Bergamot',
    latinName: 'Citrus bergamia',
    noteType: ['Top', 'Middle'],
    scentFamily: 'Citrus',
    effects: ['Uplifting', 'Balancing'],
  }),
  oil({
    name: 'Black Pepper',
    latinName: 'Piper nigrum',
    noteType: ['Top', 'Middle', 'Base'],
    scentFamily: 'Spicy',
    effects: ['Energising'],
  }),
  oil({
    name: 'Rosemary',
    latinName: 'Rosmarinus officinalis',
    noteType: ['Middle'],
    scentFamily: 'Herbal',
    effects: ['Energising', 'Cleansing'],
  }),
]

/** Parses like the route does, so a test query has the same shape as a real one. */
const query = (params: Record<string, string | string[]>): OilQuery => OilQuerySchema.parse(params)
const names = (result: EssentialOil[]) => result.map((o) => o.name)

describe('filterOils', () => {
  it('returns every oil, sorted by name, for an empty query', () => {
    expect(names(filterOils(oils, query({})))).toEqual(['Bergamot', 'Black Pepper', 'Lavender', 'Lemon', 'Rosemary', 'Vetiver'])
  })

  it('does not change the list it is given', () => {
    const before = names([...oils])
    filterOils(oils, query({ search: 'l' }))
    expect(names([...oils])).toEqual(before)
  })

  describe('search', () => {
    it('matches a substring of the name', () => {
      expect(names(filterOils(oils, query({ search: 'pep' })))).toEqual(['Black Pepper'])
    })

    it('matches a substring of the EU INCI name, the one a label prints', () => {
      const bergamot = { ...oils[3]!, inciName: 'Citrus Aurantium Bergamia Peel Oil' }
      expect(names(filterOils([...oils.slice(0, 3), bergamot], query({ search: 'AURANTIUM' })))).toEqual(['Bergamot'])
    })

    it('matches a substring of the botanical name', () => {
      expect(names(filterOils(oils, query({ search: 'citrus' })))).toEqual(['Bergamot', 'Lemon'])
      expect(names(filterOils(oils, query({ search: 'officinalis' })))).toEqual(['Rosemary'])
    })

    it('ignores case', () => {
      expect(names(filterOils(oils, query({ search: 'LAVEN' })))).toEqual(['Lavender'])
      expect(names(filterOils(oils, query({ search: 'lavandula' })))).toEqual(['Lavender'])
    })

    it('ignores surrounding spaces', () => {
      expect(names(filterOils(oils, query({ search: '  lemon ' })))).toEqual(['Lemon'])
    })

    it('does not filter when blank', () => {
      expect(filterOils(oils, query({ search: '   ' }))).toHaveLength(oils.length)
    })

    it('finds nothing for text no oil contains', () => {
      expect(filterOils(oils, query({ search: 'sandal' }))).toEqual([])
    })
  })

  describe('single parameters', () => {
    it('filters by effect', () => {
      expect(names(filterOils(oils, query({ effect: 'Relaxing' })))).toEqual(['Lavender', 'Vetiver'])
    })

    it('filters by note type, matching any of an oil’s note types', () => {
      expect(names(filterOils(oils, query({ noteType: 'Middle' })))).toEqual(['Bergamot', 'Black Pepper', 'Lavender', 'Rosemary'])
    })

    it('filters by scent family', () => {
      expect(names(filterOils(oils, query({ scentFamily: 'Citrus' })))).toEqual(['Bergamot', 'Lemon'])
    })
  })

  describe('repeated values', () => {
    it('keeps oils with any of the effects', () => {
      expect(names(filterOils(oils, query({ effect: ['Grounding', 'Energising'] })))).toEqual(['Black Pepper', 'Rosemary', 'Vetiver'])
    })

    it('keeps oils with any of the note types', () => {
      expect(names(filterOils(oils, query({ noteType: ['Top', 'Base'] })))).toEqual(['Bergamot', 'Black Pepper', 'Lemon', 'Vetiver'])
    })

    it('keeps oils in any of the families', () => {
      expect(names(filterOils(oils, query({ scentFamily: ['Floral', 'Earthy'] })))).toEqual(['Lavender', 'Vetiver'])
    })
  })

  describe('combined parameters', () => {
    it('requires every parameter to match', () => {
      expect(names(filterOils(oils, query({ effect: 'Uplifting', noteType: 'Middle' })))).toEqual(['Bergamot'])
      expect(names(filterOils(oils, query({ scentFamily: 'Citrus', effect: 'Cleansing' })))).toEqual(['Lemon'])
    })

    it('combines search with repeated values', () => {
      expect(names(filterOils(oils, query({ search: 'r', effect: ['Energising', 'Relaxing'], noteType: ['Middle', 'Base'] })))).toEqual([
        'Black Pepper',
        'Lavender',
        'Rosemary',
        'Vetiver',
      ])
    })

    it('finds nothing when the parameters exclude each other', () => {
      expect(filterOils(oils, query({ scentFamily: 'Earthy', noteType: 'Top' }))).toEqual([])
    })
  })

  it('treats a missing parameter like an empty one', () => {
    expect(names(filterOils(oils, { effect: ['Balancing'] }))).toEqual(['Bergamot', 'Lavender'])
  })
})

describe('sortOilsByName', () => {
  it('returns a sorted copy and leaves the input alone', () => {
    const input = [{ name: 'Ylang Ylang' }, { name: 'bergamot' }, { name: 'Atlas Cedarwood' }, { name: 'Black Pepper' }]
    expect(sortOilsByName(input).map((o) => o.name)).toEqual(['Atlas Cedarwood', 'bergamot', 'Black Pepper', 'Ylang Ylang'])
    expect(input[0]?.name).toBe('Ylang Ylang')
  })
})

describe('onShelfOnly', () => {
  const few = [
    { id: 1, name: 'Lemon' },
    { id: 2, name: 'Lavender' },
    { id: 3, name: 'Vetiver' },
  ]
  it('keeps only the oils on the shelf, in their order', () => {
    expect(onShelfOnly(few, new Set([3, 1])).map((o) => o.name)).toEqual(['Lemon', 'Vetiver'])
  })
  it('keeps every oil when there is no shelf to filter by', () => {
    expect(onShelfOnly(few, null)).toEqual(few)
  })
  it('keeps none when the shelf holds none of them', () => {
    expect(onShelfOnly(few, new Set([9]))).toEqual([])
  })
})
