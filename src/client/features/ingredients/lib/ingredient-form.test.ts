import { describe, expect, it } from 'vitest'
import { CATALOG_LIST } from '#tests/support/oil-fixtures.ts'
import { bodyOf, draftOf, EMPTY_DRAFT } from '#client/features/ingredients/lib/ingredient-form.ts'

describe('the ingredient form’s body (docs/product.md "Your own ingredients")', () => {
  it('sends an empty maximum as none on file (null), never 0, and "not known" as null', () => {
    const body = bodyOf({ ...EMPTY_DRAFT, name: 'Peach FO', maximum: '  ', phototoxic: 'unknown' })
    expect(body.safety).toEqual({ maxLeaveOnPercent: null, phototoxic: null, source: null })
    expect(body).not.toHaveProperty('basedOnOilId')
  })

  it('reads a decimal comma, and keeps text that is no number as NaN for the form to name', () => {
    expect(bodyOf({ ...EMPTY_DRAFT, name: 'X', maximum: '0,4', density: '0.88' })).toMatchObject({
      densityGPerMl: 0.88,
      safety: { maxLeaveOnPercent: 0.4 },
    })
    expect(bodyOf({ ...EMPTY_DRAFT, name: 'X', maximum: 'two' }).safety?.maxLeaveOnPercent).toBeNaN()
  })

  it('starts from a catalog oil’s facts, leaving the name to the maker', () => {
    const oil = CATALOG_LIST.find((o) => o.safety?.phototoxic === true) ?? CATALOG_LIST[0]!
    const draft = draftOf(oil, String(oil.id), false)
    expect(draft).toMatchObject({ name: '', inciName: oil.inciName, scentFamily: oil.scentFamily, density: String(oil.densityGPerMl) })
    const body = bodyOf({ ...draft, name: `${oil.name} FCF`, phototoxic: 'no' })
    expect(body).toMatchObject({ basedOnOilId: oil.id, safety: { phototoxic: false } })
  })
})
