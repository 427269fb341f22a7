import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
// As in main.tsx, zod's config first: zod reads it when it loads.
import '#client/lib/zod-config.ts'
// The answers' schemas, which src/client/lib/http.ts parses every answer with in tests: loaded
// here, before the test, so the first answer a test waits for is not slowed by loading them.
import '#shared/api/responses.ts'

// A screen waits up to 5 s for what a test expects to appear (findBy*, waitFor), not the library's
// 1 s: CI runs these beside the API tests on two shared cores, where a render that takes 50 ms alone
// has taken over a second. A test that waits for something that never comes still fails, later.
configure({ asyncUtilTimeout: 5_000 })

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
