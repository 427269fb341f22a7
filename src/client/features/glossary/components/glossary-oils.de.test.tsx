import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Ingredient } from '#shared/api/ingredients.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import { renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'
import { GlossaryPage } from '#client/features/glossary/components/glossary-page.tsx'
import { CATALOG, CATALOG_LIST, makeOil } from '#tests/support/oil-fixtures.ts'

signInEachTest()

/** A maker's own ingredient named exactly like a catalog oil: hers, so shown as she wrote it. */
const mine = {
  ...makeOil({ id: 9001, name: 'Lavender', noteType: ['Middle'], scentFamily: 'Floral', description: 'From my garden' }),
  slug: 'mine-lavender',
  yours: true,
  kind: 'Essential oil',
  basedOnOilId: null,
} as Ingredient

function renderGlossary() {
  fakeFetch({
    'GET /api/auth/token': json({ token: fakeJwt('ada') }),
    'GET /api/essential-oils': json(
      CATALOG_LIST.map((oil) => (oil === CATALOG.lemon ? { ...oil, blendsWith: ['Lavender', 'Bergamot'] } : oil)),
    ),
    'GET /api/shelf/oils': json({ currency: null, items: [] }),
    'GET /api/ingredients': json({ items: [mine] }),
  })
  renderSignedIn(<GlossaryPage />)
}

const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('article')!
const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)

describe('the glossary’s oils in German (decision 104)', () => {
  beforeEach(async () => {
    await activateLanguage('de')
  })
  afterEach(async () => {
    await activateLanguage('en')
  })

  it('names and describes each catalog oil in German, its botanical and INCI names as they are', async () => {
    renderGlossary()
    await screen.findByRole('heading', { level: 2, name: 'Zitrone' })
    const lemon = within(card('Zitrone'))
    expect(lemon.getByText(/^Hell, scharf und spritzig, der Duft frisch geriebener Zitronenschale\./)).toBeInTheDocument()
    expect(lemon.getByText(CATALOG.lemon.latinName)).toBeInTheDocument()
    expect(lemon.getByText(CATALOG.lemon.inciName)).toBeInTheDocument()
    expect(lemon.queryByText(CATALOG.lemon.description)).toBeNull()
    expect(screen.queryByRole('heading', { level: 2, name: 'Lemon' })).toBeNull()
    expect(within(card('Bergamotte')).getByText(/^Frisch und spritzig mit blumiger/)).toBeInTheDocument()
    expect(within(card('Lavendel')).getByText(CATALOG.lavender.latinName)).toBeInTheDocument()
    // "Blends with": the other oils' German names.
    expect(lemon.getByText('Passt zu').nextSibling).toHaveTextContent(/^Lavendel, Bergamotte$/)
  })

  it('lists the oils in German alphabetical order', async () => {
    renderGlossary()
    await screen.findByRole('heading', { level: 2, name: 'Zitrone' })
    const shown = headings()
    expect(shown).toEqual([...shown].sort(new Intl.Collator('de').compare))
    // Lemon is no longer between Lavender and Peppermint: Zitrone comes last.
    expect(shown.at(-1)).toBe('Zitrone')
    expect(shown.indexOf('Atlaszeder')).toBeLessThan(shown.indexOf('Bergamotte'))
  })

  it('finds an oil by its German name, by its English name and by its INCI name', async () => {
    renderGlossary()
    await screen.findByRole('heading', { level: 2, name: 'Zitrone' })
    const search = screen.getByRole('searchbox')
    await userEvent.type(search, 'zitrone')
    expect(headings()).toEqual(['Zitrone'])
    await userEvent.clear(search)
    await userEvent.type(search, 'Lavendel')
    expect(headings()).toEqual(['Lavendel'])
    await userEvent.clear(search)
    await userEvent.type(search, 'Lemon')
    expect(headings()).toEqual(['Zitrone'])
  })

  it('keeps a maker’s own ingredient’s name and notes as the maker wrote them', async () => {
    renderGlossary()
    const own = await screen.findByRole('heading', { level: 2, name: 'Lavender' })
    expect(within(own.closest('article')!).getByText('From my garden')).toBeInTheDocument()
    expect(within(card('Lavendel')).queryByText('From my garden')).toBeNull()
  })
})
