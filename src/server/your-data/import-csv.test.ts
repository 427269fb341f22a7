import { describe, expect, it } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import { planFromCsv } from '#server/your-data/import-csv.ts'
import type { PlanBlend, PlanBlends } from '#server/your-data/import-plan.ts'

const catalog = [
  { id: 1, slug: 'bergamot', name: 'Bergamot' },
  { id: 2, slug: 'lavender', name: 'Lavender' },
  { id: 3, slug: 'vetiver', name: 'Vetiver' },
] as EssentialOil[]

async function allBlends(plan: PlanBlends): Promise<PlanBlend[]> {
  const blends: PlanBlend[] = []
  for await (const part of plan.parts(7)) blends.push(...part)
  return blends
}

/** The parser is fed 4 kB (4,096 UTF-16 units) at a time. */
const SLICE = 4 * 1024

describe('a spreadsheet parsed in slices (decision 041)', () => {
  it('reads an emoji whole when a slice would end between its two halves', async () => {
    const header = 'Name,Top,Top %,Middle,Middle %,Base,Base %,Notes'
    const filler = Array.from({ length: 40 }, (_, i) => `Blend ${i},Bergamot,30,Lavender,50,Vetiver,20,Calm déjà vu`)
    const before = [header, ...filler].join('\n').length + 1
    const lead = 'Emoji,Bergamot,30,Lavender,50,Vetiver,20,'
    // Pads the notes so that the emoji's first half is the slice's last unit.
    const pad = 'y'.repeat(SLICE - 1 - before - lead.length)
    const notes = `${pad}🌿 after`
    const text = [header, ...filler, `${lead}${notes}`, 'Last,Bergamot,30,Lavender,50,Vetiver,20,🌿'].join('\n')
    expect(text.charCodeAt(SLICE - 1)).toBe('🌿'.charCodeAt(0))
    const blends = await allBlends(await planFromCsv(text, catalog))
    expect(blends).toHaveLength(42)
    expect(blends[40]!.versions[0]!.formulationNotes).toBe(notes)
    expect(blends[41]!.versions[0]!.formulationNotes).toBe('🌿')
    expect(blends[0]!.versions[0]!.formulationNotes).toBe('Calm déjà vu')
  })

  it('hands the blends out a part at a time, with the rows of one name as its versions, however far apart', async () => {
    const row = (name: string, version: string) => `${name},${version},Bergamot,30,Lavender,50,Vetiver,20,${name} ${version}`
    const text = [
      'Name,Version,Top,Top %,Middle,Middle %,Base,Base %,Notes',
      row('Calm', 'a'),
      row('Bright', 'a'),
      row('calm', 'b'),
      row('Deep', 'a'),
      row('Calm', 'c'),
      row('Bright', 'b'),
    ].join('\n')
    const plan = await planFromCsv(text, catalog)
    expect(plan.count).toBe(3)
    const parts: string[][] = []
    for await (const part of plan.parts(2))
      parts.push(part.map((b) => `${b.name}: ${b.versions.map((v) => `${v.versionLetter} ${v.formulationNotes}`).join(', ')}`))
    expect(parts).toEqual([['Calm: a Calm a, b calm b, c Calm c', 'Bright: a Bright a, b Bright b'], ['Deep: a Deep a']])
    // Each pass builds the blends again from the rows (none is kept between passes): a second one reads the same.
    const [first, again] = [await allBlends(plan), await allBlends(plan)]
    expect(again.map((b) => b.versions.length)).toEqual([3, 2, 1])
    expect(again).toEqual(first)
    expect(again[0]).not.toBe(first[0])
  })
})
