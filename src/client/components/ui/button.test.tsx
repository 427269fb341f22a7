import { render, screen } from '@testing-library/react'
import { MemoryRouter, Link } from 'react-router'
import { describe, expect, it } from 'vitest'
import { Button } from '#client/components/ui/button.tsx'

describe('Button', () => {
  it('is a non-submitting button unless told otherwise', () => {
    render(<Button>Save</Button>)
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'button')
  })

  it('styles its child instead of rendering a button with asChild', () => {
    render(
      <MemoryRouter>
        <Button asChild variant="outline">
          <Link to="/book">Explore the Book</Link>
        </Button>
      </MemoryRouter>,
    )
    const link = screen.getByRole('link', { name: 'Explore the Book' })
    expect(link).toHaveAttribute('href', '/book')
    expect(link).toHaveClass('border', 'focus-visible:outline-ring')
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('keeps its one line and its width unless it wraps; one that wraps may be narrowed by its row (issue 37)', () => {
    render(
      <>
        <Button>Keep</Button>
        <Button wraps size="sm">
          Wrap
        </Button>
      </>,
    )
    const kept = screen.getByRole('button', { name: 'Keep' })
    expect(kept).toHaveClass('whitespace-nowrap', 'shrink-0', 'h-10')
    expect(kept).not.toHaveClass('min-w-0')
    const wrapping = screen.getByRole('button', { name: 'Wrap' })
    expect(wrapping).toHaveClass('whitespace-normal', 'min-w-0', 'min-h-9')
    expect(wrapping).not.toHaveClass('shrink-0')
    expect(wrapping).not.toHaveClass('whitespace-nowrap')
  })
})
