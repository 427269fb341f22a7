import { describe, expect, it } from 'vitest'
import '#client/lib/zod-config.ts'
import { globalConfig } from 'zod/v4/core'

describe('zod config', () => {
  it('turns off the eval-based fast path, which the CSP forbids', () => {
    expect(globalConfig.jitless).toBe(true)
  })
})
