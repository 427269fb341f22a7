import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
// As in main.tsx, zod's config first: zod reads it when it loads.
import '#client/lib/zod-config.ts'
// The answers' schemas, which src/client/lib/http.ts parses every answer with in tests: loaded
// here, before the test, so the first answer a test waits for is not slowed by loading them.
import '#shared/api/responses.ts'

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
