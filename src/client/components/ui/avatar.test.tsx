import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Avatar, avatarLetter } from '#client/components/ui/avatar.tsx'

describe('avatarLetter (docs/product.md §2)', () => {
  it('takes the first letter of the display name', () => {
    expect(avatarLetter({ displayName: 'rose otto', email: 'zed@example.com' })).toBe('R')
  })

  it('falls back to the first letter of the e-mail when there is no display name', () => {
    expect(avatarLetter({ displayName: null, email: 'neroli@example.com' })).toBe('N')
    expect(avatarLetter({ displayName: '   ', email: 'neroli@example.com' })).toBe('N')
  })

  it("falls back to 'U' when there is neither", () => {
    expect(avatarLetter({ displayName: null, email: null })).toBe('U')
    expect(avatarLetter({ displayName: '', email: '' })).toBe('U')
  })

  it('keeps a letter made of two UTF-16 units whole', () => {
    expect(avatarLetter({ displayName: '𝒜da' })).toBe('𝒜')
  })
})

describe('Avatar', () => {
  it('shows the letter when there is no photo', () => {
    render(<Avatar displayName={null} email="vetiver@example.com" />)
    expect(screen.getByText('V')).toBeInTheDocument()
  })
})
