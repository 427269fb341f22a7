import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ReviewBookPage } from '#client/features/review-book/components/review-book-page.tsx'
import type { BookFacts } from '#shared/config/book.ts'
import { activateLanguage } from '#client/lib/i18n.ts'

const STORES = [
  ['US', 'amazon.com'],
  ['UK', 'amazon.co.uk'],
  ['DE', 'amazon.de'],
  ['CA', 'amazon.ca'],
] as const

function renderWithLanguage(language: string, facts?: BookFacts) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language)
  return render(
    <MemoryRouter>
      <ReviewBookPage {...(facts ? { facts } : {})} />
    </MemoryRouter>,
  )
}

describe('ReviewBookPage', () => {
  afterEach(() => vi.restoreAllMocks())

  it('with an ASIN: links each store to its review form in a new tab without an opener', () => {
    renderWithLanguage('en-US', { asin: 'B0TEST0001' })
    for (const [store, host] of STORES) {
      const link = screen.getByRole('link', { name: new RegExp(`Amazon ${store}`) })
      expect(link).toHaveAttribute('href', `https://www.${host}/review/create-review?asin=B0TEST0001`)
      expect(link).toHaveAttribute('target', '_blank')
      expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }
    expect(screen.getByText('B0TEST0001')).toBeInTheDocument()
    expect(screen.queryByText(/Find the book/)).not.toBeInTheDocument()
    expect(screen.getByText(/about 1 minute/)).toBeInTheDocument()
  })

  it("without an ASIN: links each store's search for the title, with a hint and no ASIN line", () => {
    renderWithLanguage('en-US', {})
    for (const [store, host] of STORES) {
      const link = screen.getByRole('link', { name: new RegExp(`Amazon ${store}`) })
      expect(link).toHaveAttribute('href', `https://www.${host}/s?k=Essential+Oil+Blending+Guide`)
      expect(link).toHaveAttribute('target', '_blank')
      expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }
    expect(screen.getByText('Find the book, then choose Write a customer review.')).toBeInTheDocument()
    expect(screen.queryByText(/ASIN/)).not.toBeInTheDocument()
    expect(document.body.textContent).not.toContain('B0DQ5J7K2N')
  })

  it("reads the build's facts by default (none in tests)", () => {
    renderWithLanguage('en-US')
    expect(screen.getByRole('link', { name: /Amazon US/ })).toHaveAttribute(
      'href',
      'https://www.amazon.com/s?k=Essential+Oil+Blending+Guide',
    )
  })

  it.each([
    ['en-GB', 'UK'],
    ['de-DE', 'DE'],
    ['en-CA', 'CA'],
    ['en-US', 'US'],
  ])('highlights the store for %s', (language, store) => {
    renderWithLanguage(language)
    const highlighted = screen.getAllByRole('link').filter((a) => a.hasAttribute('data-highlighted'))
    expect(highlighted).toHaveLength(1)
    expect(highlighted[0]).toHaveAccessibleName(new RegExp(`Amazon ${store}`))
  })

  describe('in the reader’s language (issue 37)', () => {
    afterEach(async () => {
      await activateLanguage('en')
    })

    it('shows the page in German, the stores’ names as they are', async () => {
      await activateLanguage('de')
      renderWithLanguage('de-DE', { asin: 'B0TEST0001' })
      expect(screen.getByRole('heading', { level: 1, name: 'Rezension schreiben' })).toBeInTheDocument()
      expect(screen.getByRole('heading', { level: 2, name: 'Wählen Sie Ihren Shop' })).toBeInTheDocument()
      expect(screen.getByText('Es dauert etwa 1 Minute')).toBeInTheDocument()
      expect(screen.getByRole('link', { name: /Rezension bei Amazon DE.*Für Ihre Sprache empfohlen/ })).toHaveAttribute(
        'data-highlighted',
        'true',
      )
      expect(screen.getByText('B0TEST0001').parentElement).toHaveTextContent('ASIN des Buchs: B0TEST0001')
      expect(document.querySelector('title')).toHaveTextContent('Essential Oil Blending Guide bewerten · Accord')
      expect(document.body.textContent).not.toMatch(
        /Leave a Review|Choose your store|Review on|Suggested|minute|About the book|Back to Book/,
      )
    })
  })
})
