import { describe, expect, it } from 'vitest'
import { i18n } from '@lingui/core'
import '#client/features/account/account-catalog.ts'
import { countsText as countsIn, importLabel as labelFor, nothingIn } from '#client/features/account/lib/import-text.ts'
import type { ImportCounts } from '#shared/api/export.ts'

const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values)
const countsText = (c: ImportCounts) => countsIn(t, c)
const importLabel = (c: ImportCounts) => labelFor(t, c)

const none = { blends: 0, versions: 0, testEntries: 0, bottles: 0, batches: 0 }

describe('import counts in words', () => {
  it('names shelf bottles and batches only when a file has some', () => {
    expect(countsText({ ...none, blends: 2, versions: 3, testEntries: 1 })).toBe('2 blends, 3 versions and 1 test entry')
    expect(countsText({ ...none, blends: 1, versions: 1, bottles: 4, batches: 1 })).toBe(
      '1 blend, 1 version, 0 test entries, 4 shelf bottles and 1 batch',
    )
  })

  it('has something to import when only shelf bottles or batches are new', () => {
    expect(nothingIn(none)).toBe(true)
    expect(nothingIn({ ...none, bottles: 2 })).toBe(false)
    expect(importLabel({ ...none, bottles: 2 })).toBe('Import 2 shelf bottles')
    expect(importLabel({ ...none, batches: 3 })).toBe('Import 3 batches')
  })
})
