import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ToastOutlet } from '#client/components/ui/toast.tsx'

const update = vi.fn(async () => {})
let options: { onNeedRefresh?: () => void; immediate?: boolean } = {}
vi.mock('virtual:pwa-register', () => ({
  registerSW: (given: typeof options) => {
    options = given
    return update
  },
}))

const { registerServiceWorker, UPDATE_TOAST_TITLE } = await import('#client/app/pwa-register.ts')

describe('the service worker registration (decision 029)', () => {
  afterEach(() => {
    update.mockClear()
    options = {}
  })

  it('registers at once, and applies a new version only when the user presses Reload', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true })
    render(<ToastOutlet />)
    registerServiceWorker()
    expect(options.immediate).toBe(true)
    act(() => options.onNeedRefresh?.())
    expect(await screen.findByText(UPDATE_TOAST_TITLE)).toBeInTheDocument()
    expect(update).not.toHaveBeenCalled()
    // A plain click: sonner's swipe handling wants pointer capture, which jsdom lacks.
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(update).toHaveBeenCalledWith(true)
  })
})
