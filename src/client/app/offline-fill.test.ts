import { hashKey } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { screenReads } from '#client/app/offline-fill.ts'
import { blendListKey } from '#client/lib/blend-queries.ts'
import { SETTINGS_QUERY_KEY, SHELF_OILS_KEY } from '#client/lib/shelf-queries.ts'
import { PICKER_PAGE_SIZE } from '#client/features/calculator/components/blend-combobox.tsx'
import { BOTTLES_KEY } from '#client/features/shelf/api/bottles.ts'

describe("the other screens' reads the device keeps (decision 039)", () => {
  it('names each read by the key its screen reads it under, with the request that answers it', () => {
    const picker = blendListKey({ q: '', sort: 'reference', status: 'all', limit: PICKER_PAGE_SIZE })
    expect(screenReads().map((r) => [r.hash, r.path, r.infinite])).toEqual([
      [hashKey(SHELF_OILS_KEY), '/api/shelf/oils', false],
      [hashKey(SETTINGS_QUERY_KEY), '/api/me/settings', false],
      [hashKey(BOTTLES_KEY), '/api/shelf/bottles', true],
      [hashKey(picker), `/api/blends?sort=reference&status=all&limit=${PICKER_PAGE_SIZE}`, true],
    ])
  })
})
