import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { EFFECTS, SCENT_FAMILIES } from '#shared/domain/vocabulary.ts'
import { EffectBadge, effectBadgeClass, FamilyBadge, familyBadgeClass } from '#client/components/ui/badge.tsx'

describe('familyBadgeClass', () => {
  it('gives every scent family its own colour', () => {
    for (const family of SCENT_FAMILIES) {
      expect(familyBadgeClass(family)).toContain(`bg-family-${family.toLowerCase()}-soft`)
      expect(familyBadgeClass(family)).toContain(`text-family-${family.toLowerCase()}-ink`)
    }
  })

  it('falls back to the neutral look for a family it does not know', () => {
    expect(familyBadgeClass('Gourmand')).toContain('bg-secondary')
  })
})

describe('effectBadgeClass', () => {
  it.each([
    ['Relaxing', 'relaxing'],
    ['Uplifting', 'uplifting'],
    ['Energising', 'energising'],
    ['Cleansing', 'cleansing'],
    ['Grounding', 'grounding'],
    ['Balancing', 'balancing'],
  ] as const)('colours %s with its own token', (effect, token) => {
    expect(effectBadgeClass(effect)).toContain(`bg-effect-${token}-soft`)
  })

  it('covers the whole effects vocabulary', () => {
    for (const effect of EFFECTS) expect(effectBadgeClass(effect)).not.toContain('bg-secondary')
  })

  it('falls back to the neutral look for an effect it does not know', () => {
    expect(effectBadgeClass('Sleepy')).toContain('bg-secondary')
  })
})

describe('FamilyBadge and EffectBadge', () => {
  it('name the family or effect in its colour', () => {
    render(
      <>
        <FamilyBadge family="Citrus" />
        <EffectBadge effect="Relaxing" />
      </>,
    )
    expect(screen.getByText('Citrus')).toHaveClass('bg-family-citrus-soft')
    expect(screen.getByText('Relaxing')).toHaveClass('bg-effect-relaxing-soft')
    // The variant's own colours must not compete with the family's.
    expect(screen.getByText('Citrus')).not.toHaveClass('bg-primary')
    expect(screen.getByText('Relaxing')).not.toHaveClass('bg-primary')
  })
})
