import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BookFactsError, loadBookFacts } from './book-facts.ts'

let cwd: string
beforeEach(() => {
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-book-facts-'))
})
afterEach(() => fs.rmSync(cwd, { recursive: true, force: true }))

function write(relative: string, content: unknown) {
  const file = path.join(cwd, relative)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content))
}

const FACTS = {
  author: 'Test Author',
  authorBio: ['A paragraph.'],
  asin: 'B0TEST0001',
  testimonials: [
    { quote: 'A quote.', name: 'Reader One', role: 'Soap maker' },
    { quote: 'Another.', name: 'Reader Two' },
  ],
}

describe('loadBookFacts', () => {
  it('is empty without a settings file or variables', () => {
    expect(loadBookFacts({ env: {}, cwd })).toEqual({})
  })

  it('reads config/book.json from the working directory, trimmed', () => {
    write('config/book.json', { ...FACTS, author: '  Test Author ' })
    expect(loadBookFacts({ env: {}, cwd })).toEqual(FACTS)
  })

  it('reads the file BOOK_FACTS_FILE names (relative to the working directory) instead', () => {
    write('config/book.json', { author: 'Not This One' })
    write('elsewhere/facts.json', FACTS)
    expect(loadBookFacts({ env: { BOOK_FACTS_FILE: 'elsewhere/facts.json' }, cwd })).toEqual(FACTS)
    expect(loadBookFacts({ env: { BOOK_FACTS_FILE: path.join(cwd, 'elsewhere/facts.json') }, cwd: os.tmpdir() })).toEqual(FACTS)
  })

  it('lets BOOK_AUTHOR and BOOK_ASIN replace the file values, and ignores them when empty', () => {
    write('config/book.json', FACTS)
    expect(loadBookFacts({ env: { BOOK_AUTHOR: 'Another Author', BOOK_ASIN: ' B0TEST0002 ' }, cwd })).toEqual({
      ...FACTS,
      author: 'Another Author',
      asin: 'B0TEST0002',
    })
    expect(loadBookFacts({ env: { BOOK_AUTHOR: '', BOOK_ASIN: ' ' }, cwd })).toEqual(FACTS)
    fs.rmSync(path.join(cwd, 'config/book.json'))
    expect(loadBookFacts({ env: { BOOK_ASIN: 'B0TEST0003' }, cwd })).toEqual({ asin: 'B0TEST0003' })
  })

  it('fails naming the file and the field for an invalid file', () => {
    write('config/book.json', { ...FACTS, asin: 'b0-short', testimonials: [{ quote: 'A quote.' }] })
    const error = (() => {
      try {
        loadBookFacts({ env: {}, cwd })
      } catch (e) {
        return e as Error
      }
    })()
    expect(error).toBeInstanceOf(BookFactsError)
    expect(error?.message).toContain('config/book.json is invalid')
    expect(error?.message).toMatch(/asin: must be 10 uppercase letters or digits/)
    expect(error?.message).toMatch(/testimonials\.0\.name: /)
  })

  it('fails on a misspelt key, on malformed JSON and on a missing BOOK_FACTS_FILE', () => {
    write('config/book.json', { autor: 'Typo' })
    expect(() => loadBookFacts({ env: {}, cwd })).toThrow(/config\/book\.json is invalid:[\s\S]*autor/)
    write('config/book.json', '{ "author": ')
    expect(() => loadBookFacts({ env: {}, cwd })).toThrow(/config\/book\.json is not readable JSON/)
    expect(() => loadBookFacts({ env: { BOOK_FACTS_FILE: 'missing.json' }, cwd })).toThrow(/BOOK_FACTS_FILE=missing\.json: no such file/)
    write('bad.json', { asin: 123 })
    expect(() => loadBookFacts({ env: { BOOK_FACTS_FILE: 'bad.json' }, cwd })).toThrow(/BOOK_FACTS_FILE \(bad\.json\) is invalid/)
  })

  it('fails naming the variable for an invalid BOOK_ASIN', () => {
    expect(() => loadBookFacts({ env: { BOOK_ASIN: 'B0DQ5J7K2' }, cwd })).toThrow(
      /^Book facts: BOOK_ASIN must be 10 uppercase letters or digits/,
    )
    expect(() => loadBookFacts({ env: { BOOK_ASIN: 'b0test0001' }, cwd })).toThrow(BookFactsError)
  })

  it('refuses a biography without an author, unless BOOK_AUTHOR gives one', () => {
    write('config/book.json', { authorBio: ['A paragraph.'] })
    expect(() => loadBookFacts({ env: {}, cwd })).toThrow(/config\/book\.json has an authorBio but no author/)
    expect(loadBookFacts({ env: { BOOK_AUTHOR: 'Test Author' }, cwd })).toEqual({ author: 'Test Author', authorBio: ['A paragraph.'] })
  })

  it('accepts the committed example file', () => {
    const example = path.resolve(import.meta.dirname, '../config/book.example.json')
    expect(loadBookFacts({ env: { BOOK_FACTS_FILE: example }, cwd })).toMatchObject({ author: 'Author Name', asin: 'B0EXAMPLE0' })
  })
})
