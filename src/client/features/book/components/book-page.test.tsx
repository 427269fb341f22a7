import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { BookPage } from '#client/features/book/components/book-page.tsx'
import { BOOK, BOOK_FACTS, type BookFacts } from '#shared/config/book.ts'
import { bookMeta } from '#client/features/book/meta.ts'
import { activateLanguage } from '#client/lib/i18n.ts'

/** Facts as a deployer configures them (config/book.json); test data, not the publisher's. */
const FACTS = {
  author: 'Test Author',
  authorBio: ['First paragraph of the test biography.', 'Second paragraph of the test biography.'],
  asin: 'B0TEST0001',
  testimonials: [
    { quote: 'A first test quote about the book.', name: 'Reader One', role: 'Soap maker' },
    { quote: 'A second test quote about the book.', name: 'Reader Two' },
  ],
} satisfies BookFacts

const SEARCH_URL = 'https://www.amazon.com/s?k=Essential+Oil+Blending+Guide'

function renderBook(facts?: BookFacts) {
  return render(
    <MemoryRouter>
      <BookPage {...(facts ? { facts } : {})} />
    </MemoryRouter>,
  )
}

const buyLinks = () => screen.getAllByRole('link', { name: /Get on Amazon|Buy/ })
const metaDescription = () => document.querySelector('meta[name="description"]')?.getAttribute('content') ?? ''

describe('BookPage', () => {
  it("shows the spec's facts whatever is configured", () => {
    renderBook({})
    expect(screen.getByRole('heading', { level: 1, name: BOOK.title })).toBeInTheDocument()
    expect(screen.getByText(`${BOOK.rating} rating`)).toBeInTheDocument()
    expect(screen.getAllByText(/Paperback published January 13, 2025/).length).toBeGreaterThan(0)
  })

  it('with configured facts: the byline, the author and biography, the testimonials and the listing', () => {
    renderBook(FACTS)
    expect(screen.getByText('by Test Author')).toBeInTheDocument()
    const author = screen.getByRole('region', { name: 'Test Author' })
    for (const paragraph of FACTS.authorBio) expect(within(author).getByText(paragraph)).toBeInTheDocument()
    const readers = screen.getByRole('region', { name: 'What readers say' })
    expect(within(readers).getAllByRole('listitem')).toHaveLength(2)
    for (const t of FACTS.testimonials) expect(within(readers).getByText(t.quote)).toBeInTheDocument()
    expect(within(readers).getByText('Reader One').parentElement).toHaveTextContent('Reader One, Soap maker')
    expect(within(readers).getByText('Reader Two').parentElement).toHaveTextContent(/^Reader Two$/)
    for (const link of buyLinks()) expect(link).toHaveAttribute('href', 'https://www.amazon.com/dp/B0TEST0001')
    expect(metaDescription()).toMatch(/^Essential Oil Blending Guide by Test Author: /)
  })

  it('without configured facts: no author, no testimonials, the store search, nothing made up', () => {
    renderBook({})
    expect(screen.queryByRole('region', { name: /About the Author/ })).not.toBeInTheDocument()
    expect(screen.queryByText('About the Author')).not.toBeInTheDocument()
    expect(screen.queryByText(/^by /)).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'What readers say' })).not.toBeInTheDocument()
    for (const link of buyLinks()) expect(link).toHaveAttribute('href', SEARCH_URL)
    expect(metaDescription()).toMatch(/^Essential Oil Blending Guide: a practical handbook/)
    const text = document.body.textContent ?? ''
    for (const invented of ['Mara Ellison', 'Hannah R.', 'David K.', 'B0DQ5J7K2N', 'workshops for beginners']) {
      expect(text).not.toContain(invented)
    }
  })

  it('leaves the author section out without a biography, but keeps the byline', () => {
    renderBook({ author: 'Test Author' })
    expect(screen.getByText('by Test Author')).toBeInTheDocument()
    expect(screen.queryByText('About the Author')).not.toBeInTheDocument()
  })

  it("reads the build's facts by default (none in tests)", () => {
    expect(BOOK_FACTS).toEqual({})
    renderBook()
    expect(screen.queryByText('About the Author')).not.toBeInTheDocument()
    for (const link of buyLinks()) expect(link).toHaveAttribute('href', SEARCH_URL)
  })

  it('links to the retailer in a new tab without opener, and to /redeem and /review-book', () => {
    renderBook(FACTS)
    expect(buyLinks().length).toBeGreaterThanOrEqual(3)
    for (const link of buyLinks()) {
      expect(link).toHaveAttribute('target', '_blank')
      expect(link.getAttribute('rel')).toContain('noopener')
    }
    expect(screen.getByRole('link', { name: /Have the book\? Get 30% off app/ })).toHaveAttribute('href', '/redeem')
    expect(screen.getAllByRole('link', { name: /review/i }).some((l) => l.getAttribute('href') === '/review-book')).toBe(true)
  })

  describe('in the reader’s language (issue 37)', () => {
    afterEach(async () => {
      await activateLanguage('en')
    })

    it('shows the page, its facts and its description in German, the title a name', async () => {
      await activateLanguage('de')
      renderBook(FACTS)
      expect(screen.getByRole('heading', { level: 1, name: BOOK.title })).toBeInTheDocument()
      expect(screen.getByText('von Test Author')).toBeInTheDocument()
      expect(screen.getByText('5,0 Sterne')).toBeInTheDocument()
      expect(screen.getAllByText('Taschenbuch, erschienen am 13. Januar 2025').length).toBeGreaterThan(0)
      expect(screen.getByRole('heading', { level: 2, name: 'Erst die Methode lesen, dann damit mischen' })).toBeInTheDocument()
      expect(screen.getByRole('region', { name: 'Was Leserinnen und Leser sagen' })).toBeInTheDocument()
      expect(screen.getByRole('link', { name: /Sie haben das Buch\? 30 % Rabatt auf die App/ })).toHaveAttribute('href', '/redeem')
      expect(screen.getAllByRole('link', { name: /Das Buch kaufen/ }).length).toBeGreaterThan(0)
      expect(metaDescription()).toMatch(/^Essential Oil Blending Guide von Test Author: ein praktisches Handbuch/)
      const text = (document.body.textContent ?? '').replaceAll(BOOK.title, '')
      expect(text).not.toMatch(
        /Buy the Book|Paperback|published|rating|What readers say|Read the method|Back to the app|opens in a new tab/,
      )
      expect(bookMeta(FACTS).title).toBe(`${BOOK.title} · Accord`)
    })
  })
})
