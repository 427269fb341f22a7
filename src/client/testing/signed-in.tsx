import { render, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, vi } from 'vitest'
import { DataProviders } from '#client/app/data-providers.tsx'
import { resetAuthClient } from '#client/lib/auth-client.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { setSignedIn, setSignedOut } from '#client/lib/session.ts'
import { stubPopoverDom } from '#client/testing/dom-stubs.ts'

/** The user the screen tests sign in (the fake identity answers tokens for 'ada'). */
export const ADA = { id: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null } as const

/**
 * Signs Ada in before each test of the file and out after it, with a fresh auth client, and removes
 * the globals the test stubbed (fetch among them). With `popovers`, also gives jsdom what Radix
 * menus, selects and dialogs need. Call at the top level of a test file.
 */
export function signInEachTest({ popovers = true }: { popovers?: boolean } = {}): void {
  beforeEach(() => {
    if (popovers) stubPopoverDom()
    resetAuthClient()
    setSignedIn(ADA)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    setSignedOut()
  })
}

/** Renders a signed-in screen as the app does: with the data providers, in a router at `path`. */
export function renderSignedIn(ui: ReactNode, path = '/'): RenderResult {
  return render(
    <DataProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </DataProviders>,
  )
}
