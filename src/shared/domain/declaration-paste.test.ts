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
      declaresNone: false,
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
      declaresNone: false,
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
    const sheet = [
      'Allergen declaration - Lavender 40/42',
      '',
      'Component\tCAS No.\tConcentration (%)',
      'Linalool\t78-70-6\t32.5',
      'We certify the above.',
    ].join('\n')
    expect(parse(sheet)).toEqual({ items: [{ entryId: idOf('Linalool'), percent: 32.5 }], problems: [], declaresNone: false })
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
      problems: [
        {
          line: 1,
          text: 'Linalool;78-70-6;32,5;0,65',
          message: expect.stringMatching(/Several figures/),
          note: { kind: 'several-figures' },
          entryId: idOf('Linalool'),
        },
      ],
      declaresNone: false,
    })
  })

  it('skips a substance that is not an Annex III entry and says so', () => {
    const { items, problems } = parse('Linalool 78-70-6 32.5\nTerpinen-4-ol 562-74-3 4.2 %\n1,8-Cineole 0.5')
    expect(items).toEqual([{ entryId: idOf('Linalool'), percent: 32.5 }])
    expect(problems).toEqual([
      {
        line: 2,
        text: 'Terpinen-4-ol 562-74-3 4.2 %',
        message: 'Terpinen-4-ol (562-74-3) is not an allergen of Annex III, so it was skipped.',
        note: { kind: 'not-an-allergen', name: 'Terpinen-4-ol', cas: '562-74-3' },
      },
      {
        line: 3,
        text: '1,8-Cineole 0.5',
        message: '1,8-Cineole is not an allergen of Annex III, so it was skipped.',
        note: { kind: 'not-an-allergen', name: '1,8-Cineole', cas: null },
      },
    ])
  })

  it('suggests the annex name when a name resembles one', () => {
    const { problems } = parse('Cinnamaldehyd 0.1')
    expect(problems[0]!.message).toMatch(
      /^Cinnamaldehyd is not an entry of Annex III by that name, so it was skipped\. Did you mean .*Cinnamal/,
    )
  })

  it('reads an upper limit and a range as the most the lot holds, and reports traces', () => {
    const { items, problems } = parse(
      'Geraniol 106-24-1 <0.01\nCitral 5392-40-5 traces\nLinalool 78-70-6 30-35 %\nEugenol 97-53-0 ≤ 0,1 %\nCoumarin max 0.5%\nFarnesol 0.2 % max\nBenzyl Alcohol up to 1 %\nCinnamal;104-55-2;max. 0,05',
    )
    expect(items).toEqual([
      { entryId: idOf('Geraniol'), percent: 0.01, upTo: true },
      { entryId: idOf('Linalool'), percent: 35, upTo: true },
      { entryId: idOf('Eugenol'), percent: 0.1, upTo: true },
      { entryId: idOf('Coumarin'), percent: 0.5, upTo: true },
      { entryId: idOf('Farnesol'), percent: 0.2, upTo: true },
      { entryId: idOf('Benzyl Alcohol'), percent: 1, upTo: true },
      { entryId: idOf('Cinnamal'), percent: 0.05, upTo: true },
    ])
    expect(problems.map((p) => [p.line, p.message, p.entryId])).toEqual([
      [2, 'Citral: "traces" is not an amount. Ask your supplier for the figure, or enter an upper limit to be cautious.', idOf('Citral')],
    ])
  })

  it('reads the Frankincense sheet whole: isomers by their common names, a range and a "max"', () => {
    const sheet = [
      'Frankincense (Boswellia carterii) allergen declaration',
      'd-Limonene 12 %',
      'alpha-Pinene 30-35 %',
      'Linalool max 0.5%',
    ].join('\n')
    expect(parse(sheet)).toEqual({
      items: [
        { entryId: idOf('Limonene'), percent: 12 },
        { entryId: idOf('Pinene'), percent: 35, upTo: true },
        { entryId: idOf('Linalool'), percent: 0.5, upTo: true },
      ],
      problems: [],
      declaresNone: false,
    })
  })

  it('maps the isomers and forms an entry holds by CAS number to that entry, without the number on the line', () => {
    const sheet = [
      'β-Pinene 4',
      'Dipentene 2',
      'l-Limonene: 1',
      'Geranial 0,5',
      'Neral 0.3 %',
      'l-Menthol 40',
      'alpha-Terpineol 1.2',
      'd-Carvone 0.4',
      '(1R)-(+)-Camphor 0.6',
    ].join('\n')
    const { items, problems } = parse(sheet)
    expect(items.map((i) => i.entryId)).toEqual(['pinene', 'limonene', 'citral', 'menthol', 'terpineol', 'carvone', 'camphor'])
    // Pinene from beta-pinene, then Limonene twice (Dipentene, l-Limonene), Citral twice (Geranial, Neral): the first kept.
    expect(problems.map((p) => [p.line, p.entryId])).toEqual([
      [3, 'limonene'],
      [5, 'citral'],
    ])
  })

  it('reads a sheet whose every allergen is "nd" or 0, or that says none is present, as declaring none', () => {
    expect(parse('Linalool 78-70-6 nd\nLimonene;5989-27-5;0\nGeraniol 106-24-1 not detected')).toEqual({
      items: [],
      problems: [],
      declaresNone: true,
    })
    expect(parse('Cedarwood Atlas oil, lot 2291\nNone of the 81 Annex III allergens is present above 0.001 %.').declaresNone).toBe(true)
    expect(parse('Free from EU fragrance allergens').declaresNone).toBe(true)
    // A title alone, a number that is no negation, or an allergen listed: not a declaration of none.
    expect(parse('Allergen statement no. 5').declaresNone).toBe(false)
    expect(parse('Allergen declaration').declaresNone).toBe(false)
    expect(parse('No Annex III allergen above 0.001 %\nLinalool 2').declaresNone).toBe(false)
    // An unread line leaves the question open.
    expect(parse('Linalool nd\nCitral traces').declaresNone).toBe(false)
  })

  it('leaves out entries declared absent, without a problem', () => {
    expect(parse('Geraniol 106-24-1 0\nCitral 5392-40-5 nd\nEugenol;97-53-0;not detected\nLinalool 78-70-6 1')).toEqual({
      items: [{ entryId: idOf('Linalool'), percent: 1 }],
      problems: [],
      declaresNone: false,
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

  it('reports a line of more columns than an allergen table has, rather than reading it', () => {
    const wide = ['Linalool', '78-70-6', ...Array.from({ length: 70 }, (_, i) => String(i + 1))].join(';')
    const { items, problems } = parse(`${wide}\nGeraniol;106-24-1;1`)
    expect(items).toEqual([{ entryId: idOf('Geraniol'), percent: 1 }])
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [
        1,
        'This line has more than 64 columns, more than an allergen table has, so it was not read. Enter its allergens by hand if it lists any.',
      ],
    ])
  })

  it('reads nothing from an empty paste', () => {
    expect(parse('   \n\n')).toEqual({ items: [], problems: [], declaresNone: false })
  })
})

describe('reading a value', () => {
  it('reads numbers, bounds, ranges, traces and absence', () => {
    expect(readValue('32,5 %')).toEqual({ kind: 'number', percent: 32.5 })
    expect(readValue('.5')).toEqual({ kind: 'number', percent: 0.5 })
    expect(readValue('< 0.001%')).toEqual({ kind: 'bound', raw: '< 0.001%', upper: 0.001 })
    expect(readValue('&lt;0.01')).toEqual({ kind: 'bound', raw: '<0.01', upper: 0.01 })
    expect(readValue('max 0.5 %')).toEqual({ kind: 'bound', raw: 'max 0.5 %', upper: 0.5 })
    expect(readValue('0,5% max')).toEqual({ kind: 'bound', raw: '0,5% max', upper: 0.5 })
    expect(readValue('Maximum 2')).toEqual({ kind: 'bound', raw: 'Maximum 2', upper: 2 })
    expect(readValue('1 to 2')).toEqual({ kind: 'range', raw: '1 to 2', upper: 2 })
    expect(readValue('30–35 %')).toEqual({ kind: 'range', raw: '30–35 %', upper: 35 })
    expect(readValue('max 0')).toEqual({ kind: 'absent' })
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
