import { QueryClient } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionState } from '#client/lib/session.ts'
import { Providers } from '#client/app/providers.tsx'
import { AppRoutes } from '#client/app/router.tsx'

const session = vi.hoisted(() => ({ current: { status: 'loading' } as SessionState }))
vi.mock('#client/lib/session.ts', () => ({ useSession: () => session.current }))

function renderAt(path: string) {
  return render(
    <Providers queryClient={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  )
}

const user = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoUrl: null }

describe('AppGate', () => {
  beforeEach(() => {
    session.current = { status: 'loading' }
  })

  it('shows a labelled spinner while the session loads', () => {
    renderAt('/journal')
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session')
  })

  it('still serves the public pages while the session loads', async () => {
    renderAt('/book')
    expect(await screen.findByRole('heading', { name: 'Essential Oil Blending Guide' })).toBeInTheDocument()
  })

  it.each([
    ['/', 'Welcome to Accord'],
    ['/journal', 'Blend Journal'],
    ['/calculator', 'Project Calculator'],
    ['/no-such-page', '404 Page Not Found'],
  ])('shows the signed-in page at %s', async (path, title) => {
    session.current = { status: 'signed-in', user }
    renderAt(path)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
  })
})
