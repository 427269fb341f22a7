import { describe, expect, it } from 'vitest'
import {
  batchCodeLike,
  batchCodePatternProblem,
  DEFAULT_BATCH_CODE_PATTERN,
  fillBatchCodePattern,
  nextBatchCode,
} from '#shared/domain/batch-code.ts'

const batch = { madeOn: '2026-11-27', reference: '001b' }

describe('batch codes', () => {
  it('fill the default pattern with the day and a counter one above the highest of that day', () => {
    expect(DEFAULT_BATCH_CODE_PATTERN).toBe('{YYMMDD}-{n}')
    expect(nextBatchCode(DEFAULT_BATCH_CODE_PATTERN, batch, [])).toBe('261127-1')
    expect(nextBatchCode(DEFAULT_BATCH_CODE_PATTERN, batch, ['261127-1', '261127-3', '261126-9'])).toBe('261127-4')
    // Another pattern's or another day's codes do not count.
    expect(nextBatchCode(DEFAULT_BATCH_CODE_PATTERN, batch, ['261127-x', 'LOT-7', '261128-2'])).toBe('261127-1')
  })

  it('fill every token', () => {
    expect(fillBatchCodePattern('{YYYY}/{MM}/{DD} {YY} {REF}-{n}x', batch)).toEqual({ before: '2026/11/27 26 001b-', after: 'x' })
    expect(nextBatchCode('{REF}-{n}', batch, ['001b-1', '001a-5'])).toBe('001b-2')
    expect(nextBatchCode('LOT{n}', batch, ['LOT9', 'LOT10'])).toBe('LOT11')
  })

  it('find their day’s codes with a LIKE pattern whose own % and _ are escaped', () => {
    expect(batchCodeLike('{YYMMDD}-{n}', batch)).toBe('261127-%')
    expect(batchCodeLike('A_{n}%', batch)).toBe('A\\_%\\%')
  })

  it('need {n} once and known tokens, and say why not', () => {
    expect(batchCodePatternProblem('{YYMMDD}-{n}')).toBeNull()
    expect(batchCodePatternProblem('LOT #{n}')).toBeNull()
    expect(batchCodePatternProblem('')).toMatch(/Enter a pattern/)
    expect(batchCodePatternProblem('{YYMMDD}')).toMatch(/needs \{n\}/)
    expect(batchCodePatternProblem('{n}-{n}')).toMatch(/\{n\} once/)
    expect(batchCodePatternProblem('{DAY}-{n}')).toMatch(/\{DAY\} is not a token/)
    expect(batchCodePatternProblem('{n}}')).toMatch(/brace/)
    expect(batchCodePatternProblem('a%{n}')).toMatch(/Use letters, digits/)
    expect(batchCodePatternProblem(`${'x'.repeat(40)}{n}`)).toMatch(/at most 40/)
  })
})
