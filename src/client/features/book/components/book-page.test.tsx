import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { BookPage } from '#client/features/book/components/book-page.tsx'
import { AUTHOR_BIO, BOOK, BOOK_LISTING_URL, TESTIMONIALS } from '#shared/config/book.ts'

function renderBook() {
  return render(
    <MemoryRouter>
      <BookPage />
    </MemoryRouter>,
  )
}

describe('BookPage', () => {
  it('takes every book fact from the config module', () => {
    renderBook()
    expect(screen.getByRole('heading', { level: 1, name: BOOK.title })).toBeInTheDocument()
    expect(screen.getByText(`${BOOK.rating} rating`)).toBeInTheDocument()
    const author = screen.getByRole('region', { name: BOOK.author })
    for (const paragraph of AUTHOR_BIO) expect(within(author).getByText(paragraph)).toBeInTheDocument()
    const readers = screen.getByRole('region', { name: 'What readers say' })
    expect(within(readers).getAllByRole('listitem')).toHaveLength(TESTIMONIALS.length)
    for (const t of TESTIMONIALS) expect(within(readers).getByText(t.quote)).toBeInTheDocument()
    expect(screen.getAllByText(/Paperback published January 13, 2025/).length).toBeGreaterThan(0)
  })

  it('links to the retailer in a new tab without opener, and to /redeem and /review-book', () => {
    renderBook()
    for (const link of screen.getAllByRole('link', { name: /Get on Amazon|Buy/ })) {
      expect(link).toHaveAttribute('href', BOOK_LISTING_URL)
      expect(link).toHaveAttribute('target', '_blank')
      expect(link.getAttribute('rel')).toContain('noopener')
    }
    expect(screen.getByRole('link', { name: /Have the book\? Get 30% off app/ })).toHaveAttribute('href', '/redeem')
    expect(screen.getAllByRole('link', { name: /review/i }).some((l) => l.getAttribute('href') === '/review-book')).toBe(true)
  })
})
