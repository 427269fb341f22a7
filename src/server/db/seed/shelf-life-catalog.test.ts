import { describe, expect, it } from 'vitest'
import { oxidisesSoon, shelfLifeOf } from '#shared/domain/shelf-life.ts'
import { OIL_SEED as OILS } from '#server/db/seed/oils-data.ts'

/** The shelf-life table (src/shared/domain/shelf-life.ts) against the catalog's own slugs and families. */
describe('shelf life and the catalog', () => {
  it('names only slugs the catalog has', () => {
    const slugs = new Set(OILS.map((o) => o.slug))
    for (const slug of ['lemon', 'scots-pine', 'sandalwood', 'benzoin', 'tea-tree', 'frankincense', 'spikenard']) {
      expect(slugs.has(slug), slug).toBe(true)
    }
    // Every citrus of the catalog but petitgrain (distilled leaves, not an expressed peel) oxidises soon.
    for (const oil of OILS.filter((o) => o.scentFamily === 'Citrus' && o.slug !== 'petitgrain')) {
      expect(oxidisesSoon(oil.slug), oil.slug).toBe(true)
    }
    for (const oil of OILS.filter((o) => o.scentFamily === 'Resinous' && o.slug !== 'frankincense')) {
      expect(shelfLifeOf(oil.slug).group, oil.slug).toBe('keeps-longest')
    }
  })
})
