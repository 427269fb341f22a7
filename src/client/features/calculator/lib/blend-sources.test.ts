import { describe, expect, it } from 'vitest'
import { versionLabel, versionSource } from '#client/features/calculator/lib/blend-sources.ts'
import { at, version } from '#client/testing/api-fixtures.ts'

const [bergamot, lemon, lavender, cedar] = [
  { id: 10, name: 'Bergamot' },
  { id: 13, name: 'Lemon' },
  { id: 11, name: 'Lavender' },
  { id: 12, name: 'Atlas Cedarwood' },
]

describe('a version as the calculator’s source', () => {
  it('is labelled with its reference and the blend’s name, and lists its oils by layer', () => {
    const v = version({
      id: 22,
      projectId: 7,
      versionLetter: 'b',
      topOils: [at(bergamot, 15), at(lemon, 15)],
      middleOils: [at(lavender, 50)],
      baseOils: [at(cedar, 20)],
    })
    expect(versionSource({ name: 'Evening Calm' }, v)).toEqual({
      label: '007b Evening Calm',
      oils: [
        { id: 10, name: 'Bergamot', layer: 'Top', percentage: 15 },
        { id: 13, name: 'Lemon', layer: 'Top', percentage: 15 },
        { id: 11, name: 'Lavender', layer: 'Middle', percentage: 50 },
        { id: 12, name: 'Atlas Cedarwood', layer: 'Base', percentage: 20 },
      ],
    })
  })

  it('names versions as the journal does', () => {
    expect(versionLabel({ referenceNumber: '1000c' }, 3)).toBe('Version 3 - 1000c')
  })
})
