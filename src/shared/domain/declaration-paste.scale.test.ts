import { describe, expect, it } from 'vitest'
import { parseDeclarationPaste } from '#shared/domain/declaration-paste.ts'
import { LINEAR_RATIO_LIMIT, timeRatio } from '#tests/support/linear-time.ts'

/**
 * The allergen paste reader runs in the browser on whatever is pasted: its time grows with the
 * text's length, never with its square (issue 32: a 128,000-character line froze the page for
 * 31 s). Each shape below is one line built of a character or pattern repeated (the last, many
 * rows of a table); the reader is timed on it at 1x and 16x the length in one run, and the 16x
 * run may take at most 40 times as long (tests/support/linear-time.ts) (linear: about 16; quadratic: about 256).
 */
const BASE = 8_000
const shapes: Record<string, (n: number) => string> = {
  'spaces between two words': (n) => `a${' '.repeat(n)}b`,
  'spaces before a figure': (n) => `Linalool${' '.repeat(n)}1x`,
  'spaces before a percentage': (n) => `Linalool${' '.repeat(n)}.`,
  'tabs and spaces': (n) => `a${' \t'.repeat(n / 2)}b`,
  'dots inside a name': (n) => `a${'.'.repeat(n)}b`,
  'dashes inside a name': (n) => `a${'-'.repeat(n)}b`,
  'commas between digits': (n) => '1,'.repeat(n / 2),
  'semicolons between words': (n) => 'a;'.repeat(n / 2),
  'CAS numbers': (n) => `Linalool ${'78-70-6 '.repeat(n / 8)}`,
  'CAS numbers and commas': (n) => `${'78-70-6,1'.repeat(n / 9)}`,
  'figures and spaces': (n) => `${'1 '.repeat(n / 2)}x`,
  'less-than signs': (n) => `${'< '.repeat(n / 2)}x`,
  'max words': (n) => `Linalool ${'max '.repeat(n / 4)}x`,
  parentheses: (n) => `${'( '.repeat(n / 2)}x`,
  digits: (n) => '1'.repeat(n),
  'CAS labels': (n) => `${'cas no. '.repeat(n / 8)}x`,
  'nd words': (n) => `Linalool ${'nd '.repeat(n / 3)}x`,
  'negations beside allergens': (n) => `${'no allergen '.repeat(n / 12)}`,
  'a name with a range': (n) => `${'a'.repeat(n)} 30-35 %`,
  // Not one long line: many rows of a table, each entry listed again and again.
  'many rows': (n) => 'Linalool;78-70-6;1\n'.repeat(n / 19),
}

describe('the allergen paste reader', () => {
  for (const [shape, make] of Object.entries(shapes)) {
    it(`is linear in a line's length: ${shape}`, async () => {
      const { ratio } = await timeRatio((scale) => make(BASE * scale), parseDeclarationPaste)
      expect(ratio, `${shape}: 16x the input took ${ratio.toFixed(1)} times as long`).toBeLessThan(LINEAR_RATIO_LIMIT)
    })
  }
})
