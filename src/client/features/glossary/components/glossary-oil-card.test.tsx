import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { EssentialOil } from '#shared/api/oils.ts'
import { GlossaryOilCard } from '#client/features/glossary/components/glossary-oil-card.tsx'
import { makeOil } from '#tests/support/oil-fixtures.ts'
import { NOTHING_ON_FILE } from '#shared/domain/safety.ts'

const NONE: NonNullable<EssentialOil['safety']> = NOTHING_ON_FILE

/** The text of the card's "Safety" entry. */
const safetyText = () => screen.getByText('Safety').closest('div')!.querySelector('dd')!.textContent

describe('a glossary card’s safety facts', () => {
  it('gives a maximum with its source, and each caution with its own', () => {
    const lemongrass = makeOil({
      name: 'Lemongrass',
      noteType: ['Top'],
      scentFamily: 'Herbal',
      safety: {
        ...NONE,
        maxLeaveOnPercent: 0.7,
        maximumNote: 'Skin sensitisation (citral).',
        source: 'Tisserand Institute [TI-1]',
        pregnancy: { text: 'Tisserand & Young note a risk of teratogenicity (citral).', source: 'organic.io [OIO-L]' },
      },
    })
    render(<GlossaryOilCard oil={lemongrass} />)
    expect(safetyText()).toBe(
      'At most 0.7% in leave-on skin products. Skin sensitisation (citral). Source: Tisserand Institute [TI-1].' +
        'Pregnancy: Tisserand & Young note a risk of teratogenicity (citral). Source: organic.io [OIO-L].',
    )
  })

  it('says "No published maximum on file" where there is none, and claims nothing about phototoxicity it was not told', () => {
    render(<GlossaryOilCard oil={makeOil({ name: 'Vetiver', noteType: ['Base'], scentFamily: 'Earthy', safety: NONE })} />)
    expect(safetyText()).toBe('No published maximum on file.')
  })

  it('says the same of an oil with no facts at all', () => {
    render(<GlossaryOilCard oil={makeOil({ name: 'Rose', noteType: ['Middle'], scentFamily: 'Floral', safety: null })} />)
    expect(safetyText()).toBe('No published maximum on file.')
  })

  it('names an oil a source calls not phototoxic as such, with that source', () => {
    const orange = makeOil({
      name: 'Sweet Orange',
      noteType: ['Top'],
      scentFamily: 'Citrus',
      safety: { ...NONE, phototoxic: false, source: 'Diffuser Blends [DB]' },
    })
    render(<GlossaryOilCard oil={orange} />)
    expect(safetyText()).toBe('No published maximum on file. Not phototoxic. Source: Diffuser Blends [DB].')
  })
})
