import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'

const LOCALES = path.resolve(import.meta.dirname, '../../src/client/locales')

function messagesOf(language: string): Map<string, string> {
  const dir = path.join(LOCALES, language)
  const all = new Map<string, string>()
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    for (const [id, message] of Object.entries(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>))
      all.set(id, message)
  }
  return all
}

/**
 * The interface's English phrases a page in `language` must not show (issue 37: "meets no English
 * word on the way"): every run of literal text of two words or more in an English message (the text
 * between its placeholders; plural and select messages aside), where the message is worded
 * differently in that language and the phrase appears in none of that language's messages (a book
 * title, say, stays as it is on purpose).
 */
export function englishPhrases(language: string): string[] {
  const english = messagesOf('en')
  const translated = messagesOf(language)
  const theirs = [...translated.values()].join('\n')
  const phrases = new Set<string>()
  for (const [id, message] of english) {
    // The catalog oils' English names, one word or more (Basil, Atlas Cedarwood), where the language names them otherwise.
    if (id.startsWith('oils.') && translated.get(id) !== message && !theirs.includes(message)) phrases.add(message)
    if (translated.get(id) === message || /\{\w+, (plural|select|selectordinal),/.test(message)) continue
    for (const run of message.split(/\{[^{}]*\}|<\/?\d+>/)) {
      const phrase = run.trim().replace(/^[,.:;·–—-]+\s*|\s*[,.:;·–—-]+$/g, '')
      if (phrase.split(/\s+/).length >= 2 && phrase.length >= 10 && !theirs.includes(phrase)) phrases.add(phrase)
    }
  }
  return [...phrases]
}

/**
 * The English phrases (of `englishPhrases`) that the page's visible text shows now, leaving out
 * `asTheyAre` (Latin and INCI names, which contain a genus like "Eucalyptus" and stay in every language).
 */
export async function englishShown(page: Page, phrases: readonly string[], asTheyAre: readonly string[] = []): Promise<string[]> {
  let text = (await page.locator('body').innerText()).replace(/\s+/g, ' ')
  for (const name of [...asTheyAre].sort((a, b) => b.length - a.length)) text = text.split(name).join(' ')
  // Whole words only: "Basil" is not in "Basilikum".
  const escape = (phrase: string) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return phrases.filter((phrase) => new RegExp(`(^|[^\\p{L}])${escape(phrase)}($|[^\\p{L}])`, 'u').test(text))
}
