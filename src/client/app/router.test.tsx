import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { Providers } from '#client/app/providers.tsx'
import { AppRoutes } from '#client/app/router.tsx'
import { setSignedOut } from '#client/lib/session.ts'

function renderAt(path: string) {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  )
}

const landingHeadline = 'Create beautiful essential oil blends with confidence'

describe('routes for a signed-out visitor', () => {
  beforeEach(() => setSignedOut())

  it.each(['/', '/journal', '/blend?project=3', '/glossary', '/guidelines', '/testing', '/calculator', '/nowhere'])(
    'show the landing page at %s',
    async (path) => {
      renderAt(path)
      expect(await screen.findByRole('heading', { level: 1, name: landingHeadline })).toBeInTheDocument()
    },
  )

  it.each([
    ['/book', 'Essential Oil Blending Guide'],
    ['/redeem', 'Founding Reader Launch Discount'],
    ['/review-book', 'Leave a Review'],
  ])('show the public page at %s', async (path, title) => {
    renderAt(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.queryByText(landingHeadline)).not.toBeInTheDocument()
    expect(screen.getAllByRole('link').some((link) => link.getAttribute('href') === '/')).toBe(true)
  })
})
