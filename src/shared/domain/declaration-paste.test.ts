import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseDeclarationPaste, readValue } from '#shared/domain/declaration-paste.ts'
import { EU_ALLERGENS } from '#shared/domain/eu-allergens.ts'

const parse = (text: string) => parseDeclarationPaste(text)
const idOf = (name: string) => {
  const entry = EU_ALLERGENS.find((e) => e.name === name)
  if (!entry) throw new Error(`no entry ${name}`)
  return entry.id
}

describe('pasting a supplier allergen sheet', () => {
  it('reads free text lines of name, CAS and percentage', () => {
    expect(parse('Linalool 78-70-6 32.5 %\nLimonene 5989-27-5 0.8%')).toEqual({
      items: [
        { entryId: idOf('Linalool'), percent: 32.5 },
        { entryId: idOf('Limonene'), percent: 0.8 },
      ],
      problems: [],
    })
  })

  it('reads semicolon, comma and tab separated columns with decimal commas and quotes', () => {
    const sheet = [
      'Limonene;5989-27-5;0,8',
      'Linalool,78-70-6,32.5',
      'Geraniol\t106-24-1\t1,25 %',
      '"Citral","5392-40-5","0,4"',
      'Eugenol,97-53-0,0,05',
    ].join('\n')
    expect(parse(sheet)).toEqual({
      items: [
        { entryId: idOf('Limonene'), percent: 0.8 },
        { entryId: idOf('Linalool'), percent: 32.5 },
        { entryId: idOf('Geraniol'), percent: 1.25 },
        { entryId: idOf('Citral'), percent: 0.4 },
        { entryId: idOf('Eugenol'), percent: 0.05 },
      ],
      problems: [],
    })
  })

  it('matches the CAS number first, whatever name the supplier prints', () => {
    // "alpha-Pinene" is not the annex's name, but its CAS number is one of the Pinene entry's.
    const pinene = EU_ALLERGENS.find((e) => e.name === 'Pinene')!
    const { items, problems } = parse(`alpha-Pinene ${pinene.cas[0]} 2.1`)
    expect(problems).toEqual([])
    expect(items).toEqual([{ entryId: pinene.id, percent: 2.1 }])
    // A wrong name beside a right CAS number: the number decides.
    expect(parse('Lemon thing 78-70-6 3').items).toEqual([{ entryId: idOf('Linalool'), percent: 3 }])
  })

  it('matches names and INCI names and the names suppliers print, in any case and spacing', () => {
    const { items, problems } = parse('LINALOOL: 30\nd-Limonene  1.5 %\nalpha-isomethyl   ionone 0.2\nBergamot oil 100')
    expect(problems).toEqual([])
    expect(items).toEqual([
      { entryId: idOf('Linalool'), percent: 30 },
      { entryId: idOf('Limonene'), percent: 1.5 },
      { entryId: idOf('Alpha-Isomethyl Ionone'), percent: 0.2 },
      { entryId: idOf('Citrus Aurantium Bergamia Peel Oil'), percent: 100 },
    ])
  })

  it('reads "Name (CAS 78-70-6): 32,5 % w/w" and the value before the name', () => {
    expect(parse('Linalool (CAS 78-70-6): 32,5 % w/w\n0.9 % Geraniol').items).toEqual([
      { entryId: idOf('Linalool'), percent: 32.5 },
      { entryId: idOf('Geraniol'), percent: 0.9 },
    ])
  })

  it('converts ppm and mg/kg to percent', () => {
    expect(parse('Linalool 78-70-6 325000 ppm\nGeraniol 106-24-1 500 mg/kg').items).toEqual([
      { entryId: idOf('Linalool'), percent: 32.5 },
      { entryId: idOf('Geraniol'), percent: 0.05 },
    ])
  })

  it('passes over titles, column headers and prose without a figure', () => {
    const sheet = ['Allergen declaration - Lavender 40/42', '', 'Component\tCAS No.\tConcentration (%)', 'Linalool\t78-70-6\t32.5', 'We certify the above.'].join('\n')
    expect(parse(sheet)).toEqual({ items: [{ entryId: idOf('Linalool'), percent: 32.5 }], problems: [] })
  })

  it('takes the column a header names when a row has several figures', () => {
    const sheet = ['Name;CAS;% in oil;Max in product', 'Linalool;78-70-6;32,5;0,65', 'Limonene;5989-27-5;0,8;0,016'].join('\n')
    expect(parse(sheet).items).toEqual([
      { entryId: idOf('Linalool'), percent: 32.5 },
      { entryId: idOf('Limonene'), percent: 0.8 },
    ])
  })

  it('asks, rather than guesses, when a row has several figures and no header', () => {
    expect(parse('Linalool;78-70-6;32,5;0,65')).toEqual({
      items: [],
      problems: [{ line: 1, text: 'Linalool;78-70-6;32,5;0,65', message: expect.stringMatching(/Several figures/) }],
    })
  })

  it('skips a substance that is not an Annex III entry and says so', () => {
    const { items, problems } = parse('Linalool 78-70-6 32.5\nTerpinen-4-ol 562-74-3 4.2 %\n1,8-Cineole 0.5')
    expect(items).toEqual([{ entryId: idOf('Linalool'), percent: 32.5 }])
    expect(problems).toEqual([
      { line: 2, text: 'Terpinen-4-ol 562-74-3 4.2 %', message: 'Terpinen-4-ol (562-74-3) is not an allergen of Annex III, so it was skipped.' },
      { line: 3, text: '1,8-Cineole 0.5', message: '1,8-Cineole is not an allergen of Annex III, so it was skipped.' },
    ])
  })

  it('suggests the annex name when a name resembles one', () => {
    const { problems } = parse('Cinnamaldehyd 0.1')
    expect(problems[0]!.message).toMatch(/^Cinnamaldehyd is not an entry of Annex III by that name, so it was skipped\. Did you mean .*Cinnamal/)
  })

  it('reports an upper limit, traces and a range for the maker to resolve, never as a number', () => {
    const { items, problems } = parse('Geraniol 106-24-1 <0.01\nCitral 5392-40-5 traces\nLinalool 78-70-6 30-35 %\nEugenol 97-53-0 ≤ 0,1 %')
    expect(items).toEqual([])
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [1, 'Geraniol: "<0.01" is an upper limit, not an amount. Enter the figure from the lot\'s certificate, or the limit itself to be cautious.'],
      [2, 'Citral: "traces" is not an amount. Ask your supplier for the figure, or enter an upper limit to be cautious.'],
      [3, 'Linalool: "30-35 %" is a range. Enter this lot\'s figure, or the top of the range to be cautious.'],
      [4, 'Eugenol: "≤ 0,1 %" is an upper limit, not an amount. Enter the figure from the lot\'s certificate, or the limit itself to be cautious.'],
    ])
  })

  it('leaves out entries declared absent, without a problem', () => {
    expect(parse('Geraniol 106-24-1 0\nCitral 5392-40-5 nd\nEugenol;97-53-0;not detected\nLinalool 78-70-6 1')).toEqual({
      items: [{ entryId: idOf('Linalool'), percent: 1 }],
      problems: [],
    })
  })

  it('reports a bad CAS number, a missing figure, a figure over 100 and an entry listed twice', () => {
    const { items, problems } = parse('Mystery 78-70-7 3\nLinalool\nGeraniol 106-24-1 120\nLimonene 1\nd-Limonene 5989-27-5 2')
    expect(items).toEqual([{ entryId: idOf('Limonene'), percent: 1 }])
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [1, '78-70-7 is not a valid CAS number (its check digit does not match): check it against the sheet.'],
      [2, 'No percentage for Linalool on this line.'],
      [3, 'Geraniol: 120 % is more than the whole oil.'],
      [5, 'Limonene is already on line 4; the first figure is kept.'],
    ])
  })

  it('copes with Windows line ends, a byte order mark and long lines', () => {
    const long = `Linalool ${'x'.repeat(100)} 2`
    const { items, problems } = parse(`\uFEFFLinalool 78-70-6 3\r\nGeraniol 106-24-1 1\r\n${long}`)
    expect(items).toHaveLength(2)
    expect(problems[0]!.line).toBe(3)
    expect(problems[0]!.text.length).toBeLessThanOrEqual(60)
  })

  it('reads nothing from an empty paste', () => {
    expect(parse('   \n\n')).toEqual({ items: [], problems: [] })
  })
})

describe('reading a value', () => {
  it('reads numbers, bounds, ranges, traces and absence', () => {
    expect(readValue('32,5 %')).toEqual({ kind: 'number', percent: 32.5 })
    expect(readValue('.5')).toEqual({ kind: 'number', percent: 0.5 })
    expect(readValue('< 0.001%')).toEqual({ kind: 'bound', raw: '< 0.001%' })
    expect(readValue('&lt;0.01')).toEqual({ kind: 'bound', raw: '<0.01' })
    expect(readValue('1 to 2')).toEqual({ kind: 'range', raw: '1 to 2' })
    expect(readValue('Traces')).toEqual({ kind: 'trace' })
    expect(readValue('n.d.')).toEqual({ kind: 'absent' })
    expect(readValue('0,000')).toEqual({ kind: 'absent' })
    expect(readValue('Linalool')).toBeNull()
  })
})

describe('any declaration written out as a supplier would', () => {
  it('reads back as the same entries and percentages, in every layout', () => {
    const layouts = [
      (name: string, cas: string, value: string) => `${name} ${cas} ${value} %`,
      (name: string, cas: string, value: string) => `${name};${cas};${value.replace('.', ',')}`,
      (name: string, cas: string, value: string) => `${name}\t${cas}\t${value}`,
      (name: string, cas: string, value: string) => `"${name}","${cas}","${value}"`,
      (name: string, _cas: string, value: string) => `${name}: ${value.replace('.', ',')}%`,
    ]
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...EU_ALLERGENS), { minLength: 1, maxLength: 12, selector: (e) => e.id }),
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 12, maxLength: 12 }),
        fc.integer({ min: 0, max: layouts.length - 1 }),
        (entries, thousandths, layout) => {
          const lines = entries.map((entry, i) => layouts[layout]!(entry.name, entry.cas[0] ?? '', (thousandths[i]! / 1000).toString()))
          const { items, problems } = parseDeclarationPaste(['Name\tCAS\tValue', ...lines].join('\n'))
          expect(problems).toEqual([])
          expect(items).toEqual(entries.map((entry, i) => ({ entryId: entry.id, percent: thousandths[i]! / 1000 })))
        },
      ),
      { numRuns: 300 },
    )
  })
})
