import { describe, expect, it } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import { planFromCsv } from '#server/your-data/import-csv.ts'

const catalog = [
  { id: 1, slug: 'bergamot', name: 'Bergamot' },
  { id: 2, slug: 'lavender', name: 'Lavender' },
  { id: 3, slug: 'vetiver', name: 'Vetiver' },
] as EssentialOil[]

/** The parser is fed 64 kB (65,536 UTF-16 units) at a time. */
const SLICE = 64 * 1024

describe('a spreadsheet parsed in slices (decision 041)', () => {
  it('reads an emoji whole when a slice would end between its two halves', async () => {
    const header = 'Name,Top,Top %,Middle,Middle %,Base,Base %,Notes'
    const filler = Array.from({ length: 1_000 }, (_, i) => `Blend ${i},Bergamot,30,Lavender,50,Vetiver,20,Calm déjà vu`)
    const before = [header, ...filler].join('\n').length + 1
    const lead = 'Emoji,Bergamot,30,Lavender,50,Vetiver,20,'
    // Pads the notes so that the emoji's first half is the slice's last unit.
    const pad = 'y'.repeat(SLICE - 1 - before - lead.length)
    const notes = `${pad}🌿 after`
    const text = [header, ...filler, `${lead}${notes}`, 'Last,Bergamot,30,Lavender,50,Vetiver,20,🌿'].join('\n')
    expect(text.charCodeAt(SLICE - 1)).toBe('🌿'.charCodeAt(0))
    const blends = await planFromCsv(text, catalog)
    expect(blends).toHaveLength(1_002)
    expect(blends[1_000]!.versions[0]!.formulationNotes).toBe(notes)
    expect(blends[1_001]!.versions[0]!.formulationNotes).toBe('🌿')
    expect(blends[0]!.versions[0]!.formulationNotes).toBe('Calm déjà vu')
  })
})
