import { describe, expect, it } from 'vitest'
import { batchPagePath, benchPageOf, bottlePagePath } from '#shared/domain/bench-paths.ts'

describe('the pages a QR code opens', () => {
  it('reads back the bottle and batch paths it writes, on any origin', () => {
    expect(benchPageOf(bottlePagePath(12))).toEqual({ kind: 'bottle', id: 12 })
    expect(benchPageOf(`https://accord.example${batchPagePath(7)}`)).toEqual({ kind: 'batch', id: 7 })
    expect(benchPageOf('http://127.0.0.1:3000/batches/7/')).toEqual({ kind: 'batch', id: 7 })
  })

  it('names nothing for another path, a zero or signed id, or text that is not a path', () => {
    for (const text of [
      '/shelf',
      '/batches/0',
      '/batches/-3',
      '/shelf/bottles/1e3',
      '/journal/4',
      'hello',
      '/batches/99999999999999999',
      '',
    ])
      expect(benchPageOf(text), text).toBeNull()
  })
})
