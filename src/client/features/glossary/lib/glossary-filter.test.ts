import { describe, expect, it } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import { filterGlossary, filterOptions, hasFilters, NO_FILTERS, noteText } from '#client/features/glossary/lib/glossary-filter.ts'

const oil = (over: Partial<EssentialOil>): EssentialOil => ({
  id: 1,
  slug: 'x',
  name: 'X',
  latinName: 'Xus',
  inciName: 'Xus Oil',
  annexEntryId: null,
  noteType: ['Middle'],
  scentFamily: 'Floral',
  effects: ['Relaxing'],
  description: 'd',
  blendsWith: [],
  densityGPerMl: 0.9,
  safety: null,
  ...over,
})

const oils = [
  oil({ id: 2, name: 'Lavender', latinName: 'Lavandula angustifolia', effects: ['Relaxing', 'Balancing'] }),
  oil({
    id: 1,
    name: 'Bergamot',
    latinName: 'Citrus bergamia',
    inciName: 'Citrus Aurantium Bergamia Peel Oil',
    noteType: ['Top', 'Middle'],
    scentFamily: 'Citrus',
    effects: ['Uplifting'],
  }),
  oil({ id: 3, name: 'Vetiver', latinName: 'Chrysopogon zizanioides', noteType: ['Base'], scentFamily: 'Earthy', effects: ['Grounding'] }),
]
const names = (list: EssentialOil[]) => list.map((o) => o.name)

describe('glossary filters', () => {
  it('lists every oil sorted by name with no filters', () => {
    expect(names(filterGlossary(oils, NO_FILTERS))).toEqual(['Bergamot', 'Lavender', 'Vetiver'])
  })

  it.each([
    [{ search: 'lav' }, ['Lavender']],
    [{ search: 'CITRUS berg' }, ['Bergamot']],
    [{ search: 'zizan' }, ['Vetiver']],
    // The INCI name a supplier's sheet or a label uses.
    [{ search: 'aurantium bergamia' }, ['Bergamot']],
    [{ search: '  ' }, ['Bergamot', 'Lavender', 'Vetiver']],
    [{ scentFamily: 'Earthy' }, ['Vetiver']],
    [{ noteType: 'Middle' }, ['Bergamot', 'Lavender']],
    [{ effect: 'Balancing' }, ['Lavender']],
    [{ noteType: 'Middle', effect: 'Uplifting' }, ['Bergamot']],
    [{ search: 'rose' }, []],
  ] as const)('filters by %o', (filters, expected) => {
    expect(names(filterGlossary(oils, { ...NO_FILTERS, ...filters }))).toEqual(expected)
  })

  it('knows when a filter is set', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false)
    expect(hasFilters({ ...NO_FILTERS, effect: 'Relaxing' })).toBe(true)
  })

  it('writes note types like "Middle / Base note"', () => {
    expect(noteText(['Middle', 'Base'])).toBe('Middle / Base note')
    expect(noteText(['Top'])).toBe('Top note')
  })

  it('offers only values some oil has', () => {
    expect(filterOptions(oils)).toEqual({
      scentFamilies: ['Citrus', 'Floral', 'Earthy'],
      noteTypes: ['Top', 'Middle', 'Base'],
      effects: ['Relaxing', 'Uplifting', 'Grounding', 'Balancing'],
    })
  })

  describe('with the names shown in another language', () => {
    const french = { Lavender: 'Lavande', Bergamot: 'Bergamote', Vetiver: 'Vétiver' } as Record<string, string>
    const shown = { name: (name: string) => french[name] ?? name, compare: new Intl.Collator('fr').compare }

    it('finds an oil by its shown name, accents or none, and still by its English one', () => {
      expect(filterGlossary(oils, { ...NO_FILTERS, search: 'lavande' }, shown).map((o) => o.name)).toEqual(['Lavender'])
      expect(filterGlossary(oils, { ...NO_FILTERS, search: 'vetiver' }, shown).map((o) => o.name)).toEqual(['Vetiver'])
      expect(filterGlossary(oils, { ...NO_FILTERS, search: 'bergamot' }, shown).map((o) => o.name)).toEqual(['Bergamot'])
    })

    it('sorts by the shown names, and shows a maker’s own ingredient by her name', () => {
      const own = oil({ id: 7, name: 'Lavender', yours: true })
      const sorted = filterGlossary([...oils, own], NO_FILTERS, shown)
      expect(sorted.map((o) => (o.yours ? o.name : shown.name(o.name)))).toEqual(
        [...sorted.map((o) => (o.yours ? o.name : shown.name(o.name)))].sort(new Intl.Collator('fr').compare),
      )
      expect(filterGlossary([...oils, own], { ...NO_FILTERS, search: 'lavande' }, shown)).not.toContain(own)
    })
  })
})
