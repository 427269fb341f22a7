import { describe, expect, it } from 'vitest'
import { parseIfraCertificatePaste } from '#shared/domain/ifra-certificate-paste.ts'

/** Made-up certificates in the shapes suppliers print (no real certificate is copied). */
const LAVENDER = `IFRA CERTIFICATE OF CONFORMITY
Supplier: Example Botanicals Ltd, 4 Mill Lane, Anytown
Product: Lavender Essential Oil (Lavandula angustifolia)   Lot: LAV-2291
We certify that the above product complies with the standards of the 51st Amendment to the IFRA Code of Practice
when used at or below the following maximum concentrations in the finished product.
Date of issue: 14 March 2026

IFRA Category     Description                                   Max. level (%)
Category 1        Products applied to the lips                  0.45 %
Category 2        Products applied to the axillae               0.13 %
Category 3        Products applied to the face/body using fingertips   2.6 %
Category 4        Products related to fine fragrance            2.41 %
Category 5: Products applied to the face and body using the hands (palms), primarily leave-on
Category 5A       Body lotion products                          0.61 %
Category 5B       Face moisturizer products                     0.15 %
Category 5C       Hand cream products                           0.61 %
Category 5D       Baby creams, baby oils and baby talc          0.05 %
Category 9        Products with body and hand exposure, primarily rinse off   4.80 %
Category 10A      Household care excluding aerosol products     4.80 %
Category 10B      Household aerosol/spray products              17,5 %
Category 12       Products not intended for direct skin contact No restriction
Signed: A. Person, Regulatory Affairs`

const BERGAMOT = `Certificate of IFRA conformity — Bergamot oil, furocoumarin-free
Amendment No. 51
Dated 2026-01-09
Cat. 1: 0.20%
Cat. 4: max 1,25 %
Cat. 5A: 0.30%
Cat. 7A / 7B: 0.8 %
Cat. 9: 2.0 %
Cat. 11A: See note 2
Cat. 11B: 0.2 - 0.4 %
Cat. 12: Not restricted`

const TABLE = [
  'Category\tDescription\tMaximum in finished product',
  '5A\tBody lotion\t0.61 %',
  '9\tSoap, shower gel\t≤ 3.5',
  '12\tCandles\tNot restricted',
  '13\tSomething else\t1 %',
  'IFRA 51st amendment',
  'Issued: 03/04/2026',
].join('\n')

describe('parseIfraCertificatePaste', () => {
  it('reads a certificate laid out in columns: every category, the amendment and the date', () => {
    const read = parseIfraCertificatePaste(LAVENDER)
    expect(read.amendment).toBe('51st')
    expect(read.issuedOn).toBe('2026-03-14')
    expect(read.limits).toEqual([
      { category: '1', limit: 0.45 },
      { category: '2', limit: 0.13 },
      { category: '3', limit: 2.6 },
      { category: '4', limit: 2.41 },
      { category: '5A', limit: 0.61 },
      { category: '5B', limit: 0.15 },
      { category: '5C', limit: 0.61 },
      { category: '5D', limit: 0.05 },
      { category: '9', limit: 4.8 },
      { category: '10A', limit: 4.8 },
      { category: '10B', limit: 17.5 },
      { category: '12', limit: 'no-restriction' },
    ])
    // The heading line of category 5 and the prose are passed over; nothing is left unread.
    expect(read.problems).toEqual([])
  })

  it('reads bounds and shared lines, and lists a note and a range as unread without guessing', () => {
    const read = parseIfraCertificatePaste(BERGAMOT)
    expect(read.amendment).toBe('51st')
    expect(read.issuedOn).toBe('2026-01-09')
    expect(read.limits).toEqual([
      { category: '1', limit: 0.2 },
      { category: '4', limit: 1.25 },
      { category: '5A', limit: 0.3 },
      { category: '7A', limit: 0.8 },
      { category: '7B', limit: 0.8 },
      { category: '9', limit: 2 },
      { category: '12', limit: 'no-restriction' },
    ])
    expect(read.problems.map((p) => [p.line, p.categories])).toEqual([
      [9, ['11A']],
      [10, ['11B']],
    ])
    expect(read.problems[1]!.message).toMatch(/range/i)
  })

  it('reads a spreadsheet copy, reports a category that is not IFRA’s and a date that could be read two ways', () => {
    const read = parseIfraCertificatePaste(TABLE)
    expect(read.limits).toEqual([
      { category: '5A', limit: 0.61 },
      { category: '9', limit: 3.5 },
      { category: '12', limit: 'no-restriction' },
    ])
    expect(read.amendment).toBe('51st')
    expect(read.issuedOn).toBeNull()
    expect(read.problems.map((p) => p.line)).toEqual([5, 7])
    expect(read.problems[0]!.message).toMatch(/not an IFRA category/)
    expect(read.problems[1]!.message).toMatch(/either way round/)
  })

  it('keeps the first of two different figures for one category and says so; a repeated equal figure is no problem', () => {
    const read = parseIfraCertificatePaste('Category 4: 1.2 %\nCategory 4: 1.2%\nCategory 4: 0.9 %')
    expect(read.limits).toEqual([{ category: '4', limit: 1.2 }])
    expect(read.problems).toHaveLength(1)
    expect(read.problems[0]).toMatchObject({ line: 3, categories: ['4'] })
  })

  it('reports a category line without a figure, a figure over 100 % and a second amendment', () => {
    const read = parseIfraCertificatePaste('51st Amendment\nCategory 5A:\nCategory 9: 120 %\nAmendment 50\nCategory 2: prohibited')
    expect(read.amendment).toBe('51st')
    expect(read.limits).toEqual([{ category: '2', limit: 0 }])
    expect(read.problems.map((p) => p.line)).toEqual([2, 3, 4])
  })

  it('lists nothing for text that is no certificate, and leaves categories it did not see absent', () => {
    const read = parseIfraCertificatePaste('Dear customer,\nplease find our price list attached.\n')
    expect(read).toEqual({ amendment: null, issuedOn: null, limits: [], problems: [] })
  })

  it('reads "March 14, 2026", "14-Mar-2026" and ordinals other than 51st', () => {
    expect(parseIfraCertificatePaste('Date: March 14, 2026').issuedOn).toBe('2026-03-14')
    expect(parseIfraCertificatePaste('Issue date 14-Mar-2026').issuedOn).toBe('2026-03-14')
    expect(parseIfraCertificatePaste('Date: 31/02/2026').problems).toHaveLength(1)
    expect(parseIfraCertificatePaste('according to the 49th amendment').amendment).toBe('49th')
    expect(parseIfraCertificatePaste('Amendment: 52').amendment).toBe('52nd')
  })

  it('stays fast on a long hostile paste', () => {
    const text = `${'Category 4 '.repeat(5000)}\n`.repeat(50) + '1'.repeat(100_000)
    const started = performance.now()
    parseIfraCertificatePaste(text)
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
