import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage } from '#client/lib/i18n.ts'
import { shownPercent } from '#client/lib/number-words.ts'
import { formatPercent } from '#shared/domain/units.ts'

describe("percentages in the interface's language (issue 37)", () => {
  afterEach(async () => {
    await activateLanguage('en')
  })

  it('writes English exactly as the domain does', () => {
    for (const value of [0, 2.5, 25, 33.333, 100, 0.0015]) expect(shownPercent(value)).toBe(formatPercent(value))
    expect(shownPercent(2.5)).toBe('2.5%')
  })

  it("writes each other language's decimal comma and space before the sign", async () => {
    const shown: Record<string, string[]> = {}
    for (const language of ['de', 'fr', 'es', 'it'] as const) {
      await activateLanguage(language)
      // The spaces Intl puts before the sign differ (no-break in German, narrow no-break in French): any of them.
      shown[language] = [2.5, 33.333, 100].map((value) => shownPercent(value).replace(/[\s\u00a0\u202f]/g, ' '))
    }
    expect(shown).toEqual({
      de: ['2,5 %', '33,33 %', '100 %'],
      fr: ['2,5 %', '33,33 %', '100 %'],
      es: ['2,5 %', '33,33 %', '100 %'],
      it: ['2,5%', '33,33%', '100%'],
    })
  })
})
