import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { ShelfOilList } from '#shared/api/shelf.ts'
import { fakeFetch, fakeJwt, json } from '#client/testing/fake-fetch.ts'
import { setSignedOut } from '#client/lib/session.ts'
import { activateLanguage } from '#client/lib/i18n.ts'
import { renderSignedIn, signInEachTest } from '#client/testing/signed-in.tsx'
import { GlossaryPage } from '#client/features/glossary/components/glossary-page.tsx'
import { CATALOG, CATALOG_LIST } from '#tests/support/oil-fixtures.ts'

function renderGlossary(shelf: ShelfOilList) {
  const api = fakeFetch({
    'GET /api/auth/token': json({ token: fakeJwt('ada') }),
    'GET /api/essential-oils': json(CATALOG_LIST),
    'GET /api/shelf/oils': json(shelf),
  })
  renderSignedIn(<GlossaryPage />)
  return api
}

const item = (oil: { id: number; slug: string; name: string }) => ({
  oilId: oil.id,
  oilSlug: oil.slug,
  oilName: oil.name,
  bottleCount: 1,
  remainingMl: 5,
  costPerMl: null,
})

signInEachTest()

describe('the glossary and the shelf', () => {
  it('narrows to the oils on the shelf with "On my shelf", and Clear All widens again', async () => {
    renderGlossary({ currency: null, items: [item(CATALOG.vetiver), item(CATALOG.lemon)] })
    const all = CATALOG_LIST.length
    await screen.findByText(`Showing ${all} of ${all} essential oils`)
    await userEvent.click(await screen.findByRole('checkbox', { name: 'On my shelf' }))
    expect(screen.getByText(`Showing 2 of ${all} essential oils`)).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Lemon', 'Vetiver'])
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }))
    expect(screen.getByRole('checkbox', { name: 'On my shelf' })).not.toBeChecked()
    expect(screen.getByText(`Showing ${all} of ${all} essential oils`)).toBeInTheDocument()
  })

  it('offers no shelf filter while the shelf is empty', async () => {
    const { callsTo } = renderGlossary({ currency: null, items: [] })
    await screen.findByText(/essential oils$/)
    expect(callsTo('GET /api/shelf/oils')).toHaveLength(1)
    expect(screen.queryByRole('checkbox', { name: 'On my shelf' })).not.toBeInTheDocument()
  })

  it('does not ask for a shelf when nobody is signed in', async () => {
    setSignedOut()
    const { callsTo } = renderGlossary({ currency: null, items: [item(CATALOG.lemon)] })
    // The catalog is public (read without a token, so it works offline too); the shelf is not asked for.
    expect(await screen.findByRole('heading', { name: CATALOG.lemon.name })).toBeInTheDocument()
    expect(callsTo('GET /api/shelf/oils')).toHaveLength(0)
    expect(screen.queryByRole('checkbox', { name: 'On my shelf' })).not.toBeInTheDocument()
  })

  describe('in German', () => {
    afterEach(async () => {
      await activateLanguage('en')
    })

    it('shows the glossary’s own words in German and none in English', async () => {
      await activateLanguage('de')
      renderGlossary({ currency: null, items: [item(CATALOG.lemon)] })
      const all = CATALOG_LIST.length
      expect(await screen.findByText(`${all} von ${all} ätherischen Ölen angezeigt`)).toBeInTheDocument()
      expect(screen.getByRole('heading', { level: 1, name: 'Öl-Glossar' })).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Alle zurücksetzen' })).toBeInTheDocument()
      expect(screen.getByLabelText('Notentyp')).toBeInTheDocument()
      expect(screen.getAllByText('Sicherheit').length).toBeGreaterThan(0)
      expect(screen.queryByText('Oil Glossary')).not.toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument()
      expect(screen.queryByText(/essential oils/)).not.toBeInTheDocument()
      expect(screen.queryAllByText('Safety')).toHaveLength(0)
    })
  })
})
