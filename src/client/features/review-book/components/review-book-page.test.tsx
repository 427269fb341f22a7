import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ReviewBookPage } from '#client/features/review-book/components/review-book-page.tsx'

function renderWithLanguage(language: string) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language)
  return render(
    <MemoryRouter>
      <ReviewBookPage />
    </MemoryRouter>,
  )
}

describe('ReviewBookPage', () => {
  afterEach(() => vi.restoreAllMocks())

  it('links each store to its review form in a new tab without an opener', () => {
    renderWithLanguage('en-US')
    for (const [store, host] of [['US', 'amazon.com'], ['UK', 'amazon.co.uk'], ['DE', 'amazon.de'], ['CA', 'amazon.ca']]) {
      const link = screen.getByRole('link', { name: new RegExp(`Amazon ${store}`) })
      expect(link).toHaveAttribute('href', `https://www.${host}/review/create-review?asin=B0DQ5J7K2N`)
      expect(link).toHaveAttribute('target', '_blank')
      expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }
    expect(screen.getByText('B0DQ5J7K2N')).toBeInTheDocument()
    expect(screen.getByText(/about 1 minute/)).toBeInTheDocument()
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
})
