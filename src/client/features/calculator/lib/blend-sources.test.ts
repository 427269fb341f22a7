import { describe, expect, it } from 'vitest'
import type { BlendVersion } from '#shared/api/blends.ts'
import { blendSources, groupSources } from '#client/features/calculator/lib/blend-sources.ts'
import { at, version as makeVersion, project as makeProject, savedBlend } from '#client/testing/api-fixtures.ts'

const [bergamot, lavender, cedar] = [
  { id: 10, name: 'Bergamot' },
  { id: 11, name: 'Lavender' },
  { id: 12, name: 'Atlas Cedarwood' },
]

/** Version `letter` of blend `blendId`: Bergamot 30 / Lavender 50 / Atlas Cedarwood 20 unless overridden. */
const version = (id: number, blendId: number, letter: string, over: Partial<BlendVersion> = {}) =>
  makeVersion({
    id,
    projectId: blendId,
    versionLetter: letter,
    topOils: [at(bergamot, 30)],
    middleOils: [at(lavender, 50)],
    baseOils: [at(cedar, 20)],
    ...over,
  })
const project = (id: number, name: string, versions: BlendVersion[]) => makeProject(savedBlend({ id, name }), versions)

const oil = (id: number, name: string) => ({
  id,
  slug: name.toLowerCase(),
  name,
  latinName: name,
  scentFamily: 'Citrus' as const,
  noteType: ['Top' as const],
  effects: [],
})

const blend = (id: number, name: string) =>
  savedBlend({ id, name, topNote: oil(10, 'Bergamot'), middleNote: oil(11, 'Lavender'), baseNote: null })

describe('blend sources', () => {
  it('lists every version of every project by reference, in blend-number order', () => {
    const sources = blendSources(
      [blend(2, 'Morning'), blend(1, 'Evening Calm')],
      [
        project(2, 'Morning', [version(3, 2, 'a')]),
        project(1, 'Evening Calm', [version(1, 1, 'a'), version(2, 1, 'b', { topOils: [{ id: 13, name: 'Lemon', percentage: 30 }] })]),
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
      project(1, 'Calm', [version(1, 1, 'a'), version(2, 1, 'b')]),
      project(2, 'Calm', [version(3, 2, 'a')]),
    ])
    expect(groupSources(sources).map((g) => [g.group, g.sources.length])).toEqual([
      ['Calm', 2],
      ['Calm', 1],
    ])
  })
})
