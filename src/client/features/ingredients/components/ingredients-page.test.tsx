import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Ingredient } from '#shared/api/ingredients.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'
import { activateLanguage } from '#client/lib/i18n.ts'
import { IngredientsPage } from '#client/features/ingredients/components/ingredients-page.tsx'
import { makeOil } from '#tests/support/oil-fixtures.ts'

signInEachTest({ popovers: false })

const bergamot = makeOil({ id: 3, name: 'Bergamot', noteType: ['Top'], scentFamily: 'Citrus' })
const own: Ingredient = {
  ...makeOil({ id: 900, name: 'Bergamot FCF', noteType: ['Top', 'Middle'], scentFamily: 'Citrus', densityGPerMl: 0.88 }),
  yours: true,
  kind: 'CO2 extract',
  basedOnOilId: 3,
  safety: { maxLeaveOnPercent: 0.4, phototoxic: false, source: 'Supplier sheet' },
} as Ingredient

function renderIngredients(items: Ingredient[]) {
  fakeFetch({
    'GET /api/auth/token': json({ token: fakeJwt('ada') }),
    'GET /api/essential-oils': json([bergamot, own]),
    'GET /api/ingredients': json({ items }),
  })
  renderSignedIn(<IngredientsPage />, '/ingredients')
}

describe('IngredientsPage', () => {
  afterEach(async () => {
    await activateLanguage('en')
  })

  it('lists the maker’s own ingredients in English, word for word', async () => {
    renderIngredients([own])
    const list = await screen.findByRole('list', { name: 'Your ingredients' })
    const card = within(list).getByText('Bergamot FCF').closest('li')!
    expect(card).toHaveTextContent('CO2 extract · Top, Middle · 0.88 g/mL · based on Bergamot')
    expect(card).toHaveTextContent('Leave-on maximum: 0.4 % · Not phototoxic')
    expect(card).toHaveTextContent('Source: Supplier sheet')
    expect(screen.getByRole('heading', { level: 1, name: 'My ingredients' })).toBeInTheDocument()
    expect(screen.getByText(/Bottles of your ingredients go on your/)).toHaveTextContent(
      'Bottles of your ingredients go on your oil shelf like any other.',
    )
  })

  it('shows the page in German, with no English left', async () => {
    await activateLanguage('de')
    renderIngredients([own])
    const list = await screen.findByRole('list', { name: 'Ihre Zutaten' })
    const card = within(list).getByText('Bergamot FCF').closest('li')!
    expect(card).toHaveTextContent('CO2-Extrakt · Kopfnote, Herznote · 0,88 g/mL · basiert auf Bergamot')
    expect(card).toHaveTextContent('Höchstwert ohne Abspülen: 0,4 % · Nicht phototoxisch')
    expect(screen.getByRole('heading', { level: 1, name: 'Meine Zutaten' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ölregal' })).toHaveAttribute('href', '/shelf')
    expect(screen.getByRole('button', { name: 'Bergamot FCF bearbeiten' })).toBeInTheDocument()
    for (const english of ['My ingredients', 'Add an ingredient', 'Leave-on maximum', 'Not phototoxic', 'based on', 'oil shelf']) {
      expect(screen.queryByText(new RegExp(english)), english).toBeNull()
    }
  })
})
