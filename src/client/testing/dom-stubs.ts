import { vi } from 'vitest'

/** What Radix popovers and menus need from a browser that jsdom lacks. Call in beforeEach. */
export function stubPopoverDom(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
  Element.prototype.scrollIntoView ??= () => {}
  window.scrollTo = () => {}
  Element.prototype.hasPointerCapture ??= () => false
  Element.prototype.releasePointerCapture ??= () => {}
}
