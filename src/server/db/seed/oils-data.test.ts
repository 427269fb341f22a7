import { describe, it, expect } from 'vitest'
import { EssentialOilSchema } from '#shared/api/oils.ts'
import { EFFECTS, NOTE_TYPES, SCENT_FAMILIES } from '#shared/domain/vocabulary.ts'
import { OIL_SEED } from '#server/db/seed/oils-data.ts'
import { allergenById } from '#shared/domain/eu-allergens.ts'

const names = OIL_SEED.map((oil) => oil.name)
const byName = new Map(OIL_SEED.map((oil) => [oil.name, oil]))

describe('oil catalog seed', () => {
  it('holds at least 44 oils', () => {
    expect(OIL_SEED.length).toBeGreaterThanOrEqual(44)
  })

  it('includes every oil of the reference table', () => {
    const reference = [
      'Bergamot', 'Lemon', 'Lime', 'Sweet Orange', 'Bitter Orange', 'Grapefruit', 'Mandarin', 'Petitgrain',
      'Neroli', 'Lemongrass', 'Litsea', 'Eucalyptus', 'Tea Tree', 'Peppermint', 'Spearmint', 'Basil', 'Rosemary',
      'Lavender', 'Clary Sage', 'Sweet Marjoram', 'Thyme', 'Roman Chamomile', 'German Chamomile', 'Geranium',
      'Palmarosa', 'Rose', 'Jasmine', 'Ylang Ylang', 'Black Pepper', 'Cardamom', 'Clove Bud', 'Cinnamon Bark',
      'Ginger', 'Nutmeg', 'Coriander', 'Cypress', 'Juniper Berry', 'Scots Pine', 'Atlas Cedarwood', 'Sandalwood',
      'Frankincense', 'Myrrh', 'Patchouli', 'Vetiver',
    ]
    expect(reference).toHaveLength(44)
    expect(names).toEqual(expect.arrayContaining(reference))
  })

  it('has unique names', () => {
    expect(new Set(names).size).toBe(names.length)
  })

  it('has unique kebab-case slugs', () => {
    const slugs = OIL_SEED.map((oil) => oil.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  })

  it('is sorted by name', () => {
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
  })

  it.each(OIL_SEED.map((oil) => [oil.name, oil] as const))('%s parses as an essential oil', (_name, oil) => {
    expect(() => EssentialOilSchema.parse({ id: 1, ...oil })).not.toThrow()
  })

  it.each(OIL_SEED.map((oil) => [oil.name, oil.blendsWith] as const))(
    '%s blends only with other oils of the catalog',
    (name, blendsWith) => {
      expect(blendsWith.length).toBeGreaterThanOrEqual(3)
      expect(blendsWith.length).toBeLessThanOrEqual(6)
      expect(new Set(blendsWith).size).toBe(blendsWith.length)
      for (const other of blendsWith) {
        expect(byName.has(other), `${name} blends with unknown oil "${other}"`).toBe(true)
        expect(other).not.toBe(name)
      }
    },
  )

  it('uses only scent families and effects of the vocabulary', () => {
    for (const oil of OIL_SEED) {
      expect(SCENT_FAMILIES).toContain(oil.scentFamily)
      expect(oil.effects.length).toBeGreaterThanOrEqual(1)
      expect(oil.effects.length).toBeLessThanOrEqual(4)
      expect(new Set(oil.effects).size).toBe(oil.effects.length)
      for (const effect of oil.effects) expect(EFFECTS).toContain(effect)
    }
  })

  it('gives every oil at least one note type, in Top, Middle, Base order without duplicates', () => {
    for (const oil of OIL_SEED) {
      expect(oil.noteType.length, oil.name).toBeGreaterThan(0)
      const expected = NOTE_TYPES.filter((type) => oil.noteType.includes(type))
      expect(oil.noteType, oil.name).toEqual(expected)
    }
  })

  it('names a source for every safety figure', () => {
    for (const oil of OIL_SEED) {
      if (oil.safety !== null) expect(oil.safety.source.trim(), oil.name).not.toBe('')
    }
  })

  it('names one of the reference sources for every safety figure', () => {
    const sources = new Set(['Tisserand & Young 2014, Essential Oil Safety (2nd ed.)', 'Tisserand Institute'])
    for (const oil of OIL_SEED) {
      if (oil.safety !== null) expect(sources, `${oil.name}: ${oil.safety.source}`).toContain(oil.safety.source)
    }
  })

  it('gives every phototoxic oil a leave-on maximum, so the calculator can compare against it', () => {
    for (const oil of OIL_SEED.filter((o) => o.safety?.phototoxic)) {
      expect(oil.safety?.maxLeaveOnPercent, oil.name).toBeGreaterThan(0)
    }
  })

  it('gives every oil a density in the range of essential oils (0.8-1.1 g/mL)', () => {
    for (const oil of OIL_SEED) {
      expect(oil.densityGPerMl, oil.name).toBeGreaterThanOrEqual(0.8)
      expect(oil.densityGPerMl, oil.name).toBeLessThanOrEqual(1.1)
    }
  })

  it.each(['Bergamot', 'Lime', 'Lemon', 'Grapefruit', 'Bitter Orange'])('marks %s as phototoxic', (name) => {
    expect(byName.get(name)?.safety?.phototoxic).toBe(true)
  })

  it.each(['Mandarin', 'Sweet Orange'])('marks %s as explicitly not phototoxic', (name) => {
    expect(byName.get(name)?.safety).toMatchObject({ phototoxic: false, maxLeaveOnPercent: null })
  })

  it.each([
    ['Bergamot', 0.4],
    ['Lime', 0.7],
    ['Bitter Orange', 1.25],
    ['Lemon', 2],
    ['Grapefruit', 4],
    ['Clove Bud', 0.5],
    ['Cinnamon Bark', 0.07],
    ['Basil', 0.1],
  ])('limits %s to %s% in leave-on products', (name, percent) => {
    expect(byName.get(name)?.safety?.maxLeaveOnPercent).toBe(percent)
  })
})

describe('the catalog oils’ INCI names and annex entries', () => {
  it('gives every oil an INCI name with no English in brackets', () => {
    for (const oil of OIL_SEED) {
      expect(oil.inciName, oil.name).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+(\/[A-Z][a-z]+)*)+$/)
      expect(oil.inciName, oil.name).toMatch(/ (Oil|Extract)$/)
      expect(oil.inciName).not.toMatch(/[()]/)
    }
  })

  it('maps an oil to an entry only where that entry lists the oil’s INCI name', () => {
    for (const oil of OIL_SEED) {
      if (oil.annexEntryId === null) continue
      const entry = allergenById(oil.annexEntryId)
      expect(entry?.kind, oil.name).toBe('natural-extract')
      expect(entry?.inciNames, oil.name).toContain(oil.inciName)
    }
    const bySlug = new Map(OIL_SEED.map((o) => [o.slug, o]))
    expect(bySlug.get('bergamot')?.annexEntryId).toBe('citrus-aurantium-bergamia-peel-oil')
    expect(bySlug.get('ylang-ylang')?.annexEntryId).toBe('cananga-odorata-oil-extract')
    expect(bySlug.get('lavender')?.inciName).toBe('Lavandula Angustifolia Oil')
    expect(bySlug.get('tea-tree')?.annexEntryId).toBeNull()
  })
})
