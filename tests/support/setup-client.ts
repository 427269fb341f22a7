import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

afterEach(() => {
  cleanup()
  // A test that moved to fake timers never leaves them to the next one.
  vi.useRealTimers()
})
const originalError = console.error
console.error = (...args: unknown[]) => {
  originalError(...args)
  throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
}
