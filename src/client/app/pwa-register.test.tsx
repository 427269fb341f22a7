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

const { registerServiceWorker } = await import('#client/app/pwa-register.ts')
const { activateLanguage } = await import('#client/lib/i18n.ts')

describe('the service worker registration (decision 029)', () => {
  afterEach(async () => {
    update.mockClear()
    options = {}
    await activateLanguage('en')
  })

  it('registers at once, and applies a new version only when the user presses Reload', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true })
    render(<ToastOutlet />)
    registerServiceWorker()
    expect(options.immediate).toBe(true)
    act(() => options.onNeedRefresh?.())
    expect(await screen.findByText('New version available')).toBeInTheDocument()
    expect(screen.getByText('Reload when you are ready: what you have saved is kept.')).toBeInTheDocument()
    expect(update).not.toHaveBeenCalled()
    // A plain click: sonner's swipe handling wants pointer capture, which jsdom lacks.
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(update).toHaveBeenCalledWith(true)
  })

  it("speaks the interface's language (issue 37)", async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true })
    await activateLanguage('de')
    render(<ToastOutlet />)
    registerServiceWorker()
    act(() => options.onNeedRefresh?.())
    expect(await screen.findByText('Neue Version verfügbar')).toBeInTheDocument()
    expect(screen.getByText('Laden Sie neu, wenn Sie so weit sind: Was Sie gespeichert haben, bleibt erhalten.')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Neu laden' }))
    expect(update).toHaveBeenCalledWith(true)
  })
})
