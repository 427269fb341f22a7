import { describe, expect, it } from 'vitest'
import { draftNeedsAsking } from '#shared/domain/draft-asking.ts'

const none = { topNote: null, middleNote: null, baseNote: null }
const oil = { id: 1 }

describe('whether New Blend asks before it discards the draft', () => {
  it.each([
    ['a complete blend', { composition: { topNote: oil, middleNote: oil, baseNote: oil }, blendName: '', notes: '' }, true],
    ['a named draft without its base', { composition: { ...none, topNote: oil }, blendName: 'Harbour Dusk', notes: '' }, true],
    ['notes alone', { composition: none, blendName: '', notes: 'too sharp' }, true],
    ['two oils, nothing typed', { composition: { ...none, topNote: oil, middleNote: oil }, blendName: '', notes: '' }, false],
    ['blanks only', { composition: none, blendName: '   ', notes: '\n' }, false],
  ])('%s: %s', (_, draft, expected) => {
    expect(draftNeedsAsking(draft)).toBe(expected)
  })
})
