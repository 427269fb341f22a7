import { describe, it, expect } from 'vitest'
import { EssentialOilSchema } from '#shared/api/oils.ts'
import { EFFECTS, NOTE_TYPES, SCENT_FAMILIES } from '#shared/domain/vocabulary.ts'
import { OIL_SEED } from '#server/db/seed/oils-data.ts'
import { allergenById } from '#shared/domain/eu-allergens.ts'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { OIL_SAFETY } from '#server/db/seed/oil-safety-data.ts'
import { checkSafety } from '#shared/domain/safety.ts'
import { formatPercent } from '#shared/domain/units.ts'

const names = OIL_SEED.map((oil) => oil.name)
const byName = new Map(OIL_SEED.map((oil) => [oil.name, oil]))

describe('oil catalog seed', () => {
  it('holds at least 44 oils', () => {
    expect(OIL_SEED.length).toBeGreaterThanOrEqual(44)
  })

  it('includes every oil of the reference table', () => {
    const reference = [
      'Bergamot',
      'Lemon',
      'Lime',
      'Sweet Orange',
      'Bitter Orange',
      'Grapefruit',
      'Mandarin',
      'Petitgrain',
      'Neroli',
      'Lemongrass',
      'Litsea',
      'Eucalyptus',
      'Tea Tree',
      'Peppermint',
      'Spearmint',
      'Basil',
      'Rosemary',
      'Lavender',
      'Clary Sage',
      'Sweet Marjoram',
      'Thyme',
      'Roman Chamomile',
      'German Chamomile',
      'Geranium',
      'Palmarosa',
      'Rose',
      'Jasmine',
      'Ylang Ylang',
      'Black Pepper',
      'Cardamom',
      'Clove Bud',
      'Cinnamon Bark',
      'Ginger',
      'Nutmeg',
      'Coriander',
      'Cypress',
      'Juniper Berry',
      'Scots Pine',
      'Atlas Cedarwood',
      'Sandalwood',
      'Frankincense',
      'Myrrh',
      'Patchouli',
      'Vetiver',
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
})

/** The leave-on maxima attributed to Tisserand & Young or the Tisserand Institute (docs/product.md "Skin safety facts"). */
const MAXIMA: Readonly<Record<string, number>> = {
  Basil: 0.1,
  Bergamot: 0.4,
  'Bitter Orange': 1.25,
  'Cinnamon Bark': 0.07,
  'Clove Bud': 0.5,
  Grapefruit: 4,
  Jasmine: 0.7,
  Lemon: 2,
  Lemongrass: 0.7,
  Lime: 0.7,
  Nutmeg: 0.8,
  Palmarosa: 6.5,
  Peppermint: 5.4,
  Spearmint: 1.7,
  Thyme: 1.3,
  'Ylang Ylang': 0.8,
}

const productDoc = readFileSync(fileURLToPath(new URL('../../../../docs/product.md', import.meta.url)), 'utf8')
const factsSection = productDoc.slice(productDoc.indexOf('### Skin safety facts'), productDoc.indexOf('### Percentages'))
const keysIn = (text: string | null) => (text === null ? [] : [...text.matchAll(/\[([A-Z0-9-]+)\]/g)].map((m) => m[1]!))

describe('every catalog oil has its published safety facts or says it has none (issue 31)', () => {
  it('gives every catalog oil an entry, and no entry without an oil', () => {
    expect(Object.keys(OIL_SAFETY).sort()).toEqual(OIL_SEED.map((oil) => oil.slug).sort())
    for (const oil of OIL_SEED) expect(oil.safety, oil.name).not.toBeNull()
  })

  it.each(OIL_SEED.map((oil) => [oil.name, oil.safety] as const))('%s has a sourced maximum or an explicit none', (name, safety) => {
    const expected = MAXIMA[name] ?? null
    expect(safety?.maxLeaveOnPercent, name).toBe(expected)
    if (expected !== null) {
      // A maximum names its source, and the source is Tisserand & Young or the Tisserand Institute.
      expect(safety?.source, name).toMatch(/Tisserand/)
      expect(keysIn(safety?.source ?? null).length, name).toBeGreaterThan(0)
    }
    if (safety?.phototoxic !== null) expect(keysIn(safety?.source ?? null).length, name).toBeGreaterThan(0)
    for (const kind of ['children', 'pregnancy', 'oxidation'] as const) {
      const caution = safety?.[kind]
      if (caution) expect(keysIn(caution.source).length, `${name} ${kind}`).toBeGreaterThan(0)
    }
  })

  it('has 16 oils with a maximum and 32 that say "no published maximum on file"', () => {
    expect(OIL_SEED.filter((oil) => oil.safety?.maxLeaveOnPercent != null)).toHaveLength(16)
    expect(OIL_SEED.filter((oil) => oil.safety?.maxLeaveOnPercent === null)).toHaveLength(32)
  })

  it('gives no figure in a note of an oil without a maximum, but where the sources tie it to another form', () => {
    const otherForm = new Set(['Clary Sage', 'Mandarin'])
    for (const oil of OIL_SEED.filter((o) => o.safety?.maxLeaveOnPercent === null && !otherForm.has(o.name))) {
      expect(oil.safety?.maximumNote ?? '', oil.name).not.toMatch(/\d%/)
    }
  })

  it.each([
    ['Eucalyptus', 'children'],
    ['Peppermint', 'children'],
    ['Rosemary', 'children'],
    ['Lemongrass', 'pregnancy'],
    ['Myrrh', 'pregnancy'],
    ['Tea Tree', 'oxidation'],
    ['Bergamot', 'oxidation'],
    ['Mandarin', 'oxidation'],
  ] as const)('gives %s its %s caution', (name, kind) => {
    expect(byName.get(name)?.safety?.[kind]?.text).toBeTruthy()
  })

  it('names every source it cites in docs/product.md, with its address', () => {
    const cited = new Set(
      OIL_SEED.flatMap((oil) => {
        const s = oil.safety!
        return [s.source, s.children?.source ?? null, s.pregnancy?.source ?? null, s.oxidation?.source ?? null].flatMap(keysIn)
      }),
    )
    expect(cited.size).toBeGreaterThan(20)
    for (const key of cited) expect(factsSection, key).toMatch(new RegExp(`\\*\\*${key}\\*\\*\\s+https?://`))
  })

  it.each(OIL_SEED.map((oil) => [oil.name, oil.safety] as const))('%s has the same maximum in the docs table', (name, safety) => {
    const row = factsSection.split('\n').find((line) => line.startsWith(`| ${name} |`))
    expect(row, name).toBeDefined()
    const cell = row!.split('|')[2]!.trim()
    if (safety?.maxLeaveOnPercent == null) expect(cell).toMatch(/^No published maximum on file/)
    else expect(cell).toMatch(new RegExp(`^\\*\\*${safety.maxLeaveOnPercent}%\\*\\*`))
  })

  it('never lets a lotion holding a catalog oil without a maximum pass as clear, at any share (exhaustive)', () => {
    const checked = OIL_SEED.find((oil) => oil.name === 'Palmarosa')!
    for (const oil of OIL_SEED.filter((o) => o.safety?.maxLeaveOnPercent == null)) {
      for (let tenths = 1; tenths <= 100; tenths++) {
        const share = tenths / 10
        const report = checkSafety('leave-on', [
          { name: oil.name, productPercentage: share, safety: oil.safety },
          { name: checked.name, productPercentage: 0.1, safety: checked.safety },
        ])
        expect(report.clear, `${oil.name} at ${share}%`).toBe(false)
        expect(report.unchecked.map((u) => u.message)).toContain(
          `No published maximum on file for ${oil.name}, so its ${formatPercent(share)} of the finished product could not be checked.`,
        )
      }
    }
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
