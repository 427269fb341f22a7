import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '#client/lib/i18n.ts'
import { GuidelinesPage } from '#client/features/guides/components/guidelines-page.tsx'

function renderGuide() {
  render(
    <MemoryRouter>
      <GuidelinesPage />
    </MemoryRouter>,
  )
}

/** A guide section, found by its heading (each is a region named by its h2). */
const section = (name: string) => screen.getByRole('region', { name })

describe('the blending guidelines', () => {
  it('builds around the heart, as its first step says', () => {
    renderGuide()
    expect(screen.queryByRole('heading', { name: 'Build from the top down' })).not.toBeInTheDocument()
    const steps = within(section('Build around the heart')).getAllByRole('listitem')
    expect(steps[0]).toHaveTextContent(/^Choose the heart first/)
  })

  it('lists every section in its contents, the safety ones included', () => {
    renderGuide()
    const contents = within(screen.getByRole('navigation', { name: 'On this page' })).getAllByRole('link')
    expect(contents.map((link) => link.textContent)).toEqual([
      'Balance the three notes',
      'Build around the heart',
      'Scent families that get along',
      'Dilution and safety basics',
      'Oils near young children',
      'Pregnancy',
      'Oxidation and storage',
      'Oil and water: dispersants and solubilisers',
    ])
    for (const link of contents)
      expect(screen.getByRole('heading', { level: 2, name: link.textContent! })).toHaveAttribute('id', link.getAttribute('href')!.slice(1))
  })

  it('keeps Peppermint and Eucalyptus away from young children, with the ages and the sources', () => {
    renderGuide()
    const children = section('Oils near young children')
    expect(children).toHaveTextContent('Keep Eucalyptus away from children under 10, and Peppermint away from children under 6.')
    expect(children).toHaveTextContent(/Eucalyptus: never on or near the face of infants or of children under ten/)
    expect(children).toHaveTextContent(/Clove Bud: not on the skin of children aged two or younger/)
    expect(within(children).getByText('Sources')).toBeInTheDocument()
    expect(children).toHaveTextContent(/Essential Oil Safety, 2nd edition \(2014\), as cited in a peer-reviewed table/)
  })

  it('names the oils with a pregnancy caution and says that no caution is not a safety statement', () => {
    renderGuide()
    const pregnancy = section('Pregnancy')
    expect(pregnancy).toHaveTextContent('No caution here does not mean an oil is safe in pregnancy')
    expect(pregnancy).toHaveTextContent(/Myrrh: avoid in pregnancy/)
    expect(pregnancy).toHaveTextContent(/Lemongrass:/)
    expect(within(pregnancy).getByText('Sources')).toBeInTheDocument()
  })

  it('says oxidised Tea Tree and citrus oils turn on the skin, and how to store them', () => {
    renderGuide()
    const storage = section('Oxidation and storage')
    expect(storage).toHaveTextContent('Keep bottles full and Tea Tree in the fridge, and use Tea Tree within 1-2 years of buying it.')
    expect(storage).toHaveTextContent(/Mandarin becomes a skin sensitiser when oxidised/)
    expect(storage).toHaveTextContent(/Tisserand Institute, 'Topical safety guidelines'/)
  })

  it('says oil in bath water needs a carrier oil or an emulsifier, for bath salts, bath bombs and room sprays', () => {
    renderGuide()
    const dispersants = section('Oil and water: dispersants and solubilisers')
    expect(dispersants).toHaveTextContent(
      'Never put essential oil into bath water on its own: mix it into a carrier oil or an emulsifier first.',
    )
    expect(dispersants).toHaveTextContent(
      /Bath salts and bath bombs:.*Neither Epsom salts nor full-fat milk properly disperse essential oils/,
    )
    expect(dispersants).toHaveTextContent(/Room sprays and other water-based products:.*solubiliser/)
    expect(dispersants).toHaveTextContent(/Tisserand Institute, 'Bath safety'/)
  })

  describe('in German', () => {
    afterEach(async () => {
      await activateLanguage('en')
    })

    it('reads in German from its headings to its sources, with no English left', async () => {
      await activateLanguage('de')
      renderGuide()
      expect(screen.getByRole('heading', { level: 1, name: 'Leitfaden zum Mischen' })).toBeInTheDocument()
      expect(screen.getByRole('navigation', { name: 'Auf dieser Seite' })).toBeInTheDocument()
      const children = section('Öle in der Nähe kleiner Kinder')
      expect(children).toHaveTextContent('Halten Sie Eukalyptus von Kindern unter 10 Jahren fern')
      expect(children).toHaveTextContent(
        /Nelkenknospe: nicht auf die Haut von Kindern bis einschließlich zwei Jahren\. Lemongrass und Ylang-Ylang/,
      )
      expect(within(children).getByText('Quellen')).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Öl-Glossar' })).toHaveAttribute('href', '/glossary')
      expect(screen.queryByText('On this page')).not.toBeInTheDocument()
      expect(screen.queryByText('Sources')).not.toBeInTheDocument()
      expect(screen.queryByRole('heading', { name: 'Build around the heart' })).not.toBeInTheDocument()
      expect(screen.queryByText(/Keep Eucalyptus away/)).not.toBeInTheDocument()
    })
  })
})
