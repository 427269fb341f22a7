import { describe, expect, it } from 'vitest'
import type { BlendProject, BlendVersion, SavedBlend } from '#shared/api/blends.ts'
import { blendSources, groupSources } from '#client/features/calculator/lib/blend-sources.ts'

const version = (id: number, referenceNumber: string, over: Partial<BlendVersion> = {}): BlendVersion => ({
  id,
  projectId: 1,
  versionLetter: referenceNumber.slice(-1),
  referenceNumber,
  topOils: [{ id: 10, name: 'Bergamot', percentage: 30 }],
  middleOils: [{ id: 11, name: 'Lavender', percentage: 50 }],
  baseOils: [{ id: 12, name: 'Atlas Cedarwood', percentage: 20 }],
  effects: [],
  formulationNotes: null,
  dateMade: '2025-01-01T00:00:00.000Z',
  dateTested: null,
  testingNotes: null,
  rating: null,
  tested: false,
  maturationPeriod: 48,
  maturationComplete: false,
  crossContaminationPrevented: true,
  weighedInGrams: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
})

const project = (id: number, blendNumber: number, name: string, versions: BlendVersion[]): BlendProject => ({
  id,
  name,
  description: null,
  blendNumber,
  createdAt: '2025-01-01T00:00:00.000Z',
  versions,
})

const oil = (id: number, name: string) => ({
  id,
  slug: name.toLowerCase(),
  name,
  latinName: name,
  scentFamily: 'Citrus' as const,
  noteType: ['Top' as const],
  effects: [],
})

const blend = (id: number, name: string, over: Partial<SavedBlend> = {}): SavedBlend => ({
  id,
  name,
  topNote: oil(10, 'Bergamot'),
  middleNote: oil(11, 'Lavender'),
  baseNote: null,
  topPercentage: 30,
  middlePercentage: 50,
  basePercentage: 20,
  effects: [],
  notes: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  referenceNumber: '003a',
  versionCount: 1,
  testCount: 0,
  oilNames: [],
  ...over,
})

describe('blend sources', () => {
  it('lists every version of every project by reference, in blend-number order', () => {
    const sources = blendSources(
      [blend(2, 'Morning'), blend(1, 'Evening Calm')],
      [
        project(2, 2, 'Morning', [version(3, '002a')]),
        project(1, 1, 'Evening Calm', [version(1, '001a'), version(2, '001b', { topOils: [{ id: 13, name: 'Lemon', percentage: 30 }] })]),
      ],
    )
    expect(sources.map((s) => [s.value, s.label])).toEqual([
      ['v:1', '001a Evening Calm'],
      ['v:2', '001b Evening Calm'],
      ['v:3', '002a Morning'],
    ])
    expect(sources[1]!.oils).toEqual([
      { id: 13, name: 'Lemon', layer: 'Top', percentage: 30 },
      { id: 11, name: 'Lavender', layer: 'Middle', percentage: 50 },
      { id: 12, name: 'Atlas Cedarwood', layer: 'Base', percentage: 20 },
    ])
  })

  it('keeps a blend whose project is not listed, skipping empty layers', () => {
    const [source] = blendSources([blend(3, 'Solo')], [])
    expect(source).toMatchObject({ value: 'b:3', label: '003a Solo' })
    expect(source!.oils).toEqual([
      { id: 10, name: 'Bergamot', layer: 'Top', percentage: 30 },
      { id: 11, name: 'Lavender', layer: 'Middle', percentage: 50 },
    ])
  })

  it('groups versions by their blend, even when two blends share a name', () => {
    const sources = blendSources([], [
      project(1, 1, 'Calm', [version(1, '001a'), version(2, '001b')]),
      project(2, 2, 'Calm', [version(3, '002a')]),
    ])
    expect(groupSources(sources).map((g) => [g.group, g.sources.length])).toEqual([
      ['Calm', 2],
      ['Calm', 1],
    ])
  })
})
