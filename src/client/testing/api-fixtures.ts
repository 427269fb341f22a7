import type { AccordUse, BlendProject, BlendVersion, OilSummary, SavedBlend, VersionOil } from '#shared/api/blends.ts'
import type { JournalEntry } from '#shared/api/journal.ts'
import { flattenLayers } from '#shared/domain/accords.ts'
import { CATALOG } from '#tests/support/oil-fixtures.ts'

/** API-shaped blends, projects and entries for component and unit tests (journal, calculator). */

const summary = (oil: (typeof CATALOG)[keyof typeof CATALOG]): OilSummary => ({
  id: oil.id,
  slug: oil.slug,
  name: oil.name,
  latinName: oil.latinName,
  scentFamily: oil.scentFamily,
  noteType: oil.noteType,
  effects: oil.effects,
})
export const at = (oil: { id: number; name: string }, percentage: number): VersionOil => ({ id: oil.id, name: oil.name, percentage })

export function savedBlend(overrides: Partial<SavedBlend> & Pick<SavedBlend, 'id' | 'name'>): SavedBlend {
  return {
    topNote: summary(CATALOG.lemon),
    middleNote: summary(CATALOG.lavender),
    baseNote: summary(CATALOG.cedarwood),
    topPercentage: 30,
    middlePercentage: 50,
    basePercentage: 20,
    effects: ['Uplifting'],
    notes: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    referenceNumber: `${String(overrides.id).padStart(3, '0')}a`,
    versionCount: 1,
    testCount: 0,
    oilNames: ['lemon', 'lavender', 'atlas cedarwood'],
    ...overrides,
  }
}

export function version(overrides: Partial<BlendVersion> & Pick<BlendVersion, 'id' | 'projectId' | 'versionLetter'>): BlendVersion {
  return {
    referenceNumber: `${String(overrides.projectId).padStart(3, '0')}${overrides.versionLetter}`,
    topOils: [at(CATALOG.lemon, 30)],
    middleOils: [at(CATALOG.lavender, 50)],
    baseOils: [at(CATALOG.cedarwood, 20)],
    accords: [],
    ownOils: null,
    effects: [],
    formulationNotes: 'First try',
    dateMade: '2025-03-01T10:00:00.000Z',
    dateTested: null,
    testingNotes: null,
    rating: null,
    tested: false,
    maturationPeriod: 48,
    maturationComplete: false,
    crossContaminationPrevented: true,
    weighedInGrams: false,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  }
}

/** An accord line as a version reads it (decision 072): Citrus Dawn 001b in the middle note at 30 %, of bergamot and grapefruit. */
export function accordUse(overrides: Partial<AccordUse> = {}): AccordUse {
  return {
    layer: 'middle',
    versionId: 12,
    projectId: 1,
    name: 'Citrus Dawn',
    referenceNumber: '001b',
    percentage: 30,
    oils: [at(CATALOG.bergamot, 60), at(CATALOG.grapefruit, 40)],
    newerVersion: null,
    ...overrides,
  }
}

/**
 * A version holding `accords` beside its own oils: the layers are the flattened composition
 * (flattenLayers), ownOils the oils put in directly, as the server reads it.
 */
export function versionWithAccords(
  overrides: Partial<BlendVersion> & Pick<BlendVersion, 'id' | 'projectId' | 'versionLetter'>,
  own: NonNullable<BlendVersion['ownOils']>,
  accords: AccordUse[],
): BlendVersion {
  const key = { top: 'topOils', middle: 'middleOils', base: 'baseOils' } as const
  const lines = (layer: keyof typeof key) => [
    ...own[key[layer]],
    ...accords
      .filter((a) => a.layer === layer)
      .map((a) => ({ accord: { ...a, projectId: a.projectId ?? 0, contains: [], depth: 1 }, percentage: a.percentage })),
  ]
  const flat = flattenLayers({ topOils: lines('top'), middleOils: lines('middle'), baseOils: lines('base') })
  return version({ ...flat, ownOils: own, accords, ...overrides })
}

export function project(blend: SavedBlend, versions: BlendVersion[]): BlendProject {
  return { id: blend.id, name: blend.name, description: null, blendNumber: blend.id, createdAt: blend.createdAt, versions }
}

export function entry(overrides: Partial<JournalEntry> & Pick<JournalEntry, 'id' | 'versionId' | 'projectId'>): JournalEntry {
  return {
    referenceNumber: `TB-00${overrides.projectId}a-${String(overrides.id).padStart(6, '0')}`,
    blendName: 'Evening Calm',
    dateMade: '2025-03-01',
    dateTested: '2025-03-04',
    batchId: null,
    notes: null,
    rating: null,
    tested: true,
    maturationPeriod: 48,
    maturationComplete: false,
    crossContaminationPrevented: true,
    weighedInGrams: false,
    topOils: [],
    middleOils: [],
    baseOils: [],
    createdAt: '2025-03-04T10:00:00.000Z',
    ...overrides,
  }
}
