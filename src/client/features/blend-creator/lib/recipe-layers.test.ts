import { describe, expect, it } from 'vitest'
import { withAccord } from '#shared/domain/wizard.ts'
import { recipeLayers } from '#client/features/blend-creator/lib/recipe-layers.ts'
import { COMPLETE } from '#tests/support/oil-fixtures.ts'

describe('the recipe card’s rows', () => {
  it('prints an oil by its names and family, and an accord as Citrus Dawn 001b (decision 077)', () => {
    const rows = recipeLayers(withAccord(COMPLETE, 'Middle', { versionId: 12, projectId: 1, name: 'Citrus Dawn', referenceNumber: '001b' }))
    expect(rows.map((r) => [r.layer, r.name, r.percentage])).toEqual([
      ['Top', 'Lemon', 30],
      ['Middle', 'Citrus Dawn 001b', 50],
      ['Base', 'Atlas Cedarwood', 20],
    ])
    expect(rows[0]).toMatchObject({ latinName: COMPLETE.topNote!.latinName, scentFamily: COMPLETE.topNote!.scentFamily })
    expect(rows[1]).toMatchObject({ latinName: 'One of your saved blends, used whole', scentFamily: 'Accord' })
  })
})
