import { cleanup, render, screen, within } from '@testing-library/react'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkSafety, NOTHING_ON_FILE, type SafetyOil } from '#shared/domain/safety.ts'
import { checkSafetyFor } from '#shared/domain/audiences.ts'
import { SafetyPanel } from '#client/features/calculator/components/safety-panel.tsx'

const NONE = NOTHING_ON_FILE
const lemongrass = (productPercentage: number): SafetyOil => ({
  name: 'Lemongrass',
  productPercentage,
  safety: {
    ...NONE,
    maxLeaveOnPercent: 0.7,
    source: 'Tisserand Institute [TI-1]',
    children: { text: 'Use on the skin of infants and children under 2 with caution.', source: 'organic.io [OIO-L]' },
  },
})
const vetiver: SafetyOil = { name: 'Vetiver', productPercentage: 0.6, safety: NONE }

const GREEN = 'No safety warnings for this blend at this percentage.'

describe('the safety panel', () => {
  it('flags 1.0% Lemongrass in a 2% lotion and shows no green line', () => {
    render(<SafetyPanel report={checkSafety('leave-on', [lemongrass(1)])} />)
    const warnings = within(screen.getByRole('list', { name: 'Safety warnings' })).getAllByRole('listitem')
    expect(warnings.map((w) => w.textContent)).toEqual([
      expect.stringContaining('Lemongrass is 1% of the finished product, above its leave-on maximum of 0.7% (Tisserand Institute [TI-1])'),
    ])
    expect(screen.queryByText(GREEN)).not.toBeInTheDocument()
  })

  it('names Vetiver as not checked, in its own list, instead of saying there are no warnings', () => {
    render(<SafetyPanel report={checkSafety('leave-on', [lemongrass(0.4), vetiver])} />)
    expect(screen.queryByRole('list', { name: 'Safety warnings' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Not checked against a maximum' })).toBeInTheDocument()
    const unchecked = within(screen.getByRole('list', { name: 'Oils not checked' })).getAllByRole('listitem')
    expect(unchecked.map((u) => u.textContent)).toEqual([
      'No published maximum on file for Vetiver, so its 0.6% of the finished product could not be checked.',
    ])
    expect(screen.queryByText(GREEN)).not.toBeInTheDocument()
  })

  it('says the green line only when every oil was checked and none flagged, with the cautions as notes', () => {
    render(<SafetyPanel report={checkSafety('leave-on', [lemongrass(0.4)])} />)
    expect(screen.getByText(GREEN)).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Oils not checked' })).not.toBeInTheDocument()
    const cautions = within(screen.getByRole('list', { name: 'Safety cautions' })).getAllByRole('listitem')
    expect(cautions.map((c) => c.textContent)).toEqual([
      'Lemongrass, children: Use on the skin of infants and children under 2 with caution. Source: organic.io [OIO-L].',
    ])
  })

  it('keeps the rinse-off sentence, with no green line and no notes, as nothing was checked', () => {
    render(<SafetyPanel report={checkSafety('rinse-off', [lemongrass(3), vetiver])} />)
    expect(screen.getByText(/phototoxicity warnings do not apply/)).toBeInTheDocument()
    expect(screen.queryByText(GREEN)).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Oils not checked' })).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Safety cautions' })).not.toBeInTheDocument()
  })

  it('never says there are no warnings for a leave-on blend holding an oil without a maximum (property)', () => {
    const checkedOil = fc.record({
      name: fc.constantFrom('Lemongrass', 'Clove Bud', 'Bergamot'),
      productPercentage: fc.double({ min: 0, max: 5, noNaN: true }),
    })
    fc.assert(
      fc.property(
        fc.constantFrom('Vetiver', 'Rose', 'Tea Tree', 'Frankincense'),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.array(checkedOil, { maxLength: 3 }),
        (name, share, others) => {
          const blend: SafetyOil[] = [
            { name, productPercentage: share, safety: name === 'Rose' ? null : NONE },
            ...others.map((o) => ({ ...lemongrass(o.productPercentage), name: o.name })),
          ]
          const { container } = render(<SafetyPanel report={checkSafety('leave-on', blend)} />)
          try {
            expect(container.textContent).not.toMatch(/no (safety )?warnings/i)
            expect(container.textContent).toContain(`No published maximum on file for ${name}`)
          } finally {
            cleanup()
          }
        },
      ),
      { seed: 31, numRuns: 60 },
    )
  })

  it('says who the product is for, each lowered maximum and why, and flags a caution for that person', async () => {
    const peppermint: SafetyOil = {
      name: 'Peppermint',
      productPercentage: 0.5,
      safety: {
        ...NONE,
        maxLeaveOnPercent: 5.4,
        source: 'PMC',
        children: { text: 'Not near the face of infants or children.', source: 'PMC' },
      },
    }
    render(<SafetyPanel report={checkSafetyFor('leave-on', [peppermint, lemongrass(0.3)], 'child-2-6-years')} />)
    expect(screen.getByRole('heading', { name: 'For Children 2-6 years' })).toBeInTheDocument()
    const maxima = within(screen.getByRole('list', { name: 'Maxima for Children 2-6 years' })).getAllByRole('listitem')
    expect(maxima.map((m) => m.textContent)).toEqual([
      'Peppermint: at most 2% (its own leave-on maximum is 5.4%). Children 2-6 years: at most 2% essential oil in total (1% recommended) (Robert Tisserand, quoted by Thrive Style [TS]).',
      'Lemongrass: at most 0.7%. Leave-on maximum 0.7%. (Tisserand Institute [TI-1])',
    ])
    const warnings = within(screen.getByRole('list', { name: 'Safety warnings' })).getAllByRole('listitem')
    expect(warnings.map((w) => w.textContent)).toEqual([
      'Caution for who it is for: Children 2-6 years: Peppermint. Not near the face of infants or children. (PMC)',
    ])
    expect(screen.queryByText(GREEN)).not.toBeInTheDocument()
  })

  it('shows nothing more for adults than it did before audiences', () => {
    render(<SafetyPanel report={checkSafetyFor('leave-on', [lemongrass(0.4)], 'adults')} />)
    expect(screen.queryByRole('heading', { name: /^For / })).not.toBeInTheDocument()
    expect(screen.getByText(GREEN)).toBeInTheDocument()
  })
})
