import { describe, expect, it } from 'vitest'
import { OIL_SAFETY } from '#server/db/seed/oil-safety-data.ts'
import { oilSafetyTexts } from '#client/lib/oil-safety-texts.ts'

/**
 * The per-oil caution and maximum-note texts the API sends are shown in the maker's language by a
 * table keyed by their English (decision 103). Here, where both the server's data and the client's
 * table may be read: a text added to the data without its words fails.
 */
const DATA_TEXTS = [
  ...new Set(
    Object.values(OIL_SAFETY).flatMap((facts) =>
      [facts.maximumNote, facts.children?.text, facts.pregnancy?.text, facts.oxidation?.text].filter((text): text is string => !!text),
    ),
  ),
]

describe('the per-oil safety texts’ table', () => {
  it('knows every caution and maximum note of the catalog oils’ safety data', () => {
    expect(DATA_TEXTS.length).toBeGreaterThan(40)
    expect(DATA_TEXTS.filter((text) => !oilSafetyTexts.english.includes(text))).toEqual([])
  })

  it('lists no text the data no longer has', () => {
    expect(oilSafetyTexts.english.filter((text) => !DATA_TEXTS.includes(text))).toEqual([])
  })

  it('answers each text by its own catalog id', () => {
    const ids = DATA_TEXTS.map((text) => oilSafetyTexts.find((id) => id, text))
    expect(ids.every((id) => id?.startsWith('safety.oilText.'))).toBe(true)
    expect(new Set(ids).size).toBe(DATA_TEXTS.length)
  })
})
