import { useSyncExternalStore } from 'react'
import { flushSync } from 'react-dom'

const PRINT = 'print'

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(PRINT)
  // beforeprint: render the printed form before the browser lays the page out for paper.
  const beforePrint = () => flushSync(onChange)
  query?.addEventListener?.('change', onChange)
  window.addEventListener('beforeprint', beforePrint)
  window.addEventListener('afterprint', onChange)
  return () => {
    query?.removeEventListener?.('change', onChange)
    window.removeEventListener('beforeprint', beforePrint)
    window.removeEventListener('afterprint', onChange)
  }
}

let printing = false
if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', () => (printing = true))
  window.addEventListener('afterprint', () => (printing = false))
}
const snapshot = () => printing || (window.matchMedia?.(PRINT).matches ?? false)

/** True while the page is printed (or emulated as print): a screen's collapsed parts open for paper. */
export function usePrinting(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false)
}
