import { describe, expect, it } from 'vitest'
import {
  allergenById,
  CAS_NAMES,
  EU_ALLERGEN_COUNT,
  EU_ALLERGENS,
  isValidCas,
  isValidEc,
  searchAllergens,
} from '#shared/domain/eu-allergens.ts'

describe('the EU fragrance allergens (Annex III as amended by 2023/1545)', () => {
  it('has the 81 entries counted in its header: 24 of the 2003 list, 45 new, 12 older entries given the duty', () => {
    expect(EU_ALLERGENS).toHaveLength(81)
    expect(EU_ALLERGEN_COUNT).toBe(EU_ALLERGENS.length)
    const replaced2003 = EU_ALLERGENS.filter((e) => e.replaces?.endsWith('(the entry of the 2003 list)'))
    const older = EU_ALLERGENS.filter((e) => e.replaces?.includes('an earlier Annex III entry'))
    expect(replaced2003).toHaveLength(24)
    expect(older).toHaveLength(12)
    expect(EU_ALLERGENS.filter((e) => e.replaces === null)).toHaveLength(45)
  })

  it('names isomers only by a CAS number exactly one entry holds, and gives those names to that entry', () => {
    const pinene = allergenById('pinene')!
    expect(pinene.aliases).toEqual(expect.arrayContaining(['alpha-Pinene', 'beta-Pinene']))
    expect(allergenById('limonene')!.aliases).toEqual(expect.arrayContaining(['d-Limonene', 'Dipentene']))
    const owners = new Map<string, string[]>()
    for (const e of EU_ALLERGENS) for (const cas of e.cas) owners.set(cas, [...(owners.get(cas) ?? []), e.id])
    const names = new Map<string, string>()
    for (const [cas, list] of Object.entries(CAS_NAMES)) {
      expect(isValidCas(cas), cas).toBe(true)
      expect(owners.get(cas), `${cas} is held by one entry`).toHaveLength(1)
      const [owner] = owners.get(cas)!
      for (const name of list) {
        expect(
          allergenById(owner!)!
            .aliases.map((a) => a.toLowerCase())
            .concat(allergenById(owner!)!.name.toLowerCase()),
        ).toContain(name.toLowerCase())
        // No name points at two entries.
        expect(names.get(name.toLowerCase()) ?? owner).toBe(owner)
        names.set(name.toLowerCase(), owner!)
        for (const other of EU_ALLERGENS)
          if (other.id !== owner)
            expect([other.name, other.inci, ...other.inciNames].map((n) => n.toLowerCase())).not.toContain(name.toLowerCase())
      }
    }
  })

  it('leaves out the two substances of the 2003 list now prohibited (HICC, BMHCA)', () => {
    const cas = EU_ALLERGENS.flatMap((e) => e.cas)
    expect(cas).not.toContain('31906-04-4')
    expect(cas).not.toContain('80-54-6')
  })

  it('gives every entry a unique id, a name and an INCI name among its INCI names', () => {
    expect(new Set(EU_ALLERGENS.map((e) => e.id)).size).toBe(EU_ALLERGENS.length)
    for (const e of EU_ALLERGENS) {
      expect(e.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(e.name.trim()).not.toBe('')
      expect(e.inci.trim()).not.toBe('')
      expect(e.inciNames).toContain(e.inci)
    }
  })

  it('gives every entry CAS numbers that are well formed with a right check digit, none listed twice', () => {
    const all = EU_ALLERGENS.flatMap((e) => e.cas)
    for (const e of EU_ALLERGENS) {
      expect(e.cas.length).toBeGreaterThan(0)
      for (const cas of e.cas) expect(isValidCas(cas), `${e.name}: ${cas}`).toBe(true)
    }
    expect(all.length).toBeGreaterThan(EU_ALLERGENS.length)
    // A few CAS numbers are shared by two grouped extracts in the annex (e.g. bitter orange flower
    // and peel); none is repeated inside one entry.
    for (const e of EU_ALLERGENS) expect(new Set(e.cas).size).toBe(e.cas.length)
  })

  it('checks CAS check digits', () => {
    expect(isValidCas('78-70-6')).toBe(true)
    expect(isValidCas('78-70-5')).toBe(false)
    expect(isValidCas('5989-27-5')).toBe(true)
    expect(isValidCas('90028-68-55')).toBe(false)
    expect(isValidCas('78706')).toBe(false)
  })

  it('gives EC numbers that are well formed with a right check digit, none listed twice', () => {
    const all = EU_ALLERGENS.flatMap((e) => e.ec)
    for (const e of EU_ALLERGENS) for (const ec of e.ec) expect(isValidEc(ec), `${e.name}: ${ec}`).toBe(true)
    expect(new Set(all).size).toBe(all.length)
  })

  it('has EC numbers for 80 entries (135 numbers); only Citrus Aurantium Peel Oil is unconfirmed (the header says why)', () => {
    // A change to these counts must be deliberate: each EC number comes from the annex table.
    const withEc = EU_ALLERGENS.filter((e) => e.ec.length > 0)
    expect(withEc).toHaveLength(80)
    expect(EU_ALLERGENS.flatMap((e) => e.ec)).toHaveLength(135)
    expect(EU_ALLERGENS.filter((e) => e.ec.length === 0).map((e) => e.id)).toEqual(['citrus-aurantium-peel-oil'])
    expect(allergenById('linalool')?.ec).toEqual(['201-134-4'])
    expect(allergenById('rose-ketones')?.ec).toHaveLength(7)
  })

  it('checks EC check digits', () => {
    expect(isValidEc('201-134-4')).toBe(true)
    expect(isValidEc('201-134-5')).toBe(false)
    expect(isValidEc('616-772-2')).toBe(true)
    expect(isValidEc('403-140-4')).toBe(true)
    // A sum that leaves 10 is never issued, so no check digit can match it.
    for (const r of '0123456789') expect(isValidEc(`200-200-${r}`)).toBe(false)
    expect(isValidEc('201134-4')).toBe(false)
    expect(isValidEc('201-134-44')).toBe(false)
    expect(isValidEc('78-70-6')).toBe(false)
  })

  it('lists the whole oils and extracts the issue names as natural extracts', () => {
    for (const inci of [
      'Cananga Odorata Flower Oil',
      'Eugenia Caryophyllus Bud Oil',
      'Citrus Aurantium Bergamia Peel Oil',
      'Cedrus Atlantica Bark Oil',
    ]) {
      const entry = EU_ALLERGENS.find((e) => e.inciNames.includes(inci))
      expect(entry?.kind, inci).toBe('natural-extract')
    }
    expect(allergenById('linalool')?.kind).toBe('substance')
    expect(EU_ALLERGENS.filter((e) => e.kind === 'natural-extract')).toHaveLength(29)
  })

  it('searches by name, INCI name, alias, CAS or EC number, case-insensitively, prefix matches first', () => {
    expect(searchAllergens('78-70-6').map((e) => e.id)).toEqual(['linalool'])
    expect(searchAllergens('LINAL').map((e) => e.id)).toEqual(['linalool', 'linalyl-acetate'])
    const limonene = searchAllergens('limon')
    expect(limonene[0]!.id).toBe('limonene')
    expect(limonene.map((e) => e.id)).toContain('citrus-limon-peel-oil')
    expect(searchAllergens('oakmoss').map((e) => e.id)).toEqual(['evernia-prunastri-extract'])
    expect(searchAllergens('201-134-4').map((e) => e.id)).toEqual(['linalool'])
    expect(searchAllergens('  ')).toHaveLength(EU_ALLERGENS.length)
    expect(searchAllergens('zzz')).toEqual([])
  })
})
