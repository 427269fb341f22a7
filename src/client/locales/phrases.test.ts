import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const CLIENT = join(import.meta.dirname, '..')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : []
  })
}

/**
 * A catalog's word put beside a value in code ("Select" + " " + name) reads stiffly in another
 * language ("Auswählen Lavendel"): the word order is the message's to choose, so a phrase that names
 * something is one message with a placeholder ("{oil} auswählen").
 */
const COMPOSED = [
  // `${t('x')} ${value}` and `${value} ${t('x')}` in a template
  /\$\{t\([^`]*?\)\} *[^\s`]{0,3} *\$\{/,
  /\$\{[^}`]+\}[ ,:]+\$\{t\(/,
  // {t('x')} {value} and {value} {t('x')} in JSX
  /\{t\('[^']+'\)\} *\{(?!\.\.\.|' ')[^}]+\}/,
  /\{[\w.?]+\} *\{t\('/,
  // t('x') + value, value + t('x')
  /t\('[^']+'(?:, *\{[^}]*\})?\) *\+/,
  /\+ *t\('/,
]

describe('one message per phrase', () => {
  it('joins no catalog word to a value in code: the message holds the value as a placeholder', () => {
    const found = sources(CLIENT).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          COMPOSED.some((pattern) => pattern.test(line)) ? [`${relative(CLIENT, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    )
    expect(found).toEqual([])
  })

  it('finds such a composition when there is one', () => {
    for (const line of [
      "aria-label={`${t('creator.result.select')} ${oil.name}`}",
      "return `${rating} ${t('book.page.ratingWord')}`",
      "{t('book.page.byAuthor')} {facts.author}",
      "label={t('shelf.form.editTitle') + ' ' + name}",
    ])
      expect(
        COMPOSED.some((pattern) => pattern.test(line)),
        line,
      ).toBe(true)
  })
})
