// The book's configured facts (decision 015): the author, their biography, the ASIN and reader
// quotes, which the spec does not give. vite.config.ts calls loadBookFacts() and builds them into
// the client as __ACCORD_BOOK_FACTS__; the pages leave out whatever is not configured.
import fs from 'node:fs'
import path from 'node:path'
import type { z } from 'zod'
import { BookFactsSchema, type BookFacts } from '#shared/config/book.ts'

/** The settings file read when BOOK_FACTS_FILE is not set, relative to the working directory. */
export const DEFAULT_BOOK_FACTS_FILE = 'config/book.json'

/** Environment variables that replace the file's value of one fact. */
const ENV_OVERRIDES = { BOOK_AUTHOR: 'author', BOOK_ASIN: 'asin' } as const

/** A settings file or variable that does not hold valid book facts: the build stops with this message. */
export class BookFactsError extends Error {
  override name = 'BookFactsError'
}

export interface LoadBookFactsOptions {
  env?: Record<string, string | undefined>
  cwd?: string
}

/**
 * Reads the settings file (BOOK_FACTS_FILE, else config/book.json when it exists, else none), then
 * BOOK_AUTHOR and BOOK_ASIN over it (an empty variable counts as unset). Throws a BookFactsError
 * naming the file or variable when a value is invalid.
 */
export function loadBookFacts({ env = process.env, cwd = process.cwd() }: LoadBookFactsOptions = {}): BookFacts {
  const source = settingsFile(env, cwd)
  const facts: BookFacts = source ? readSettingsFile(source.label, source.path) : {}

  for (const [variable, key] of Object.entries(ENV_OVERRIDES)) {
    const value = env[variable]
    if (value === undefined || value.trim() === '') continue
    const parsed = BookFactsSchema.shape[key].safeParse(value)
    if (!parsed.success) throw new BookFactsError(`Book facts: ${variable} ${describeIssues(parsed.error)}`)
    facts[key] = parsed.data
  }

  if (facts.authorBio && !facts.author) {
    const where = source ? `${source.label} has an authorBio but` : 'authorBio is set but'
    throw new BookFactsError(
      `Book facts: ${where} no author: add "author" to the file or set BOOK_AUTHOR (the biography's heading is the author's name)`,
    )
  }
  return facts
}

function settingsFile(env: Record<string, string | undefined>, cwd: string): { label: string; path: string } | undefined {
  const configured = env.BOOK_FACTS_FILE?.trim()
  if (configured) {
    const file = path.resolve(cwd, configured)
    if (!fs.existsSync(file)) throw new BookFactsError(`Book facts: BOOK_FACTS_FILE=${configured}: no such file (${file})`)
    return { label: `BOOK_FACTS_FILE (${configured})`, path: file }
  }
  const fallback = path.resolve(cwd, DEFAULT_BOOK_FACTS_FILE)
  return fs.existsSync(fallback) ? { label: DEFAULT_BOOK_FACTS_FILE, path: fallback } : undefined
}

function readSettingsFile(label: string, file: string): BookFacts {
  let json: unknown
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    throw new BookFactsError(`Book facts: ${label} is not readable JSON: ${(error as Error).message}`)
  }
  const parsed = BookFactsSchema.safeParse(json)
  if (!parsed.success) throw new BookFactsError(`Book facts: ${label} is invalid:\n${describeIssues(parsed.error, '  - ')}`)
  return parsed.data
}

/** One line per problem: where it is (`testimonials.0.name`) and what is wrong. */
function describeIssues(error: z.ZodError, bullet = ''): string {
  return error.issues.map((issue) => `${bullet}${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`).join('\n')
}
