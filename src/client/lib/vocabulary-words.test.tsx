import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { EFFECTS, SCENT_FAMILIES } from '#shared/domain/vocabulary.ts'
import { EffectBadge, FamilyBadge, YoursBadge } from '#client/components/ui/badge.tsx'
import { activateLanguage } from '#client/lib/i18n.ts'
import english from '#client/locales/en/vocab.json'

describe('the names of scent families and effects (issue 37)', () => {
  afterEach(async () => {
    await activateLanguage('en')
  })

  it('has a name for every family and effect of the catalog, in English as the catalog writes them', () => {
    for (const family of SCENT_FAMILIES) expect(english[`vocab.family.${family}` as keyof typeof english]).toBe(family)
    for (const effect of EFFECTS) expect(english[`vocab.effect.${effect}` as keyof typeof english]).toBe(effect)
  })

  it('names them in the language shown', async () => {
    const { rerender } = render(
      <p>
        <FamilyBadge family="Citrus" /> <EffectBadge effect="Grounding" /> <YoursBadge />
      </p>,
    )
    expect(screen.getByText('Citrus')).toBeInTheDocument()
    await activateLanguage('de')
    rerender(
      <p>
        <FamilyBadge family="Citrus" /> <EffectBadge effect="Grounding" /> <YoursBadge />
      </p>,
    )
    expect(await screen.findByText('Zitrus')).toBeInTheDocument()
    expect(screen.getByText('Erdend')).toBeInTheDocument()
    expect(screen.getByText('Eigene')).toHaveAttribute('title', 'Eine Ihrer eigenen Zutaten')
    expect(screen.queryByText('Citrus')).toBeNull()
  })
})
