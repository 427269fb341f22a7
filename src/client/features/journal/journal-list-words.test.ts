import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as journalList from '#shared/domain/journal-list.ts'
import { JOURNAL_SORTS, JOURNAL_TABS } from '#shared/domain/journal-list.ts'
import { LANGUAGES } from '#shared/i18n/languages.ts'

const read = (language: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../locales', language, 'journal.json'), 'utf8')) as Record<string, string>

describe('the journal’s sorts and tabs: ids in the shared code, words in the catalogs only', () => {
  it('keeps no English label beside the ids', () => {
    expect(Object.keys(journalList).filter((name) => /LABEL/.test(name))).toEqual([])
  })

  it.each(LANGUAGES)('has a word for every sort and tab in %s, and none for one that does not exist', (language) => {
    const catalog = read(language)
    const ids = (prefix: string) =>
      Object.keys(catalog)
        .filter((id) => id.startsWith(prefix))
        .map((id) => id.slice(prefix.length))
        .sort()
    expect(ids('journal.list.sort.')).toEqual([...JOURNAL_SORTS].sort())
    expect(ids('journal.list.tab.')).toEqual([...JOURNAL_TABS].sort())
  })

  it('says them in English word for word as before', () => {
    const english = read('en')
    expect(JOURNAL_SORTS.map((sort) => english[`journal.list.sort.${sort}`])).toEqual(['Reference Number', 'Name (A-Z)'])
    expect(JOURNAL_TABS.map((tab) => english[`journal.list.tab.${tab}`])).toEqual(['All Blends', 'Tested', 'Untested'])
  })
})
